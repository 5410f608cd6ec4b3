package httpapi

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

func TestUserManagement(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		admin := e.mustUser("root@example.so", domain.RoleCBSLAdmin, nil)
		a := e.client()
		e.signIn(a, admin.Email)
		res := e.do(a, "POST", "/api/users", map[string]any{"email": "new@example.so", "password": testPassword,
			"firstName": "Nimco", "lastName": "Hirsi", "role": "psp_admin", "institution": "inst-1"})
		if res.status != 201 || res.json(t)["role"] != "psp_admin" {
			t.Fatalf("create: %d %s", res.status, res.body)
		}
		id := res.json(t)["id"].(string)
		var list []map[string]any
		json.Unmarshal(e.do(a, "GET", "/api/users?q=nimco", nil).body, &list)
		if len(list) != 1 {
			t.Fatalf("search: %v", list)
		}

		// The user signs in by browser and by token; disabling ends both at once.
		u := e.client()
		e.signIn(u, "new@example.so")
		res = e.do(nil, "POST", "/api/auth/login", map[string]string{"email": "new@example.so", "password": testPassword})
		tok := res.json(t)["access_token"].(string)
		if res := e.do(a, "PATCH", "/api/users/"+id, map[string]any{"isActive": false}); res.status != 200 || res.json(t)["isActive"] != false {
			t.Fatalf("disable: %d %s", res.status, res.body)
		}
		if e.do(u, "GET", "/api/auth/user", nil).status != 401 || e.do(nil, "GET", "/api/auth/profile", nil, "Authorization", "Bearer "+tok).status != 401 {
			t.Fatal("a disabled account's session or token still works")
		}
		e.do(a, "PATCH", "/api/users/"+id, map[string]any{"isActive": true, "role": "mno_admin"})

		// A reset password must be changed before anything else.
		if res := e.do(a, "POST", "/api/users/"+id+"/reset-password", map[string]string{"password": "short"}); res.status != 400 {
			t.Fatalf("short reset password: %d", res.status)
		}
		e.do(a, "POST", "/api/users/"+id+"/reset-password", map[string]string{"password": "temporary pass 1"})
		u2 := e.client()
		if res := e.do(u2, "POST", "/api/login", map[string]string{"email": "new@example.so", "password": "temporary pass 1"}); res.status != 200 {
			t.Fatalf("sign in with the reset password: %d", res.status)
		}
		if me := e.do(u2, "GET", "/api/auth/user", nil).json(t); me["mustChangePassword"] != true || me["role"] != "mno_admin" {
			t.Fatalf("after reset: %v", me)
		}
		if res := e.do(u2, "GET", "/api/transactions", nil); res.status != http.StatusForbidden {
			t.Fatalf("read before changing the password: %d", res.status)
		}
		if res := e.do(u2, "POST", "/api/profile/password", map[string]string{"currentPassword": "wrong", "newPassword": "my own password"}); res.status != 400 {
			t.Fatalf("wrong current password: %d", res.status)
		}
		if res := e.do(u2, "POST", "/api/profile/password", map[string]string{"currentPassword": "temporary pass 1", "newPassword": "my own password"}); res.status != 200 {
			t.Fatalf("change password: %d %s", res.status, res.body)
		}
		if res := e.do(u2, "GET", "/api/transactions", nil); res.status != 200 {
			t.Fatalf("after changing: %d", res.status)
		}
		// An administrator cannot lock themself out.
		if res := e.do(a, "PATCH", "/api/users/"+admin.ID, map[string]any{"isActive": false}); res.status != 409 {
			t.Fatalf("self-disable: %d", res.status)
		}
		if n := e.auditCount("user.update"); n != 3 { // disable, enable with a new role, password reset
			t.Fatalf("user.update audit rows %d", n)
		}
	})
}

func TestProfileAndSessions(t *testing.T) {
	e := newEnv(t, storetest.Backends()[0], nil)
	u := e.mustUser("me@example.so", domain.RoleCitizen, nil)
	laptop, phone := e.client(), e.client()
	e.signIn(laptop, u.Email)
	e.signIn(phone, u.Email)
	res := e.do(laptop, "PATCH", "/api/profile", map[string]any{"firstName": "Sahra", "language": "so"})
	if res.status != 200 || res.json(t)["firstName"] != "Sahra" || res.json(t)["language"] != "so" {
		t.Fatalf("profile: %d %s", res.status, res.body)
	}
	if res := e.do(laptop, "PATCH", "/api/profile", map[string]any{"language": "de"}); res.status != 400 {
		t.Fatalf("unknown language: %d", res.status)
	}
	var sessions []map[string]any
	json.Unmarshal(e.do(laptop, "GET", "/api/profile/sessions", nil).body, &sessions)
	if len(sessions) != 2 {
		t.Fatalf("sessions %v", sessions)
	}
	var other string
	for _, s := range sessions {
		if s["current"] == false {
			other = s["id"].(string)
		}
	}
	if res := e.do(laptop, "DELETE", "/api/profile/sessions/"+other, nil); res.status != 204 {
		t.Fatalf("end session: %d", res.status)
	}
	if e.do(phone, "GET", "/api/auth/user", nil).status != 401 || e.do(laptop, "GET", "/api/auth/user", nil).status != 200 {
		t.Fatal("the wrong session ended")
	}
}
