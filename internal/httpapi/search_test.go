package httpapi

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// seedTransactions stores n transactions one minute apart, newest last, varying each filterable
// field by index; inst owns the even ones.
func seedTransactions(t *testing.T, e *testEnv, n int, inst string, at time.Time) []*store.NewTransaction {
	t.Helper()
	var out []*store.NewTransaction
	err := e.store.Write(context.Background(), func(tx *store.Tx) error {
		for i := 0; i < n; i++ {
			nt := &store.NewTransaction{}
			nt.TransactionID = fmt.Sprintf("TXN-SEED-%04d", i)
			nt.NPSSReference = fmt.Sprintf("NPSS%016d", i)
			nt.Amount = domain.Minor((i + 1) * 1000)
			nt.Currency = []domain.Currency{domain.USD, domain.SHS}[i%2]
			nt.Status = []string{"completed", "pending", "failed"}[i%3]
			nt.Type = []string{"transfer", "payment"}[i%2]
			nt.TransferMode = []string{"online", "online", "offline", "ussd"}[i%4]
			nt.Sender = fmt.Sprintf("+25265%07d", i)
			nt.Recipient = "=HYPERLINK(\"http://evil\")"
			nt.RiskLevel = "low"
			if i%2 == 0 {
				nt.InstitutionID = inst
			}
			nt.CreatedAt = at.Add(time.Duration(i) * time.Minute)
			if _, err := tx.InsertTransaction(context.Background(), nt); err != nil {
				return err
			}
			out = append(out, nt)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestSearchFiltersAndPages(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		inst := store.NewID()
		day := time.Date(2026, 11, 1, 8, 0, 0, 0, time.UTC)
		seedTransactions(t, e, 60, inst, day)
		e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		e.mustUser("staff@example.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = inst })
		officer, staff := e.client(), e.client()
		e.signIn(officer, "officer@example.so")
		e.signIn(staff, "staff@example.so")

		search := func(c *http.Client, q string) ([]map[string]any, response) {
			res := e.do(c, "GET", "/api/transactions/search?"+q, nil)
			var list []map[string]any
			if res.status == 200 {
				json.Unmarshal(res.body, &list)
			}
			return list, res
		}
		cases := []struct {
			q     string
			count int
		}{
			{"", 60},
			{"status=failed", 20},
			{"status=all&currency=all", 60},
			{"currency=USD&transferMode=online", 15},
			{"type=payment&status=pending", 10},
			{"search=TXN-SEED-001", 10},
			{"search=txn-seed-0012", 1},
			{"search=%2B252%2065%200000005", 1},
			{"npssReference=NPSS0000000000000007", 1},
			{"amountMin=100&amountMax=200", 11},
			{"dateFrom=2026-11-01&dateTo=2026-11-01", 60},
			{"dateFrom=2026-11-02", 0},
			{"search=NOPE", 0},
		}
		for _, c := range cases {
			list, res := search(officer, c.q+"&limit=200")
			if res.status != 200 || len(list) != c.count || res.header.Get("X-Total-Count") != fmt.Sprint(c.count) {
				t.Errorf("%q: status %d, %d rows, count %q; want %d", c.q, res.status, len(list), res.header.Get("X-Total-Count"), c.count)
			}
		}
		// Staff see only their institution's.
		if list, _ := search(staff, "limit=200"); len(list) != 30 {
			t.Errorf("staff see %d, want 30", len(list))
		}
		// The institution filter: one institution's, another's none, a malformed id 400.
		if list, res := search(officer, "institution="+inst+"&limit=200"); len(list) != 30 || res.header.Get("X-Total-Count") != "30" {
			t.Errorf("institution filter: %d rows, count %q; want 30", len(list), res.header.Get("X-Total-Count"))
		}
		if list, _ := search(officer, "institution="+store.NewID()); len(list) != 0 {
			t.Errorf("another institution: %d rows", len(list))
		}
		if list, _ := search(staff, "institution="+store.NewID()); len(list) != 0 {
			t.Errorf("staff naming another institution: %d rows", len(list))
		}
		if _, res := search(officer, "institution=Waafi"); res.status != 400 || !strings.Contains(string(res.body), "institution") {
			t.Errorf("malformed institution: %d %s", res.status, res.body)
		}

		// Keyset pages: every row once, newest first, across pages of 7.
		seen := map[string]bool{}
		var prev time.Time
		cursor := ""
		for pages := 0; ; pages++ {
			q := "/api/transactions?limit=7"
			if cursor != "" {
				q += "&cursor=" + url.QueryEscape(cursor)
			}
			res := e.do(officer, "GET", q, nil)
			var list []map[string]any
			json.Unmarshal(res.body, &list)
			for _, tx := range list {
				id := tx["id"].(string)
				if seen[id] {
					t.Fatalf("row %s on two pages", id)
				}
				seen[id] = true
				at, _ := time.Parse(time.RFC3339Nano, tx["createdAt"].(string))
				if !prev.IsZero() && at.After(prev) {
					t.Fatal("pages are not newest first")
				}
				prev = at
			}
			cursor = res.header.Get("X-Next-Cursor")
			if cursor == "" {
				break
			}
			if pages > 20 {
				t.Fatal("pagination does not end")
			}
		}
		if len(seen) != 60 {
			t.Fatalf("pages held %d rows, want 60", len(seen))
		}

		for _, q := range []string{"status=lost", "currency=EUR", "transferMode=fax", "type=gift", "dateFrom=yesterday",
			"amountMin=-5", "amountMin=ten", "amountMin=50&amountMax=10", "dateFrom=2026-11-05&dateTo=2026-11-01",
			"limit=0", "cursor=garbage", "search=" + strings.Repeat("A", 65)} {
			if _, res := search(officer, q); res.status != 400 || res.json(t)["fields"] == nil {
				t.Errorf("%q: %d %s, want 400 with fields", q, res.status, res.body)
			}
		}
		if list, res := search(officer, "limit=1000"); res.status != 200 || len(list) != 60 {
			t.Errorf("a limit above the maximum: %d, %d rows; want it capped, not refused", res.status, len(list))
		}
	})
}

func TestTransactionDetailAndExport(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		u := e.mustUser("amina@example.so", domain.RoleCitizen, nil)
		e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		officer := e.client()
		e.signIn(officer, "officer@example.so")
		created := e.do(nil, "POST", "/api/transfer", transferBody("42.00"), "Authorization", "Bearer "+e.token(u)).json(t)
		id := created["id"].(string)
		detail := e.do(officer, "GET", "/api/transactions/"+id, nil)
		d := detail.json(t)
		logs, _ := d["logs"].([]any)
		if detail.status != 200 || d["npssReference"] != created["npssReference"] || len(logs) != 1 || d["amlRules"] == nil {
			t.Fatalf("detail: %d %s", detail.status, detail.body)
		}
		other := e.mustUser("other@example.so", domain.RoleCitizen, nil)
		if res := e.do(nil, "GET", "/api/transactions/"+id, nil, "Authorization", "Bearer "+e.token(other)); res.status != 404 {
			t.Fatalf("another citizen read the transaction: %d", res.status)
		}

		seedTransactions(t, e, 5, store.NewID(), time.Now().Add(-time.Hour))
		res := e.do(officer, "GET", "/api/transactions/export?currency=USD", nil)
		if res.status != 200 || !strings.HasPrefix(res.header.Get("Content-Type"), "text/csv") {
			t.Fatalf("export: %d %v", res.status, res.header)
		}
		rows, err := csv.NewReader(strings.NewReader(string(res.body))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 1+4 { // header, the transfer and three seeded USD rows
			t.Fatalf("export rows %d: %v", len(rows), rows)
		}
		for _, row := range rows[1:] {
			for _, cell := range row {
				if cell != "" && strings.ContainsRune("=+-@", rune(cell[0])) {
					t.Fatalf("unsafe cell %q", cell)
				}
			}
		}
		if e.auditCount("transaction.export") != 1 {
			t.Fatal("export not audited")
		}
		if res := e.do(officer, "GET", "/api/transactions/export?currency=EUR", nil); res.status != 400 {
			t.Fatalf("bad export filter: %d", res.status)
		}
	})
}
