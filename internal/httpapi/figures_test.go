package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// recordOn stores one transaction per amount (minor units of cur) at noon UTC on day.
func recordOn(t *testing.T, e *testEnv, day string, cur domain.Currency, amounts ...int64) {
	t.Helper()
	at, err := time.Parse(time.DateOnly, day)
	if err != nil {
		t.Fatal(err)
	}
	err = e.store.Write(context.Background(), func(tx *store.Tx) error {
		for i, a := range amounts {
			nt := &store.NewTransaction{}
			nt.TransactionID, nt.NPSSReference = "TXN-FIG-"+store.NewID(), fmt.Sprintf("NPSSFIG%s%03d%s", day, i, cur)
			nt.Amount, nt.Currency, nt.Status, nt.Type, nt.TransferMode = domain.Minor(a), cur, "completed", "transfer", "online"
			nt.Sender, nt.Recipient, nt.RiskLevel = "+252650000001", "+252650000002", "low"
			nt.IsHighRisk = a >= 1_000_000_00
			nt.CreatedAt = at.Add(12 * time.Hour)
			if _, err := tx.InsertTransaction(context.Background(), nt); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// figuresAt is a server whose clock reads noon UTC on day.
func figuresAt(t *testing.T, b storetest.Backend, day string) *testEnv {
	t.Helper()
	e := newEnv(t, b, nil)
	now, err := time.Parse(time.DateOnly, day)
	if err != nil {
		t.Fatal(err)
	}
	e.store.SetClock(func() time.Time { return now.Add(12 * time.Hour) })
	return e
}

// getFigures reads a figures endpoint as c (nil: signed out) and decodes it.
func getFigures(t *testing.T, e *testEnv, c *http.Client, path string) map[string]any {
	t.Helper()
	res := e.do(c, "GET", path, nil)
	if res.status != 200 {
		t.Fatalf("GET %s: %d %s", path, res.status, res.body)
	}
	return res.json(t)
}

// TestDashboardTrends: the dashboard's trends compare this month so far with the same days of
// last month, from the maintained statistics; there is no trend (null, never "+0%") while last
// month's comparable days hold nothing, and one as soon as they do.
func TestDashboardTrends(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := figuresAt(t, b, "2026-11-24")
		o := e.client()
		e.signIn(o, e.mustUser("o@example.so", domain.RoleCBSLOfficer, nil).Email)
		m := getFigures(t, e, o, "/api/metrics")
		if tr := m["trends"].(map[string]any); tr["transactions"] != nil || tr["transactionVolume"] != nil {
			t.Fatalf("trends on an empty database: %v", tr)
		}
		month, prev := m["month"].(map[string]any), m["previousMonth"].(map[string]any)
		if month["from"] != "2026-11-01" || month["to"] != "2026-11-24" || month["transactions"] != float64(0) ||
			month["volumeUsd"] != "0.00" || prev["from"] != "2026-10-01" || prev["to"] != "2026-10-24" || prev["days"] != float64(24) {
			t.Fatalf("empty months: %v and %v", month, prev)
		}

		recordOn(t, e, "2026-11-10", domain.USD, 1000, 1000, 1000)
		recordOn(t, e, "2026-11-24", domain.SHS, 1_150_000)  // 11,500 SHS: one dollar
		recordOn(t, e, "2026-10-28", domain.USD, 5000, 5000) // last month, after the comparable days
		recordOn(t, e, "2026-12-01", domain.USD, 7000)       // not yet: outside both
		m = getFigures(t, e, o, "/api/metrics")
		month, prev = m["month"].(map[string]any), m["previousMonth"].(map[string]any)
		if month["transactions"] != float64(4) || month["volumeUsd"] != "31.00" || prev["transactions"] != float64(0) {
			t.Fatalf("months: %v and %v", month, prev)
		}
		if tr := m["trends"].(map[string]any); tr["transactions"] != nil || tr["transactionVolume"] != nil {
			t.Fatalf("a trend without last month's figures: %v", tr)
		}
		if m["totalTransactions"] != float64(7) {
			t.Fatalf("totalTransactions = %v, want every recorded transaction (7)", m["totalTransactions"])
		}

		recordOn(t, e, "2026-10-01", domain.USD, 1000)
		recordOn(t, e, "2026-10-24", domain.USD, 1000, 1_000_000_00)
		m = getFigures(t, e, o, "/api/metrics")
		prev = m["previousMonth"].(map[string]any)
		if prev["transactions"] != float64(3) || prev["volumeUsd"] != "1000020.00" || prev["highRisk"] != float64(1) {
			t.Fatalf("previous month: %v", prev)
		}
		tr := m["trends"].(map[string]any)
		if tr["transactions"] != 33.3 || tr["transactionVolume"] != -100.0 {
			t.Fatalf("trends 4 against 3 transactions, $31 against $1,000,020: %v", tr)
		}

		// The cards open the list filtered the same way, and the list counts the same transactions.
		officer := e.mustUser("figures@example.so", domain.RoleCBSLOfficer, nil)
		bearer := "Bearer " + e.token(officer)
		for _, c := range []struct {
			month map[string]any
			query string
			want  float64
		}{
			{month, "", month["transactions"].(float64)},
			{prev, "", prev["transactions"].(float64)},
			{prev, "&highRisk=true", prev["highRisk"].(float64)},
			{month, "&highRisk=true", 0},
		} {
			path := fmt.Sprintf("/api/transactions/search?dateFrom=%s&dateTo=%s%s", c.month["from"], c.month["to"], c.query)
			res := e.do(nil, "GET", path, nil, "Authorization", bearer)
			if res.status != 200 || res.header.Get("X-Total-Count") != fmt.Sprint(c.want) || len(res.jsonList(t)) != int(c.want) {
				t.Errorf("%s: %d, X-Total-Count %q, want %v", path, res.status, res.header.Get("X-Total-Count"), c.want)
			}
		}
		if res := e.do(nil, "GET", "/api/transactions/search?highRisk=yes", nil, "Authorization", bearer); res.status != 400 || res.json(t)["fields"] == nil {
			t.Errorf("highRisk=yes: %d %s", res.status, res.body)
		}
	})
}

// TestPublicSummary: the landing page's figures on an empty and on a loaded database. Every
// figure is present and says its period; the licensed institutions are those of the public
// register; growth is null without the 30 days before; the answer may be cached by anyone.
func TestPublicSummary(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := figuresAt(t, b, "2026-11-24")
		registerCounts := func() map[string]float64 {
			counts := map[string]float64{"total": 0, "psp": 0, "mno": 0, "bank": 0}
			for _, entry := range e.do(nil, "GET", "/api/public/register", nil).jsonList(t) {
				counts[entry["type"].(string)]++
				counts["total"]++
			}
			return counts
		}
		checkLicensed := func(s map[string]any) {
			t.Helper()
			got := s["licensedInstitutions"].(map[string]any)
			for kind, n := range registerCounts() {
				if got[kind] != n {
					t.Errorf("licensed %s: %v, the public register lists %v", kind, got[kind], n)
				}
			}
		}

		res := e.do(nil, "GET", "/api/public/summary", nil)
		if res.status != 200 || res.header.Get("Cache-Control") != "public, max-age=60" {
			t.Fatalf("GET /api/public/summary: %d %q %s", res.status, res.header.Get("Cache-Control"), res.body)
		}
		s := res.json(t)
		period := s["period"].(map[string]any)
		if period["from"] != "2026-10-26" || period["to"] != "2026-11-24" || period["days"] != float64(30) ||
			s["transactions"] != float64(0) || s["transactionGrowth"] != nil || s["asOf"] != "2026-11-24T12:00:00Z" {
			t.Fatalf("empty summary: %s", res.body)
		}
		for _, c := range s["byCurrency"].([]any) {
			if c := c.(map[string]any); c["transactions"] != float64(0) || c["value"] != "0.00" || c["dailyAverage"] != "0.00" {
				t.Errorf("empty currency: %v", c)
			}
		}
		checkLicensed(s)

		e.mustPSP("summary-wallet")
		recordOn(t, e, "2026-11-24", domain.USD, 10_00, 20_00)
		recordOn(t, e, "2026-10-26", domain.SHS, 3_000_00)
		recordOn(t, e, "2026-10-25", domain.USD, 99_00) // the 30 days before
		recordOn(t, e, "2026-09-25", domain.USD, 99_00) // before those
		s = getFigures(t, e, nil, "/api/public/summary")
		byCur := map[string]map[string]any{}
		for _, c := range s["byCurrency"].([]any) {
			byCur[c.(map[string]any)["currency"].(string)] = c.(map[string]any)
		}
		if s["transactions"] != float64(3) || byCur["USD"]["transactions"] != float64(2) || byCur["USD"]["value"] != "30.00" ||
			byCur["USD"]["dailyAverage"] != "1.00" || byCur["SHS"]["value"] != "3000.00" || byCur["SHS"]["dailyAverage"] != "100.00" {
			t.Fatalf("loaded summary: %v", s)
		}
		if prev := s["previousPeriod"].(map[string]any); prev["from"] != "2026-09-26" || prev["to"] != "2026-10-25" || prev["transactions"] != float64(1) {
			t.Fatalf("previous period: %v", prev)
		}
		if s["transactionGrowth"] != 200.0 {
			t.Fatalf("growth from 1 to 3 transactions: %v", s["transactionGrowth"])
		}
		checkLicensed(s)
		if s["licensedInstitutions"].(map[string]any)["psp"].(float64) < 1 {
			t.Fatal("the new licensed PSP is not counted")
		}

		if res := e.do(nil, "GET", "/api/public/summary?institutionId=x", nil); res.status != 400 || res.json(t)["fields"] == nil {
			t.Fatalf("unknown parameter: %d %s", res.status, res.body)
		}
	})
}
