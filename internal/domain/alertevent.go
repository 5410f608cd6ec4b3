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

// VisibleTo reports whether the account may see the alert (AlertReach.Includes).
func (a AlertEvent) VisibleTo(v AlertViewer) bool { return v.Reach().Includes(a) }

// AlertReach is which alerts an account may see, as the sets a query filters on: the alert
// lists' SQL is built from it, and VisibleTo asks it, so the lists and the real-time feed follow
// one rule.
type AlertReach struct {
	// UserID and Role: an alert targeted at one account reaches only that account, one targeted
	// at a role only the accounts of that role (the account's own target wins over the role).
	UserID string
	Role   string
	// AllUntargeted: every alert targeted at nobody, of any institution or none (regulators).
	AllUntargeted bool
	// Institution: else the untargeted alerts of this institution ("" for none: citizens and
	// guests see no untargeted alert).
	Institution string
}

// Reach is the alerts the account may see: regulators every institution's alerts, institution
// staff their own institution's, and everyone the alerts targeted at them or at their role.
func (v AlertViewer) Reach() AlertReach {
	r := AlertReach{UserID: v.ID, Role: string(v.Role)}
	switch {
	case v.Role.IsRegulator():
		r.AllUntargeted = true
	case v.Role.IsInstitutionStaff():
		r.Institution = v.Institution
	}
	return r
}

// Includes reports whether the alert is within the reach.
func (r AlertReach) Includes(a AlertEvent) bool {
	switch {
	case a.TargetUserID != "":
		return a.TargetUserID == r.UserID
	case a.TargetRole != "":
		return a.TargetRole == r.Role
	case r.AllUntargeted:
		return true
	}
	return r.Institution != "" && a.InstitutionID == r.Institution
}
