package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/sanctions"
	"github.com/kormeer/kormeer/internal/screening"
	"github.com/kormeer/kormeer/internal/store"
)

// The query parameters of the sanctions routes; any other is refused.
var (
	sanctionsImportParams = map[string]bool{"fileName": true}
	sanctionsMatchParams  = map[string]bool{"status": true}
	sanctionsSearchParams = map[string]bool{"name": true}
)

// listBodyTypes are the content types a list upload may have.
var listBodyTypes = []string{"text/csv", "application/xml", "text/xml", "application/octet-stream"}

// maxListBytes caps an uploaded list file, with ample room above the published lists' sizes.
const maxListBytes = 32 << 20

// screenParties screens names entering the portal against the sanctions lists in force. A failed
// check for a newer list version is logged and screening goes on with the version loaded, so that
// payments do not stop for a database hiccup; a screener that never loaded stops the request.
func (s *Server) screenParties(ctx context.Context, parties ...screening.Party) ([]screening.Hit, error) {
	hits, err := s.screen.Screen(ctx, parties...)
	if err != nil {
		if len(s.screen.Versions()) == 0 && ctx.Err() == nil {
			return nil, err
		}
		s.log.Warn("checking for a new sanctions list version failed; screening with the loaded one", "err", err)
	}
	return hits, nil
}

// LoadSanctions builds the sanctions index from the lists' latest versions, at start: otherwise
// the first screened request would wait for it (about 2 s for 20,000 entries). A failure is
// logged; screening tries again on its next check.
func (s *Server) LoadSanctions(ctx context.Context) {
	if err := s.screen.Refresh(ctx, true); err != nil && ctx.Err() == nil {
		s.log.Warn("loading the sanctions lists failed; screening tries again on the next transfer", "err", err)
	}
}

// sanctionsVersionJSON is one import of a list.
type sanctionsVersionJSON struct {
	ID         string    `json:"id"`
	List       string    `json:"list" enum:"un,domestic"`
	Version    int       `json:"version"`
	FileName   string    `json:"fileName"`
	Entries    int       `json:"entries"`
	Added      int       `json:"added"`
	Changed    int       `json:"changed"`
	Removed    int       `json:"removed"`
	ImportedBy string    `json:"importedBy"`
	ImportedAt time.Time `json:"importedAt"`
	InForce    bool      `json:"inForce"`
}

// sanctionsChangeJSON is one entry a version added, changed or removed.
type sanctionsChangeJSON struct {
	Ref    string `json:"ref"`
	Change string `json:"change" enum:"added,changed,removed"`
	Name   string `json:"name"`
}

// sanctionsVersionDetail is a version with its changes against the previous version.
type sanctionsVersionDetail struct {
	sanctionsVersionJSON
	Changes []sanctionsChangeJSON `json:"changes"`
}

// sanctionsVersionList is GET /api/sanctions/versions.
type sanctionsVersionList struct {
	Items []sanctionsVersionJSON `json:"items"`
}

func (s *Server) toVersionJSON(v *store.SanctionsVersion, inForce map[string]string) sanctionsVersionJSON {
	return sanctionsVersionJSON{ID: v.ID, List: v.Source, Version: v.Version, FileName: v.FileName, Entries: v.Entries,
		Added: v.Added, Changed: v.Changed, Removed: v.Removed, ImportedBy: v.ImporterEmail, ImportedAt: v.ImportedAt,
		InForce: inForce[v.Source] == v.ID}
}

func toChangesJSON(cs []store.SanctionsChange) []sanctionsChangeJSON {
	out := make([]sanctionsChangeJSON, len(cs))
	for i, c := range cs {
		out[i] = sanctionsChangeJSON{Ref: c.Ref, Change: c.Change, Name: c.Name}
	}
	return out
}

// importSanctionsList is POST /api/sanctions/lists/{list}: an administrator uploads a list file
// (the body, any content type; ?fileName= names it in the history). A malformed file is refused
// whole with the line or element at fault; a good one becomes the list's next version, in force
// on this instance at once and on the others within the screening's recheck interval.
func (s *Server) importSanctionsList(w http.ResponseWriter, r *http.Request) error {
	extendDeadlines(w, slowBody, slowAnswer)
	if fields := unknownParams(r.URL.Query(), sanctionsImportParams); len(fields) > 0 {
		return domain.Invalid(CodeParamsUnknown, fields)
	}
	// Only the list formats' types: a cross-site HTML form can post text/plain, form or multipart
	// bodies without a preflight (see requireJSON).
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if !slices.Contains(listBodyTypes, mt) {
		return domain.E(domain.EUNSUPPORTED, CodeSanctionsMediaType)
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxListBytes))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return domain.E(domain.ETOOLARGE, CodeSanctionsTooLarge)
	}
	if err != nil {
		return err
	}
	l, err := screening.ParseList(r.PathValue("list"), bytes.NewReader(body))
	if err != nil {
		return err
	}
	name := strings.TrimSpace(r.URL.Query().Get("fileName"))
	if !storableText(name) {
		name = ""
	}
	u := principalFrom(r.Context())
	v, changes, err := s.store.ImportSanctionsList(r.Context(), l, name, u.ID, s.audit(r, "", ""))
	if err != nil {
		return err
	}
	if err := s.screen.Refresh(r.Context(), true); err != nil {
		s.log.Warn("loading the new sanctions list version failed; the next screening tries again", "err", err)
	}
	v.ImporterEmail = u.Email
	writeJSON(w, http.StatusCreated, sanctionsVersionDetail{s.toVersionJSON(v, map[string]string{v.Source: v.ID}), toChangesJSON(changes)})
	return nil
}

// listSanctionsVersions is GET /api/sanctions/versions: every import, newest first, with the
// version each list screens with now.
func (s *Server) listSanctionsVersions(w http.ResponseWriter, r *http.Request) error {
	if fields := unknownParams(r.URL.Query(), nil); len(fields) > 0 {
		return domain.Invalid(CodeNoParams, fields)
	}
	vs, err := s.store.SanctionsVersions(r.Context())
	if err != nil {
		return err
	}
	latest, err := s.store.LatestSanctionsVersions(r.Context())
	if err != nil {
		return err
	}
	out := sanctionsVersionList{Items: make([]sanctionsVersionJSON, len(vs))}
	for i, v := range vs {
		out.Items[i] = s.toVersionJSON(v, latest)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// getSanctionsVersion is GET /api/sanctions/versions/{id}: one version and its changes.
func (s *Server) getSanctionsVersion(w http.ResponseWriter, r *http.Request) error {
	v, changes, err := s.store.SanctionsVersionChanges(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	latest, err := s.store.LatestSanctionsVersions(r.Context())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, sanctionsVersionDetail{s.toVersionJSON(v, latest), toChangesJSON(changes)})
	return nil
}

// sanctionsMatchJSON is one review item with the matcher's explanation.
type sanctionsMatchJSON struct {
	ID            string          `json:"id"`
	SubjectType   string          `json:"subjectType" enum:"transaction,kyc,application"`
	SubjectID     string          `json:"subjectId"`
	SubjectRef    string          `json:"subjectRef"`
	SubjectStatus string          `json:"subjectStatus"`
	InstitutionID string          `json:"institutionId"`
	Party         string          `json:"party"`
	ScreenedName  string          `json:"screenedName"`
	Ref           string          `json:"ref"`
	EntryName     string          `json:"entryName"`
	Alias         string          `json:"alias"`
	Score         float64         `json:"score"`
	Strength      string          `json:"strength" enum:"strong,possible"`
	Explanation   sanctions.Match `json:"explanation"`
	Held          bool            `json:"held"`
	AlertID       string          `json:"alertId"`
	Status        string          `json:"status" enum:"open,confirmed,false_positive"`
	Reason        string          `json:"reason"`
	DecidedAt     *time.Time      `json:"decidedAt"`
	CreatedAt     time.Time       `json:"createdAt"`
}

// sanctionsMatchList is GET /api/sanctions/matches.
type sanctionsMatchList struct {
	Items []sanctionsMatchJSON `json:"items"`
}

func toMatchJSON(m *store.SanctionsMatch) sanctionsMatchJSON {
	j := sanctionsMatchJSON{ID: m.ID, SubjectType: m.SubjectType, SubjectID: m.SubjectID, SubjectRef: m.SubjectRef,
		SubjectStatus: m.SubjectStatus, InstitutionID: m.InstitutionID, Party: m.Party, ScreenedName: m.ScreenedName,
		Ref: m.Ref, EntryName: m.EntryName, Alias: m.Alias, Score: m.Score, Strength: m.Strength, Held: m.Held,
		AlertID: m.AlertID, Status: m.Status, Reason: m.Reason, CreatedAt: m.CreatedAt}
	_ = json.Unmarshal(m.Explanation, &j.Explanation) // written by the store from a sanctions.Match
	if !m.DecidedAt.IsZero() {
		d := m.DecidedAt
		j.DecidedAt = &d
	}
	return j
}

// matchStatuses are the review queue's status filter vocabulary ("all" for every status).
var matchStatuses = []string{"open", "confirmed", "false_positive", "all"}

// listSanctionsMatches is GET /api/sanctions/matches?status=open: the review queue (regulators).
func (s *Server) listSanctionsMatches(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	if fields := unknownParams(q, sanctionsMatchParams); len(fields) > 0 {
		return domain.Invalid(CodeFiltersInvalid, fields)
	}
	status := q.Get("status")
	if status == "" {
		status = "open"
	}
	if !slices.Contains(matchStatuses, status) {
		return domain.Invalid(CodeFiltersInvalid, map[string]domain.Fault{"status": oneOfFault(matchStatuses)})
	}
	if status == "all" {
		status = ""
	}
	ms, err := s.store.SanctionsMatches(r.Context(), store.SanctionsMatchFilter{Status: status})
	if err != nil {
		return err
	}
	writeMatches(w, ms)
	return nil
}

// writeMatches answers a list of matches (the review queue, one transaction's).
func writeMatches(w http.ResponseWriter, ms []*store.SanctionsMatch) {
	out := sanctionsMatchList{Items: make([]sanctionsMatchJSON, len(ms))}
	for i, m := range ms {
		out.Items[i] = toMatchJSON(m)
	}
	writeJSON(w, http.StatusOK, out)
}

// listTransactionSanctions is GET /api/transactions/{id}/sanctions: every match of one
// transaction, whatever its review status, so the detail panel shows why it is (or was) held.
func (s *Server) listTransactionSanctions(w http.ResponseWriter, r *http.Request) error {
	scope, _ := txScope(principalFrom(r.Context()))
	t, err := s.store.TransactionByID(r.Context(), scope, r.PathValue("id"))
	if err != nil {
		return err
	}
	ms, err := s.store.SanctionsMatchesOf(r.Context(), t.ID)
	if err != nil {
		return err
	}
	writeMatches(w, ms)
	return nil
}

// sanctionsDecision is the body of POST /api/sanctions/matches/{id}/decision.
type sanctionsDecision struct {
	Decision string `json:"decision"` // confirmed | false_positive
	Reason   string `json:"reason"`
}

// decideSanctionsMatch is POST /api/sanctions/matches/{id}/decision: a regulator confirms a match
// or dismisses it as a false positive, with a reason (audited).
func (s *Server) decideSanctionsMatch(w http.ResponseWriter, r *http.Request) error {
	var in sanctionsDecision
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	in.Reason = strings.TrimSpace(in.Reason)
	fields := map[string]domain.Fault{}
	if in.Decision != "confirmed" && in.Decision != "false_positive" {
		fields["decision"] = domain.F(domain.CodeMatchDecision)
	}
	if in.Reason == "" || len(in.Reason) > 1000 || !storableText(in.Reason) {
		fields["reason"] = domain.F(CodeSayWhy, "max", "1000")
	}
	if len(fields) > 0 {
		return domain.Invalid(CodeDecisionInvalid, fields)
	}
	u := principalFrom(r.Context())
	m, err := s.store.DecideSanctionsMatch(r.Context(), r.PathValue("id"), in.Decision, in.Reason, u.ID, s.audit(r, "", ""))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toMatchJSON(m))
	return nil
}

// sanctionsSearchResult is GET /api/sanctions/search: an officer's manual check of a name.
type sanctionsSearchResult struct {
	Name       string            `json:"name"`
	Tokens     []string          `json:"tokens"`
	Candidates []sanctions.Match `json:"candidates"`
}

// searchSanctions is GET /api/sanctions/search?name=...: the explained candidates for a name.
func (s *Server) searchSanctions(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	if fields := unknownParams(q, sanctionsSearchParams); len(fields) > 0 {
		return domain.Invalid(CodeParamsUnknown, fields)
	}
	name := strings.TrimSpace(q.Get("name"))
	if name == "" || len(name) > 300 || !storableText(name) {
		return domain.Invalid(CodeNameToCheck, map[string]domain.Fault{"name": domain.F(CodeNameToCheckField, "max", "300")})
	}
	ms, err := s.screen.Search(r.Context(), sanctions.Query{Name: name}, 20)
	if err != nil {
		s.log.Warn("checking for a new sanctions list version failed; searching the loaded one", "err", err)
	}
	if ms == nil {
		ms = []sanctions.Match{}
	}
	writeJSON(w, http.StatusOK, sanctionsSearchResult{Name: name, Tokens: sanctions.Normalize(name), Candidates: ms})
	return nil
}
