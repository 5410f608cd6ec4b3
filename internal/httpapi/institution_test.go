package httpapi

import (
	"context"
	"net/http"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// TestRoleChangeClearsInstitution is the second half of issue 14 finding 11: an institution kept
// on an account whose role needs none must not come back to life when an administrator later
// makes the account institution staff without naming an institution.
func TestRoleChangeClearsInstitution(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		admin := e.mustUser("root@example.so", domain.RoleCBSLAdmin, nil)
		a := e.client()
		e.signIn(a, admin.Email)
		u := e.mustUser("staff@example.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = "inst-9" })

		res := e.do(a, "PATCH", "/api/users/"+u.ID, map[string]any{"role": "citizen"})
		if res.status != 200 || res.json(t)["institution"] != nil {
			t.Fatalf("demotion to citizen kept the institution: %d %s", res.status, res.body)
		}
		// Promoting again without an institution is refused: it would be PSP staff of nothing.
		res = e.do(a, "PATCH", "/api/users/"+u.ID, map[string]any{"role": "psp_admin"})
		if res.status != http.StatusBadRequest {
			t.Fatalf("promotion without an institution: %d %s", res.status, res.body)
		}
		if got, _ := e.store.UserByID(context.Background(), u.ID); got.Institution != "" || got.Role != domain.RoleCitizen {
			t.Fatalf("after the refused promotion: role %s institution %q", got.Role, got.Institution)
		}
		// Naming one works; so does a regulator role, which never keeps one.
		res = e.do(a, "PATCH", "/api/users/"+u.ID, map[string]any{"role": "mno_admin", "institution": "inst-2"})
		if res.status != 200 || res.json(t)["institution"] != "inst-2" {
			t.Fatalf("promotion with an institution: %d %s", res.status, res.body)
		}
		// A regulator role waits for a second administrator (dual control); once approved, the
		// account keeps no institution.
		res = e.do(a, "PATCH", "/api/users/"+u.ID, map[string]any{"role": "cbsl_officer", "institution": "inst-2"})
		if res.status != http.StatusAccepted {
			t.Fatalf("promotion to a regulator: %d %s", res.status, res.body)
		}
		second := e.client()
		e.signIn(second, e.mustUser("deputy@example.so", domain.RoleCBSLAdmin, nil).Email)
		if res := e.do(second, "POST", "/api/approvals/"+res.json(t)["id"].(string)+"/approve", map[string]any{}); res.status != 200 {
			t.Fatalf("approval: %d %s", res.status, res.body)
		}
		if got, _ := e.store.UserByID(context.Background(), u.ID); got.Role != domain.RoleCBSLOfficer || got.Institution != "" {
			t.Fatalf("a regulator kept an institution: role %s institution %q", got.Role, got.Institution)
		}
	})
}

// TestSelfRegistrationIgnoresInstitution is the first half of finding 11: the institution a
// self-registering caller sends is not kept.
func TestSelfRegistrationIgnoresInstitution(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		u := e.registerAndConfirm(map[string]any{"email": "ubah@example.so", "password": testPassword, "firstName": "Ubah",
			"lastName": "Nur", "institution": "inst-9"})
		if u.Institution != "" || u.Role != domain.RoleCitizen {
			t.Fatalf("self-registered account: role %s institution %q", u.Role, u.Institution)
		}
	})
}
