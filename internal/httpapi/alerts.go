package httpapi

import (
	"maps"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// alertJSON is an alert as the dashboard panel and the compliance list show it (000 §2, 001 §3).
type alertJSON struct {
	ID          string  `json:"id"`
	Kind        string  `json:"kind"`
	Title       string  `json:"title"`
	Description string  `json:"description"`
	Message     string  `json:"message"`
	Severity    string  `json:"severity"`
	Status      string  `json:"status"`
	AlertType   string  `json:"alertType"`
	TriggerRule *string `json:"triggerRule"`
	// Code and Params are what an AML alert says (domain.AlertParams), which the web app puts in
	// the reader's language; Title and Description say it in English. Null for system notices.
	Code                     *string             `json:"code"`
	Params                   *domain.AlertParams `json:"params"`
	Amount                   *string             `json:"amount"`
	Currency                 *string             `json:"currency"`
	InstitutionID            *string             `json:"institutionId"`
	InstitutionName          *string             `json:"institutionName"`
	InstitutionKind          *string             `json:"institutionKind"` // psp, mno or bank: where its registry entry is
	RelatedTransactionID     *string             `json:"relatedTransactionId"`
	RelatedTransactionNumber *string             `json:"relatedTransactionNumber"`
	IsRead                   bool                `json:"isRead"`
	AssignedTo               *string             `json:"assignedTo"`
	ResolvedBy               *string             `json:"resolvedBy"`
	Resolution               *string             `json:"resolution"`
	ResolvedAt               *time.Time          `json:"resolvedAt"`
	CreatedAt                time.Time           `json:"createdAt"`
	// DueAt is when an AML case's handling deadline (KORMEER_ALERT_DEADLINES) falls; Overdue says
	// it has passed while the case is still open or under investigation.
	DueAt   *time.Time `json:"dueAt"`
	Overdue bool       `json:"overdue"`
}

// alertJSON is a's answer with its handling deadline as of now.
func (s *Server) alertJSON(a *store.AlertView, now time.Time) alertJSON {
	j := toAlertJSON(a)
	if d, ok := s.opts.AlertDeadlines[a.Severity]; ok && a.Kind == "aml" {
		due := a.CreatedAt.Add(d)
		j.DueAt, j.Overdue = &due, domain.IsOpenCase(a.Status) && now.After(due)
	}
	return j
}

func toAlertJSON(a *store.AlertView) alertJSON {
	j := alertJSON{ID: a.ID, Kind: a.Kind, Title: a.Title, Description: a.Description, Message: a.Description,
		Severity: a.Severity, Status: a.Status, AlertType: a.AlertType, TriggerRule: optional(a.TriggerRule),
		Currency: optional(a.Currency), InstitutionID: optional(a.InstitutionID), RelatedTransactionID: optional(a.TransactionID),
		IsRead: a.IsRead, AssignedTo: optional(a.AssignedTo), ResolvedBy: optional(a.ResolvedBy),
		Resolution: optional(a.Resolution), ResolvedAt: optionalTime(a.ResolvedAt), CreatedAt: a.CreatedAt}
	if a.Kind == "aml" {
		amount := a.Amount.String()
		j.Amount, j.Code, j.Params = &amount, optional(a.Code), &a.Params
	}
	j.InstitutionName, j.InstitutionKind = optional(a.Institution.Name), optional(a.Institution.Kind)
	j.RelatedTransactionNumber = optional(a.TransactionNumber)
	return j
}

func alertScope(u *domain.User) store.AlertScope {
	return store.AlertScope{UserID: u.ID, Role: u.Role, InstitutionID: u.Institution}
}

// alertFilterParams are the filters of GET /api/alerts and GET /api/alerts/summary; alertParams
// adds the list's paging and order. Any other parameter is refused, so a mistyped filter never
// silently shows the whole queue.
var (
	alertFilterParams = map[string]bool{"kind": true, "status": true, "severity": true, "institution": true, "assignee": true,
		"createdBefore": true, "olderThan": true, "overdue": true}
	alertParams = withParams(alertFilterParams, "limit", "cursor", "sort")
)

// withParams is known with more parameters.
func withParams(known map[string]bool, more ...string) map[string]bool {
	out := maps.Clone(known)
	for _, k := range more {
		out[k] = true
	}
	return out
}

// Alert filter vocabularies ("all" means no filter, as on the transactions search).
var (
	alertKinds      = []string{"aml", "system"}
	alertStatuses   = domain.AlertStatuses
	alertSeverities = domain.AlertSeverities
	alertSorts      = []string{store.AlertSortNewest, store.AlertSortOldest, store.AlertSortSeverity}
)

// overdueBefore is, for each severity, the creation time before which a case still open at now
// is past its handling deadline.
func (s *Server) overdueBefore(now time.Time) map[string]time.Time {
	out := make(map[string]time.Time, len(s.opts.AlertDeadlines))
	for sev, d := range s.opts.AlertDeadlines {
		out[sev] = now.Add(-d)
	}
	return out
}

// parseAlertFilter reads the alert queue's filters (docs/API.md): kind, status, severity, institution
// (an id), assignee (an account id, "me" or "none"), createdBefore (a date or an RFC 3339 time),
// olderThan (an age such as 24h or 7d), overdue (true: cases past their handling deadline at now)
// and, where known has it, sort. Every invalid value is named in the error's fields.
func (s *Server) parseAlertFilter(q url.Values, known map[string]bool, me string, now time.Time) (store.AlertFilter, error) {
	r := newFilterReader(q, known)
	f := store.AlertFilter{Kind: r.oneOf("kind", alertKinds), Status: r.oneOf("status", alertStatuses),
		Severity: r.oneOf("severity", alertSeverities), InstitutionID: r.id("institution", CodeInstitutionID),
		Sort: r.oneOf("sort", alertSorts)}
	switch v := r.get("overdue"); v {
	case "", "false":
	case "true":
		f.OverdueBefore = s.overdueBefore(now)
	default:
		r.fields["overdue"] = domain.F(CodeTrueOrFalse)
	}
	if v := r.get("olderThan"); v != "" {
		if age, err := domain.ParseAlertAge(v); err != nil {
			r.fields["olderThan"] = domain.F(CodeAgeFormat)
		} else if before := now.Add(-age); f.CreatedBefore.IsZero() || before.Before(f.CreatedBefore) {
			f.CreatedBefore = before
		}
	}
	switch v := r.get("assignee"); v {
	case "":
	case "me":
		f.AssignedTo = me
	case "none":
		f.Unassigned = true
	default:
		f.AssignedTo = r.id("assignee", CodeAssigneeFormat)
	}
	if before, err := parseQueryTime(q.Get("createdBefore"), false); err != nil {
		r.fields["createdBefore"] = domain.F(CodeDateOrTime)
	} else if !before.IsZero() && (f.CreatedBefore.IsZero() || before.Before(f.CreatedBefore)) {
		f.CreatedBefore = before
	}
	return f, r.err()
}

// listAlerts is GET /api/alerts: the caller's alerts matching the filters (parseAlertFilter),
// newest first, one page at a time as the transactions list pages (?limit=, ?cursor=,
// X-Next-Cursor); the first page's X-Total-Count says how many match ("1000+" beyond a thousand).
func (s *Server) listAlerts(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	u := principalFrom(r.Context())
	now := s.store.Now()
	f, err := s.parseAlertFilter(q, alertParams, u.ID, now)
	if err != nil {
		return err
	}
	limit, cursor, err := parsePage(q)
	if err != nil {
		return err
	}
	page, err := s.store.AlertsPage(r.Context(), alertScope(u), f, cursor, limit)
	if err != nil {
		return err
	}
	toJSON := func(a *store.AlertView) alertJSON { return s.alertJSON(a, now) }
	return writePage(w, cursor == nil, page.Items, page.Next, toJSON, func() (int, bool, error) {
		return s.store.CountAlerts(r.Context(), alertScope(u), f)
	})
}

// alertSummaryJSON counts the alerts a filter matches, and the hours each severity may stay open.
type alertSummaryJSON struct {
	ByStatus      map[string]int     `json:"byStatus"`
	Total         int                `json:"total"`
	Overdue       int                `json:"overdue"`
	DeadlineHours map[string]float64 `json:"deadlineHours"`
}

// alertSummary is GET /api/alerts/summary: how many of the caller's alerts matching the list's
// filters are in each status, in all, and overdue, so that the queue's counts come from the
// server rather than from the pages it has read.
func (s *Server) alertSummary(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	now := s.store.Now()
	f, err := s.parseAlertFilter(r.URL.Query(), alertFilterParams, u.ID, now)
	if err != nil {
		return err
	}
	sum, err := s.store.SummarizeAlerts(r.Context(), alertScope(u), f, s.overdueBefore(now))
	if err != nil {
		return err
	}
	deadlines := make(map[string]float64, len(s.opts.AlertDeadlines))
	for sev, d := range s.opts.AlertDeadlines {
		deadlines[sev] = d.Hours()
	}
	writeJSON(w, http.StatusOK, alertSummaryJSON{ByStatus: sum.ByStatus, Total: sum.Total, Overdue: sum.Overdue,
		DeadlineHours: deadlines})
	return nil
}

// alertDetailJSON is an alert with its case history, oldest first.
type alertDetailJSON struct {
	alertJSON
	History []alertEventJSON `json:"history"`
}

// alertEventJSON is one step of an alert's case.
type alertEventJSON struct {
	Action     string    `json:"action"`
	UserID     *string   `json:"userId"`
	FromStatus *string   `json:"fromStatus"`
	ToStatus   *string   `json:"toStatus"`
	Note       *string   `json:"note"`
	CreatedAt  time.Time `json:"createdAt"`
}

// getAlert is GET /api/alerts/{id}: the alert and its case history.
func (s *Server) getAlert(w http.ResponseWriter, r *http.Request) error {
	id := r.PathValue("id")
	a, err := s.store.Alert(r.Context(), alertScope(principalFrom(r.Context())), id)
	if err != nil {
		return err
	}
	events, err := s.store.AlertEvents(r.Context(), id)
	if err != nil {
		return err
	}
	hist := make([]alertEventJSON, len(events))
	for i, e := range events {
		hist[i] = alertEventJSON{Action: e.Action, UserID: optional(e.UserID), FromStatus: optional(e.FromStatus),
			ToStatus: optional(e.ToStatus), Note: optional(e.Note), CreatedAt: e.CreatedAt}
	}
	writeJSON(w, http.StatusOK, alertDetailJSON{s.alertJSON(a, s.store.Now()), hist})
	return nil
}

// resolveInput is the request body of resolveAlert.
type resolveInput struct {
	Resolution string `json:"resolution"`
}

// resolveAlert is PATCH /api/alerts/{id}/resolve (001 §7): an open alert becomes resolved, with
// an optional {resolution}; anything not open answers 409.
func (s *Server) resolveAlert(w http.ResponseWriter, r *http.Request) error {
	var in resolveInput
	if r.ContentLength != 0 {
		if err := decodeJSON(w, r, &in); err != nil {
			return err
		}
	}
	return s.act(w, r, store.CaseAction{Action: "resolve", Note: strings.TrimSpace(in.Resolution)})
}

// alertActionInput is the request body of alertAction.
type alertActionInput struct {
	Action  string `json:"action"`
	Outcome string `json:"outcome"`
	Note    string `json:"note"`
}

// maxNote is the longest note a case action may carry (the catalogue's note_too_long says it).
const maxNote = 4000

// alertAction is POST /api/alerts/{id}/actions {action, outcome, note}: the case workflow
// (assign to me, investigate, add a note, close as resolved or false_positive).
func (s *Server) alertAction(w http.ResponseWriter, r *http.Request) error {
	var in alertActionInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	in.Note = strings.TrimSpace(in.Note)
	if len(in.Note) > maxNote {
		return domain.Invalid(domain.CodeNoteTooLong, map[string]domain.Fault{"note": domain.MaxChars(maxNote)})
	}
	if (in.Action == "note" || in.Action == "close") && in.Note == "" {
		return domain.Invalid(domain.CodeWriteNote, map[string]domain.Fault{"note": domain.F(domain.CodeNoteRequired)})
	}
	return s.act(w, r, store.CaseAction{Action: in.Action, Outcome: in.Outcome, Note: in.Note})
}

func (s *Server) act(w http.ResponseWriter, r *http.Request, c store.CaseAction) error {
	u := principalFrom(r.Context())
	c.AlertID, c.UserID, c.Audit = r.PathValue("id"), u.ID, s.audit(r, "", "")
	if kind, err := s.store.AlertKind(r.Context(), alertScope(u), c.AlertID); err != nil {
		return err
	} else if kind != "aml" {
		return domain.E(domain.ECONFLICT, domain.CodeNoticeNoCase)
	}
	if err := s.store.ActOnAlert(r.Context(), c); err != nil {
		return err
	}
	return s.getAlert(w, r)
}

// readAlert is PATCH /api/alerts/{id}/read: the dashboard's dismiss of an unread alert.
func (s *Server) readAlert(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	if err := s.store.MarkAlertRead(r.Context(), alertScope(u), r.PathValue("id"), s.audit(r, "", "")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
