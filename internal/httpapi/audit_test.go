package httpapi

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

func auditRows(t *testing.T, res response) []auditEntryJSON {
	t.Helper()
	if res.status != http.StatusOK {
		t.Fatalf("status %d: %s", res.status, res.body)
	}
	var rows []auditEntryJSON
	if err := json.Unmarshal(res.body, &rows); err != nil {
		t.Fatalf("body %s: %v", res.body, err)
	}
	return rows
}

// TestAuditLogForRegulators: regulators page through the whole trail on the server, filter it by
// who, what, which object, institution and time, export it and check its chain.
func TestAuditLogForRegulators(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		e.mustUser("officer@cb.so", domain.RoleCBSLOfficer, nil)
		e.mustUser("admin@cb.so", domain.RoleCBSLAdmin, nil)
		e.mustUser("psp@waafi.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = "inst-waafi" })
		officer, admin, psp := e.client(), e.client(), e.client()
		e.signIn(officer, "officer@cb.so")
		e.signIn(admin, "admin@cb.so")
		e.signIn(psp, "psp@waafi.so")
		for i := range 70 {
			if err := e.store.RecordAccess(context.Background(), store.Audit{Action: "test.read", Resource: "thing",
				ResourceID: fmt.Sprint(i % 7)}); err != nil {
				t.Fatal(err)
			}
		}

		// Paging: every row once, newest first, across pages.
		seen := map[int64]bool{}
		var last int64
		path := "/api/audit?limit=30"
		for pages := 0; path != ""; pages++ {
			res := e.do(officer, "GET", path, nil)
			for _, r := range auditRows(t, res) {
				if seen[r.Seq] || (last != 0 && r.Seq >= last) {
					t.Fatalf("row %d repeated or out of order", r.Seq)
				}
				seen[r.Seq], last = true, r.Seq
			}
			path = ""
			if c := res.header.Get("X-Next-Cursor"); c != "" {
				path = "/api/audit?limit=30&cursor=" + c
			}
			if pages > 10 {
				t.Fatal("paging does not end")
			}
		}
		if len(seen) < 73 || !seen[1] {
			t.Fatalf("paged through %d rows, want every row from 1", len(seen))
		}

		check := func(query string, want int, ok func(auditEntryJSON) bool) {
			t.Helper()
			rows := auditRows(t, e.do(officer, "GET", "/api/audit?limit=200&"+query, nil))
			if len(rows) != want {
				t.Errorf("%s: %d rows, want %d", query, len(rows), want)
			}
			for _, r := range rows {
				if !ok(r) {
					t.Errorf("%s: row %+v does not match", query, r)
				}
			}
		}
		check("action=auth.login", 3, func(r auditEntryJSON) bool { return r.Action == "auth.login" })
		check("action=test.", 70, func(r auditEntryJSON) bool { return strings.HasPrefix(r.Action, "test.") })
		check("resource=thing&resourceId=3", 10, func(r auditEntryJSON) bool { return r.ResourceID == "3" })
		check("actor=PSP@waafi.so", 2, func(r auditEntryJSON) bool { return r.Actor != nil && r.Actor.Email == "psp@waafi.so" })
		check("institution=inst-waafi", 2, func(r auditEntryJSON) bool { return r.Actor.Institution == "inst-waafi" })
		check("from=2000-01-01&to=2000-01-02", 0, nil)
		today := e.store.Now().Format("2006-01-02")
		check("action=auth.login&from="+today+"&to="+today, 3, func(r auditEntryJSON) bool { return r.Action == "auth.login" })
		if rows := auditRows(t, e.do(officer, "GET", "/api/audit?limit=5000", nil)); len(rows) != len(seen) {
			t.Errorf("a limit above the maximum gave %d rows, want it capped, not refused (%d rows)", len(rows), len(seen))
		}

		if res := e.do(officer, "GET", "/api/audit?from=yesterday", nil); res.fieldMessage(t, "from") != "Use a date (YYYY-MM-DD) or a time (RFC 3339)" {
			t.Errorf("a bad date's message: %s", res.body)
		}
		for _, bad := range []string{"cursor=abc", "cursor=-1", "limit=0", "actor=nobody", "from=yesterday",
			"from=2026-02-01&to=2026-01-01", "colour=red"} {
			if res := e.do(officer, "GET", "/api/audit?"+bad, nil); res.status != http.StatusBadRequest || res.json(t)["fields"] == nil {
				t.Errorf("%s: %d %s, want 400 with the field named", bad, res.status, res.body)
			}
		}

		// Export: a CSV of what the filters select, and the export is itself on record.
		res := e.do(officer, "GET", "/api/audit/export?action=auth.login", nil)
		records, err := csv.NewReader(strings.NewReader(string(res.body))).ReadAll()
		if res.status != http.StatusOK || err != nil || len(records) != 4 || records[0][0] != "seq" || records[1][5] != "auth.login" {
			t.Fatalf("export: %d %v %q", res.status, err, res.body)
		}
		if e.auditCount("audit.export") != 1 {
			t.Error("the export was not audited")
		}

		// Verification from the API: an administrator's check of the chain.
		if res := e.do(officer, "GET", "/api/audit/verify", nil); res.status != http.StatusForbidden {
			t.Errorf("an officer verified the chain: %d", res.status)
		}
		v := e.do(admin, "GET", "/api/audit/verify", nil).json(t)
		if v["ok"] != true || v["rows"].(float64) < 74 {
			t.Errorf("verify = %v", v)
		}
		if res := e.do(psp, "GET", "/api/audit", nil); res.status != http.StatusForbidden {
			t.Errorf("institution staff read the audit trail: %d", res.status)
		}
	})
}

func TestAuditPageLimitIsCapped(t *testing.T) {
	limit, _, err := parseAuditPage(map[string][]string{"limit": {"5000"}})
	if err != nil || limit != auditPageMax {
		t.Fatalf("limit = %d, %v; want %d", limit, err, auditPageMax)
	}
}
