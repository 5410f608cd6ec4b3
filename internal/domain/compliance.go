package domain

import (
	"strings"
	"time"
	"unicode/utf8"
)

// Compliance statuses of a licensed PSP or MNO (issue 16, part 5). "pending" is the value some
// institutions carried before the lifecycle existed; it may be left but never chosen again.
const (
	ComplianceCompliant    = "compliant"
	ComplianceUnderReview  = "under_review"
	ComplianceNonCompliant = "non_compliant"
	CompliancePending      = "pending"
)

// ComplianceStatuses are the statuses a regulator may set, from best to worst.
var ComplianceStatuses = []string{ComplianceCompliant, ComplianceUnderReview, ComplianceNonCompliant}

// complianceSeverity orders the statuses so that the system only ever proposes a worse one:
// clearing an institution is a regulator's judgement, never an inference from missing facts.
var complianceSeverity = map[string]int{CompliancePending: 0, ComplianceCompliant: 0, ComplianceUnderReview: 1, ComplianceNonCompliant: 2}

// ComplianceTransition checks a change of compliance status: to must be one a regulator may set
// and differ from the current one (a "change" to the same status would write a misleading
// history row).
func ComplianceTransition(from, to string) error {
	if _, ok := complianceSeverity[to]; !ok || to == CompliancePending {
		return Invalid(CodeComplianceStatusInvalid, map[string]Fault{"status": F(CodeComplianceStatus)})
	}
	if from == to {
		return E(ECONFLICT, CodeComplianceUnchanged, "status", to)
	}
	return nil
}

// ComplianceReason trims the reason a regulator gives for a compliance decision; it is
// required because the history must say why every status was set.
func ComplianceReason(reason string) (string, error) {
	r := strings.TrimSpace(reason)
	if r == "" || utf8.RuneCountInString(r) > 2000 {
		return "", Invalid(CodeComplianceReason, map[string]Fault{"reason": F(CodeReasonRequired)})
	}
	return r, nil
}

// Thresholds of the facts that make the system propose a compliance status.
const (
	// KYCRejectionThreshold is how many KYC rejections within KYCRejectionWindow put an
	// institution's customer due diligence in question.
	KYCRejectionThreshold = 3
	KYCRejectionWindow    = 30 * 24 * time.Hour
	// CriticalAlertDeadline is how long a critical alert may stay open before it is overdue.
	CriticalAlertDeadline = 24 * time.Hour
)

// ComplianceFacts are what the system knows about an institution since its compliance status
// was last decided (set, confirmed or a proposal dismissed).
type ComplianceFacts struct {
	// AuditFindings are the findings of completed compliance audits.
	AuditFindings []string
	// KYCRejections counts KYC applications rejected within KYCRejectionWindow.
	KYCRejections int
	// OverdueCriticalAlerts counts critical alerts open for longer than CriticalAlertDeadline.
	OverdueCriticalAlerts int
}

// ProposeCompliance returns the status the facts call for, or "" when they call for nothing the
// current status does not already say. Overdue critical alerts mean the institution is not
// handling its cases: non_compliant. Audit findings or repeated KYC rejections call for a
// review: under_review. Only a worse status than the current one is ever proposed.
func ProposeCompliance(current string, f ComplianceFacts) string {
	to := ""
	switch {
	case f.OverdueCriticalAlerts > 0:
		to = ComplianceNonCompliant
	case len(f.AuditFindings) > 0 || f.KYCRejections >= KYCRejectionThreshold:
		to = ComplianceUnderReview
	default:
		return ""
	}
	if complianceSeverity[to] <= complianceSeverity[current] {
		return ""
	}
	return to
}
