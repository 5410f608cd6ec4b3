package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

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

// onPostgres runs fn on PostgreSQL only, with a store on a database of its own and that
// database's URL; on SQLite it logs why the test does not apply there.
func onPostgres(t *testing.T, sqliteWhy string, fn func(t *testing.T, b storetest.Backend, url string, s *store.Store)) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		if b.Name != "postgres" {
			t.Log(sqliteWhy)
			return
		}
		url := b.URL(t)
		fn(t, b, url, storetest.MustOpenURL(t, url))
	})
}

// writesPast runs write while an insider's transaction held holds rows, and fails the test with
// waited if write has not ended 10 s later (then rolling held back, so write can end).
func writesPast(t *testing.T, held *sql.Tx, waited string, write func() error) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- write() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		_ = held.Rollback()
		t.Fatalf("%s: %v", waited, <-done)
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
						err = store.WriteGrouped(s, ctx, func(ctx context.Context, tx *store.Tx) error { return tx.Audit(ctx, a) })
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
		if !v.OK || v.Rows != 120 {
			t.Fatalf("verification = ok %v, %d rows, problems %v; want intact chains of 120 rows", v.OK, v.Rows, v.Problems)
		}
		// PostgreSQL's transfer groups append to chains of their own, and the other writes to chain 1.
		used := 0
		for _, h := range v.Heads {
			if h.Seq > 0 {
				used++
			}
		}
		if want := map[string]int{"sqlite": 1, "postgres": 5}[b.Name]; len(v.Heads) != want || (b.Name == "postgres" && used < 3) {
			t.Fatalf("heads %v: want %d chains, on PostgreSQL chain 1 and transfer chains in use", v.Heads, want)
		}
	})
}

// TestAuditVerifyNamesTampering: an insider edits a row's address and date, deletes another and
// the last one, and slips in rows of their own (outside the chain, before its first row and past
// its head), directly in the database; verify names each.
func TestAuditVerifyNamesTampering(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		url := b.URL(t)
		s := storetest.MustOpenURL(t, url)
		recordAccess(t, s, 10, map[string]any{"amount": "12.50"})
		heads, err := s.AuditChainHeads(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		anchor := heads[0] // the writes outside the transfer groups go to chain 1
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
			// rows with a place of their own: before the chain's first and past its head
			`INSERT INTO audit_logs (id, action, resource, details, created_at, seq, hash)
				VALUES ('0190a1b2-0000-7000-8000-000000000002', 'user.create', 'user', '{}', '2026-01-01T00:00:00.000Z', -1, 'x')`,
			`INSERT INTO audit_logs (id, action, resource, details, created_at, seq, hash)
				VALUES ('0190a1b2-0000-7000-8000-000000000003', 'user.create', 'user', '{}', '2026-01-01T00:00:00.000Z', 50, 'x')`,
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
		for _, want := range []string{"edited 3", "edited 4", "missing 7", "head 10", "unchained 0", "anchor 10", "edited -1", "unchained 50"} {
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
		if b.Name == "postgres" {
			// A portal older than migration 0041, still running in a rolling upgrade, chains a
			// row as it did (chain 1's head moved by one, no link): refused, nothing written.
			old := `WITH head AS (UPDATE audit_chain SET seq = seq + 1 WHERE id = 1 RETURNING seq, hash)
				INSERT INTO audit_logs (id, action, resource, details, created_at, seq, hash)
				SELECT '0190a1b2-0000-7000-8000-000000000031', 'user.create', 'user', '{}', now(), head.seq, head.hash FROM head`
			if _, err := db.Exec(old); err == nil || !strings.Contains(err.Error(), "older than the audit trail's chains") {
				t.Errorf("an older portal's audit row: err = %v, want it refused", err)
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

// TestChainsDoNotWaitForEachOther: on PostgreSQL a transaction holds its chain's head until its
// commit is on disk, so the transfer groups and the other writes append to chains of their own,
// and one chain held does not stop the others. An insider's transaction holds chain 1's head
// (every write but the transfers), then a transfer chain's: the other side's writes still commit.
func TestChainsDoNotWaitForEachOther(t *testing.T) {
	onPostgres(t, "SQLite's one writer appends to one chain", func(t *testing.T, b storetest.Backend, url string, s *store.Store) {
		ctx := context.Background()
		a := store.Audit{Action: "test.write", Resource: "thing"}
		grouped := func(ctx context.Context) error {
			return store.WriteGrouped(s, ctx, func(ctx context.Context, tx *store.Tx) error { return tx.Audit(ctx, a) })
		}
		hold := func(chain int) *sql.Tx {
			tx, err := rawDB(t, b, url).Begin()
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tx.Exec(`SELECT 1 FROM audit_chain WHERE id = $1 FOR UPDATE`, chain); err != nil {
				t.Fatal(err)
			}
			return tx
		}

		held := hold(1)
		short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
		err := s.RecordAccess(short, a)
		cancel()
		if err == nil {
			t.Fatal("a write outside the transfer groups committed while chain 1's head was held")
		}
		// A grouped write, once queued, runs to its end whatever its context (writeGrouped): were it
		// waiting for chain 1, it would wait until the head is let go.
		writesPast(t, held, "a grouped write waited for chain 1", func() error { return grouped(ctx) })
		if err := held.Rollback(); err != nil {
			t.Fatal(err)
		}
		long, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()

		heads, err := s.AuditChainHeads(ctx)
		if err != nil {
			t.Fatal(err)
		}
		used := 0
		for _, h := range heads {
			if h.Chain > 1 && h.Seq > 0 {
				used = int(h.Chain)
			}
		}
		if used == 0 {
			t.Fatalf("the grouped write's row is in no transfer chain: heads %v", heads)
		}
		held = hold(used)
		if err := s.RecordAccess(long, a); err != nil {
			t.Fatalf("a write outside the transfer groups waited for chain %d: %v", used, err)
		}
		if err := held.Rollback(); err != nil {
			t.Fatal(err)
		}
		if err := grouped(long); err != nil { // whichever chain it takes, none is held now
			t.Fatal(err)
		}
		if v := mustVerify(t, s); !v.OK || v.Rows != 3 {
			t.Fatalf("after the held heads: ok %v, %d rows, %v", v.OK, v.Rows, v.Problems)
		}
	})
}

// TestAuditVerifyWhileWriting: verification reads the heads and the rows in one snapshot, so the
// rows that commit while it walks (every chain's, on PostgreSQL out of seq order across chains)
// are not taken for rows missing or heads moved.
func TestAuditVerifyWhileWriting(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.MustOpen(t, b)
		ctx := context.Background()
		a := store.Audit{Action: "test.write", Resource: "thing"}
		stop := make(chan struct{})
		var wg sync.WaitGroup
		var written atomic.Int64
		errs := make(chan error, 8)
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; ; i++ {
					select {
					case <-stop:
						return
					default:
					}
					err := store.WriteGrouped(s, ctx, func(ctx context.Context, tx *store.Tx) error { return tx.Audit(ctx, a) })
					if err == nil && i%4 == 0 {
						err = s.RecordAccess(ctx, a)
					}
					written.Add(1)
					if err != nil {
						errs <- err
						return
					}
				}
			}()
		}
		for i := 0; i < 20 || written.Load() < 400; i++ {
			if v := mustVerify(t, s); !v.OK {
				close(stop)
				wg.Wait()
				t.Fatalf("verification beside writers: %d rows, %v", v.Rows, v.Problems)
			}
		}
		close(stop)
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		if v := mustVerify(t, s); !v.OK || v.Rows < 400 {
			t.Fatalf("after the writers: ok %v, %d rows, %v", v.OK, v.Rows, v.Problems)
		}
	})
}

// TestAuditVerifyNamesTamperingInTransferChains: on PostgreSQL, where the transfer groups' rows
// are in chains of their own, an insider who deletes a row of one chain or moves a row to
// another chain is named, and the other chains still verify.
func TestAuditVerifyNamesTamperingInTransferChains(t *testing.T) {
	onPostgres(t, "SQLite keeps one chain (TestAuditVerifyNamesTampering)", func(t *testing.T, b storetest.Backend, url string, s *store.Store) {
		ctx := context.Background()
		for i := range 40 {
			if err := store.WriteGrouped(s, ctx, func(ctx context.Context, tx *store.Tx) error {
				return tx.Audit(ctx, store.Audit{Action: "test.write", Resource: "thing", ResourceID: fmt.Sprint(i)})
			}); err != nil {
				t.Fatal(err)
			}
		}
		db := rawDB(t, b, url)
		// The transfer chains in use, by their number of rows.
		rows, err := db.Query(`SELECT chain, MAX(link) FROM audit_logs GROUP BY chain HAVING MAX(link) >= 3 ORDER BY chain`)
		if err != nil {
			t.Fatal(err)
		}
		var chains []int64
		for rows.Next() {
			var c, n int64
			if err := rows.Scan(&c, &n); err != nil {
				t.Fatal(err)
			}
			chains = append(chains, c)
		}
		rows.Close()
		if len(chains) < 2 || chains[0] < 2 {
			t.Fatalf("40 grouped writes filled transfer chains %v; want two with three rows or more", chains)
		}
		seqOf := func(chain, link int64) (seq int64) {
			if err := db.QueryRow(`SELECT seq FROM audit_logs WHERE chain = $1 AND link = $2`, chain, link).Scan(&seq); err != nil {
				t.Fatal(err)
			}
			return seq
		}
		deleted, after := seqOf(chains[0], 2), seqOf(chains[0], 3)
		moved := seqOf(chains[1], 2)
		bypassAppendOnly(t, b, db)
		for _, q := range []string{
			fmt.Sprintf(`DELETE FROM audit_logs WHERE seq = %d`, deleted),
			fmt.Sprintf(`UPDATE audit_logs SET chain = 1 WHERE seq = %d`, moved),
		} {
			if _, err := db.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		v := mustVerify(t, s)
		found := map[string]bool{}
		for _, p := range v.Problems {
			found[fmt.Sprintf("%s %d", p.Kind, p.Seq)] = true
		}
		for _, want := range []string{fmt.Sprintf("missing %d", after), fmt.Sprintf("unchained %d", moved)} {
			if !found[want] {
				t.Errorf("verify did not report %q; it reported %v", want, v.Problems)
			}
		}
		if v.OK || len(v.Problems) != 3 {
			// the deleted row (named at the row after it), the moved row (past chain 1's head,
			// which names no row) and the row after the moved one in its own chain
			t.Errorf("want three problems, got %v", v.Problems)
		}

		// An insider who adds a chain of their own, with a head, and deletes a transfer chain's head.
		for _, q := range []string{
			`ALTER TABLE audit_chain DROP CONSTRAINT audit_chain_id_check`,
			`INSERT INTO audit_chain (id, seq, link, hash, backlog_sealed, updated_at) VALUES (6, 0, 0, '` + strings.Repeat("0", 64) + `', TRUE, now())`,
			fmt.Sprintf(`DELETE FROM audit_chain WHERE id = %d`, chains[1]),
		} {
			if _, err := db.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		messages := fmt.Sprint(mustVerify(t, s).Problems)
		for _, want := range []string{"a head for chain 6, which Kormeer does not write",
			fmt.Sprintf("The head of chain %d is missing", chains[1]), fmt.Sprintf("names chain %d, which has no head", chains[1])} {
			if !strings.Contains(messages, want) {
				t.Errorf("verify did not report %q; it reported %s", want, messages)
			}
		}
	})
}
