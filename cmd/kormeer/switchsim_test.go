package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// TestSwitchsimHTTP: switchsim posts its traffic (repeats and early reports included) to a
// portal's POST /api/iso20022 with a regulator's token, and every document is accepted.
func TestSwitchsimHTTP(t *testing.T) {
	env := map[string]string{"KORMEER_DATABASE_URL": t.TempDir() + "/k.db", "KORMEER_DATA_DIR": t.TempDir(),
		"KORMEER_ADMIN_EMAIL": "admin@kormeer.demo", "KORMEER_ADMIN_PASSWORD": "Admin-demo-2026"}
	base, stop := startStoppableServe(t, env)
	defer stop()
	body, _ := json.Marshal(map[string]string{"email": "admin@kormeer.demo", "password": "Admin-demo-2026"})
	res, err := http.Post(base+"/api/auth/login", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var login struct {
		AccessToken string `json:"access_token"`
	}
	_ = json.NewDecoder(res.Body).Decode(&login)
	res.Body.Close()
	if login.AccessToken == "" {
		t.Fatalf("sign-in: %s", res.Status)
	}
	var out, errOut bytes.Buffer
	code := Run(context.Background(), []string{"switchsim", "--http", base, "--token", login.AccessToken, "--count", "30",
		"--duplicates", "0.3", "--out-of-order", "0.3", "--concurrency", "1"}, envFrom(nil), &out, &errOut)
	if code != 0 || !regexp.MustCompile(`posted \d+ documents in .*, 0 failed`).MatchString(out.String()) {
		t.Fatalf("switchsim: exit %d, %q %q", code, out.String(), errOut.String())
	}
	if code := Run(context.Background(), []string{"switchsim", "--http", base}, envFrom(nil), &out, &errOut); code == 0 ||
		!strings.Contains(errOut.String(), "--http needs --token") {
		t.Fatalf("without a token: exit %d, %q", code, errOut.String())
	}
}
