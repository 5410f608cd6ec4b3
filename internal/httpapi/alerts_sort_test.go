package httpapi

import (
	"context"
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// deadlineAlert is what the deadline tests read of an alert besides queueAlert.
type deadlineAlert struct {
	queueAlert
	DueAt   *time.Time `json:"dueAt"`
	Overdue bool       `json:"overdue"`
}

// followAlerts reads every page of GET /api/alerts?query in the server's order, failing on an
// alert seen twice, and returns them with the first page's X-Total-Count.
func (e *testEnv) followAlerts(t *testing.T, tok, query string, limit int) ([]deadlineAlert, string) {
	t.Helper()
	var all []deadlineAlert
	seen := map[string]bool{}
	q := query + "&limit=" + strconv.Itoa(limit)
	list, res := listPage[deadlineAlert](t, e, tok, "/api/alerts", q)
	total := res.header.Get("X-Total-Count")
	for range 100 {
		for _, a := range list {
			if seen[a.ID] {
				t.Fatalf("%s: %s on two pages", query, a.ID)
			}
			seen[a.ID] = true
			all = append(all, a)
		}
		next := res.header.Get("X-Next-Cursor")
		if next == "" {
			return all, total
		}
		list, res = listPage[deadlineAlert](t, e, tok, "/api/alerts", q+"&cursor="+url.QueryEscape(next))
	}
	t.Fatalf("%s: paging does not end", query)
	return nil, ""
}

// TestAlertsQueueSortDeadlinesSummary: the investigators' queue sorts on the server (severity
// then oldest, oldest, newest) across pages whose alerts share timestamps, each cursor only in
// the order that made it; every AML case carries its due time under the configured deadlines, the
// overdue filter selects exactly the open and investigating cases past them, and the summary
// counts each status and the overdue cases in the caller's scope with the list's filters.
func TestAlertsQueueSortDeadlinesSummary(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		deadlines := domain.MustAlertDeadlines("critical=2h,high=5h,medium=10h,low=20h")
		e := newEnv(t, b, func(o *Options) { o.AlertDeadlines = deadlines })
		ctx := context.Background()
		instA, instB := e.mustPSP("alpha"), e.mustPSP("bravo")
		officer := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		staffB := e.mustUser("b@bravo.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = instB })
		tokO, tokB := e.token(officer), e.token(staffB)
		now := e.store.Now().Truncate(time.Millisecond)

		// For each severity: ages around its deadline in each status, two of them at one instant.
		statuses := []string{"open", "investigating", "resolved", "false_positive"}
		var inserted []store.AMLAlert
		if err := e.store.Write(ctx, func(tx *store.Tx) error {
			for si, sev := range domain.AlertSeverities {
				d := deadlines[sev]
				ages := []time.Duration{time.Minute, d - time.Minute, d + time.Minute, d + time.Minute, 3 * d}
				for ai, age := range ages {
					for _, st := range statuses {
						inst := instA
						if (si+ai)%2 == 1 {
							inst = instB
						}
						a := store.AMLAlert{AlertType: "aml", Severity: sev, TriggerRule: "test", Title: sev + " " + st,
							InstitutionID: inst, InstitutionType: "psp", Status: st, CreatedAt: now.Add(-age)}
						if err := tx.InsertAMLAlert(ctx, &a); err != nil {
							return err
						}
						inserted = append(inserted, a)
					}
				}
			}
			return tx.InsertSystemAlert(ctx, &store.SystemAlert{Title: "Outage", Message: "Switch down", AlertType: "critical",
				CreatedAt: now.Add(-time.Hour)})
		}); err != nil {
			t.Fatal(err)
		}
		rank := map[string]int{"low": 0, "medium": 1, "high": 2, "critical": 3}
		overdue := func(a store.AMLAlert) bool {
			return domain.IsOpenCase(a.Status) && now.Sub(a.CreatedAt) > deadlines[a.Severity]
		}
		// byOrder is the inserted ids sorted by cmp, ties broken by the stored id's order (on both
		// databases the text order of the lower-case uuid), descending in newest first.
		byOrder := func(cmp func(a, b store.AMLAlert) int, idDesc bool) []string {
			s := slices.Clone(inserted)
			slices.SortFunc(s, func(a, b store.AMLAlert) int {
				if c := cmp(a, b); c != 0 {
					return c
				}
				if idDesc {
					a, b = b, a
				}
				if a.ID < b.ID {
					return -1
				}
				return 1
			})
			ids := make([]string, len(s))
			for i, a := range s {
				ids[i] = a.ID
			}
			return ids
		}
		oldest := func(a, b store.AMLAlert) int { return a.CreatedAt.Compare(b.CreatedAt) }
		newest := byOrder(func(a, b store.AMLAlert) int { return -oldest(a, b) }, true)
		orders := map[string][]string{
			"":            newest,
			"sort=newest": newest,
			"sort=oldest": byOrder(oldest, false),
			"sort=severity": byOrder(func(a, b store.AMLAlert) int {
				if c := rank[b.Severity] - rank[a.Severity]; c != 0 {
					return c
				}
				return oldest(a, b)
			}, false),
		}
		for query, want := range orders {
			got, total := e.followAlerts(t, tokO, "kind=aml&"+query, 7)
			ids := make([]string, len(got))
			for i, a := range got {
				ids[i] = a.ID
			}
			if !slices.Equal(ids, want) || total != strconv.Itoa(len(inserted)) {
				t.Errorf("%q: %d alerts (X-Total-Count %q) not in the expected order of %d", query, len(ids), total, len(want))
			}
		}

		// The severity order puts the critical system notice among the critical alerts.
		if got, _ := e.followAlerts(t, tokO, "sort=severity&status=open", 50); len(got) == 0 || got[0].Severity != "critical" ||
			!slices.ContainsFunc(got[:25], func(a deadlineAlert) bool { return a.Kind == "system" }) {
			t.Errorf("severity order with notices: %+v", got[:min(len(got), 3)])
		}

		// A cursor continues only the order that made it.
		_, res := e.alertsPage(t, tokO, "kind=aml&sort=severity&limit=3")
		sevCursor := url.QueryEscape(res.header.Get("X-Next-Cursor"))
		_, res = e.alertsPage(t, tokO, "kind=aml&limit=3")
		newCursor := url.QueryEscape(res.header.Get("X-Next-Cursor"))
		wantBadQuery(t, e, tokO, "/api/alerts", "sort=oldest&cursor="+sevCursor, "cursor")
		wantBadQuery(t, e, tokO, "/api/alerts", "sort=severity&cursor="+newCursor, "cursor")
		wantBadQuery(t, e, tokO, "/api/alerts", "cursor="+sevCursor, "cursor")

		// Each AML alert's due time, and overdue only while its case is open.
		all, _ := e.followAlerts(t, tokO, "", 100)
		for _, a := range all {
			if a.Kind == "system" {
				if a.DueAt != nil || a.Overdue {
					t.Errorf("notice %s has a deadline", a.ID)
				}
				continue
			}
			stored := inserted[slices.IndexFunc(inserted, func(x store.AMLAlert) bool { return x.ID == a.ID })]
			if a.DueAt == nil || !a.DueAt.Equal(stored.CreatedAt.Add(deadlines[a.Severity])) || a.Overdue != overdue(stored) {
				t.Errorf("%s %s aged %v: dueAt %v overdue %v", a.Severity, a.Status, now.Sub(stored.CreatedAt), a.DueAt, a.Overdue)
			}
		}

		// The overdue filter, alone and with others, for regulators and for staff.
		for _, c := range []struct {
			tok, query string
			match      func(store.AMLAlert) bool
		}{
			{tokO, "overdue=true", overdue},
			{tokO, "overdue=true&severity=critical", func(a store.AMLAlert) bool { return overdue(a) && a.Severity == "critical" }},
			{tokO, "overdue=true&status=investigating", func(a store.AMLAlert) bool { return overdue(a) && a.Status == "investigating" }},
			{tokO, "overdue=false&kind=aml", func(store.AMLAlert) bool { return true }},
			{tokO, "olderThan=9h&kind=aml", func(a store.AMLAlert) bool { return now.Sub(a.CreatedAt) > 9*time.Hour }},
			{tokO, "olderThan=1d&kind=aml", func(a store.AMLAlert) bool { return now.Sub(a.CreatedAt) > 24*time.Hour }},
			{tokB, "overdue=true", func(a store.AMLAlert) bool { return overdue(a) && a.InstitutionID == instB }},
		} {
			want := 0
			for _, a := range inserted {
				if c.match(a) {
					want++
				}
			}
			got, total := e.followAlerts(t, c.tok, c.query, 25)
			for _, a := range got {
				stored := inserted[slices.IndexFunc(inserted, func(x store.AMLAlert) bool { return x.ID == a.ID })]
				if !c.match(stored) {
					t.Errorf("%s: %s %s does not match", c.query, a.Severity, a.Status)
				}
			}
			if len(got) != want || total != strconv.Itoa(want) || want == 0 {
				t.Errorf("%s: %d alerts (X-Total-Count %q), want %d", c.query, len(got), total, want)
			}
		}

		// The summary: per status, total and overdue, in the caller's scope and filters.
		summary := func(tok, query string) (out struct {
			ByStatus      map[string]int     `json:"byStatus"`
			Total         int                `json:"total"`
			Overdue       int                `json:"overdue"`
			DeadlineHours map[string]float64 `json:"deadlineHours"`
		}) {
			t.Helper()
			res := e.do(nil, "GET", "/api/alerts/summary?"+query, nil, "Authorization", "Bearer "+tok)
			if res.status != 200 || json.Unmarshal(res.body, &out) != nil {
				t.Fatalf("summary %s: %d %s", query, res.status, res.body)
			}
			return out
		}
		for _, c := range []struct {
			tok, query string
			match      func(store.AMLAlert) bool
			notices    int
		}{
			{tokO, "kind=aml", func(store.AMLAlert) bool { return true }, 0},
			{tokO, "", func(store.AMLAlert) bool { return true }, 1},
			{tokO, "severity=high&institution=" + instA, func(a store.AMLAlert) bool { return a.Severity == "high" && a.InstitutionID == instA }, 0},
			{tokO, "olderThan=9h", func(a store.AMLAlert) bool { return now.Sub(a.CreatedAt) > 9*time.Hour }, 0},
			{tokB, "", func(a store.AMLAlert) bool { return a.InstitutionID == instB }, 0},
		} {
			want, wantOverdue := map[string]int{"open": c.notices}, 0
			for _, a := range inserted {
				if c.match(a) {
					want[a.Status]++
					if overdue(a) {
						wantOverdue++
					}
				}
			}
			got := summary(c.tok, c.query)
			sum := 0
			for _, st := range statuses {
				sum += want[st]
				if got.ByStatus[st] != want[st] {
					t.Errorf("summary %q: %s = %d, want %d", c.query, st, got.ByStatus[st], want[st])
				}
			}
			if got.Total != sum || got.Overdue != wantOverdue || wantOverdue == 0 || got.DeadlineHours["critical"] != 2 {
				t.Errorf("summary %q: total %d overdue %d deadlines %v, want %d and %d", c.query, got.Total, got.Overdue, got.DeadlineHours, sum, wantOverdue)
			}
		}

		// Bad input: 400 naming the parameter, on the list and on the summary.
		for _, bad := range []struct{ path, query, field string }{
			{"/api/alerts", "overdue=yes", "overdue"}, {"/api/alerts", "olderThan=old", "olderThan"},
			{"/api/alerts", "olderThan=-2h", "olderThan"}, {"/api/alerts", "sort=severity,oldest", "sort"},
			{"/api/alerts/summary", "sort=severity", "sort"}, {"/api/alerts/summary", "limit=5", "limit"},
			{"/api/alerts/summary", "cursor=" + newCursor, "cursor"}, {"/api/alerts/summary", "status=closed", "status"},
			{"/api/alerts/summary", "overdue=1", "overdue"}, {"/api/alerts/summary", "assignee=x", "assignee"},
		} {
			wantBadQuery(t, e, tokO, bad.path, bad.query, bad.field)
		}
	})
}
