package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

func (e *testEnv) mustPSP(name string) string {
	e.t.Helper()
	var id string
	err := e.store.Write(context.Background(), func(tx *store.Tx) error {
		in := &store.Institution{Kind: "psp", Name: name, LicenseNumber: "CB-" + strings.ToUpper(name)}
		err := tx.InsertInstitution(context.Background(), in)
		id = in.ID
		return err
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return id
}

func TestBatchFeed(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		psp, other := e.mustPSP("premium"), e.mustPSP("dahab")
		staff := e.mustUser("staff@example.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = psp })
		officer := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		tok := e.token(staff)
		item := func(ext, amount, sender string, at time.Time) string {
			return fmt.Sprintf(`{"externalId":%q,"amount":%q,"currency":"USD","senderNumber":%q,"receiverNumber":"+252 64 7654321","createdAt":%q}`,
				ext, amount, sender, at.UTC().Format(time.RFC3339))
		}
		now := time.Now()
		// A structuring pattern: three transfers just under the large-value line within hours.
		lines := []string{
			item("P-1", "9400.00", "+252 65 1111111", now.Add(-3*time.Hour)),
			item("P-2", "9350.50", "+252 65 1111111", now.Add(-2*time.Hour)),
			item("P-3", "9600.75", "+252 65 1111111", now.Add(-time.Hour)),
			item("P-1", "9400.00", "+252 65 1111111", now.Add(-3*time.Hour)), // repeated within the batch
			`{"externalId":"P-4","amount":"-3","currency":"EUR","senderNumber":"x","receiverNumber":"+252 64 7654321"}`,
			fmt.Sprintf(`{"externalId":"P-5","amount":"10","currency":"USD","senderNumber":"+252 65 2222222","receiverNumber":"12345","institutionId":%q}`, other),
		}
		res := e.do(nil, "POST", "/api/transactions/batch", strings.Join(lines, "\n"), "Authorization", "Bearer "+tok,
			"Content-Type", "application/x-ndjson")
		var ans batchAnswer
		if err := json.Unmarshal(res.body, &ans); err != nil || res.status != 200 {
			t.Fatalf("batch: %d %s", res.status, res.body)
		}
		if ans.Summary["created"] != 3 || ans.Summary["duplicate"] != 1 || ans.Summary["rejected"] != 2 {
			t.Fatalf("summary %v: %+v", ans.Summary, ans.Results)
		}
		if r := ans.Results[2]; r.RiskLevel != "high" {
			t.Fatalf("third structured transfer: %+v", r)
		}
		if e4 := ans.Results[4].Errors; e4["amount"] == "" || e4["currency"] == "" || e4["senderNumber"] == "" {
			t.Fatalf("item errors %v", e4)
		}
		if ans.Results[5].Errors["institutionId"] == "" {
			t.Fatalf("staff reported for another institution: %+v", ans.Results[5])
		}
		detail := e.do(nil, "GET", "/api/transactions/"+ans.Results[2].ID, nil, "Authorization", "Bearer "+e.token(officer)).json(t)
		if !strings.Contains(fmt.Sprint(detail["amlRules"]), domain.RuleStructuring) {
			t.Fatalf("detail does not show the rule: %v", detail["amlRules"])
		}
		// Replaying the feed creates nothing.
		res = e.do(nil, "POST", "/api/transactions/batch", "["+strings.Join(lines[:3], ",")+"]", "Authorization", "Bearer "+tok)
		json.Unmarshal(res.body, &ans)
		if ans.Summary["duplicate"] != 3 || ans.Summary["created"] != 0 {
			t.Fatalf("replay: %v", ans.Summary)
		}
		// A regulator names the institution; an unknown one is refused per item.
		reg := fmt.Sprintf(`[{"externalId":"R-1","amount":"5","currency":"SHS","senderNumber":"G1234567","receiverNumber":"1234567","institutionId":%q},
			{"externalId":"R-2","amount":"5","currency":"SHS","senderNumber":"G1234567","receiverNumber":"1234567","institutionId":%q}]`, other, store.NewID())
		res = e.do(nil, "POST", "/api/transactions/batch", reg, "Authorization", "Bearer "+e.token(officer))
		json.Unmarshal(res.body, &ans)
		if ans.Summary["created"] != 1 || ans.Summary["rejected"] != 1 {
			t.Fatalf("regulator batch: %s", res.body)
		}
		if n := e.auditCount("transaction.batch"); n != 3 {
			t.Fatalf("batch audit rows %d", n)
		}
	})
}

func TestBatchRefusals(t *testing.T) {
	e := newEnv(t, storetest.Backends()[0], nil)
	psp := e.mustPSP("premium")
	tok := e.token(e.mustUser("staff@example.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = psp }))
	auth := []string{"Authorization", "Bearer " + tok}
	one := `{"externalId":"X","amount":"1","currency":"USD","senderNumber":"1234567","receiverNumber":"7654321"}`
	tooMany := "[" + strings.TrimSuffix(strings.Repeat(one+",", maxBatchItems+1), ",") + "]"
	for name, c := range map[string]struct {
		body, ct string
		status   int
	}{
		"empty":         {"[]", "application/json", 400},
		"not an array":  {one, "application/json", 400},
		"unknown field": {`[{"externalId":"X","hack":1}]`, "application/json", 400},
		"bad ndjson":    {one + "\n{oops", "application/x-ndjson", 400},
		"csv":           {"a,b", "text/csv", 415},
		"too many":      {tooMany, "application/json", 413},
	} {
		if res := e.do(nil, "POST", "/api/transactions/batch", c.body, append(auth, "Content-Type", c.ct)...); res.status != c.status {
			t.Errorf("%s: %d %s, want %d", name, res.status, truncateForLog(res.body), c.status)
		}
	}
}

func truncateForLog(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "…"
	}
	return string(b)
}
