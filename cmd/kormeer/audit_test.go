package main

import (
	"bytes"
	"context"
	"database/sql"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/store/storetest"
)

// TestAuditVerifyCommand: `kormeer audit verify` passes on an untouched trail and, after an insider
// edits a row and deletes another in the database, names both and exits 1.
func TestAuditVerifyCommand(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		url := b.URL(t)
		env := envFrom(map[string]string{"KORMEER_DATABASE_URL": url, "KORMEER_DATA_DIR": t.TempDir()})
		run := func(args ...string) (int, string) {
			var out, errOut bytes.Buffer
			code := Run(context.Background(), args, env, &out, &errOut)
			return code, out.String() + errOut.String()
		}
		for _, email := range []string{"a@bank.so", "b@bank.so", "c@bank.so"} {
			if code, out := run("users", "create", "--email", email, "--password", "Long-enough-2026", "--role", "citizen",
				"--first-name", "Amina", "--last-name", "Warsame"); code != 0 {
				t.Fatalf("users create: %d %s", code, out)
			}
		}
		if code, out := run("audit", "verify"); code != 0 || !strings.Contains(out, "audit trail intact: 3 rows, head 3") {
			t.Fatalf("untouched trail: %d %s", code, out)
		}

		driver, bypass := "sqlite", []string{`DROP TRIGGER audit_logs_no_delete`, `DROP TRIGGER audit_logs_no_update`}
		if b.Name == "postgres" {
			driver, bypass = "pgx", []string{`ALTER TABLE audit_logs DISABLE TRIGGER USER`}
		}
		db, err := sql.Open(driver, url)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		for _, q := range append(bypass, `UPDATE audit_logs SET ip_address = '203.0.113.9' WHERE seq = 1`,
			`DELETE FROM audit_logs WHERE seq = 2`) {
			if _, err := db.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		code, out := run("audit", "verify")
		if code != 1 || !strings.Contains(out, "Row 1 (id") || !strings.Contains(out, "Row 2 of chain 1 is missing") || !strings.Contains(out, "DAMAGED") {
			t.Fatalf("tampered trail: exit %d, %s", code, out)
		}
		if code, out := run("audit", "verify", "--anchor", "nonsense"); code == 0 || !strings.Contains(out, "SEQ:HASH") {
			t.Fatalf("a malformed anchor: %d %s", code, out)
		}
		if code, _ := run("audit", "check"); code == 0 {
			t.Fatal("an unknown audit subcommand succeeded")
		}
	})
}
