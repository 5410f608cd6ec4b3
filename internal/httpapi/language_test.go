package httpapi

import (
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// TestPersonChoosesFrench: a person saves French as their language from the profile (the web
// app's language switchers do), reads it back with their account, and the portal's notices reach
// them in French (a system alert and an e-mail). A language the interface does not ship is
// refused with a field error and changes nothing.
func TestPersonChoosesFrench(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		pspID := e.mustPSP("zaad")
		officer := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		staff := e.mustUser("fr@zaad.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = pspID })
		auth := []string{"Authorization", "Bearer " + e.token(staff)}

		if res := e.do(nil, "PATCH", "/api/profile", map[string]any{"language": "fr"}, auth...); res.status != 200 || res.json(t)["language"] != "fr" {
			t.Fatalf("choose French: %d %s", res.status, res.body)
		}
		res := e.do(nil, "PATCH", "/api/profile", map[string]any{"language": "de"}, auth...)
		if fields, _ := res.json(t)["fields"].(map[string]any); res.status != 400 || fields["language"] == nil {
			t.Fatalf("an unshipped language: %d %s", res.status, res.body)
		}
		if res := e.do(nil, "GET", "/api/auth/user", nil, auth...); res.status != 200 || res.json(t)["language"] != "fr" {
			t.Fatalf("the account after a refused change: %d %s", res.status, res.body)
		}

		change := map[string]string{"status": "compliant", "reason": "Revue annuelle réussie"}
		if res := e.do(nil, "PATCH", "/api/psps/"+pspID+"/compliance", change, "Authorization", "Bearer "+e.token(officer)); res.status != 200 {
			t.Fatalf("compliance change: %d %s", res.status, res.body)
		}
		if m := e.mailTo("fr@zaad.so", "compliance_status"); len(m) != 1 || !strings.Contains(m[0], "Motif : Revue annuelle réussie") ||
			!strings.Contains(m[0], "de « en cours d'examen » à « conforme »") || strings.Contains(m[0], "Reason:") {
			t.Errorf("French staff mail: %q", m)
		}
		if a := e.systemAlertsFor(staff.ID); len(a) != 1 || !strings.Contains(a[0], "Statut de conformité conforme") {
			t.Errorf("French staff alerts: %q", a)
		}
	})
}
