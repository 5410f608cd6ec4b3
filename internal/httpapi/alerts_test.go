package httpapi

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

func TestAlertsWorkflow(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		officer := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		citizen := e.mustUser("citizen@example.so", domain.RoleCitizen, nil)
		e.raiseAlert(t, e.token(citizen))
		ctx := context.Background()
		e.store.Write(ctx, func(tx *store.Tx) error {
			return tx.InsertSystemAlert(ctx, &store.SystemAlert{Title: "Maintenance", Message: "Tonight", AlertType: "warning", TargetUserID: citizen.ID})
		})
		oc := e.client()
		e.signIn(oc, officer.Email)
		var alerts []map[string]any
		json.Unmarshal(e.do(oc, "GET", "/api/alerts", nil).body, &alerts)
		if len(alerts) != 1 || alerts[0]["kind"] != "aml" || alerts[0]["status"] != "open" || alerts[0]["relatedTransactionId"] == nil {
			t.Fatalf("officer's alerts: %v", alerts)
		}
		id := alerts[0]["id"].(string)
		cc := e.client()
		e.signIn(cc, citizen.Email)
		json.Unmarshal(e.do(cc, "GET", "/api/alerts", nil).body, &alerts)
		if len(alerts) != 1 || alerts[0]["kind"] != "system" || alerts[0]["isRead"] != false {
			t.Fatalf("citizen's alerts: %v", alerts)
		}
		if res := e.do(cc, "PATCH", "/api/alerts/"+alerts[0]["id"].(string)+"/read", nil); res.status != 204 {
			t.Fatalf("dismiss: %d %s", res.status, res.body)
		}
		if res := e.do(cc, "GET", "/api/alerts/"+id, nil); res.status != 404 {
			t.Fatalf("a citizen read an AML alert: %d", res.status)
		}

		// The case workflow: investigate, note, close; resolve answers 409 once not open.
		steps := []struct {
			method, path string
			body         any
			status       int
			want         string
		}{
			{"POST", "/actions", map[string]string{"action": "investigate"}, 200, "investigating"},
			{"PATCH", "/resolve", nil, 409, ""},
			{"POST", "/actions", map[string]string{"action": "note"}, 400, ""},
			{"POST", "/actions", map[string]string{"action": "note", "note": "Called the PSP."}, 200, "investigating"},
			{"POST", "/actions", map[string]string{"action": "close", "outcome": "lost", "note": "x"}, 400, ""},
			{"POST", "/actions", map[string]string{"action": "close", "outcome": "false_positive", "note": "Payroll run."}, 200, "false_positive"},
			{"POST", "/actions", map[string]string{"action": "investigate"}, 409, ""},
		}
		for _, s := range steps {
			res := e.do(oc, s.method, "/api/alerts/"+id+s.path, s.body)
			if res.status != s.status {
				t.Fatalf("%s %s %v: %d %s", s.method, s.path, s.body, res.status, res.body)
			}
			if s.want != "" && res.json(t)["status"] != s.want {
				t.Fatalf("%v: status %v", s.body, res.json(t)["status"])
			}
		}
		detail := e.do(oc, "GET", "/api/alerts/"+id, nil).json(t)
		hist, _ := detail["history"].([]any)
		if len(hist) != 3 || detail["resolvedBy"] != officer.ID || detail["resolution"] != "Payroll run." {
			t.Fatalf("case history %v", detail)
		}
		if n := e.auditCount("alert.close"); n != 1 {
			t.Fatalf("alert.close audit rows %d", n)
		}
		if res := e.do(oc, "PATCH", "/api/alerts/"+store.NewID()+"/resolve", nil); res.status != 404 {
			t.Fatalf("unknown alert: %d", res.status)
		}
	})
}

func TestResolveOpenAlert(t *testing.T) {
	e := newEnv(t, storetest.Backends()[0], nil)
	officer := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
	e.raiseAlert(t, e.token(e.mustUser("c@example.so", domain.RoleCitizen, nil)))
	oc := e.client()
	e.signIn(oc, officer.Email)
	var alerts []map[string]any
	json.Unmarshal(e.do(oc, "GET", "/api/alerts?status=open", nil).body, &alerts)
	id := alerts[0]["id"].(string)
	res := e.do(oc, "PATCH", "/api/alerts/"+id+"/resolve", map[string]string{"resolution": "Verified with the bank."})
	if res.status != 200 || res.json(t)["status"] != "resolved" || res.json(t)["resolvedAt"] == nil {
		t.Fatalf("resolve: %d %s", res.status, res.body)
	}
	if res := e.do(oc, "PATCH", "/api/alerts/"+id+"/resolve", nil); res.status != 409 {
		t.Fatalf("resolving a resolved alert: %d", res.status)
	}
	if res := e.do(oc, "GET", "/api/alerts?status=sleeping", nil); res.status != 400 {
		t.Fatalf("bad status filter: %d", res.status)
	}
}
