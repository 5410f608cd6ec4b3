package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// columnsOf reads every row of query as "column=value" lists, leaving out the columns in skip
// (the ids and times two runs cannot share).
func columnsOf(t *testing.T, db *sql.DB, query string, skip ...string) []string {
	t.Helper()
	rows, err := db.Query(query)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	names, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for rows.Next() {
		vals := make([]any, len(names))
		ptrs := make([]any, len(names))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		var cols []string
		for i, n := range names {
			if !slices.Contains(skip, n) {
				v := vals[i]
				if b, ok := v.([]byte); ok {
					v = string(b)
				}
				cols = append(cols, fmt.Sprintf("%s=%v", n, v))
			}
		}
		out = append(out, strings.Join(cols, " "))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestGroupedRowsStoreWhatOneByOneStores: the rows of transfers that run as one group, which
// PostgreSQL inserts a table at a time from arrays of text (rowsinsert.go, the audit rows
// chained in one statement), hold exactly what the same transfers made one at a time store, a
// statement per row: every column, NULLs and the optional texts included, the day's statistics
// and analytics (upserted from arrays too), and an audit trail that verifies.
func TestGroupedRowsStoreWhatOneByOneStores(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		const psp = "0190a000-0000-7000-8000-00000000000a"
		run := func(grouped bool) (txs, logs, audits, sums []string) {
			url := b.URL(t)
			s, db := storetest.MustOpenURL(t, url), rawDB(t, b, url)
			u := mustUser(t, s, "rows@example.so", nil)
			insertPSP(t, db, psp, "PSP-ROWS-1")
			// The writers start with a transfer made alone, in both runs.
			if err := storeTransfer(ctx, s, u, psp, "TXN-ROWS-0"); err != nil {
				t.Fatal(err)
			}
			writes := make([]*store.TransferWrite, 3)
			for i := range writes {
				id := fmt.Sprintf("TXN-ROWS-%d", i+1)
				w := &store.TransferWrite{IdempotencyKey: id, RequestHash: id, UserID: u.ID,
					Scoring: store.Scoring{Thresholds: domain.DefaultAMLThresholds()},
					Audit:   store.Audit{UserID: u.ID, IPAddress: "192.0.2.7", UserAgent: "Kormeer test"},
					Respond: func(t *store.NewTransaction, _ domain.AMLResult) ([]byte, error) { return []byte(t.TransactionID), nil }}
				w.Tx = *onlineTransfer(id, domain.Minor(1000+i))
				w.Tx.CreatedBy, w.Tx.PSPID, w.Tx.InstitutionID, w.Tx.InstitutionType = u.ID, psp, psp, "psp"
				switch i { // three keys of the day's statistics and analytics
				case 0:
					w.Tx.Currency = domain.SHS
				case 2:
					w.Tx.TransferMode = "ussd"
				}
				if i == 1 {
					w.Tx.SenderName, w.Tx.RecipientName, w.Tx.Description = "Hodan Cali", "Axmed Nuur", "Kharash iskuul"
					w.Tx.NPSSReference, w.Tx.RoutingCode, w.Tx.USSDCode = "NPSS-ROWS-2", "NPSS-P2P-INT", "*770#"
				}
				writes[i] = w
			}
			if grouped {
				for i, err := range queueInOneGroup(t, s, u.ID, writes) {
					if err != nil {
						t.Fatalf("grouped transfer %d: %v", i, err)
					}
				}
			} else {
				for _, w := range writes {
					if _, err := s.CreateTransfer(ctx, w); err != nil {
						t.Fatal(err)
					}
				}
			}
			if v := mustVerify(t, s); !v.OK {
				t.Fatalf("grouped %v: the audit trail does not verify: %v", grouped, v.Problems)
			}
			txs = columnsOf(t, db, `SELECT * FROM transactions ORDER BY transaction_id`,
				"id", "created_at", "updated_at", "processed_at")
			logs = columnsOf(t, db, `SELECT l.* FROM transaction_logs l JOIN transactions t ON t.id = l.transaction_id
				ORDER BY t.transaction_id`, "id", "transaction_id", "created_at")
			audits = columnsOf(t, db, `SELECT * FROM audit_logs WHERE action = 'transaction.transfer' ORDER BY seq`,
				"id", "resource_id", "created_at", "seq", "chain", "link", "hash")
			sums = append(columnsOf(t, db, `SELECT day, currency, SUM(tx_count) AS n, SUM(amount_minor) AS amount,
				SUM(high_risk) AS high FROM transaction_stats GROUP BY day, currency ORDER BY day, currency`),
				columnsOf(t, db, `SELECT day, institution_id, operator, currency, transfer_mode, flow_type, risk_level,
				SUM(tx_count) AS n, SUM(amount_minor) AS amount FROM analytics_daily
				GROUP BY day, institution_id, operator, currency, transfer_mode, flow_type, risk_level
				ORDER BY day, institution_id, operator, currency, transfer_mode, flow_type, risk_level`)...)
			if len(txs) != 4 || len(logs) != 4 || len(audits) != 4 {
				t.Fatalf("grouped %v: %d transactions, %d log rows, %d audit rows; want 4 of each",
					grouped, len(txs), len(logs), len(audits))
			}
			for _, rows := range [][]string{txs, logs, audits, sums} {
				for i := range rows {
					rows[i] = strings.ReplaceAll(rows[i], u.ID, "<the user>") // a new user per run
				}
			}
			return txs, logs, audits, sums
		}
		oneTxs, oneLogs, oneAudits, oneSums := run(false)
		groupTxs, groupLogs, groupAudits, groupSums := run(true)
		if len(oneSums) != 5 || len(groupSums) != 5 {
			t.Errorf("statistics and analytics rows: %d one by one, %d grouped; want 2 and 3 each", len(oneSums), len(groupSums))
		}
		for _, c := range []struct {
			what        string
			alone, many []string
		}{{"transactions", oneTxs, groupTxs}, {"log rows", oneLogs, groupLogs}, {"audit rows", oneAudits, groupAudits},
			{"statistics", oneSums, groupSums}} {
			for i := range c.alone {
				if c.alone[i] != c.many[i] {
					t.Errorf("%s %d differ:\none by one: %s\ngrouped:    %s", c.what, i, c.alone[i], c.many[i])
				}
			}
		}
	})
}

// TestAuditRowsOfOneTransactionChainInOrder: the audit rows of one transaction (on PostgreSQL
// chained in one statement) follow each other in the chain in the order they were recorded, and
// the trail verifies. Were the chain's head deleted in the database, the rows are still written,
// outside the chain, and verification says the head is missing.
func TestAuditRowsOfOneTransactionChainInOrder(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		url := b.URL(t)
		s, db := storetest.MustOpenURL(t, url), rawDB(t, b, url)
		audit := func(actions ...string) error {
			return s.Write(ctx, func(tx *store.Tx) error {
				for i, a := range actions {
					if err := tx.Audit(ctx, store.Audit{Action: a, Resource: "thing", ResourceID: fmt.Sprint(i),
						Details: map[string]any{"n": i}, IPAddress: "192.0.2.1", UserAgent: "test"}); err != nil {
						return err
					}
				}
				return nil
			})
		}
		if err := audit("test.first", "test.second", "test.third"); err != nil {
			t.Fatal(err)
		}
		got := columnsOf(t, db, `SELECT action, COALESCE(link, seq) - MIN(COALESCE(link, seq)) OVER () AS step FROM audit_logs
			WHERE action LIKE 'test.%' ORDER BY seq`)
		want := []string{"action=test.first step=0", "action=test.second step=1", "action=test.third step=2"}
		if !slices.Equal(got, want) {
			t.Errorf("chained as %v, want %v", got, want)
		}
		if v := mustVerify(t, s); !v.OK {
			t.Fatalf("the trail does not verify: %v", v.Problems)
		}
		if b.Name != "postgres" {
			return // SQLite chains in the portal, one row at a time, under the single writer
		}
		if _, err := db.Exec(`DELETE FROM audit_chain WHERE id = 1`); err != nil {
			t.Fatal(err)
		}
		if err := audit("test.headless.1", "test.headless.2"); err != nil {
			t.Fatalf("write without a head: %v", err)
		}
		if got := columnsOf(t, db, `SELECT action, seq FROM audit_logs WHERE action LIKE 'test.headless.%' ORDER BY action`); !slices.Equal(got,
			[]string{"action=test.headless.1 seq=<nil>", "action=test.headless.2 seq=<nil>"}) {
			t.Errorf("rows written without a head: %v", got)
		}
		if msg := fmt.Sprint(mustVerify(t, s).Problems); !strings.Contains(msg, "The head of chain 1 is missing") {
			t.Errorf("verification did not name the missing head: %s", msg)
		}
	})
}
