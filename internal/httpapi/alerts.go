package httpapi

import (
	"net/http"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// alertJSON is an alert as the dashboard panel and the compliance list show it (000 §2, 001 §3).
type alertJSON struct {
	ID                   string     `json:"id"`
	Kind                 string     `json:"kind"`
	Title                string     `json:"title"`
	Description          string     `json:"description"`
	Message              string     `json:"message"`
	Severity             string     `json:"severity"`
	Status               string     `json:"status"`
	AlertType            string     `json:"alertType"`
	TriggerRule          *string    `json:"triggerRule"`
	Amount               *string    `json:"amount"`
	Currency             *string    `json:"currency"`
	InstitutionID        *string    `json:"institutionId"`
	RelatedTransactionID *string    `json:"relatedTransactionId"`
	IsRead               bool       `json:"isRead"`
	AssignedTo           *string    `json:"assignedTo"`
	ResolvedBy           *string    `json:"resolvedBy"`
	Resolution           *string    `json:"resolution"`
	ResolvedAt           *time.Time `json:"resolvedAt"`
	CreatedAt            time.Time  `json:"createdAt"`
}

func toAlertJSON(a *store.AlertView) alertJSON {
	j := alertJSON{ID: a.ID, Kind: a.Kind, Title: a.Title, Description: a.Description, Message: a.Description,
		Severity: a.Severity, Status: a.Status, AlertType: a.AlertType, TriggerRule: optional(a.TriggerRule),
		Currency: optional(a.Currency), InstitutionID: optional(a.InstitutionID), RelatedTransactionID: optional(a.TransactionID),
		IsRead: a.IsRead, AssignedTo: optional(a.AssignedTo), ResolvedBy: optional(a.ResolvedBy),
		Resolution: optional(a.Resolution), ResolvedAt: optionalTime(a.ResolvedAt), CreatedAt: a.CreatedAt}
	if a.Kind == "aml" {
		amount := a.Amount.String()
		j.Amount = &amount
	}
	return j
}

func alertScope(u *domain.User) store.AlertScope {
	return store.AlertScope{UserID: u.ID, Role: u.Role, InstitutionID: u.Institution}
}

// listAlerts is GET /api/alerts (?status=open|investigating|resolved|false_positive): the
// caller's alerts, newest first, at most 200.
func (s *Server) listAlerts(w http.ResponseWriter, r *http.Request) error {
	status := r.URL.Query().Get("status")
	switch status {
	case "", "all":
		status = ""
	case "open", "investigating", "resolved", "false_positive":
	default:
		return domain.FieldError("Status must be open, investigating, resolved or false_positive.", map[string]string{"status": "Unknown status"})
	}
	alerts, err := s.store.Alerts(r.Context(), alertScope(principalFrom(r.Context())), status, 200)
	if err != nil {
		return err
	}
	out := make([]alertJSON, len(alerts))
	for i, a := range alerts {
		out[i] = toAlertJSON(a)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
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
	type eventJSON struct {
		Action     string    `json:"action"`
		UserID     *string   `json:"userId"`
		FromStatus *string   `json:"fromStatus"`
		ToStatus   *string   `json:"toStatus"`
		Note       *string   `json:"note"`
		CreatedAt  time.Time `json:"createdAt"`
	}
	hist := make([]eventJSON, len(events))
	for i, e := range events {
		hist[i] = eventJSON{Action: e.Action, UserID: optional(e.UserID), FromStatus: optional(e.FromStatus),
			ToStatus: optional(e.ToStatus), Note: optional(e.Note), CreatedAt: e.CreatedAt}
	}
	writeJSON(w, http.StatusOK, struct {
		alertJSON
		History []eventJSON `json:"history"`
	}{toAlertJSON(a), hist})
	return nil
}

// resolveAlert is PATCH /api/alerts/{id}/resolve (001 §7): an open alert becomes resolved, with
// an optional {resolution}; anything not open answers 409.
func (s *Server) resolveAlert(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Resolution string `json:"resolution"`
	}
	if r.ContentLength != 0 {
		if err := decodeJSON(w, r, &in); err != nil {
			return err
		}
	}
	return s.act(w, r, store.CaseAction{Action: "resolve", Note: strings.TrimSpace(in.Resolution)})
}

// alertAction is POST /api/alerts/{id}/actions {action, outcome, note}: the case workflow
// (assign to me, investigate, add a note, close as resolved or false_positive).
func (s *Server) alertAction(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Action  string `json:"action"`
		Outcome string `json:"outcome"`
		Note    string `json:"note"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	in.Note = strings.TrimSpace(in.Note)
	if len(in.Note) > 4000 {
		return domain.FieldError("Notes may be at most 4000 characters.", map[string]string{"note": "At most 4000 characters"})
	}
	if (in.Action == "note" || in.Action == "close") && in.Note == "" {
		return domain.FieldError("Write a note.", map[string]string{"note": "A note is required"})
	}
	return s.act(w, r, store.CaseAction{Action: in.Action, Outcome: in.Outcome, Note: in.Note})
}

func (s *Server) act(w http.ResponseWriter, r *http.Request, c store.CaseAction) error {
	u := principalFrom(r.Context())
	c.AlertID, c.UserID, c.Audit = r.PathValue("id"), u.ID, s.audit(r, "", "")
	if kind, err := s.store.AlertKind(r.Context(), alertScope(u), c.AlertID); err != nil {
		return err
	} else if kind != "aml" {
		return domain.Errorf(domain.ECONFLICT, "System notices have no case to work; dismiss them instead.")
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
