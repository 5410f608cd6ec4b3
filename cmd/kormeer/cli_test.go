package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/auth"
	"github.com/kormeer/kormeer/internal/store"
)

// runCLI runs kormeer with a database of the test's own and returns the exit code, standard
// output and standard error.
func runCLI(t *testing.T, db string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(context.Background(), args, envFrom(map[string]string{"KORMEER_DATABASE_URL": db}), &out, &errOut)
	return code, out.String(), errOut.String()
}

// --help prints usage to standard output and exits 0, for the binary and for every command;
// each command lists its own flags and not the server's.
func TestHelpExitsZero(t *testing.T) {
	db := filepath.Join(t.TempDir(), "k.db")
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}} {
		code, out, _ := runCLI(t, db, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d", args, code)
		}
		for _, c := range commands {
			if !strings.Contains(out, "  "+c.name+" ") {
				t.Errorf("%v does not list %s:\n%s", args, c.name, out)
			}
		}
	}
	cases := map[string]struct {
		args    []string
		want    string // in the usage
		notWant string // a flag of another command
	}{
		"serve":          {[]string{"serve", "--help"}, "-listen", "-password-stdin"},
		"migrate":        {[]string{"migrate", "--help"}, "-database-url", "-listen"},
		"migrate status": {[]string{"migrate", "status", "-h"}, "-database-url", "-smtp-host"},
		"users":          {[]string{"users", "--help"}, "users create", ""},
		"users create":   {[]string{"users", "create", "--help"}, "-password-stdin", "-listen"},
		"audit verify":   {[]string{"audit", "verify", "--help"}, "-anchor", "-master-key"},
		"keys":           {[]string{"keys", "--help"}, "list", ""},
		"keys list":      {[]string{"keys", "list", "--help"}, "-master-key", "-listen"},
		"keys rotate":    {[]string{"keys", "rotate", "--help"}, "rotate NAME", ""},
		"loadgen":        {[]string{"loadgen", "--help"}, "-concurrency", "-database-url"},
		"datagen":        {[]string{"datagen", "--help"}, "-database-url", "-listen"},
		"healthcheck":    {[]string{"healthcheck", "--help"}, "-url", "-database-url"},
		"backup":         {[]string{"backup", "--help"}, "-out", "-listen"},
	}
	for name, c := range cases {
		code, out, errOut := runCLI(t, db, c.args...)
		if code != 0 || !strings.Contains(out, c.want) || (c.notWant != "" && strings.Contains(out, c.notWant)) {
			t.Errorf("%s: exit %d, stdout %q (want %q, not %q), stderr %q", name, code, out, c.want, c.notWant, errOut)
		}
	}
	if code, _, errOut := runCLI(t, db, "users", "create", "--listen", "x"); code == 0 || !strings.Contains(errOut, "-listen") {
		t.Errorf("users create --listen: exit %d, stderr %q", code, errOut)
	}
	if code, _, errOut := runCLI(t, db, "users", "delete"); code == 0 || !strings.Contains(errOut, "unknown users command") {
		t.Errorf("users delete: exit %d, stderr %q", code, errOut)
	}
}

// The password of `users create` can come from a file or standard input, so that it does not
// show in the process list or the shell's history; giving it twice is refused.
func TestUsersCreatePasswordOutsideTheCommandLine(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "k.db")
	file := filepath.Join(dir, "pw")
	if err := os.WriteFile(file, []byte("from a file 2026\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	base := []string{"users", "create", "--role", "cbsl_officer", "--first-name", "Ayaan", "--last-name", "Omar"}
	if code, out, errOut := runCLI(t, db, append(base, "--email", "file@bank.so", "--password-file", file)...); code != 0 {
		t.Fatalf("--password-file: %d %s %s", code, out, errOut)
	}
	stdin = strings.NewReader("from stdin 2026\r\nignored second line\n")
	t.Cleanup(func() { stdin = os.Stdin })
	if code, out, errOut := runCLI(t, db, append(base, "--email", "stdin@bank.so", "--password-stdin")...); code != 0 {
		t.Fatalf("--password-stdin: %d %s %s", code, out, errOut)
	}
	if code, _, errOut := runCLI(t, db, append(base, "--email", "two@bank.so", "--password", "x", "--password-stdin")...); code == 0 ||
		!strings.Contains(errOut, "give the password once") {
		t.Fatalf("two passwords: %d %s", code, errOut)
	}
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for email, pw := range map[string]string{"file@bank.so": "from a file 2026", "stdin@bank.so": "from stdin 2026"} {
		u, err := st.UserByLogin(context.Background(), email)
		if err != nil {
			t.Fatal(err)
		}
		if ok, _ := (auth.Hasher{Params: auth.DefaultParams}).Verify(pw, u.PasswordHash); !ok {
			t.Errorf("%s: the stored password is not %q", email, pw)
		}
	}
}

// `migrate status` lists every migration as pending on a new database without applying any, and
// as applied after `migrate`.
func TestMigrateStatus(t *testing.T) {
	db := filepath.Join(t.TempDir(), "k.db")
	code, out, errOut := runCLI(t, db, "migrate", "status")
	if code != 0 || !strings.Contains(out, "pending  ") || strings.Contains(out, "applied  ") {
		t.Fatalf("before: %d %s %s", code, out, errOut)
	}
	if code, _, errOut := runCLI(t, db, "migrate", "status"); code != 0 {
		t.Fatalf("second status: %d %s", code, errOut) // it applied nothing, so it still reads
	}
	if code, _, errOut := runCLI(t, db, "migrate"); code != 0 {
		t.Fatalf("migrate: %s", errOut)
	}
	code, out, _ = runCLI(t, db, "migrate", "status")
	if code != 0 || strings.Contains(out, "pending  ") || !strings.Contains(out, "applied  ") || !strings.HasSuffix(out, "0 pending\n") {
		t.Fatalf("after: %d %s", code, out)
	}
}

// version names the commit and the build date the link flags give.
func TestVersionLine(t *testing.T) {
	commit, buildDate = "0123abc", "2026-11-24T06:00:00Z"
	t.Cleanup(func() { commit, buildDate = "", "" })
	if got := versionLine(); !strings.Contains(got, "commit 0123abc") || !strings.Contains(got, "built 2026-11-24T06:00:00Z") {
		t.Fatalf("version: %s", got)
	}
}
