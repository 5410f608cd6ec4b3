package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// rawDB opens the database at url directly, as an insider with the database's credentials would.
func rawDB(t *testing.T, b storetest.Backend, url string) *sql.DB {
	t.Helper()
	driver := "sqlite"
	if b.Name == "postgres" {
		driver = "pgx"
	}
	db, err := sql.Open(driver, url)
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1) // one session, so a session setting holds for every statement
	t.Cleanup(func() { db.Close() })
	return db
}

// bypassAppendOnly turns off the triggers that protect audit_logs, as an insider with the
// database's owner rights can.
func bypassAppendOnly(t *testing.T, b storetest.Backend, db *sql.DB) {
	t.Helper()
	stmts := []string{`DROP TRIGGER audit_logs_no_delete`, `DROP TRIGGER audit_logs_no_update`}
	if b.Name == "postgres" {
		stmts = []string{`ALTER TABLE audit_logs DISABLE TRIGGER USER`}
	}
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

func recordAccess(t *testing.T, s *store.Store, n int, details map[string]any) {
	t.Helper()
	for i := range n {
		if err := s.RecordAccess(context.Background(), store.Audit{Action: "test.read", Resource: "thing",
			ResourceID: fmt.Sprint(i), IPAddress: "192.0.2.1", UserAgent: "test", Details: details}); err != nil {
			t.Fatal(err)
		}
	}
}

func mustVerify(t *testing.T, s *store.Store, anchors ...store.AuditHead) *store.AuditVerification {
	t.Helper()
	v, err := s.VerifyAuditChain(context.Background(), anchors)
	if err != nil {
		t.Fatalf("verify: %v", err)
	}
	return v
}

// TestAuditChainUnderConcurrentWriters: two instances on one database, each with concurrent
// grouped and ungrouped writers, append to one chain without a fork or a gap.
func TestAuditChainUnderConcurrentWriters(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		url := b.URL(t)
		s1, s2 := storetest.MustOpenURL(t, url), storetest.MustOpenURL(t, url)
		ctx := context.Background()
		var wg sync.WaitGroup
		errs := make(chan error, 64)
		for w := range 8 {
			s := []*store.Store{s1, s2}[w%2]
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range 15 {
					// Text the database hashes byte for byte like Go (PostgreSQL chains rows itself):
					// HTML characters, non-ASCII letters, an emoji and a line break.
					a := store.Audit{Action: "test.write", Resource: "thing", ResourceID: fmt.Sprintf("%d-%d", w, i),
						UserAgent: "Mozilla/5.0 (Soomaali; ñ) 🙂", IPAddress: "2001:db8::1",
						Details: map[string]any{"n": i, "big": 1e21, "s": "<&> Cabdi Xasan — Muqdisho\n", "list": []any{1.5, "x"}}}
					var err error
					if i%2 == 0 {
						err = store.WriteGrouped(s, ctx, fmt.Sprint(w, i), func(ctx context.Context, tx *store.Tx) error { return tx.Audit(ctx, a) })
					} else {
						err = s.RecordAccess(ctx, a)
					}
					if err != nil {
						errs <- err
						return
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		v := mustVerify(t, s1)
		if !v.OK || v.Rows != 120 || v.Head.Seq != 120 {
			t.Fatalf("verification = ok %v, %d rows, head %d, problems %v; want an intact chain of 120", v.OK, v.Rows, v.Head.Seq, v.Problems)
		}
	})
}

// TestAuditVerifyNamesTampering: an insider edits a row's address and date, deletes another and
// the last one, and slips in a row of their own, directly in the database; verify names each.
func TestAuditVerifyNamesTampering(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		url := b.URL(t)
		s := storetest.MustOpenURL(t, url)
		recordAccess(t, s, 10, map[string]any{"amount": "12.50"})
		anchor, err := s.AuditChainHead(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if v := mustVerify(t, s, anchor); !v.OK {
			t.Fatalf("untouched chain reported broken: %v", v.Problems)
		}
		db := rawDB(t, b, url)
		bypassAppendOnly(t, b, db)
		for _, q := range []string{
			`UPDATE audit_logs SET ip_address = '198.51.100.7' WHERE seq = 3`,
			`UPDATE audit_logs SET created_at = '2020-01-01T00:00:00.000Z' WHERE seq = 4`,
			`DELETE FROM audit_logs WHERE seq = 6`,
			`DELETE FROM audit_logs WHERE seq = 10`,
			`INSERT INTO audit_logs (id, action, resource, details, created_at)
				VALUES ('0190a1b2-0000-7000-8000-000000000001', 'user.create', 'user', '{}', '2026-01-01T00:00:00.000Z')`,
		} {
			if _, err := db.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		v := mustVerify(t, s, anchor)
		if v.OK {
			t.Fatal("a tampered chain verified")
		}
		found := map[string]bool{}
		for _, p := range v.Problems {
			found[fmt.Sprintf("%s %d", p.Kind, p.Seq)] = true
		}
		for _, want := range []string{"edited 3", "edited 4", "missing 7", "head 10", "unchained 0", "anchor 10"} {
			if !found[want] {
				t.Errorf("verify did not report %q; it reported %v", want, v.Problems)
			}
		}
		if found["edited 5"] || found["edited 8"] || found["edited 9"] {
			t.Errorf("rows after an edit must still verify on their own: %v", v.Problems)
		}
	})
}

// TestAuditLogIsAppendOnly: from the application's own connection, audit rows cannot be edited,
// deleted or (PostgreSQL) truncated.
func TestAuditLogIsAppendOnly(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		url := b.URL(t)
		s := storetest.MustOpenURL(t, url)
		recordAccess(t, s, 2, nil)
		db := rawDB(t, b, url)
		stmts := []string{`UPDATE audit_logs SET action = 'nothing' WHERE seq = 1`, `DELETE FROM audit_logs WHERE seq = 2`,
			`UPDATE audit_logs SET seq = NULL WHERE seq = 1`}
		if b.Name == "postgres" {
			stmts = append(stmts, `TRUNCATE audit_logs`)
		}
		for _, q := range stmts {
			_, err := db.Exec(q)
			if err == nil || !strings.Contains(err.Error(), "append-only") {
				t.Errorf("%s: err = %v, want the append-only refusal", q, err)
			}
		}
		if v := mustVerify(t, s); !v.OK || v.Rows != 2 {
			t.Fatalf("after refused edits: ok %v, %d rows, %v", v.OK, v.Rows, v.Problems)
		}
	})
}

// TestAuditBacklogIsChained: rows written before the chain existed are chained at start, after
// which the chain verifies and new rows follow them.
func TestAuditBacklogIsChained(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		url := b.URL(t)
		s := storetest.MustOpenURL(t, url)
		db := rawDB(t, b, url)
		// A database that held audit rows when it was migrated: its backlog is not sealed yet.
		if _, err := db.Exec(`UPDATE audit_chain SET backlog_sealed = FALSE`); err != nil {
			t.Fatal(err)
		}
		for i := range 3 {
			if _, err := db.Exec(fmt.Sprintf(`INSERT INTO audit_logs (id, action, resource, details, created_at)
				VALUES ('0190a1b2-0000-7000-8000-00000000000%d', 'legacy', 'thing', '{"n": %d}', '2026-01-0%dT00:00:00.000Z')`, i, i, i+1)); err != nil {
				t.Fatal(err)
			}
		}
		if v := mustVerify(t, s); v.OK {
			t.Fatal("unchained rows verified")
		}
		n, err := s.SealAuditBacklog(context.Background())
		if err != nil || n != 3 {
			t.Fatalf("sealed %d, %v; want 3", n, err)
		}
		recordAccess(t, s, 2, nil)
		if v := mustVerify(t, s); !v.OK || v.Rows != 5 {
			t.Fatalf("after sealing: ok %v, %d rows, %v", v.OK, v.Rows, v.Problems)
		}
		// Once sealed, a row written around the portal stays outside the chain and is reported.
		if _, err := db.Exec(`INSERT INTO audit_logs (id, action, resource, details, created_at)
			VALUES ('0190a1b2-0000-7000-8000-000000000009', 'forged', 'thing', '{}', '2026-01-01T00:00:00.000Z')`); err != nil {
			t.Fatal(err)
		}
		if n, err := s.SealAuditBacklog(context.Background()); err != nil || n != 0 {
			t.Fatalf("second sealing: %d, %v; want nothing sealed", n, err)
		}
		if v := mustVerify(t, s); v.OK || len(v.Problems) != 1 || v.Problems[0].Kind != store.AuditUnchained {
			t.Fatalf("a forged row after sealing: ok %v, %v", v.OK, v.Problems)
		}
	})
}
