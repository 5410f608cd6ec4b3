package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// registryRow is what the scenarios read of a GET /api/psps row.
type registryRow struct {
	ID               string        `json:"id"`
	Name             string        `json:"name"`
	ComplianceStatus string        `json:"complianceStatus"`
	ComplianceReason *string       `json:"complianceReason"`
	ComplianceSince  *time.Time    `json:"complianceSince"`
	LicenseStatus    string        `json:"licenseStatus"`
	CreatedAt        time.Time     `json:"createdAt"`
	Proposal         *proposalJSON `json:"proposal"`
}

func (r registryRow) pageKey() (string, time.Time) { return r.ID, r.CreatedAt }

// onlyInstitution keeps the row of one institution: the registry also holds the reference market
// the migrations seed (docs/REGISTRY.md).
func onlyInstitution(list []registryRow, id string) []registryRow {
	var out []registryRow
	for _, r := range list {
		if r.ID == id {
			out = append(out, r)
		}
	}
	return out
}

// TestRegistryPaging: GET /api/psps pages on the server like the alerts queue (120 PSPs, many
// sharing a timestamp, so the id breaks ties), filters by licence and compliance status with
// X-Total-Count saying how many match, caps the limit and refuses unknown parameters and bad
// cursors.
func TestRegistryPaging(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		ctx := context.Background()
		officer := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		tok := e.token(officer)
		// The reference market the migrations seed (docs/REGISTRY.md) is there too: active and under review.
		seeded, err := e.store.Registry(ctx, "psp", store.RegistryFilter{})
		if err != nil {
			t.Fatal(err)
		}
		everyPSP := 120 + len(seeded)
		now := e.store.Now().Truncate(time.Millisecond)
		for i := range 120 { // three PSPs a minute: the id orders those that share a time
			e.store.SetClock(func() time.Time { return now.Add(-time.Duration(i/3) * time.Minute) })
			if err := e.store.Write(ctx, func(tx *store.Tx) error {
				in := &store.Institution{Kind: "psp", Name: "PSP " + strconv.Itoa(i), LicenseNumber: "CB-PAGE-" + strconv.Itoa(i)}
				if i%3 == 0 {
					in.ComplianceStatus = domain.ComplianceNonCompliant
				}
				if err := tx.InsertInstitution(ctx, in); err != nil {
					return err
				}
				if i%4 != 0 {
					return nil
				}
				_, err := tx.ExecContext(ctx, `UPDATE psps SET license_status = 'suspended' WHERE id = $1`, in.ID)
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		e.store.SetClock(func() time.Time { return now })
		all, total := allPages[registryRow](t, e, tok, "/api/psps", "", 50, everyPSP)
		if len(all) != everyPSP || total != strconv.Itoa(everyPSP) {
			t.Fatalf("paging reached %d of %d PSPs, X-Total-Count %q", len(all), everyPSP, total)
		}
		for _, c := range []struct {
			query string
			want  int
			check func(registryRow) bool
		}{
			{"compliance=non_compliant", 40, func(r registryRow) bool { return r.ComplianceStatus == "non_compliant" }},
			{"status=suspended", 30, func(r registryRow) bool { return r.LicenseStatus == "suspended" }},
			{"status=suspended&compliance=non_compliant", 10, func(r registryRow) bool {
				return r.LicenseStatus == "suspended" && r.ComplianceStatus == "non_compliant"
			}},
			{"q=psp%2011&compliance=all", 11, func(r registryRow) bool { return strings.HasPrefix(r.Name, "PSP 11") }},
		} {
			list, total := allPages[registryRow](t, e, tok, "/api/psps", c.query, 7, 120)
			if len(list) != c.want || total != strconv.Itoa(c.want) {
				t.Errorf("%s: %d rows, X-Total-Count %q; want %d", c.query, len(list), total, c.want)
			}
			for _, r := range list {
				if !c.check(r) {
					t.Errorf("%s: %s does not match", c.query, r.Name)
				}
			}
		}
		if list, _ := listPage[registryRow](t, e, tok, "/api/psps", "limit=5000"); len(list) != everyPSP {
			t.Errorf("a limit above the maximum gave %d rows, want all %d (under the cap)", len(list), everyPSP)
		}
		if list, _ := listPage[registryRow](t, e, tok, "/api/psps", ""); len(list) != defaultPageSize {
			t.Errorf("the first page has %d rows, want %d", len(list), defaultPageSize)
		}
		for _, q := range []string{"compliance=great", "cursor=nonsense", "sort=name", "limit=0", "status=sleeping"} {
			if res := e.do(nil, "GET", "/api/psps?"+q, nil, "Authorization", "Bearer "+tok); res.status != 400 || res.json(t)["fields"] == nil {
				t.Errorf("%s: %d %s, want 400 naming the field", q, res.status, res.body)
			}
		}
	})
}

// speaks sets an account's language, as its owner does from the header's language select.
func (e *testEnv) speaks(u *domain.User, lang string) {
	e.t.Helper()
	ctx := context.Background()
	if err := e.store.Write(ctx, func(tx *store.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE users SET language = $2 WHERE id = $1`, u.ID, lang)
		return err
	}); err != nil {
		e.t.Fatal(err)
	}
}

// outboxCount counts the outbox's messages for a purpose.
func (e *testEnv) outboxCount(purpose string) int {
	e.t.Helper()
	var n int
	if err := e.store.DB().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM notifications WHERE purpose = $1`, purpose).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// systemAlertsFor lists the titles of the system alerts addressed to an account.
func (e *testEnv) systemAlertsFor(userID string) []string {
	e.t.Helper()
	rows, err := e.store.DB().QueryContext(context.Background(), `SELECT title FROM system_alerts WHERE target_user_id = $1 ORDER BY created_at, id`, userID)
	if err != nil {
		e.t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			e.t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// complianceDetailRead is what the scenarios read of GET /api/psps/{id}/compliance.
type complianceDetailRead struct {
	Institution registryRow `json:"institution"`
	History     []struct {
		From, To, Reason, Source string
		ChangedByName            *string `json:"changedByName"`
	} `json:"history"`
	Proposal *proposalJSON `json:"proposal"`
}

// TestComplianceLifecycle: a regulator changes a PSP's compliance status only with a reason
// (nothing is written without one), every change is kept in the history with its audit row and
// tells the PSP's staff in their language (a system alert and an e-mail in the outbox, written
// with the change); the public register shows the status but not the reason. The system
// proposes from facts: a completed audit's finding (confirmed: the status changes with the
// proposal's reason) and an overdue critical alert (dismissed with a reason, and back only when
// a new alert becomes overdue).
func TestComplianceLifecycle(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		ctx := context.Background()
		pspID := e.mustPSP("zaad")
		officer := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		somali := e.mustUser("so@zaad.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = pspID })
		english := e.mustUser("en@zaad.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = pspID })
		e.speaks(somali, "so")
		other := e.mustUser("other@example.so", domain.RoleMNOAdmin, func(u *domain.User) { u.Institution = store.NewID() })
		auth := []string{"Authorization", "Bearer " + e.token(officer)}
		path := "/api/psps/" + pspID + "/compliance"
		detail := func(headers ...string) complianceDetailRead {
			t.Helper()
			res := e.do(nil, "GET", path, nil, headers...)
			if res.status != 200 {
				t.Fatalf("GET %s: %d %s", path, res.status, res.body)
			}
			var d complianceDetailRead
			if err := json.Unmarshal(res.body, &d); err != nil {
				t.Fatal(err)
			}
			return d
		}

		// Refusals write nothing.
		for _, c := range []struct {
			body   map[string]string
			status int
		}{
			{map[string]string{"status": "compliant"}, 400},
			{map[string]string{"status": "compliant", "reason": "   "}, 400},
			{map[string]string{"status": "pending", "reason": "x"}, 400},
			{map[string]string{"status": "great", "reason": "x"}, 400},
			{map[string]string{"status": "under_review", "reason": "already"}, 409},
		} {
			if res := e.do(nil, "PATCH", path, c.body, auth...); res.status != c.status || res.json(t)["message"] == nil {
				t.Errorf("%v: %d %s, want %d with a message", c.body, res.status, res.body, c.status)
			}
		}
		if res := e.do(nil, "PATCH", "/api/mnos/"+pspID+"/compliance", map[string]string{"status": "compliant", "reason": "x"}, auth...); res.status != 404 {
			t.Errorf("a PSP on the MNO route: %d", res.status)
		}
		if d := detail(auth...); len(d.History) != 0 || d.Institution.ComplianceStatus != "under_review" ||
			e.outboxCount("compliance_status") != 0 || e.auditCount("institution.compliance_manual") != 0 {
			t.Fatalf("a refused change left traces: %+v", d)
		}

		// A change with a reason.
		res := e.do(nil, "PATCH", path, map[string]string{"status": "compliant", "reason": "  Annual review passed  "}, auth...)
		if res.status != 200 {
			t.Fatalf("change: %d %s", res.status, res.body)
		}
		var row registryRow
		json.Unmarshal(res.body, &row)
		if row.ComplianceStatus != "compliant" || row.ComplianceReason == nil || *row.ComplianceReason != "Annual review passed" ||
			row.ComplianceSince == nil || row.ComplianceSince.Before(e.store.Now().Add(-time.Minute)) {
			t.Fatalf("after the change: %+v", row)
		}
		if n := e.auditCount("institution.compliance_manual"); n != 1 {
			t.Errorf("audit rows = %d, want 1", n)
		}
		if m := e.mailTo("so@zaad.so", "compliance_status"); len(m) != 1 || !strings.Contains(m[0], "Sababta: Annual review passed") || strings.Contains(m[0], "Reason:") {
			t.Errorf("Somali staff mail: %q", m)
		}
		if m := e.mailTo("en@zaad.so", "compliance_status"); len(m) != 1 || !strings.Contains(m[0], "from under review to compliant") {
			t.Errorf("English staff mail: %q", m)
		}
		if a := e.systemAlertsFor(somali.ID); len(a) != 1 || !strings.Contains(a[0], "u hoggaansan") {
			t.Errorf("Somali staff alerts: %q", a)
		}
		if a := e.systemAlertsFor(english.ID); len(a) != 1 || !strings.Contains(a[0], "Compliance status compliant") {
			t.Errorf("English staff alerts: %q", a)
		}
		// Staff read their own history (not the proposal); others' institutions are not found.
		if d := detail("Authorization", "Bearer "+e.token(somali)); len(d.History) != 1 || d.History[0].Reason != "Annual review passed" ||
			d.History[0].From != "under_review" || d.History[0].To != "compliant" || d.History[0].Source != "manual" {
			t.Errorf("history seen by staff: %+v", d.History)
		}
		if res := e.do(nil, "GET", path, nil, "Authorization", "Bearer "+e.token(other)); res.status != 404 {
			t.Errorf("another institution's staff read the history: %d", res.status)
		}
		// The public register shows the status, never the reason.
		pub := e.do(nil, "GET", "/api/public/register", nil)
		if !strings.Contains(string(pub.body), `"complianceStatus":"compliant"`) || strings.Contains(string(pub.body), "Annual review") {
			t.Errorf("public register: %s", pub.body)
		}

		// A completed audit with a finding proposes a review.
		res = e.do(nil, "POST", "/api/compliance-audits", map[string]string{"institutionId": pspID,
			"scheduledFor": e.store.Now().Format("2006-01-02"), "scope": "AML controls"}, auth...)
		if res.status != 201 {
			t.Fatalf("schedule: %d %s", res.status, res.body)
		}
		auditID := res.json(t)["audit"].(map[string]any)["id"].(string)
		if res := e.do(nil, "POST", "/api/compliance-audits/"+auditID+"/complete", map[string]string{"findings": strings.Repeat("x", 2001)}, auth...); res.status != 400 {
			t.Errorf("over-long findings: %d", res.status)
		}
		if res := e.do(nil, "POST", "/api/compliance-audits/"+auditID+"/complete", map[string]string{"findings": "Suspicious activity reports filed late"}, auth...); res.status != 200 || res.json(t)["status"] != "completed" {
			t.Fatalf("complete: %d %s", res.status, res.body)
		}
		if res := e.do(nil, "POST", "/api/compliance-audits/"+auditID+"/complete", map[string]string{"findings": "again"}, auth...); res.status != 409 {
			t.Errorf("completing twice: %d", res.status)
		}
		list, _ := listPage[registryRow](t, e, e.token(officer), "/api/psps", "")
		list = onlyInstitution(list, pspID)
		if len(list) != 1 || list[0].Proposal == nil || list[0].Proposal.Status != "under_review" ||
			len(list[0].Proposal.AuditFindings) != 1 || list[0].Proposal.AuditFindings[0] != "Suspicious activity reports filed late" {
			t.Fatalf("proposal in the registry: %+v", list)
		}
		if staffList, _ := listPage[registryRow](t, e, e.token(somali), "/api/psps", ""); len(staffList) != 1 || staffList[0].Proposal != nil {
			t.Errorf("staff see the proposal: %+v", staffList)
		}
		confirm := path + "/proposal/confirm"
		if res := e.do(nil, "POST", confirm, map[string]string{"status": "non_compliant"}, auth...); res.status != 409 {
			t.Errorf("confirming another status than proposed: %d %s", res.status, res.body)
		}
		res = e.do(nil, "POST", confirm, map[string]string{"status": "under_review"}, auth...)
		if res.status != 200 || res.json(t)["complianceStatus"] != "under_review" ||
			!strings.Contains(res.json(t)["complianceReason"].(string), "audit finding: Suspicious activity reports filed late") {
			t.Fatalf("confirm: %d %s", res.status, res.body)
		}
		d := detail(auth...)
		if d.Proposal != nil || len(d.History) != 2 || d.History[0].Source != "proposal" || d.History[0].To != "under_review" {
			t.Fatalf("after confirming: proposal %+v, history %+v", d.Proposal, d.History)
		}
		if res := e.do(nil, "POST", confirm, map[string]string{"status": "under_review"}, auth...); res.status != 409 {
			t.Errorf("confirming twice: %d", res.status)
		}
		if n := e.outboxCount("compliance_status"); n != 4 {
			t.Errorf("compliance e-mails = %d, want 4 (two staff, two changes)", n)
		}

		// An overdue critical alert proposes non-compliance; dismissed, it stays away until
		// another alert becomes overdue.
		now := e.store.Now()
		addAlert := func(age time.Duration) {
			t.Helper()
			if err := e.store.Write(ctx, func(tx *store.Tx) error {
				return tx.InsertAMLAlert(ctx, &store.AMLAlert{AlertType: "aml", Severity: "critical", TriggerRule: "test", Title: "Structuring",
					Amount: 100, Currency: domain.USD, InstitutionID: pspID, InstitutionType: "psp", Status: "open", CreatedAt: now.Add(-age)})
			}); err != nil {
				t.Fatal(err)
			}
		}
		addAlert(23 * time.Hour) // not overdue yet
		if d := detail(auth...); d.Proposal != nil {
			t.Fatalf("an alert within its deadline proposed %+v", d.Proposal)
		}
		addAlert(25 * time.Hour)
		d = detail(auth...)
		if d.Proposal == nil || d.Proposal.Status != "non_compliant" || d.Proposal.OverdueCriticalAlerts != 1 {
			t.Fatalf("overdue alert proposal: %+v", d.Proposal)
		}
		dismiss := path + "/proposal/dismiss"
		if res := e.do(nil, "POST", dismiss, map[string]string{"status": "non_compliant"}, auth...); res.status != 400 {
			t.Errorf("dismiss without a reason: %d", res.status)
		}
		if res := e.do(nil, "POST", dismiss, map[string]string{"status": "non_compliant", "reason": "Alert is a known false positive"}, auth...); res.status != 204 {
			t.Fatalf("dismiss: %d %s", res.status, res.body)
		}
		if d := detail(auth...); d.Proposal != nil || d.Institution.ComplianceStatus != "under_review" {
			t.Fatalf("after dismissing: %+v", d)
		}
		if n := e.auditCount("institution.compliance_proposal_dismiss"); n != 1 {
			t.Errorf("dismissal audit rows = %d", n)
		}
		// Two hours on, the first alert has become overdue after the dismissal.
		e.store.SetClock(func() time.Time { return now.Add(2 * time.Hour) })
		auth = []string{"Authorization", "Bearer " + e.token(officer)} // the first token expired meanwhile
		d = detail(auth...)
		if d.Proposal == nil || d.Proposal.OverdueCriticalAlerts != 1 {
			t.Fatalf("a newly overdue alert: %+v", d.Proposal)
		}
		res = e.do(nil, "POST", confirm, map[string]string{"status": "non_compliant", "reason": "Escalated to the board"}, auth...)
		if res.status != 200 || res.json(t)["complianceStatus"] != "non_compliant" || !strings.Contains(res.json(t)["complianceReason"].(string), "Escalated to the board") {
			t.Fatalf("confirm non-compliance: %d %s", res.status, res.body)
		}
		if m := e.mailTo("en@zaad.so", "compliance_status"); len(m) != 3 || !strings.Contains(m[2], "critical alert(s) open for more than 24 hours") {
			t.Errorf("staff told of the confirmed proposal: %q", m)
		}
	})
}

// TestApplicantAndStaffNotices: the applicant hears (system alert and e-mail, in their language)
// that the application arrived and how it was decided, with the notes; the new institution's
// staff hear of a licence change.
func TestApplicantAndStaffNotices(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		applicant := e.mustUser("ayaan@example.so", domain.RoleCitizen, nil)
		e.speaks(applicant, "so")
		officer := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		auth := []string{"Authorization", "Bearer " + e.token(officer)}
		c := e.client()
		e.signIn(c, "ayaan@example.so")

		rejected := validApplication("PSP-2026-100")
		res := e.do(c, "POST", "/api/institution-applications", rejected)
		if res.status != 201 {
			t.Fatalf("submit: %d %s", res.status, res.body)
		}
		firstID := res.json(t)["id"].(string)
		contact := "licensing@berberapay.so"
		if m := e.mailTo(contact, "application_received"); len(m) != 1 || !strings.Contains(m[0], "Bangiga dhexe wuxuu helay") {
			t.Errorf("received mail to the contact: %q", m)
		}
		if m := e.mailTo("ayaan@example.so", "application_received"); len(m) != 1 {
			t.Errorf("received mail to the applicant's account: %q", m)
		}
		if a := e.systemAlertsFor(applicant.ID); len(a) != 1 || !strings.Contains(a[0], "Codsiga shatiga waa la helay") {
			t.Errorf("applicant alerts: %q", a)
		}
		// A refused rejection (no reason) tells nobody.
		if res := e.do(nil, "POST", "/api/institution-applications/"+firstID+"/reject", map[string]string{}, auth...); res.status != 400 {
			t.Fatalf("reject without notes: %d", res.status)
		}
		if n := e.outboxCount("application_decided"); n != 0 {
			t.Fatalf("a refused decision queued %d e-mails", n)
		}
		if res := e.do(nil, "POST", "/api/institution-applications/"+firstID+"/reject", map[string]string{"notes": "Capital below the minimum"}, auth...); res.status != 200 {
			t.Fatalf("reject: %d %s", res.status, res.body)
		}
		if m := e.mailTo(contact, "application_decided"); len(m) != 1 || !strings.Contains(m[0], "diiday") || !strings.Contains(m[0], "Capital below the minimum") {
			t.Errorf("rejection mail: %q", m)
		}

		approved := validApplication("PSP-2026-101")
		approved["contactEmail"] = "ops@berberapay.so"
		res = e.do(c, "POST", "/api/institution-applications", approved)
		if res.status != 201 {
			t.Fatalf("submit: %d %s", res.status, res.body)
		}
		res = e.do(nil, "POST", "/api/institution-applications/"+res.json(t)["id"].(string)+"/approve", map[string]string{"notes": "Welcome"}, auth...)
		if res.status != 200 {
			t.Fatalf("approve: %d %s", res.status, res.body)
		}
		if m := e.mailTo("ops@berberapay.so", "application_decided"); len(m) != 1 || !strings.Contains(m[0], "ansixiyey") || !strings.Contains(m[0], "Welcome") {
			t.Errorf("approval mail: %q", m)
		}
		if a := e.systemAlertsFor(applicant.ID); len(a) != 4 {
			t.Errorf("applicant alerts after two applications and two decisions: %q", a)
		}
		// The applicant is now the PSP's staff and hears of its licence changes.
		pspID := res.json(t)["institutionId"].(string)
		if res := e.do(nil, "PATCH", "/api/psps/"+pspID+"/license", map[string]string{"action": "suspend", "reason": "Late reports"}, auth...); res.status != http.StatusOK {
			t.Fatalf("suspend: %d %s", res.status, res.body)
		}
		if m := e.mailTo("ayaan@example.so", "license_status"); len(m) != 1 || !strings.Contains(m[0], "la hakiyey") || !strings.Contains(m[0], "Late reports") {
			t.Errorf("licence mail to staff: %q", m)
		}
	})
}

// TestComplianceProposalFromKYC: KYC rejections of an institution's customers within 30 days
// propose a review from the threshold on, never below it nor from older rejections; and a
// regulator's change of status weighs the rejections before it, so they do not propose again.
func TestComplianceProposalFromKYC(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		ctx := context.Background()
		pspID := e.mustPSP("dahab")
		officer := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		now := e.store.Now()
		e.store.SetClock(func() time.Time { return now.Add(-24 * time.Hour) }) // set compliant a day ago: only rejections after it count
		auth := []string{"Authorization", "Bearer " + e.token(officer)}
		reject := func(age time.Duration) {
			t.Helper()
			if err := e.store.Write(ctx, func(tx *store.Tx) error {
				k := &store.KYCApplication{FullName: "Hodan Ali", NationalID: "SL" + strconv.Itoa(int(age)), PhoneNumber: "+252634000000",
					Email: "hodan@example.so", Address: "Hargeisa", DocumentType: "passport", DocumentNumber: "P1", Status: "non_compliant"}
				if err := tx.InsertKYCApplication(ctx, k); err != nil {
					return err
				}
				_, err := tx.ExecContext(ctx, `UPDATE kyc_applications SET psp_id = $2, reviewed_at = $3 WHERE id = $1`,
					k.ID, pspID, now.Add(-age).UTC().Format("2006-01-02T15:04:05.000Z"))
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		proposal := func() *proposalJSON {
			t.Helper()
			list, _ := listPage[registryRow](t, e, strings.TrimPrefix(auth[1], "Bearer "), "/api/psps", "")
			list = onlyInstitution(list, pspID)
			if len(list) != 1 {
				t.Fatalf("registry: %+v", list)
			}
			return list[0].Proposal
		}
		if res := e.do(nil, "PATCH", "/api/psps/"+pspID+"/compliance", map[string]string{"status": "compliant", "reason": "Licensed"}, auth...); res.status != 200 {
			t.Fatalf("set compliant: %d %s", res.status, res.body)
		}
		e.store.SetClock(func() time.Time { return now })
		auth[1] = "Bearer " + e.token(officer)
		reject(40 * 24 * time.Hour) // outside the window
		reject(2 * 24 * time.Hour)  // before the status was set
		for i := range domain.KYCRejectionThreshold - 1 {
			reject(time.Duration(i+1) * time.Hour)
		}
		if p := proposal(); p != nil {
			t.Fatalf("below the threshold: %+v", p)
		}
		reject(30 * time.Minute)
		p := proposal()
		if p == nil || p.Status != "under_review" || p.KYCRejections != domain.KYCRejectionThreshold {
			t.Fatalf("at the threshold: %+v", p)
		}
		if !strings.Contains(p.Reason, "KYC application(s) rejected in 30 days") {
			t.Errorf("proposal reason %q", p.Reason)
		}
		if res := e.do(nil, "PATCH", "/api/psps/"+pspID+"/compliance", map[string]string{"status": "compliant", "reason": "x"}, auth...); res.status != 409 {
			t.Errorf("setting the current status again: %d", res.status)
		}
		if res := e.do(nil, "PATCH", "/api/psps/"+pspID+"/compliance", map[string]string{"status": "non_compliant", "reason": "Onboarding failures"}, auth...); res.status != 200 {
			t.Fatalf("set non-compliant: %d %s", res.status, res.body)
		}
		if res := e.do(nil, "PATCH", "/api/psps/"+pspID+"/compliance", map[string]string{"status": "compliant", "reason": "Remediated"}, auth...); res.status != 200 {
			t.Fatalf("set compliant: %d %s", res.status, res.body)
		}
		if p := proposal(); p != nil {
			t.Errorf("rejections a decision already weighed propose again: %+v", p)
		}
	})
}
