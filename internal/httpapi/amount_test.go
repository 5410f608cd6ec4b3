package httpapi

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// looseAmounts are finding 6's amounts, once read as 16, 5, 15, 1000 and 16, with their
// neighbours: other bases, separators, exponents, signs, spaces and leading zeros.
var looseAmounts = []string{"0x10", "0b101", "0o17", "1_000", "0x1p4",
	"0X10", "1e3", "+5", " 5", "5 ", "010", "1,000", "1.000", ".5", "5.", "Inf", "١٢"}

// TestLooseAmountsRefused: POST /api/transfer answers each loose amount with a 400 naming the
// amount field and stores nothing; a data feed rejects each such item with the same field error
// and creates nothing; the search filters refuse them too.
func TestLooseAmountsRefused(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		psp := e.mustPSP("premium")
		staff := e.token(e.mustUser("staff@example.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = psp }))
		officer := e.token(e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil))
		auth := []string{"Authorization", "Bearer " + staff}

		var lines []string
		for i, amount := range looseAmounts {
			res := e.do(nil, "POST", "/api/transfer", transferBody(amount), auth...)
			var body errorBody
			if err := json.Unmarshal(res.body, &body); err != nil || res.status != 400 || body.Fields["amount"].Message != domain.MsgAmountFormat {
				t.Errorf("transfer of %q: %d %s", amount, res.status, res.body)
			}
			lines = append(lines, fmt.Sprintf(`{"externalId":"L-%d","amount":%q,"currency":"USD","senderNumber":"+252 65 1111111","receiverNumber":"+252 64 7654321"}`, i, amount))
		}
		res := e.do(nil, "POST", "/api/transactions/batch", strings.Join(lines, "\n"), append(auth, "Content-Type", "application/x-ndjson")...)
		var ans batchAnswer
		if err := json.Unmarshal(res.body, &ans); err != nil || res.status != 200 || ans.Summary["rejected"] != len(looseAmounts) || ans.Summary["created"] != 0 {
			t.Fatalf("batch: %d %s", res.status, res.body)
		}
		for i, r := range ans.Results {
			if r.Result != "rejected" || r.Errors["amount"] != domain.MsgAmountFormat || len(r.Errors) != 1 {
				t.Errorf("batch item %q: %+v", looseAmounts[i], r)
			}
		}
		// A JSON number meets the same grammar as a string: 12.5 is an amount, 1e3 is not.
		for body, status := range map[string]int{
			strings.Replace(mustJSON(t, transferBody("X")), `"X"`, "1e3", 1):  400,
			strings.Replace(mustJSON(t, transferBody("X")), `"X"`, "-0.0", 1): 400,
			strings.Replace(mustJSON(t, transferBody("X")), `"X"`, "12.5", 1): 201,
		} {
			if res := e.do(nil, "POST", "/api/transfer", body, auth...); res.status != status {
				t.Errorf("%s: %d %s", body, res.status, res.body)
			}
		}
		page := e.do(nil, "GET", "/api/transactions/search", nil, "Authorization", "Bearer "+officer)
		if n := page.header.Get("X-Total-Count"); n != "1" {
			t.Fatalf("stored transactions: %s (%s)", n, page.body)
		}
		for _, amount := range looseAmounts[:5] {
			res := e.do(nil, "GET", "/api/transactions/search?amountMin="+url.QueryEscape(amount), nil, "Authorization", "Bearer "+officer)
			if res.status != 400 || !strings.Contains(string(res.body), `"amountMin"`) {
				t.Errorf("search amountMin=%q: %d %s", amount, res.status, res.body)
			}
		}
	})
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
