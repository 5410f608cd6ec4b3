package domain

// severityRanks order the severities of AlertSeverities, least urgent first.
var severityRanks = map[string]int{"low": 0, "medium": 1, "high": 2, "critical": 3}

// SeverityRank is a severity's place in the alerts queue's severity order: 0 for low (and for an
// unknown severity) up to 3 for critical. The store keeps it with each alert, so the queue sorts
// and pages by a stored number.
func SeverityRank(severity string) int { return severityRanks[severity] }

// System notice types (system_alerts.alert_type).
const (
	NoticeInfo     = "info"
	NoticeWarning  = "warning"
	NoticeCritical = "critical"
)

// noticeSeverities is the severity the alerts list shows for each system notice type.
var noticeSeverities = map[string]string{NoticeCritical: "critical", NoticeWarning: "medium", NoticeInfo: "low"}

// NoticeSeverity is the severity of a system notice of a type: critical for a critical notice,
// medium for a warning, low for anything else. A notice is never "high": that severity belongs to
// AML alerts (AMLResult.AlertSeverity).
func NoticeSeverity(noticeType string) string {
	if s, ok := noticeSeverities[noticeType]; ok {
		return s
	}
	return "low"
}
