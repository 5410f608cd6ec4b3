package httpapi

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// The audit trail for regulators (GET /api/audit): every state change and sensitive read, newest
// first, filtered and paged on the server; its CSV export; and a check of the hash chains that
// makes edits in the database visible (auditchain.go in the store).

const (
	auditPageDefault = 50
	auditPageMax     = 200
)

// auditEntryJSON is one audit row as the API shows it.
type auditEntryJSON struct {
	ID         string          `json:"id"`
	Seq        int64           `json:"seq"`
	At         time.Time       `json:"at"`
	Actor      *auditActorJSON `json:"actor"`
	Action     string          `json:"action"`
	Resource   string          `json:"resource"`
	ResourceID string          `json:"resourceId"`
	Details    map[string]any  `json:"details"`
	IPAddress  string          `json:"ipAddress"`
	UserAgent  string          `json:"userAgent"`
}

type auditActorJSON struct {
	ID          string `json:"id"`
	Email       string `json:"email"`
	Name        string `json:"name"`
	Role        string `json:"role"`
	Institution string `json:"institution"`
}

func toAuditLogJSON(e store.AuditEntry) auditEntryJSON {
	j := auditEntryJSON{ID: e.ID, Seq: e.Seq, At: e.CreatedAt, Action: e.Action, Resource: e.Resource,
		ResourceID: e.ResourceID, Details: e.Details, IPAddress: e.IPAddress, UserAgent: e.UserAgent}
	if j.Details == nil {
		j.Details = map[string]any{}
	}
	if a := e.Actor; a != nil {
		j.Actor = &auditActorJSON{ID: a.ID, Email: a.Email, Name: strings.TrimSpace(a.FirstName + " " + a.LastName),
			Role: a.Role, Institution: a.Institution}
	}
	return j
}

// auditFilterParams are the query parameters the audit routes accept.
var auditFilterParams = map[string]bool{"actor": true, "action": true, "resource": true, "resourceId": true,
	"institution": true, "from": true, "to": true, "limit": true, "cursor": true}

// parseAuditFilter reads the filters; anything it does not know or cannot read is refused, so a
// mistyped filter never silently shows the whole trail.
func parseAuditFilter(q url.Values) (store.AuditFilter, error) {
	var f store.AuditFilter
	fields := unknownParams(q, auditFilterParams)
	if a := strings.TrimSpace(q.Get("actor")); a != "" {
		if strings.Contains(a, "@") {
			f.ActorEmail = domain.NormalizeEmail(a)
		} else if _, err := uuid.Parse(a); err == nil {
			f.ActorID = strings.ToLower(a)
		} else {
			fields["actor"] = domain.F(CodeActorFormat)
		}
	}
	f.Action = strings.TrimSpace(q.Get("action"))
	f.Resource = strings.TrimSpace(q.Get("resource"))
	f.ResourceID = strings.TrimSpace(q.Get("resourceId"))
	f.Institution = strings.TrimSpace(q.Get("institution"))
	for _, v := range []*string{&f.Action, &f.Resource, &f.ResourceID, &f.Institution} {
		if len(*v) > 200 {
			*v = (*v)[:200]
		}
	}
	var err error
	if f.From, err = parseQueryTime(q.Get("from"), false); err != nil {
		fields["from"] = domain.F(CodeDateOrTime)
	}
	if f.To, err = parseQueryTime(q.Get("to"), true); err != nil {
		fields["to"] = domain.F(CodeDateOrTime)
	}
	if !f.From.IsZero() && !f.To.IsZero() && !f.From.Before(f.To) {
		fields["to"] = domain.F(CodeAfterStart)
	}
	if len(fields) > 0 {
		return f, domain.Invalid(CodeFiltersInvalid, fields)
	}
	return f, nil
}

// unknownParams names each query parameter that is not in known as an unknown filter, in a new
// map of field faults that the caller adds its own to.
func unknownParams(q url.Values, known map[string]bool) map[string]domain.Fault {
	fields := map[string]domain.Fault{}
	for k := range q {
		if !known[k] {
			fields[k] = domain.F(CodeUnknownFilter)
		}
	}
	return fields
}

// parseQueryTime reads a date (a whole day in UTC; as an end, the day is included) or an RFC 3339
// time; its error is answered as the field fault CodeDateOrTime.
func parseQueryTime(v string, end bool) (time.Time, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return time.Time{}, nil
	}
	if d, err := time.Parse(time.DateOnly, v); err == nil {
		if end {
			d = d.AddDate(0, 0, 1)
		}
		return d, nil
	}
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		//lint:ignore ST1005 the text is the field's message, a sentence shown to the person
		return time.Time{}, errors.New("Use a date (YYYY-MM-DD) or a time (RFC 3339)")
	}
	return t.UTC(), nil
}

// parseAuditPage reads limit (capped, not refused, above the maximum) and the cursor, which is
// the chain position to continue below.
func parseAuditPage(q url.Values) (limit int, before int64, err error) {
	limit = auditPageDefault
	fields := map[string]domain.Fault{}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			fields["limit"] = domain.F(CodePositiveWholeNumber)
		}
		limit = min(n, auditPageMax)
	}
	if v := q.Get("cursor"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			fields["cursor"] = domain.F(domain.CodeCursor)
		}
		before = n
	}
	if len(fields) > 0 {
		return 0, 0, domain.Invalid(CodePageInvalid, fields)
	}
	return limit, before, nil
}

// listAudit is GET /api/audit.
func (s *Server) listAudit(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f, err := parseAuditFilter(q)
	if err != nil {
		return err
	}
	limit, before, err := parseAuditPage(q)
	if err != nil {
		return err
	}
	page, err := s.store.ListAudit(r.Context(), f, before, limit)
	if err != nil {
		return err
	}
	out := make([]auditEntryJSON, 0, len(page.Entries))
	for _, e := range page.Entries {
		out = append(out, toAuditLogJSON(e))
	}
	if page.Next > 0 {
		w.Header().Set("X-Next-Cursor", strconv.FormatInt(page.Next, 10))
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// exportAudit is GET /api/audit/export: every row matching the filters as CSV, streamed a page
// at a time. Taking the trail away is itself audited.
func (s *Server) exportAudit(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f, err := parseAuditFilter(q)
	if err != nil {
		return err
	}
	a := s.audit(r, "audit.export", "audit_log")
	a.Details = map[string]any{"query": r.URL.RawQuery}
	if err := s.store.RecordAccess(r.Context(), a); err != nil {
		return err
	}
	page, err := s.store.ListAudit(r.Context(), f, 0, 1000)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="kormeer-audit-`+time.Now().UTC().Format("20060102-150405")+`.csv"`)
	cw := csv.NewWriter(w)
	cw.Write([]string{"seq", "at", "actorEmail", "actorRole", "actorInstitution", "action", "resource", "resourceId",
		"details", "ipAddress", "userAgent", "id"})
	written := 0
	for {
		for _, e := range page.Entries {
			j := toAuditLogJSON(e)
			details, _ := json.Marshal(j.Details)
			var email, role, inst string
			if j.Actor != nil {
				email, role, inst = j.Actor.Email, j.Actor.Role, j.Actor.Institution
			}
			cw.Write(safeCells(strconv.FormatInt(j.Seq, 10), j.At.Format(time.RFC3339Nano), email, role, inst, j.Action,
				j.Resource, j.ResourceID, string(details), j.IPAddress, j.UserAgent, j.ID))
			written++
		}
		cw.Flush()
		if page.Next == 0 || written >= exportRowLimit || cw.Error() != nil {
			return nil
		}
		if page, err = s.store.ListAudit(r.Context(), f, page.Next, 1000); err != nil {
			s.log.ErrorContext(r.Context(), "audit export interrupted", "err", err)
			return nil // the header is sent: the truncated file is all we can do
		}
	}
}

// verifyAudit is GET /api/audit/verify: every chain walked, as `kormeer audit verify` does.
func (s *Server) verifyAudit(w http.ResponseWriter, r *http.Request) error {
	v, err := s.store.VerifyAuditChain(r.Context(), nil)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}
