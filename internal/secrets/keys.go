package secrets

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"
)

// RefreshEvery is how often a running server reloads the stored keys, so that it accepts a
// rotated version before that version signs (`kormeer keys rotate --activate-in` must be longer).
const RefreshEvery = 30 * time.Second

// Stored is one version of a key as the database keeps it.
type Stored struct {
	Name string
	// Seq numbers the versions of a name from 1; two rotations racing cannot both take one.
	Seq int
	// Value is "plain:<key>" or "sealed:<master id>:<ciphertext>".
	Value      string
	ActiveFrom time.Time
	// RetireAt is when a replaced version stops verifying; zero while it is not replaced.
	RetireAt time.Time
}

// Sealed reports whether the value is sealed by a master key.
func (s Stored) Sealed() bool { return strings.HasPrefix(s.Value, sealedPrefix) }

// Storage is where generated keys live (*store.Store). Every change writes its audit row in the
// same transaction.
type Storage interface {
	// ServerKeys returns every stored version, by name then Seq.
	ServerKeys(ctx context.Context) ([]Stored, error)
	// AddServerKey stores k unless its name already has version k.Seq (then added is false);
	// with retireOthersAt set, the earlier versions not yet replaced retire at that time.
	AddServerKey(ctx context.Context, k Stored, retireOthersAt time.Time) (added bool, err error)
	// ReplaceServerKeyValue changes a version's stored form if it is still old.
	ReplaceServerKeyValue(ctx context.Context, name string, seq int, old, new string) error
	// RetireServerKeys makes the versions of name that are not replaced retire at at.
	RetireServerKeys(ctx context.Context, name string, at time.Time) error
	// DeleteRetiredServerKeys deletes the versions retired before before.
	DeleteRetiredServerKeys(ctx context.Context, before time.Time) error
	Now() time.Time
}

// External is a key given from outside: the one that signs, and optionally one more accepted
// for verification only.
type External struct{ Current, Previous string }

// Options configure the keys.
type Options struct {
	// External holds the keys given from outside, by key name.
	External map[string]External
	// Master seals stored keys; nil stores them in clear.
	Master *Master
	Log    *slog.Logger
}

// CheckExternal checks a key given from outside under env, and the key its _PREVIOUS variable
// gives.
func CheckExternal(env, current, previous string) error {
	if current != "" && len(current) < MinLength {
		return fmt.Errorf("%s: must be at least %d bytes (for example `openssl rand -base64 32`)", env, MinLength)
	}
	if previous != "" && (current == "" || len(previous) < MinLength) {
		return fmt.Errorf("%s_PREVIOUS: needs %s set and at least %d bytes", env, env, MinLength)
	}
	return nil
}

func (o Options) check() error {
	for _, spec := range Specs {
		ext := o.External[spec.Name]
		if err := CheckExternal(spec.Env, ext.Current, ext.Previous); err != nil {
			return err
		}
	}
	return nil
}

// Keys are the server's key rings, kept up to date with the database.
type Keys struct {
	st    Storage
	opts  Options
	rings map[string]*Ring
}

// Open loads every key of Specs: a key given from outside replaces the stored one (which keeps
// verifying for its grace period, then is deleted), a key with no version is generated and
// stored (sealed when there is a master), and stored keys in clear are sealed when there is a
// master. A stored key that does not open stops the start.
func Open(ctx context.Context, st Storage, opts Options) (*Keys, error) {
	if err := opts.check(); err != nil {
		return nil, err
	}
	if opts.Log == nil {
		opts.Log = slog.New(slog.DiscardHandler)
	}
	stored, err := st.ServerKeys(ctx)
	if err != nil {
		return nil, fmt.Errorf("read server keys: %w", err)
	}
	now := st.Now()
	k := &Keys{st: st, opts: opts, rings: map[string]*Ring{}}
	for _, spec := range Specs {
		k.rings[spec.Name] = &Ring{}
		var live, unreplaced int
		for _, s := range stored {
			if s.Name == spec.Name && (s.RetireAt.IsZero() || now.Before(s.RetireAt)) {
				live++
				if s.RetireAt.IsZero() {
					unreplaced++
				}
			}
		}
		switch {
		case opts.External[spec.Name].Current != "":
			if unreplaced > 0 {
				until := now.Add(spec.Grace)
				if err := st.RetireServerKeys(ctx, spec.Name, until); err != nil {
					return nil, err
				}
				opts.Log.Info("server key now given from outside: the stored one keeps verifying, then is deleted",
					"key", spec.Name, "env", spec.Env, "until", until)
			}
		case live == 0:
			seq := 1
			for _, s := range stored {
				if s.Name == spec.Name && s.Seq >= seq {
					seq = s.Seq + 1
				}
			}
			v := Stored{Name: spec.Name, Seq: seq, Value: opts.Master.seal(spec.Name, seq, []byte(Generate())), ActiveFrom: now}
			if _, err := st.AddServerKey(ctx, v, time.Time{}); err != nil {
				return nil, fmt.Errorf("store server key %s: %w", spec.Name, err)
			}
		}
	}
	if err := k.Refresh(ctx); err != nil {
		return nil, err
	}
	if opts.Master == nil {
		var inDB []string
		for _, spec := range Specs {
			if opts.External[spec.Name].Current == "" {
				inDB = append(inDB, spec.Name)
			}
		}
		if len(inDB) > 0 {
			opts.Log.Warn("server keys are stored in the database in clear: whoever reads the database can forge tokens "+
				"and open the outbox; set "+MasterEnv+" or give the keys from outside (docs/SECURITY.md)", "keys", inDB)
		}
	}
	return k, nil
}

// Ring returns the ring of a key named in Specs (nil for any other name).
func (k *Keys) Ring(name string) *Ring { return k.rings[name] }

// Refresh reloads the stored versions, seals any that need it and deletes those past their
// grace period. Nothing changes unless every key loads.
func (k *Keys) Refresh(ctx context.Context) error {
	stored, err := k.st.ServerKeys(ctx)
	if err != nil {
		return fmt.Errorf("read server keys: %w", err)
	}
	now := k.st.Now()
	next := map[string][]Key{}
	expired := false
	for _, s := range stored {
		if _, known := k.rings[s.Name]; !known {
			continue // a key this build does not use
		}
		if !s.RetireAt.IsZero() && !now.Before(s.RetireAt) {
			expired = true
			continue
		}
		secret, reseal, err := k.opts.Master.open(s.Name, s.Seq, s.Value)
		if err != nil {
			return fmt.Errorf("server key %s (version %d) %w", s.Name, s.Seq, err)
		}
		if reseal {
			if err := k.st.ReplaceServerKeyValue(ctx, s.Name, s.Seq, s.Value, k.opts.Master.seal(s.Name, s.Seq, secret)); err != nil {
				return fmt.Errorf("seal server key %s: %w", s.Name, err)
			}
			k.opts.Log.Info("sealed a stored server key with the master key", "key", s.Name, "version", s.Seq)
		}
		next[s.Name] = append(next[s.Name], Key{ID: KeyID(secret), Secret: secret, ActiveFrom: s.ActiveFrom, RetireAt: s.RetireAt})
	}
	for _, spec := range Specs {
		if ext := k.opts.External[spec.Name]; ext.Current != "" {
			if ext.Previous != "" {
				next[spec.Name] = append(next[spec.Name], Key{ID: KeyID([]byte(ext.Previous)), Secret: []byte(ext.Previous)})
			}
			next[spec.Name] = append(next[spec.Name], Key{ID: KeyID([]byte(ext.Current)), Secret: []byte(ext.Current)})
		}
		if len(next[spec.Name]) == 0 {
			return fmt.Errorf("server key %s: no version is in use (all are past their grace period); restart to generate one", spec.Name)
		}
	}
	for name, keys := range next {
		k.rings[name].Set(keys...)
	}
	if expired {
		if err := k.st.DeleteRetiredServerKeys(ctx, now); err != nil {
			return fmt.Errorf("delete retired server keys: %w", err)
		}
	}
	return nil
}

// Run refreshes the keys every RefreshEvery until ctx ends; a failed refresh keeps the keys
// already loaded and is logged.
func (k *Keys) Run(ctx context.Context) {
	t := time.NewTicker(RefreshEvery)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := k.Refresh(ctx); err != nil && ctx.Err() == nil {
			k.opts.Log.Warn("reload server keys", "err", err)
		}
	}
}

// Rotate stores a new version of the stored key name that signs from activateIn on; the
// versions it replaces keep verifying for grace after that. Keys given from outside rotate by
// configuration instead. Every stored key must open with opts.Master first, so that a wrong
// master key never writes anything.
func Rotate(ctx context.Context, st Storage, opts Options, name string, activateIn, grace time.Duration) (Stored, error) {
	spec, ok := SpecFor(name)
	if !ok {
		names := make([]string, len(Specs))
		for i, s := range Specs {
			names[i] = s.Name
		}
		return Stored{}, fmt.Errorf("unknown key %q (keys: %s)", name, strings.Join(names, ", "))
	}
	if opts.External[name].Current != "" {
		return Stored{}, fmt.Errorf("%s is given from outside (%s): rotate it by configuration with %s_PREVIOUS (docs/SECURITY.md)",
			name, spec.Env, spec.Env)
	}
	if activateIn < 0 || grace < 0 {
		return Stored{}, fmt.Errorf("--activate-in and --grace cannot be negative")
	}
	stored, err := st.ServerKeys(ctx)
	if err != nil {
		return Stored{}, err
	}
	seq := 1
	for _, s := range stored {
		if _, _, err := opts.Master.open(s.Name, s.Seq, s.Value); err != nil {
			return Stored{}, fmt.Errorf("server key %s (version %d) %w", s.Name, s.Seq, err)
		}
		if s.Name == name && s.Seq >= seq {
			seq = s.Seq + 1
		}
	}
	from := st.Now().Add(activateIn)
	v := Stored{Name: name, Seq: seq, Value: opts.Master.seal(name, seq, []byte(Generate())), ActiveFrom: from}
	added, err := st.AddServerKey(ctx, v, from.Add(grace))
	if err != nil {
		return Stored{}, err
	}
	if !added {
		return Stored{}, fmt.Errorf("another rotation of %s ran at the same time; list the keys and try again", name)
	}
	return v, nil
}
