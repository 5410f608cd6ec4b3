package httpapi

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// queueAlert is what the queue tests read of an alert.
type queueAlert struct {
	ID            string    `json:"id"`
	Kind          string    `json:"kind"`
	Severity      string    `json:"severity"`
	Status        string    `json:"status"`
	InstitutionID *string   `json:"institutionId"`
	AssignedTo    *string   `json:"assignedTo"`
	CreatedAt     time.Time `json:"createdAt"`
}

func (a queueAlert) pageKey() (string, time.Time) { return a.ID, a.CreatedAt }

// alertsPage is one answer of GET /api/alerts.
func (e *testEnv) alertsPage(t *testing.T, tok, query string) ([]queueAlert, response) {
	t.Helper()
	return listPage[queueAlert](t, e, tok, "/api/alerts", query)
}

// allAlerts is every alert of query, paged by limit (allPages).
func (e *testEnv) allAlerts(t *testing.T, tok, query string, limit int) ([]queueAlert, string) {
	t.Helper()
	return allPages[queueAlert](t, e, tok, "/api/alerts", query, limit, 400)
}

// TestAlertsQueue: the investigators' queue pages and filters on the server. 250 AML alerts (more
// than one page of the largest limit), pairs of which share a timestamp, and a system notice:
// paging reaches each once, every filter selects exactly its alerts with X-Total-Count saying how
// many, staff see their institution's only, and bad input is a 400 that names the parameter. Each
// filter runs on PostgreSQL too, which refuses a query that binds a parameter no clause uses
// (SQLSTATE 42P18).
func TestAlertsQueue(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		ctx := context.Background()
		instA, instB := e.mustPSP("alpha"), e.mustPSP("bravo")
		officer := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		staffA := e.mustUser("a@alpha.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = instA })
		tokO, tokA := e.token(officer), e.token(staffA)

		severities := []string{"low", "medium", "high", "critical"}
		now := e.store.Now().Truncate(time.Millisecond)
		inserted := make([]store.AMLAlert, 250)
		if err := e.store.Write(ctx, func(tx *store.Tx) error {
			for i := range inserted {
				a := store.AMLAlert{AlertType: "aml", Severity: severities[i%4], TriggerRule: "test", Title: "Alert " + strconv.Itoa(i),
					Amount: 100, Currency: domain.USD, InstitutionID: instA, InstitutionType: "psp", Status: "open",
					CreatedAt: now.Add(-time.Duration(i/2) * time.Hour)} // two alerts an hour: the id breaks the tie
				if i%2 == 1 {
					a.InstitutionID = instB
				}
				if i%5 == 0 {
					a.Status = "resolved"
				}
				if err := tx.InsertAMLAlert(ctx, &a); err != nil {
					return err
				}
				inserted[i] = a
			}
			return tx.InsertSystemAlert(ctx, &store.SystemAlert{Title: "Maintenance", Message: "Tonight", AlertType: "info",
				CreatedAt: now.Add(-30 * time.Minute)})
		}); err != nil {
			t.Fatal(err)
		}
		assigned := map[string]bool{}
		for _, i := range []int{1, 2, 3} {
			id := inserted[i].ID
			if err := e.store.ActOnAlert(ctx, store.CaseAction{AlertID: id, Action: "assign", UserID: officer.ID}); err != nil {
				t.Fatal(err)
			}
			assigned[id] = true
		}

		// Paging past the old cap: every alert exactly once, newest first.
		all, total := e.allAlerts(t, tokO, "", 40)
		if len(all) != 251 || total != "251" {
			t.Fatalf("paged through %d alerts (X-Total-Count %q), want all 251", len(all), total)
		}
		if list, res := e.alertsPage(t, tokO, ""); len(list) != defaultPageSize || res.header.Get("X-Next-Cursor") == "" {
			t.Errorf("first page without a limit: %d alerts, next %q", len(list), res.header.Get("X-Next-Cursor"))
		}
		if list, _ := e.alertsPage(t, tokO, "limit=5000"); len(list) != maxPageSize {
			t.Errorf("a limit above the maximum gave %d alerts, want it capped at %d", len(list), maxPageSize)
		}

		// Each filter, alone and combined, on every page.
		type check struct {
			query string
			match func(i int, a store.AMLAlert) bool
			// system says whether the untargeted system notice (open, low) matches too.
			system bool
		}
		checks := []check{
			{"status=resolved", func(i int, a store.AMLAlert) bool { return a.Status == "resolved" }, false},
			{"status=open", func(i int, a store.AMLAlert) bool { return a.Status == "open" }, true},
			{"status=all", func(int, store.AMLAlert) bool { return true }, true},
			{"kind=aml", func(int, store.AMLAlert) bool { return true }, false},
			{"kind=system", func(int, store.AMLAlert) bool { return false }, true},
			{"status=investigating", func(int, store.AMLAlert) bool { return false }, false},
			{"severity=critical", func(i int, a store.AMLAlert) bool { return a.Severity == "critical" }, false},
			{"severity=low", func(i int, a store.AMLAlert) bool { return a.Severity == "low" }, true},
			{"institution=" + instB, func(i int, a store.AMLAlert) bool { return a.InstitutionID == instB }, false},
			{"assignee=" + officer.ID, func(i int, a store.AMLAlert) bool { return assigned[a.ID] }, false},
			{"assignee=me", func(i int, a store.AMLAlert) bool { return assigned[a.ID] }, false},
			{"assignee=none", func(i int, a store.AMLAlert) bool { return !assigned[a.ID] }, false},
			{"createdBefore=" + url.QueryEscape(now.Add(-100*time.Hour).Format(time.RFC3339)),
				func(i int, a store.AMLAlert) bool { return a.CreatedAt.Before(now.Add(-100 * time.Hour)) }, false},
			{"status=open&severity=high&institution=" + instA, func(i int, a store.AMLAlert) bool {
				return a.Status == "open" && a.Severity == "high" && a.InstitutionID == instA
			}, false},
		}
		for _, c := range checks {
			want := map[string]bool{}
			for i, a := range inserted {
				if c.match(i, a) {
					want[a.ID] = true
				}
			}
			got, total := e.allAlerts(t, tokO, c.query, 30)
			systems := 0
			for _, a := range got {
				if a.Kind == "system" {
					systems++
				} else if !want[a.ID] {
					t.Errorf("%s: alert %+v does not match", c.query, a)
				}
			}
			wantSystems := map[bool]int{true: 1}[c.system]
			if len(got)-systems != len(want) || systems != wantSystems || total != strconv.Itoa(len(want)+wantSystems) {
				t.Errorf("%s: %d AML alerts and %d notices (X-Total-Count %q), want %d and %d", c.query,
					len(got)-systems, systems, total, len(want), wantSystems)
			}
		}

		// Staff see their institution's alerts only, whatever they filter on.
		if got, total := e.allAlerts(t, tokA, "", 50); len(got) != 125 || total != "125" {
			t.Errorf("staff of A: %d alerts (X-Total-Count %q), want A's 125", len(got), total)
		} else {
			for _, a := range got {
				if a.InstitutionID == nil || *a.InstitutionID != instA {
					t.Fatalf("staff of A read %+v", a)
				}
			}
		}
		if got, total := e.allAlerts(t, tokA, "institution="+instB, 50); len(got) != 0 || total != "0" {
			t.Errorf("staff of A filtering on B: %d alerts (X-Total-Count %q), want none", len(got), total)
		}

		// Bad input: 400 with a message naming the parameter.
		for _, bad := range []struct{ query, field string }{
			{"cursor=garbage", "cursor"}, {"cursor=" + encodeCursor(&store.Cursor{CreatedAt: now, ID: "x"}), "cursor"},
			{"limit=0", "limit"}, {"limit=many", "limit"}, {"status=bogus", "status"}, {"kind=case", "kind"}, {"severity=urgent", "severity"},
			{"institution=alpha", "institution"}, {"assignee=someone", "assignee"}, {"createdBefore=yesterday", "createdBefore"},
			{"colour=red", "colour"}, {"sort=largest", "sort"}, {"order=oldest", "order"},
		} {
			wantBadQuery(t, e, tokO, "/api/alerts", bad.query, bad.field)
		}

		// Beyond a thousand matches the count says so rather than counting on.
		if err := e.store.Write(ctx, func(tx *store.Tx) error {
			for i := range 800 {
				if err := tx.InsertAMLAlert(ctx, &store.AMLAlert{AlertType: "aml", Severity: "high", TriggerRule: "test",
					Title: "More " + strconv.Itoa(i), InstitutionID: instA, Status: "open", CreatedAt: now.Add(-time.Duration(i) * time.Minute)}); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if _, res := e.alertsPage(t, tokO, ""); res.header.Get("X-Total-Count") != "1000+" {
			t.Errorf("X-Total-Count over 1051 alerts: %q, want 1000+", res.header.Get("X-Total-Count"))
		}
	})
}

// TestMetricsOnEmptyDatabase: with nothing recorded yet, /api/metrics still answers every figure,
// zero, instead of leaving it out (issue 16). The volume is the spec's formatted string. The
// licensed PSPs are the reference market the migrations seed (docs/REGISTRY.md).
func TestMetricsOnEmptyDatabase(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		o := e.client()
		e.signIn(o, e.mustUser("o@example.so", domain.RoleCBSLOfficer, nil).Email)
		res := e.do(o, "GET", "/api/metrics", nil)
		var m map[string]any
		if err := json.Unmarshal(res.body, &m); res.status != 200 || err != nil {
			t.Fatalf("GET /api/metrics: %d %s", res.status, res.body)
		}
		for _, k := range []string{"totalTransactions", "complianceScore"} {
			if v, ok := m[k].(float64); !ok || v != 0 {
				t.Errorf("%s = %#v, want the number 0", k, m[k])
			}
		}
		seeded, err := e.store.Registry(context.Background(), "psp", store.RegistryFilter{LicenseStatus: domain.LicenseActive})
		if v, ok := m["activePsps"].(float64); err != nil || !ok || int(v) != len(seeded) || len(seeded) == 0 {
			t.Errorf("activePsps = %#v, want the %d seeded PSPs (%v)", m["activePsps"], len(seeded), err)
		}
		if m["transactionVolume"] != "$0" {
			t.Errorf("transactionVolume = %#v, want \"$0\"", m["transactionVolume"])
		}
	})
}
