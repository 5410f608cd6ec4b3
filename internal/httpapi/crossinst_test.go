package httpapi

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// TestNoCrossInstitutionRead: a rogue institution's staff (psp_admin of A) cannot read what
// institution B reported or raised: not B's transactions by id, list, search, export or
// analytics, not B's alerts by list, id or mark-as-read, not the KYC B's staff submitted.
// The attack was tried in the audit of issue 14 and held; this keeps it proven on both databases.
func TestNoCrossInstitutionRead(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		instA, instB := e.mustPSP("alpha"), e.mustPSP("bravo")
		staffA := e.mustUser("a@alpha.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = instA })
		staffB := e.mustUser("b@bravo.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = instB })
		officer := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		tokA, tokB, tokO := e.token(staffA), e.token(staffB), e.token(officer)

		// Each institution reports a structuring pattern, which scores high and raises alerts.
		feed := func(tok, prefix string) []batchResult {
			now := time.Now().UTC()
			var lines []string
			for i, amount := range []string{"9400.00", "9350.50", "9600.75"} {
				lines = append(lines, fmt.Sprintf(`{"externalId":"%s-%d","amount":%q,"currency":"USD","senderNumber":"+252 65 %s","receiverNumber":"+252 64 7654321","createdAt":%q}`,
					prefix, i, amount, map[string]string{"A": "1111111", "B": "2222222"}[prefix], now.Add(time.Duration(i-3)*time.Hour).Format(time.RFC3339)))
			}
			res := e.do(nil, "POST", "/api/transactions/batch", strings.Join(lines, "\n"), "Authorization", "Bearer "+tok, "Content-Type", "application/x-ndjson")
			var ans batchAnswer
			if err := json.Unmarshal(res.body, &ans); err != nil || ans.Summary["created"] != 3 {
				t.Fatalf("feed %s: %d %s", prefix, res.status, res.body)
			}
			return ans.Results
		}
		feed(tokA, "A")
		fromB := feed(tokB, "B")
		kyc, err := os.ReadFile("../../testdata/kyc.json")
		if err != nil {
			t.Fatal(err)
		}
		var kycVectors struct {
			Valid map[string]any `json:"valid"`
		}
		json.Unmarshal(kyc, &kycVectors)
		if res := e.do(nil, "POST", "/api/kyc", kycVectors.Valid, "Authorization", "Bearer "+tokB); res.status != 201 {
			t.Fatalf("KYC of B: %d %s", res.status, res.body)
		}

		// What B owns, as the regulator sees it.
		var alerts []map[string]any
		json.Unmarshal(e.do(nil, "GET", "/api/alerts", nil, "Authorization", "Bearer "+tokO).body, &alerts)
		var alertsOfB []string
		for _, a := range alerts {
			if a["institutionId"] == instB {
				alertsOfB = append(alertsOfB, a["id"].(string))
			}
		}
		if len(alertsOfB) == 0 {
			t.Fatalf("no alert raised for B: %v", alerts)
		}
		var secretsOfB []string // texts that must never reach A
		for _, r := range fromB {
			secretsOfB = append(secretsOfB, r.ID, r.TransactionID)
		}
		secretsOfB = append(secretsOfB, "2222222", "252652222222", kycVectors.Valid["nationalId"].(string), instB)
		secretsOfB = append(secretsOfB, alertsOfB...)

		leaks := func(what string, body []byte) {
			t.Helper()
			for _, s := range secretsOfB {
				if strings.Contains(string(body), s) {
					t.Errorf("%s shows A's staff %q of institution B: %.300s", what, s, body)
				}
			}
		}
		as := []string{"Authorization", "Bearer " + tokA}
		for _, r := range fromB {
			if res := e.do(nil, "GET", "/api/transactions/"+r.ID, nil, as...); res.status != 404 {
				t.Errorf("A read B's transaction %s: %d", r.ID, res.status)
			}
			res := e.do(nil, "GET", "/api/transactions/search?search="+url.QueryEscape(r.TransactionID), nil, as...)
			if res.status != 200 || res.header.Get("X-Total-Count") != "0" {
				t.Errorf("A's search for B's %s: %d count %q", r.TransactionID, res.status, res.header.Get("X-Total-Count"))
			}
			leaks("search", res.body)
		}
		for _, id := range alertsOfB {
			for _, m := range []string{"GET", "PATCH"} {
				path := "/api/alerts/" + id
				if m == "PATCH" {
					path += "/read"
				}
				if res := e.do(nil, m, path, nil, as...); res.status != 404 && res.status != 403 {
					t.Errorf("A %s %s: %d %s", m, path, res.status, res.body)
				}
			}
		}
		for _, path := range []string{"/api/transactions?limit=200", "/api/transactions/search?limit=200&currency=USD",
			"/api/transactions/export", "/api/alerts", "/api/kyc", "/api/kyc-applications", "/api/analytics",
			"/api/analytics?institutionId=" + instB, "/api/analytics/export?section=topInstitutions", "/api/compliance-reports"} {
			res := e.do(nil, "GET", path, nil, as...)
			if res.status >= 500 {
				t.Errorf("%s: %d", path, res.status)
			}
			leaks(path, res.body)
		}
		// And B, for contrast, does see its own transactions (the test would pass vacuously
		// if nothing were visible to anyone).
		res := e.do(nil, "GET", "/api/transactions/"+fromB[0].ID, nil, "Authorization", "Bearer "+tokB)
		if res.status != 200 || !strings.Contains(string(res.body), fromB[0].TransactionID) {
			t.Fatalf("B cannot read its own transaction: %d", res.status)
		}
		for _, path := range []string{"/api/transactions/export", "/api/transactions?limit=200", "/api/alerts"} {
			if res := e.do(nil, "GET", path, nil, "Authorization", "Bearer "+tokO); !strings.Contains(string(res.body), map[bool]string{true: alertsOfB[0], false: fromB[0].TransactionID}[path == "/api/alerts"]) {
				t.Fatalf("the regulator does not see B's data in %s, so the leak check proves nothing", path)
			}
		}
		if res := e.do(nil, "GET", "/api/transactions/search?limit=200", nil, as...); res.header.Get("X-Total-Count") != "3" {
			t.Fatalf("A sees %s transactions, want its own 3", res.header.Get("X-Total-Count"))
		}
	})
}
