package domain

import "encoding/json"

// AlertEvent is a committed alert on its way to the people who may see it. The store hands it to
// a sink after the commit (or, on PostgreSQL, sends it to every instance as a notification), and
// the real-time hub turns it into what browsers receive. Every field is serialised, the targets
// included, because the event crosses instances as JSON.
type AlertEvent struct {
	ID          string `json:"id"`
	Severity    string `json:"severity"`
	Title       string `json:"title"`
	Description string `json:"description"`
	AlertType   string `json:"alertType"`
	// Code and Params let a reader's interface say the alert in the reader's language; Title and
	// Description are its English text.
	Code              string          `json:"code,omitempty"`
	Params            json.RawMessage `json:"params,omitempty"`
	InstitutionID     string          `json:"institutionId,omitempty"`
	TransactionID     string          `json:"relatedTransactionId,omitempty"`
	TransactionNumber string          `json:"relatedTransactionNumber,omitempty"`
	// TargetUserID or TargetRole make a system alert personal (one account) or for one role.
	TargetUserID string `json:"targetUserId,omitempty"`
	TargetRole   string `json:"targetRole,omitempty"`
}

// AlertViewer is the account an alert may be shown to.
type AlertViewer struct {
	ID          string
	Role        Role
	Institution string
}

// VisibleTo reports whether the account may see the alert: a targeted alert reaches only its
// target (one account or one role); otherwise regulators see every institution's alerts and
// institution staff their own institution's. Citizens and guests see no untargeted alert.
func (a AlertEvent) VisibleTo(v AlertViewer) bool {
	switch {
	case a.TargetUserID != "":
		return a.TargetUserID == v.ID
	case a.TargetRole != "":
		return string(v.Role) == a.TargetRole
	case v.Role.IsRegulator():
		return true
	case v.Role.IsInstitutionStaff():
		return a.InstitutionID != "" && a.InstitutionID == v.Institution
	}
	return false
}
