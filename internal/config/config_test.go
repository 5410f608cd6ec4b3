package config

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func load(t *testing.T, env map[string]string, args ...string) (*Config, error) {
	t.Helper()
	return Load(flag.NewFlagSet("test", flag.ContinueOnError), args, func(k string) string { return env[k] }, Serve)
}

func TestDefaultsStartWithNothingConfigured(t *testing.T) {
	c, err := load(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Listen != "127.0.0.1:8080" || c.DatabaseURL != "./data/kormeer.db" || c.DataDir != "./data" ||
		c.Dev || c.Demo || c.TokenTTL != 8*time.Hour || c.SessionTTL != 12*time.Hour {
		t.Fatalf("defaults: %+v", c)
	}
}

func TestEnvFileAndFlagPrecedence(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "pw")
	os.WriteFile(secret, []byte("s3cret-password\n"), 0o600)
	c, err := load(t, map[string]string{
		"KORMEER_LISTEN":              "0.0.0.0:9000",
		"KORMEER_DEMO":                "1",
		"KORMEER_ADMIN_EMAIL":         "root@bank.so",
		"KORMEER_ADMIN_PASSWORD_FILE": secret,
	}, "--dev", "--listen", "127.0.0.1:7000")
	if err != nil {
		t.Fatal(err)
	}
	if c.Listen != "127.0.0.1:7000" || !c.Demo || !c.Dev || c.AdminPassword != "s3cret-password" {
		t.Fatalf("got %+v", c)
	}
}

func TestInvalidValuesAreReported(t *testing.T) {
	_, err := load(t, map[string]string{
		"KORMEER_DEV":          "maybe",
		"KORMEER_TOKEN_TTL":    "-1h",
		"KORMEER_TOKEN_SECRET": "short",
		"KORMEER_ADMIN_EMAIL":  "root@bank.so",
	})
	if err == nil {
		t.Fatal("invalid configuration accepted")
	}
	for _, want := range []string{"KORMEER_DEV", "KORMEER_TOKEN_TTL", "KORMEER_TOKEN_SECRET", "KORMEER_ADMIN_PASSWORD"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not name %s: %v", want, err)
		}
	}
	_, err = load(t, map[string]string{"KORMEER_TOKEN_SECRET": "x", "KORMEER_TOKEN_SECRET_FILE": "/nonexistent"})
	if err == nil || !strings.Contains(err.Error(), "not both") {
		t.Fatalf("both secret sources accepted: %v", err)
	}
}

// TestREADMEDocumentsEverySetting keeps the README's configuration table complete.
func TestREADMEDocumentsEverySetting(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range Vars {
		if !strings.Contains(string(readme), "`"+v.Env+"`") || !strings.Contains(string(readme), "`--"+v.Flag+"`") {
			t.Errorf("README.md does not document %s (--%s)", v.Env, v.Flag)
		}
	}
}

// TestAlertDeadlines: the handling deadlines default to the figures and a bad setting
// stops the start naming the variable.
func TestAlertDeadlines(t *testing.T) {
	c, err := load(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.AlertDeadlines["critical"] != 24*time.Hour || c.AlertDeadlines["low"] != 30*24*time.Hour {
		t.Fatalf("default deadlines: %v", c.AlertDeadlines)
	}
	c, err = load(t, nil, "--alert-deadlines", "critical=4h,high=1d,medium=2d,low=3d")
	if err != nil || c.AlertDeadlines["critical"] != 4*time.Hour || c.AlertDeadlines["high"] != 24*time.Hour {
		t.Fatalf("flag: %v, %v", c, err)
	}
	if _, err := load(t, map[string]string{"KORMEER_ALERT_DEADLINES": "critical=24h"}); err == nil ||
		!strings.Contains(err.Error(), "KORMEER_ALERT_DEADLINES") {
		t.Fatalf("incomplete deadlines: %v", err)
	}
}

func TestFloodLimits(t *testing.T) {
	c, err := load(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.ReadTimeout != 30*time.Second || c.SignUpRate.N != 20 || c.SignUpRate.Per != time.Hour || c.SocketsPerAccount != 10 ||
		c.ImageBudgetMB != 96 || c.HashQueue != 64 {
		t.Fatalf("defaults: %+v", c.Limits)
	}
	_, err = load(t, map[string]string{"KORMEER_RATE_SIGNUP": "lots", "KORMEER_READ_TIMEOUT": "0s", "KORMEER_PUBLIC_URL": "portal.example",
		"KORMEER_WS_PER_ACCOUNT": "-1"})
	for _, want := range []string{"KORMEER_RATE_SIGNUP", "KORMEER_READ_TIMEOUT", "KORMEER_PUBLIC_URL", "KORMEER_WS_PER_ACCOUNT"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error does not name %s: %v", want, err)
		}
	}
}

// TestServerKeysFromOutside: each server key and the master key come from a variable or a file,
// with a _PREVIOUS twin for rotations; short keys and a previous key alone are refused.
func TestServerKeysFromOutside(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "outbox")
	os.WriteFile(file, []byte(strings.Repeat("o", 32)+"\n"), 0o600)
	c, err := load(t, map[string]string{
		"KORMEER_OUTBOX_KEY_FILE":       file,
		"KORMEER_TOKEN_SECRET":          strings.Repeat("t", 32),
		"KORMEER_TOKEN_SECRET_PREVIOUS": strings.Repeat("p", 32),
		"KORMEER_MASTER_KEY":            strings.Repeat("m", 32),
	})
	if err != nil {
		t.Fatal(err)
	}
	if c.Keys["outbox_aes256"].Current != strings.Repeat("o", 32) || c.Keys["token_hs256"].Previous != strings.Repeat("p", 32) ||
		c.MasterKey != strings.Repeat("m", 32) || len(c.Keys) != 2 {
		t.Fatalf("keys: %+v master %q", c.Keys, c.MasterKey)
	}
	_, err = load(t, map[string]string{
		"KORMEER_UPLOAD_KEY":               "short",
		"KORMEER_ACCESS_CODE_KEY_PREVIOUS": strings.Repeat("p", 32),
		"KORMEER_MASTER_KEY":               "short",
	})
	for _, want := range []string{"KORMEER_UPLOAD_KEY", "KORMEER_ACCESS_CODE_KEY_PREVIOUS", "KORMEER_MASTER_KEY"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error does not name %s: %v", want, err)
		}
	}
}

func TestTrustedProxies(t *testing.T) {
	c, err := load(t, nil, "--trust-proxy")
	if err != nil || !c.TrustProxy || c.TrustedProxies != 1 {
		t.Fatalf("default with --trust-proxy: %+v %v", c, err)
	}
	c, err = load(t, map[string]string{"KORMEER_TRUSTED_PROXIES": "2"}, "--trust-proxy")
	if err != nil || c.TrustedProxies != 2 {
		t.Fatalf("two proxies: %+v %v", c, err)
	}
	for _, bad := range []string{"0", "-1", "x", "11"} {
		if _, err := load(t, map[string]string{"KORMEER_TRUSTED_PROXIES": bad}); err == nil || !strings.Contains(err.Error(), "KORMEER_TRUSTED_PROXIES") {
			t.Errorf("KORMEER_TRUSTED_PROXIES=%s: %v", bad, err)
		}
	}
}

// The tool commands take only the settings that reach the database and its keys as flags, and
// still read the others' variables (a server's environment works for them unchanged).
func TestToolScopeFlags(t *testing.T) {
	fs := flag.NewFlagSet("tools", flag.ContinueOnError)
	fs.SetOutput(new(strings.Builder))
	c, err := Load(fs, []string{"--database-url", "x.db"}, func(k string) string {
		return map[string]string{"KORMEER_LISTEN": "0.0.0.0:9000"}[k]
	}, Keys)
	if err != nil {
		t.Fatal(err)
	}
	if c.DatabaseURL != "x.db" || c.Listen != "0.0.0.0:9000" {
		t.Fatalf("got database %q listen %q", c.DatabaseURL, c.Listen)
	}
	for _, name := range []string{"database-url", "data-dir", "log-level", "log-format", "master-key", "token-secret"} {
		if fs.Lookup(name) == nil {
			t.Errorf("--%s missing from the keys command's flags", name)
		}
	}
	for _, name := range []string{"listen", "smtp-host", "demo", "metrics-addr"} {
		if fs.Lookup(name) != nil {
			t.Errorf("--%s is a server flag, offered to the tools", name)
		}
	}
	fs2 := flag.NewFlagSet("tools", flag.ContinueOnError)
	fs2.SetOutput(new(strings.Builder))
	if _, err := Load(fs2, []string{"--master-key", "x"}, func(string) string { return "" }, Tools); err == nil {
		t.Fatal("--master-key accepted by a command that opens no keys")
	}
}
