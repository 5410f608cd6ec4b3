package httpapi

import (
	"fmt"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

func TestAMLMakerChecker(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		maker := e.mustUser("maker@example.so", domain.RoleCBSLAdmin, nil)
		checker := e.mustUser("checker@example.so", domain.RoleCBSLAdmin, nil)
		citizen := e.mustUser("c@example.so", domain.RoleCitizen, nil)
		m, c := e.client(), e.client()
		e.signIn(m, maker.Email)
		e.signIn(c, checker.Email)
		// Some history to backtest: 2,500 USD transfers, medium at most today.
		for i := 0; i < 3; i++ {
			body := transferBody("2500.25")
			body["senderNumber"] = fmt.Sprintf("+252 65 77777%02d", i)
			e.do(nil, "POST", "/api/transfer", body, "Authorization", "Bearer "+e.token(citizen))
		}
		settings := e.do(m, "GET", "/api/settings/aml", nil).json(t)
		active := settings["active"].(map[string]any)
		if active["version"] != float64(1) || active["status"] != "active" {
			t.Fatalf("initial settings %v", settings)
		}
		th := active["thresholds"].(map[string]any)
		th["largeValueUsd"] = "2000.00"
		th["weights"].(map[string]any)["large_value"] = 75
		bad := map[string]any{}
		for k, v := range th {
			bad[k] = v
		}
		bad["highAt"] = 10
		if res := e.do(m, "POST", "/api/settings/aml/proposals", map[string]any{"thresholds": bad}); res.status != 400 ||
			res.json(t)["fields"].(map[string]any)["highAt"] == nil {
			t.Fatalf("inconsistent levels: %d %s", res.status, res.body)
		}
		res := e.do(m, "POST", "/api/settings/aml/proposals", map[string]any{"thresholds": th, "note": "Lower the large-value line"})
		if res.status != 201 || res.json(t)["status"] != "proposed" || res.json(t)["version"] != float64(2) ||
			res.json(t)["proposedByName"] != "Test cbsl_admin" {
			t.Fatalf("propose: %d %s", res.status, res.body)
		}
		bt := e.do(c, "GET", "/api/settings/aml/proposals/2/backtest", nil).json(t)
		if bt["transactions"] != float64(3) || bt["highRiskCurrent"] != float64(0) || bt["highRiskProposed"] != float64(3) {
			t.Fatalf("backtest %v", bt)
		}
		// Still the old rules until approved; the maker cannot approve their own proposal.
		if res := e.do(m, "POST", "/api/settings/aml/proposals/2/approve", nil); res.status != 403 {
			t.Fatalf("self-approval: %d %s", res.status, res.body)
		}
		before := e.do(nil, "POST", "/api/transfer", transferBody("2500.50"), "Authorization", "Bearer "+e.token(citizen)).json(t)
		if before["riskLevel"] == "high" {
			t.Fatal("a proposal took effect before approval")
		}
		if res := e.do(c, "POST", "/api/settings/aml/proposals/2/approve", map[string]string{"note": "Backtest reviewed"}); res.status != 200 || res.json(t)["status"] != "active" {
			t.Fatalf("approve: %d %s", res.status, res.body)
		}
		if res := e.do(c, "POST", "/api/settings/aml/proposals/2/approve", nil); res.status != 409 {
			t.Fatalf("approve twice: %d", res.status)
		}
		body := transferBody("2500.75")
		body["senderNumber"] = "+252 65 7654321"
		after := e.do(nil, "POST", "/api/transfer", body, "Authorization", "Bearer "+e.token(citizen)).json(t)
		detail := e.do(c, "GET", "/api/transactions/"+after["id"].(string), nil).json(t)
		if after["riskLevel"] != "high" || detail["amlRuleVersion"] != float64(2) {
			t.Fatalf("after approval: %v / version %v", after["riskLevel"], detail["amlRuleVersion"])
		}
		versions := e.do(c, "GET", "/api/settings/aml", nil).json(t)["versions"].([]any)
		if len(versions) != 2 || versions[1].(map[string]any)["status"] != "superseded" {
			t.Fatalf("versions %v", versions)
		}
		if e.auditCount("aml_rules.propose") != 1 || e.auditCount("aml_rules.approve") != 1 {
			t.Fatal("audit rows missing")
		}
	})
}
