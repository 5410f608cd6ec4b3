// Package screening holds the sanctions index in force on this instance and decides what a name
// entering the portal means: a strong match (the transfer is held and a critical alert raised), a
// possible match (a review item, no hold) or nothing. It keeps the index current with the latest
// version of every list in the database, so that with several instances each one screens against
// a version imported on any of them. It has no SQL: the store implements Source.
package screening

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/sanctions"
)

// Source is where the lists' versions live (the store).
type Source interface {
	// LatestSanctionsVersions returns the id of the latest version of each list, by list
	// ("un", "domestic"); one cheap query, run at most once per Config.RecheckEvery.
	LatestSanctionsVersions(ctx context.Context) (map[string]string, error)
	// SanctionsVersionList returns the parsed content of one version.
	SanctionsVersionList(ctx context.Context, versionID string) (*sanctions.List, error)
}

// Config is the screening's configuration (KORMEER_SANCTIONS_STRONG, KORMEER_SANCTIONS_POSSIBLE,
// KORMEER_SANCTIONS_RECHECK).
type Config struct {
	// Thresholds: a score at or above Strong holds a transfer; at or above Possible it is a
	// review item. Defaults: sanctions.DefaultThresholds (0.92 and 0.80), chosen on the
	// evaluation set (docs/SANCTIONS.md).
	Thresholds sanctions.Thresholds
	// RecheckEvery is how often an instance asks the database whether a list has a new version
	// (default one second): the bound on how long another instance's import takes to be in force
	// here, and the reason a transfer does not pay a query for it.
	RecheckEvery time.Duration
}

// DefaultConfig is the configuration with nothing set.
func DefaultConfig() Config {
	return Config{Thresholds: sanctions.DefaultThresholds(), RecheckEvery: time.Second}
}

// Party is one name to screen and what it is.
type Party struct {
	Role string // sender, recipient, applicant, institution, contact
	Name string
	Kind string // "individual", "entity" or "" (either)
}

// Hit is one party matching one list entry.
type Hit struct {
	Party Party
	Match sanctions.Match
	// NameKey is the screened name normalised (its tokens sorted): a dismissed false positive is
	// remembered for this key and the entry, so another spelling or order of the same name is
	// not raised again either.
	NameKey string
	// EntryHash identifies the entry's content: a remembered false positive stops holding once
	// the entry changes in a later version of its list.
	EntryHash string
}

// Strong reports whether the hit holds a transfer.
func (h Hit) Strong() bool { return h.Match.Strength == "strong" }

// state is one immutable generation: the versions it was built from and their index.
type state struct {
	versions map[string]string // list -> version id
	index    *sanctions.Index
	hashes   map[string]string // entry ref -> content hash
}

// Screener screens names against the latest lists. It is safe for concurrent use; screening
// never waits for a load, except the first one after a new version is seen.
type Screener struct {
	src     Source
	cfg     Config
	cur     atomic.Pointer[state]
	checked atomic.Int64 // unix nanoseconds of the last version check
	load    sync.Mutex   // one load at a time
	now     func() time.Time
}

// New returns a screener over src with no list loaded yet (it loads on first use).
func New(src Source, cfg Config) *Screener {
	d := DefaultConfig()
	if cfg.Thresholds.Strong <= 0 {
		cfg.Thresholds.Strong = d.Thresholds.Strong
	}
	if cfg.Thresholds.Possible <= 0 {
		cfg.Thresholds.Possible = d.Thresholds.Possible
	}
	if cfg.RecheckEvery <= 0 {
		cfg.RecheckEvery = d.RecheckEvery
	}
	s := &Screener{src: src, cfg: cfg, now: time.Now}
	s.cur.Store(&state{index: sanctions.NewIndex(), versions: map[string]string{}})
	return s
}

// Config returns the configuration in force.
func (s *Screener) Config() Config { return s.cfg }

// Refresh makes the screener current: when the database holds another latest version of a list
// than the one loaded, it loads every list's latest version and swaps the index. It is called
// before screening at most once per RecheckEvery, and by force after an import on this instance.
func (s *Screener) Refresh(ctx context.Context, force bool) error {
	now := s.now().UnixNano()
	if !force && now-s.checked.Load() < int64(s.cfg.RecheckEvery) {
		return nil
	}
	s.checked.Store(now)
	latest, err := s.src.LatestSanctionsVersions(ctx)
	if err != nil {
		return err
	}
	if maps.Equal(latest, s.cur.Load().versions) {
		return nil
	}
	s.load.Lock()
	defer s.load.Unlock()
	if maps.Equal(latest, s.cur.Load().versions) {
		return nil // loaded by another caller meanwhile
	}
	next := &state{versions: latest, hashes: map[string]string{}}
	var lists []*sanctions.List
	for _, src := range slices.Sorted(maps.Keys(latest)) {
		l, err := s.src.SanctionsVersionList(ctx, latest[src])
		if err != nil {
			return err
		}
		for _, e := range l.Entries {
			next.hashes[e.Ref] = EntryHash(e)
		}
		lists = append(lists, l)
	}
	next.index = sanctions.NewIndex(lists...)
	s.cur.Store(next)
	return nil
}

// Versions returns the version id in force for each list.
func (s *Screener) Versions() map[string]string { return maps.Clone(s.cur.Load().versions) }

// Screen screens the parties' names against the latest lists and returns their matches, best
// first per party. Empty names are skipped; a name of any script and length is screened (the
// matcher cuts what it cannot use). A failed version check screens with the index loaded: a
// database hiccup must not stop payments, and the next check tries again.
func (s *Screener) Screen(ctx context.Context, parties ...Party) ([]Hit, error) {
	refreshErr := s.Refresh(ctx, false)
	st := s.cur.Load()
	if st.index.Len() == 0 {
		return nil, refreshErr
	}
	var hits []Hit
	for _, p := range parties {
		if strings.TrimSpace(p.Name) == "" {
			continue
		}
		for _, m := range st.index.Search(sanctions.Query{Name: p.Name, Kind: p.Kind}, s.cfg.Thresholds, 3) {
			hits = append(hits, Hit{Party: p, Match: m, NameKey: NameKey(p.Name), EntryHash: st.hashes[m.Ref]})
		}
	}
	return hits, refreshErr
}

// Search is a regulator's manual check of a name: the explained candidates, best first.
func (s *Screener) Search(ctx context.Context, q sanctions.Query, limit int) ([]sanctions.Match, error) {
	err := s.Refresh(ctx, false)
	return s.cur.Load().index.Search(q, s.cfg.Thresholds, limit), err
}

// NameKey is a name's normalised tokens, sorted: the same for every spelling and order the
// matcher treats as one name.
func NameKey(name string) string {
	toks := sanctions.Normalize(name)
	slices.Sort(toks)
	return strings.Join(toks, " ")
}

// EntryHash is a digest of an entry's content (names, dates, nationalities, remarks): a version
// diff calls an entry with another hash "changed".
func EntryHash(e sanctions.Entry) string {
	b, _ := json.Marshal(e)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:12])
}

// ParseList parses a list file of the given kind ("un": the UN consolidated list XML;
// "domestic": the central bank's CSV). The command line and the upload share it.
func ParseList(kind string, r io.Reader) (*sanctions.List, error) {
	var l *sanctions.List
	var err error
	switch kind {
	case "un":
		l, err = sanctions.ParseUNXML(r)
	case "domestic":
		l, err = sanctions.ParseDomesticCSV(r)
	default:
		return nil, domain.Invalid(domain.CodeSanctionsListName, map[string]domain.Fault{"list": domain.F(domain.CodeSanctionsList)})
	}
	var pe *sanctions.ParseError
	if errors.As(err, &pe) {
		return nil, domain.InvalidWith(domain.CodeSanctionsListRefused,
			map[string]domain.Fault{"file": domain.F(domain.CodeSanctionsFileFault, "detail", pe.Error())}, "detail", pe.Error())
	}
	return l, err
}
