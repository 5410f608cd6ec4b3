package httpapi

import (
	"net/http"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// TestWeakPasswordsRefusedEverywhere is issue 14 finding 15: 12345678, password and the account's
// own email are refused with a field error wherever a password is set over HTTP (registration,
// an administrator's new account and reset, one's own change).
func TestWeakPasswordsRefusedEverywhere(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		admin := e.mustUser("root@example.so", domain.RoleCBSLAdmin, nil)
		a := e.client()
		e.signIn(a, admin.Email)
		victim := e.mustUser("nimco@example.so", domain.RoleCitizen, nil)
		me := e.client()
		e.signIn(me, victim.Email)
		for _, weak := range []string{"12345678", "password", "Password1", "nimco@example.so"} {
			account := map[string]any{"email": "nimco@example.so", "password": weak, "firstName": "Nimco", "lastName": "Hirsi"}
			for _, tt := range []struct {
				name, path, field string
				c                 *http.Client
				body              any
			}{
				{"register", "/api/auth/register", "password", nil, account},
				{"admin create", "/api/users", "password", a, account},
				{"admin reset", "/api/users/" + victim.ID + "/reset-password", "password", a, map[string]string{"password": weak}},
				{"own change", "/api/profile/password", "newPassword", me, map[string]string{"currentPassword": testPassword, "newPassword": weak}},
			} {
				res := e.do(tt.c, "POST", tt.path, tt.body)
				if res.status != http.StatusBadRequest {
					t.Errorf("%s with %q: %d %s", tt.name, weak, res.status, res.body)
					continue
				}
				if f, _ := res.json(t)["fields"].(map[string]any); f[tt.field] == nil {
					t.Errorf("%s with %q: no %s field error: %s", tt.name, weak, tt.field, res.body)
				}
			}
		}
	})
}
