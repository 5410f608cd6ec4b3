package httpapi

import (
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

func TestScheduleAuditAndExport(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		psp := e.mustPSP("premium")
		staff := e.mustUser("staff@example.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = psp })
		officer := e.mustUser("o@example.so", domain.RoleCBSLOfficer, nil)
		o := e.client()
		e.signIn(o, officer.Email)
		tomorrow := time.Now().UTC().AddDate(0, 0, 1).Format("2006-01-02")
		for _, bad := range []map[string]string{
			{"institutionId": psp, "scheduledFor": "2020-01-01", "scope": "AML programme review"},
			{"institutionId": psp, "scheduledFor": "soon", "scope": "AML programme review"},
			{"institutionId": store.NewID(), "scheduledFor": tomorrow, "scope": "AML programme review"},
			{"institutionId": psp, "scheduledFor": tomorrow, "scope": ""},
		} {
			if res := e.do(o, "POST", "/api/compliance-audits", bad); res.status != 400 {
				t.Fatalf("%v: %d %s", bad, res.status, res.body)
			}
		}
		res := e.do(o, "POST", "/api/compliance-audits", map[string]string{"institutionId": psp, "scheduledFor": tomorrow,
			"scope": "=AML programme and KYC files review"})
		if res.status != 201 || res.json(t)["notifiedStaff"] != float64(1) {
			t.Fatalf("schedule: %d %s", res.status, res.body)
		}
		var alerts []map[string]any
		json.Unmarshal(e.do(nil, "GET", "/api/alerts", nil, "Authorization", "Bearer "+e.token(staff)).body, &alerts)
		if len(alerts) != 1 || !strings.Contains(alerts[0]["title"].(string), tomorrow) {
			t.Fatalf("staff notification: %v", alerts)
		}
		var audits []any
		json.Unmarshal(e.do(nil, "GET", "/api/compliance-audits", nil, "Authorization", "Bearer "+e.token(staff)).body, &audits)
		if len(audits) != 1 {
			t.Fatalf("staff audits: %v", audits)
		}
		e.do(o, "POST", "/api/kyc", kycBody())
		exp := e.do(o, "GET", "/api/compliance/export", nil)
		rows, err := csv.NewReader(strings.NewReader(string(exp.body))).ReadAll()
		if exp.status != 200 || err != nil || len(rows) != 3 { // header, the KYC application, the audit
			t.Fatalf("export: %d %v %v", exp.status, rows, err)
		}
		for _, row := range rows[1:] {
			for _, c := range row {
				if strings.HasPrefix(c, "=") {
					t.Fatalf("unsafe cell %q", c)
				}
			}
		}
		if e.auditCount("audit.schedule") != 1 || e.auditCount("compliance.export") != 1 {
			t.Fatal("audit rows missing")
		}
	})
}
