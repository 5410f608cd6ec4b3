package httpapi

import (
	"context"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// domesticList is the sanctions package's fictional domestic list (four entries).
func domesticList(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../sanctions/testdata/domestic.csv")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// screenedTransfer is a transfer whose recipient has a name.
func screenedTransfer(recipient string) map[string]any {
	b := transferBody("40.00")
	b["senderName"], b["recipientName"] = "Sahra Jaamac Nuur", recipient
	return b
}

// matchesOf returns the review items (status: open, confirmed, false_positive or all).
func (e *testEnv) matchesOf(c *http.Client, status string) []map[string]any {
	e.t.Helper()
	res := e.do(c, "GET", "/api/sanctions/matches?status="+status, nil)
	if res.status != http.StatusOK {
		e.t.Fatalf("matches: %d %s", res.status, res.body)
	}
	items, _ := res.json(e.t)["items"].([]any)
	out := make([]map[string]any, len(items))
	for i, it := range items {
		out[i] = it.(map[string]any)
	}
	return out
}

// TestSanctionsScreening walks the flow on both databases: an administrator imports the domestic
// list (others may not; a bad file changes nothing), a transfer to a listed name is held with a
// critical alert explaining the match, a possible match is a review item without a hold, a
// non-match is neither; a false-positive decision releases the hold and is remembered until the
// entry changes in a re-import; KYC submissions are screened too.
func TestSanctionsScreening(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		e.mustUser("admin@cbs.so", domain.RoleCBSLAdmin, nil)
		e.mustUser("officer@cbs.so", domain.RoleCBSLOfficer, nil)
		pspID := e.mustPSP("premium")
		e.mustUser("psp@example.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = pspID })
		e.mustUser("amina@example.so", domain.RoleCitizen, nil)
		admin, officer, psp, citizen := e.client(), e.client(), e.client(), e.client()
		e.signIn(admin, "admin@cbs.so")
		e.signIn(officer, "officer@cbs.so")
		e.signIn(psp, "psp@example.so")
		e.signIn(citizen, "amina@example.so")
		list := domesticList(t)

		// Only an administrator imports; a malformed or empty file is refused with its line.
		for _, c := range []*http.Client{officer, psp, citizen} {
			if res := e.do(c, "POST", "/api/sanctions/lists/domestic", list, "Content-Type", "text/csv"); res.status != http.StatusForbidden {
				t.Fatalf("import by a non-administrator: %d %s", res.status, res.body)
			}
		}
		res := e.do(admin, "POST", "/api/sanctions/lists/domestic?fileName=domestic.csv", list, "Content-Type", "text/csv")
		if res.status != http.StatusCreated {
			t.Fatalf("import: %d %s", res.status, res.body)
		}
		v1 := res.json(t)
		if v1["version"] != 1.0 || v1["added"] != 4.0 || v1["entries"] != 4.0 || v1["inForce"] != true || v1["importedBy"] != "admin@cbs.so" {
			t.Fatalf("version 1: %v", v1)
		}
		for body, want := range map[string]string{
			"ref,kind,name\nX,individual,Y\n":       "line 1",
			strings.SplitN(list, "\n", 2)[0] + "\n": "no entries",
			list + "CBS-9,robot,Someone,,,,,\n":     "line 6",
		} {
			res := e.do(admin, "POST", "/api/sanctions/lists/domestic", body, "Content-Type", "text/csv")
			if res.status != http.StatusBadRequest || !strings.Contains(string(res.body), want) {
				t.Fatalf("bad list %q: %d %s", body, res.status, res.body)
			}
		}
		if res := e.do(admin, "POST", "/api/sanctions/lists/ofac", list, "Content-Type", "text/csv"); res.status != http.StatusBadRequest {
			t.Fatalf("unknown list: %d %s", res.status, res.body)
		}
		if res := e.do(admin, "POST", "/api/sanctions/lists/domestic", list, "Content-Type", "text/plain"); res.status != http.StatusUnsupportedMediaType {
			t.Fatalf("a form's content type: %d %s", res.status, res.body)
		}
		if n := e.auditCount("sanctions.import"); n != 1 {
			t.Fatalf("import audit rows: %d", n)
		}
		un, err := os.ReadFile("../sanctions/testdata/un_consolidated.xml")
		if err != nil {
			t.Fatal(err)
		}
		if res := e.do(admin, "POST", "/api/sanctions/lists/un", string(un), "Content-Type", "application/xml"); res.status != http.StatusCreated || res.json(t)["list"] != "un" {
			t.Fatalf("UN list: %d %s", res.status, res.body)
		}

		// A strong match holds the transfer and raises a critical alert explaining it.
		res = e.do(citizen, "POST", "/api/transfer", screenedTransfer("Abdirahman Mohamud Farah"))
		if res.status != http.StatusCreated || res.json(t)["status"] != "pending" {
			t.Fatalf("transfer to a listed name: %d %s", res.status, res.body)
		}
		held := res.json(t)
		// A possible match (a part left out) is a review item; the transfer completes.
		res = e.do(citizen, "POST", "/api/transfer", screenedTransfer("Xaawo Ciise"))
		if res.status != http.StatusCreated || res.json(t)["status"] != "completed" {
			t.Fatalf("transfer to a possible match: %d %s", res.status, res.body)
		}
		// A name on no list: nothing.
		res = e.do(citizen, "POST", "/api/transfer", screenedTransfer("Ahmed Ali Jama"))
		if res.status != http.StatusCreated || res.json(t)["status"] != "completed" {
			t.Fatalf("transfer to another name: %d %s", res.status, res.body)
		}
		if res := e.do(citizen, "POST", "/api/transfer", screenedTransfer(strings.Repeat("x", 201))); res.status != http.StatusBadRequest {
			t.Fatalf("overlong name: %d %s", res.status, res.body)
		}

		// Only regulators see the queue.
		for _, c := range []*http.Client{psp, citizen} {
			if res := e.do(c, "GET", "/api/sanctions/matches", nil); res.status != http.StatusForbidden {
				t.Fatalf("queue read by an institution: %d %s", res.status, res.body)
			}
		}
		open := e.matchesOf(officer, "open")
		if len(open) != 2 {
			t.Fatalf("open matches: %v", open)
		}
		strong, possible := open[0], open[1]
		if strong["strength"] != "strong" || strong["held"] != true || strong["ref"] != "CBS-2024-001" ||
			strong["subjectRef"] != held["transactionId"] || strong["subjectStatus"] != "pending" || strong["party"] != "recipient" {
			t.Fatalf("strong match: %v", strong)
		}
		// The transaction's own matches, for its detail panel: regulators only; an unknown id is a 404.
		txPath := "/api/transactions/" + strong["subjectId"].(string) + "/sanctions"
		if res := e.do(officer, "GET", txPath, nil); res.status != http.StatusOK {
			t.Fatalf("matches of the held transaction: %d %s", res.status, res.body)
		} else if items, _ := res.json(t)["items"].([]any); len(items) != 1 || items[0].(map[string]any)["id"] != strong["id"] {
			t.Fatalf("matches of the held transaction: %s", res.body)
		}
		for _, c := range []*http.Client{psp, citizen} {
			if res := e.do(c, "GET", txPath, nil); res.status != http.StatusForbidden {
				t.Fatalf("transaction matches read by an institution: %d %s", res.status, res.body)
			}
		}
		if res := e.do(officer, "GET", "/api/transactions/no-such-id/sanctions", nil); res.status != http.StatusNotFound {
			t.Fatalf("matches of an unknown transaction: %d %s", res.status, res.body)
		}
		expl, _ := strong["explanation"].(map[string]any)
		if toks, _ := expl["tokens"].([]any); len(toks) != 3 || expl["alias"] != "Cabdiraxmaan Maxamuud Faarax" {
			t.Fatalf("explanation: %v", expl)
		}
		if possible["strength"] != "possible" || possible["held"] != false || possible["ref"] != "CBS-2024-002" || possible["alertId"] != "" {
			t.Fatalf("possible match: %v", possible)
		}
		alerts := e.do(officer, "GET", "/api/alerts", nil).jsonList(t)
		found := false
		for _, a := range alerts {
			if a["id"] == strong["alertId"] {
				found = a["code"] == domain.AlertSanctionsMatch && a["severity"] == "critical" &&
					strings.Contains(a["description"].(string), "CBS-2024-001")
			}
		}
		if !found {
			t.Fatalf("no critical sanctions alert %v in %v", strong["alertId"], alerts)
		}

		// A decision needs a reason; a false positive releases the hold, once.
		id := strong["id"].(string)
		path := "/api/sanctions/matches/" + id + "/decision"
		if res := e.do(officer, "POST", path, map[string]string{"decision": "false_positive"}); res.status != http.StatusBadRequest {
			t.Fatalf("decision without a reason: %d %s", res.status, res.body)
		}
		if res := e.do(psp, "POST", path, map[string]string{"decision": "false_positive", "reason": "x"}); res.status != http.StatusForbidden {
			t.Fatalf("decision by an institution: %d %s", res.status, res.body)
		}
		res = e.do(officer, "POST", path, map[string]string{"decision": "false_positive", "reason": "Customer born 2001, different father"})
		if res.status != http.StatusOK || res.json(t)["status"] != "false_positive" || res.json(t)["subjectStatus"] != "completed" {
			t.Fatalf("false positive: %d %s", res.status, res.body)
		}
		if res := e.do(officer, "POST", path, map[string]string{"decision": "confirmed", "reason": "again"}); res.status != http.StatusConflict {
			t.Fatalf("second decision: %d %s", res.status, res.body)
		}
		if res := e.do(officer, "POST", "/api/sanctions/matches/01a20d82-0000-7000-8000-000000000000/decision",
			map[string]string{"decision": "confirmed", "reason": "x"}); res.status != http.StatusNotFound {
			t.Fatalf("unknown match: %d %s", res.status, res.body)
		}
		if n := e.auditCount("sanctions.decide"); n != 1 {
			t.Fatalf("decision audit rows: %d", n)
		}
		// The dismissed pair is remembered, in another spelling and order too.
		res = e.do(citizen, "POST", "/api/transfer", screenedTransfer("Cabdiraxmaan Faarax Maxamuud"))
		if res.status != http.StatusCreated || res.json(t)["status"] != "completed" {
			t.Fatalf("remembered false positive: %d %s", res.status, res.body)
		}

		// A re-import that changes the entry: the diff says so, and the pair is screened again.
		changed := strings.Replace(list, "Fictional: fraud ring organiser", "Fictional: fraud ring organiser; re-listed", 1)
		res = e.do(admin, "POST", "/api/sanctions/lists/domestic", changed, "Content-Type", "text/csv")
		v2 := res.json(t)
		if res.status != http.StatusCreated || v2["version"] != 2.0 || v2["changed"] != 1.0 || v2["added"] != 0.0 || v2["removed"] != 0.0 {
			t.Fatalf("re-import: %d %s", res.status, res.body)
		}
		detail := e.do(officer, "GET", "/api/sanctions/versions/"+v2["id"].(string), nil).json(t)
		if cs, _ := detail["changes"].([]any); len(cs) != 1 || cs[0].(map[string]any)["ref"] != "CBS-2024-001" || cs[0].(map[string]any)["change"] != "changed" {
			t.Fatalf("changes: %v", detail)
		}
		versions := e.do(officer, "GET", "/api/sanctions/versions", nil).json(t)["items"].([]any)
		if len(versions) != 3 || versions[0].(map[string]any)["inForce"] != true || versions[2].(map[string]any)["inForce"] != false {
			t.Fatalf("versions: %v", versions)
		}
		res = e.do(citizen, "POST", "/api/transfer", screenedTransfer("Abdirahman Mohamud Farah"))
		if res.status != http.StatusCreated || res.json(t)["status"] != "pending" {
			t.Fatalf("after the entry changed: %d %s", res.status, res.body)
		}
		// Confirming keeps the hold.
		again := e.matchesOf(officer, "open")[0]
		res = e.do(officer, "POST", "/api/sanctions/matches/"+again["id"].(string)+"/decision",
			map[string]string{"decision": "confirmed", "reason": "Same person: date of birth checked"})
		if res.status != http.StatusOK || res.json(t)["subjectStatus"] != "pending" {
			t.Fatalf("confirmed: %d %s", res.status, res.body)
		}

		// Closing the alert as a false positive in the alert queue decides the match the same way.
		res = e.do(citizen, "POST", "/api/transfer", screenedTransfer("Yasin Hirsi Ahmed"))
		if res.status != http.StatusCreated || res.json(t)["status"] != "pending" {
			t.Fatalf("second listed name: %d %s", res.status, res.body)
		}
		third := e.matchesOf(officer, "open")[0]
		res = e.do(officer, "POST", "/api/alerts/"+third["alertId"].(string)+"/actions",
			map[string]string{"action": "close", "outcome": "false_positive", "note": "Namesake, checked by phone"})
		if res.status != http.StatusOK {
			t.Fatalf("close alert: %d %s", res.status, res.body)
		}
		for _, m := range e.matchesOf(officer, "all") {
			if m["id"] == third["id"] && (m["status"] != "false_positive" || m["subjectStatus"] != "completed" || m["reason"] != "Namesake, checked by phone") {
				t.Fatalf("match after the alert was closed: %v", m)
			}
		}

		// KYC submissions are screened: the applicant's name is a review item.
		kyc := kycBody()
		kyc["fullName"] = "Hawa Omar Isse"
		if res := e.do(psp, "POST", "/api/kyc", kyc); res.status != http.StatusCreated {
			t.Fatalf("kyc: %d %s", res.status, res.body)
		}
		var kycMatch map[string]any
		for _, m := range e.matchesOf(officer, "all") {
			if m["subjectType"] == "kyc" {
				kycMatch = m
			}
		}
		if kycMatch == nil || kycMatch["ref"] != "CBS-2024-002" || kycMatch["party"] != "applicant" {
			t.Fatalf("kyc match: %v", e.matchesOf(officer, "all"))
		}

		// Licence applications are screened: the institution's name (an entity) and the contact person.
		app := validApplication("PSP-SANC-1")
		app["institutionName"], app["contactPerson"] = "Xoodan Fake Traders", "Xaawo Cumar Ciise"
		if res := e.do(citizen, "POST", "/api/institution-applications", app); res.status != http.StatusCreated {
			t.Fatalf("application: %d %s", res.status, res.body)
		}
		parties := map[string]string{}
		for _, m := range e.matchesOf(officer, "all") {
			if m["subjectType"] == "application" {
				parties[m["party"].(string)] = m["ref"].(string)
			}
		}
		if parties["institution"] != "CBS-2024-003" || parties["contact"] != "CBS-2024-002" {
			t.Fatalf("application matches: %v", parties)
		}

		// An officer checks a name by hand.
		res = e.do(officer, "GET", "/api/sanctions/search?name=Maxamed%20Yaasiin", nil)
		if res.status != http.StatusOK {
			t.Fatalf("search: %d %s", res.status, res.body)
		}
		if res := e.do(officer, "GET", "/api/sanctions/search", nil); res.status != http.StatusBadRequest {
			t.Fatalf("search without a name: %d %s", res.status, res.body)
		}
		if res := e.do(officer, "GET", "/api/sanctions/matches?status=maybe", nil); res.status != http.StatusBadRequest {
			t.Fatalf("bad status: %d %s", res.status, res.body)
		}
	})
}

// TestSanctionsBatchAndInstances: a version imported on one instance is in force on another (within
// its recheck interval), and a data feed's items are screened and held like transfers.
func TestSanctionsBatchAndInstances(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		url := b.URL(t)
		a := newEnvAt(t, url, testHasher, nil)
		other := newEnvAt(t, url, testHasher, func(o *Options) { o.Sanctions.RecheckEvery = time.Millisecond })
		a.mustUser("admin@cbs.so", domain.RoleCBSLAdmin, nil)
		psp := a.mustPSP("premium")
		admin := a.client()
		a.signIn(admin, "admin@cbs.so")
		// The other instance has screened once with no list loaded.
		if _, err := other.server.screen.Screen(context.Background()); err != nil {
			t.Fatal(err)
		}
		if res := a.do(admin, "POST", "/api/sanctions/lists/domestic", domesticList(t), "Content-Type", "text/csv"); res.status != http.StatusCreated {
			t.Fatalf("import: %d %s", res.status, res.body)
		}
		time.Sleep(5 * time.Millisecond)
		c := other.client()
		other.signIn(c, "admin@cbs.so")
		items := []map[string]any{
			{"externalId": "e1", "amount": "10.00", "currency": "USD", "status": "completed", "type": "transfer", "transferMode": "online",
				"senderNumber": "+252 61 5550001", "receiverNumber": "+252 61 5550002", "senderName": "Yasin Hirsi Ahmed",
				"recipientName": "Sahra Nuur", "institutionId": psp},
			{"externalId": "e2", "amount": "10.00", "currency": "USD", "status": "completed", "type": "transfer", "transferMode": "online",
				"senderNumber": "+252 61 5550003", "receiverNumber": "+252 61 5550004", "senderName": "Ali Warsame",
				"recipientName": "Sahra Nuur", "institutionId": psp},
		}
		res := other.do(c, "POST", "/api/transactions/batch", items)
		if res.status != http.StatusOK {
			t.Fatalf("batch: %d %s", res.status, res.body)
		}
		ms := other.matchesOf(c, "open")
		if len(ms) != 1 || ms[0]["ref"] != "CBS-2025-004" || ms[0]["party"] != "sender" || ms[0]["subjectStatus"] != "pending" {
			t.Fatalf("batch matches: %v (%s)", ms, res.body)
		}
	})
}
