package store_test

import (
	"context"
	"database/sql"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// insertPSP adds a licensed PSP directly, as the demo seeding does.
func insertPSP(t *testing.T, db *sql.DB, id, licence string) {
	t.Helper()
	if _, err := db.Exec(`INSERT INTO psps (id, name, license_number) VALUES ($1, $2, $3)`,
		id, "Test PSP "+licence, licence); err != nil {
		t.Fatal(err)
	}
}

// storeTransfer stores one transfer by u through the PSP psp.
func storeTransfer(ctx context.Context, s *store.Store, u *domain.User, psp, id string) error {
	w := &store.TransferWrite{IdempotencyKey: id, RequestHash: "h-" + id, UserID: u.ID,
		Scoring: store.Scoring{Thresholds: domain.DefaultAMLThresholds()},
		Audit:   store.Audit{UserID: u.ID},
		Respond: func(t *store.NewTransaction, _ domain.AMLResult) ([]byte, error) { return []byte(t.TransactionID), nil }}
	w.Tx = *onlineTransfer(id, 2000)
	w.Tx.CreatedBy, w.Tx.PSPID, w.Tx.InstitutionID, w.Tx.InstitutionType = u.ID, psp, psp, "psp"
	_, err := s.CreateTransfer(ctx, w)
	return err
}

// TestHistoryParentsAreNeverDeleted: the users, institutions and transactions the payment history
// names cannot be deleted on either database, even by an insider with the database's
// credentials, and a transaction's delete does not take its log rows with it (migration 0042).
// A user or an institution that nothing names yet is refused too: deactivation is the way out.
// On PostgreSQL TRUNCATE, which fires no row trigger, is refused as well: with the keys, its
// CASCADE reached audit_logs, whose own trigger refused it; without them it would empty the table
// alone and leave the history naming rows that are gone.
func TestHistoryParentsAreNeverDeleted(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		url := b.URL(t)
		s := storetest.MustOpenURL(t, url)
		insider := rawDB(t, b, url)
		named := mustUser(t, s, "named@example.so", nil)
		unnamed := mustUser(t, s, "unnamed@example.so", nil)
		const psp, idle = "0190a000-0000-7000-8000-000000000001", "0190a000-0000-7000-8000-000000000002"
		insertPSP(t, insider, psp, "PSP-HIST-1")
		insertPSP(t, insider, idle, "PSP-HIST-2")
		for _, table := range []string{"mnos", "banks"} {
			if _, err := insider.Exec(`INSERT INTO `+table+` (id, name, license_number) VALUES ($1, 'Test', $2)`,
				store.NewID(), table+"-HIST-1"); err != nil {
				t.Fatal(err)
			}
		}
		if err := storeTransfer(ctx, s, named, psp, "TXN-HIST-1"); err != nil {
			t.Fatal(err)
		}
		count := func() (n int) {
			t.Helper()
			if err := s.DB().QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM users) + (SELECT COUNT(*) FROM psps)
				+ (SELECT COUNT(*) FROM mnos) + (SELECT COUNT(*) FROM banks) + (SELECT COUNT(*) FROM transactions)
				+ (SELECT COUNT(*) FROM transaction_logs)`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		before := count()
		for _, q := range []struct{ table, where string }{
			{"users", "id = '" + named.ID + "'"},
			{"users", "id = '" + unnamed.ID + "'"},
			{"psps", "id = '" + psp + "'"},
			{"psps", "id = '" + idle + "'"},
			{"mnos", "license_number = 'mnos-HIST-1'"},
			{"banks", "license_number = 'banks-HIST-1'"},
			{"transactions", "transaction_id = 'TXN-HIST-1'"},
		} {
			_, err := insider.Exec(`DELETE FROM ` + q.table + ` WHERE ` + q.where)
			if err == nil || !strings.Contains(err.Error(), "never deleted") {
				t.Errorf("DELETE FROM %s WHERE %s: %v, want it refused", q.table, q.where, err)
			}
		}
		if b.Name == "postgres" {
			for _, table := range []string{"users", "psps", "mnos", "banks", "transactions"} {
				if _, err := insider.Exec(`TRUNCATE ` + table + ` CASCADE`); err == nil || !strings.Contains(err.Error(), "never deleted") {
					t.Errorf("TRUNCATE %s CASCADE: %v, want it refused", table, err)
				}
			}
		}
		if after := count(); after != before {
			t.Fatalf("%d rows left of %d", after, before)
		}
	})
}

// TestTransfersLockNoRowTheyName: on PostgreSQL a foreign key's check takes a FOR KEY SHARE lock
// on the row it names, so every transfer of one user and one PSP locked the same two rows: the
// concurrent writers' locks became shared multixacts, each written to the log, a tenth of the
// database's processor time (docs/PERFORMANCE.md, "Eighteenth session"). The transfer's inserts
// now check nothing by key: with an insider holding both rows FOR UPDATE, a transfer naming them
// commits without waiting. The enumeration CHECKs are stored as constant arrays, which
// PostgreSQL reads as one value, not as IN lists of constants it folds again at every insert.
func TestTransfersLockNoRowTheyName(t *testing.T) {
	onPostgres(t, "SQLite checks a key by an index lookup, without locking the row", func(t *testing.T, b storetest.Backend, url string, s *store.Store) {
		ctx := context.Background()
		u := mustUser(t, s, "locks@example.so", nil)
		const psp = "0190a000-0000-7000-8000-000000000011"
		insertPSP(t, rawDB(t, b, url), psp, "PSP-LOCK-1")
		held, err := rawDB(t, b, url).Begin()
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, `SELECT 1 FROM psps WHERE id = $1 FOR UPDATE`} {
			id := u.ID
			if strings.Contains(q, "psps") {
				id = psp
			}
			if _, err := held.Exec(q, id); err != nil {
				t.Fatal(err)
			}
		}
		writesPast(t, held, "a transfer waited for the user's and the PSP's rows", func() error {
			return storeTransfer(ctx, s, u, psp, "TXN-LOCK-1")
		})
		if err := held.Rollback(); err != nil {
			t.Fatal(err)
		}

		rows, err := s.DB().QueryContext(ctx, `SELECT conname, conbin::text FROM pg_constraint
			WHERE conrelid = 'transactions'::regclass AND contype = 'c'`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		checks := 0
		for rows.Next() {
			var name, expr string
			if err := rows.Scan(&name, &expr); err != nil {
				t.Fatal(err)
			}
			checks++
			if strings.Contains(expr, "ARRAYEXPR") {
				t.Errorf("%s builds its array at every insert; write it as one constant array", name)
			}
		}
		if err := rows.Err(); err != nil || checks != 11 {
			t.Fatalf("%d CHECKs on transactions (err %v), want 11", checks, err)
		}
		if _, err := s.DB().ExecContext(ctx, `UPDATE transactions SET status = 'settled'`); err == nil {
			t.Fatal("a status outside the enumeration was stored")
		}
	})
}
