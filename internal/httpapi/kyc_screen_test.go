package httpapi

import (
	"encoding/json"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// screenKYC is what the KYC screen reads of an application.
type screenKYC struct {
	ID          string  `json:"id"`
	FullName    string  `json:"fullName"`
	NationalID  string  `json:"nationalId"`
	Status      string  `json:"status"`
	Risk        string  `json:"risk"`
	PEP         bool    `json:"pep"`
	ReviewedBy  *string `json:"reviewedBy"`
	ReviewNotes *string `json:"reviewNotes"`
	ReviewedAt  *string `json:"reviewedAt"`
}

// TestKYCScreen: what /kyc relies on (issue 16, part 4). Each submission gets the risk level of
// domain.KYCRisk, including an earlier application whose national ID or phone number a later one
// reuses; ?risk= and ?q= select exactly their applications; rejecting needs a reason (400 and
// nothing written without one) and the decision names its reviewer; the standing of one
// institution counts its applications per status with the approval rate, within the reader's
// scope; bad filters are 400s naming the parameter.
func TestKYCScreen(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		instA, instB := e.mustPSP("alpha"), e.mustPSP("bravo")
		officer := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, func(u *domain.User) { u.FirstName, u.LastName = "Amina", "Warsame" })
		staffA := e.mustUser("a@alpha.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = instA })
		staffB := e.mustUser("b@bravo.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = instB })
		tokO, tokA, tokB := e.token(officer), e.token(staffA), e.token(staffB)

		submit := func(tok, name, nationalID, phone, doc string, pep bool) screenKYC {
			t.Helper()
			body := map[string]any{"fullName": name, "nationalId": nationalID, "phoneNumber": phone, "email": "k@mail.so",
				"address": "Jigjiga Yar, Hargeisa", "documentType": doc, "documentNumber": "DOC-" + nationalID, "pep": pep}
			res := e.do(nil, "POST", "/api/kyc", body, "Authorization", "Bearer "+tok)
			var k screenKYC
			if err := json.Unmarshal(res.body, &k); res.status != 201 || err != nil {
				t.Fatalf("submit %s: %d %s", name, res.status, res.body)
			}
			return k
		}
		// Through A: one clean, one reusing its national ID, one driver's license, one PEP. Through
		// B: one sharing the driver's license holder's phone, one clean passport.
		first := submit(tokA, "Hodan Ali", "SL10000001", "+252634000001", "national_id", false)
		reuse := submit(tokA, "Hodan Cali", "SL10000001", "+252634000002", "passport", false)
		licence := submit(tokA, "Ayaan Duale", "SL10000003", "+252634000003", "drivers_license", false)
		pep := submit(tokA, "Mohamed Abdi", "SL10000004", "+252634000004", "passport", true)
		phone := submit(tokB, "Nimco Hirsi", "SL10000005", "+252634000003", "passport", false)
		clean := submit(tokB, "Sahra 100%_Jama", "SL10000006", "+252634000006", "passport", false)
		for _, c := range []struct {
			k    screenKYC
			want string
		}{{first, "low"}, {reuse, "high"}, {licence, "medium"}, {pep, "high"}, {phone, "medium"}, {clean, "low"}} {
			if c.k.Risk != c.want {
				t.Errorf("%s submitted as %s, want %s", c.k.FullName, c.k.Risk, c.want)
			}
		}
		// The earlier holders of a reused national ID and phone number were raised with it.
		want := map[string]string{first.ID: "high", reuse.ID: "high", licence.ID: "high", pep.ID: "high", phone.ID: "medium", clean.ID: "low"}
		all, _ := listPage[screenKYC](t, e, tokO, "/api/kyc-applications", "")
		for _, k := range all {
			if k.Risk != want[k.ID] {
				t.Errorf("%s listed as %s, want %s", k.FullName, k.Risk, want[k.ID])
			}
		}
		if n := e.auditCount("kyc.submit"); n != 6 {
			t.Errorf("%d submission audit rows, want 6", n)
		}

		ids := func(tok, query string) []string {
			t.Helper()
			list, res := listPage[screenKYC](t, e, tok, "/api/kyc-applications", query)
			out := []string{}
			for _, k := range list {
				out = append(out, k.ID)
			}
			if total := res.header.Get("X-Total-Count"); total != strconv.Itoa(len(out)) {
				t.Errorf("%s: X-Total-Count %q for %d applications", query, total, len(out))
			}
			slices.Sort(out)
			return out
		}
		sorted := func(s ...string) []string { slices.Sort(s); return s }
		for _, c := range []struct {
			who, tok, query string
			want            []string
		}{
			{"officer", tokO, "risk=high", sorted(first.ID, reuse.ID, licence.ID, pep.ID)},
			{"officer", tokO, "risk=medium", sorted(phone.ID)},
			{"officer", tokO, "risk=low", sorted(clean.ID)},
			{"officer", tokO, "risk=high&institution=" + instB, []string{}},
			{"officer", tokO, "risk=all&institution=" + instB, sorted(phone.ID, clean.ID)},
			{"staff of B", tokB, "risk=high", []string{}},
			{"officer", tokO, "q=hodan", sorted(first.ID, reuse.ID)},
			{"officer", tokO, "q=" + url.QueryEscape(" HODAN C "), sorted(reuse.ID)},
			{"officer", tokO, "q=SL10000001", sorted(first.ID, reuse.ID)},
			{"officer", tokO, "q=%2B252634000003", sorted(licence.ID, phone.ID)},
			{"officer", tokO, "q=DOC-SL10000004", sorted(pep.ID)},
			{"officer", tokO, "q=SL1000000", []string{}}, // an identity number matches whole, never in part
			{"officer", tokO, "q=" + url.QueryEscape("100%_"), sorted(clean.ID)},
			{"officer", tokO, "q=" + url.QueryEscape("%"), sorted(clean.ID)}, // wildcards are literal
			{"staff of A", tokA, "q=Nimco", []string{}},
		} {
			if got := ids(c.tok, c.query); !slices.Equal(got, c.want) {
				t.Errorf("%s, %s: %v, want %v", c.who, c.query, got, c.want)
			}
		}

		// Rejecting: no reason (or only blanks) is a 400 that writes nothing.
		review := "/api/kyc-applications/" + reuse.ID + "/review"
		for _, body := range []map[string]any{{"decision": "reject"}, {"decision": "reject", "notes": "   "}} {
			res := e.do(nil, "PATCH", review, body, "Authorization", "Bearer "+tokO)
			fields, _ := res.json(t)["fields"].(map[string]any)
			if res.status != 400 || fields["notes"] == nil {
				t.Errorf("reject with %v: %d %s, want 400 naming notes", body, res.status, res.body)
			}
		}
		if e.auditCount("kyc.reject") != 0 || len(ids(tokO, "status=non_compliant")) != 0 {
			t.Fatal("a refused rejection wrote something")
		}
		res := e.do(nil, "PATCH", review, map[string]any{"decision": "reject", "notes": "National ID used by another applicant."},
			"Authorization", "Bearer "+tokO)
		var rejected screenKYC
		if err := json.Unmarshal(res.body, &rejected); res.status != 200 || err != nil || rejected.Status != "non_compliant" ||
			rejected.ReviewedBy == nil || *rejected.ReviewedBy != "Amina Warsame" || rejected.ReviewedAt == nil {
			t.Fatalf("reject with a reason: %d %s", res.status, res.body)
		}
		if got := ids(tokO, "status=non_compliant"); !slices.Equal(got, []string{reuse.ID}) || e.auditCount("kyc.reject") != 1 {
			t.Errorf("after rejecting: non-compliant %v, %d audit rows", got, e.auditCount("kyc.reject"))
		}
		if res := e.do(nil, "PATCH", "/api/kyc-applications/"+first.ID+"/review", map[string]any{"decision": "approve"},
			"Authorization", "Bearer "+tokO); res.status != 200 {
			t.Fatalf("approve without notes: %d %s", res.status, res.body)
		}
		// Staff read their institution's decisions with the reviewer, the identity masked.
		staffView, _ := listPage[screenKYC](t, e, tokA, "/api/kyc-applications", "status=non_compliant")
		if len(staffView) != 1 || staffView[0].NationalID != domain.MaskID("SL10000001") || staffView[0].ReviewedBy == nil {
			t.Errorf("staff of A read the rejection as %+v", staffView)
		}

		// The standing of one institution, from the server.
		type standing struct {
			Total, Compliant, AwaitingReview, ComplianceRate, Decided, ApprovalRate int
			ByStatus                                                                map[string]int
		}
		summary := func(tok, query string) standing {
			t.Helper()
			res := e.do(nil, "GET", "/api/kyc-applications/summary?"+query, nil, "Authorization", "Bearer "+tok)
			var s standing
			if err := json.Unmarshal(res.body, &s); res.status != 200 || err != nil {
				t.Fatalf("summary %s: %d %s", query, res.status, res.body)
			}
			return s
		}
		statusCounts := func(underReview, compliant, nonCompliant int) map[string]int {
			return map[string]int{"under_review": underReview, "pending": 0, "compliant": compliant, "non_compliant": nonCompliant}
		}
		for _, c := range []struct {
			who, tok, query string
			want            standing
		}{
			{"officer", tokO, "institution=" + instA, standing{4, 1, 2, 25, 2, 50, statusCounts(2, 1, 1)}},
			{"officer", tokO, "institution=" + instB, standing{2, 0, 2, 0, 0, 0, statusCounts(2, 0, 0)}},
			{"officer", tokO, "", standing{6, 1, 4, 17, 2, 50, statusCounts(4, 1, 1)}},
			{"staff of A", tokA, "", standing{4, 1, 2, 25, 2, 50, statusCounts(2, 1, 1)}},
			{"staff of B asking for A", tokB, "institution=" + instA, standing{0, 0, 0, 0, 0, 0, statusCounts(0, 0, 0)}},
		} {
			got := summary(c.tok, c.query)
			if got.Total != c.want.Total || got.Compliant != c.want.Compliant || got.AwaitingReview != c.want.AwaitingReview ||
				got.ComplianceRate != c.want.ComplianceRate || got.Decided != c.want.Decided || got.ApprovalRate != c.want.ApprovalRate ||
				!maps.Equal(got.ByStatus, c.want.ByStatus) {
				t.Errorf("%s, summary %s: %+v, want %+v", c.who, c.query, got, c.want)
			}
		}

		for _, bad := range []struct{ path, query, field string }{
			{"/api/kyc-applications", "risk=critical", "risk"},
			{"/api/kyc-applications", "q=" + url.QueryEscape(strings.Repeat("x", 101)), "q"},
			{"/api/kyc-applications/summary", "institution=alpha", "institution"},
			{"/api/kyc-applications/summary", "status=compliant", "status"},
		} {
			wantBadQuery(t, e, tokO, bad.path, bad.query, bad.field)
		}
	})
}
