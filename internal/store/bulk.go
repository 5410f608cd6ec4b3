package store

import (
	"context"
	"fmt"
	"strings"
)

// bulkColumns are the columns a bulk load fills; the rest keep their defaults.
const bulkColumns = `id, transaction_id, npss_reference, psp_id, mno_id, institution_id, institution_type,
	amount_minor, fee_minor, currency, status, type, transfer_mode, flow_type, sender, recipient, sender_institution,
	receiver_institution, aml_score, risk_level, is_high_risk, settlement_mode, created_at, updated_at`

const bulkColumnCount = 24

// BulkLoad stores pre-scored transactions many rows per statement, for the data generator that
// fills benchmark databases with millions of rows. It keeps the statistics and analytics in step but
// writes no log or audit rows: generated data is not a state change anyone made.
func (s *Store) BulkLoad(ctx context.Context, rows []*NewTransaction) (err error) {
	defer wrap(&err, "bulk load")
	const perStatement = 400 // 400 × 24 parameters stays under both databases' limits
	return s.Write(ctx, func(tx *Tx) error {
		for start := 0; start < len(rows); start += perStatement {
			chunk := rows[start:min(start+perStatement, len(rows))]
			var sb strings.Builder
			sb.WriteString(`INSERT INTO transactions (` + bulkColumns + `) VALUES `)
			args := make([]any, 0, len(chunk)*bulkColumnCount)
			for i, t := range chunk {
				if i > 0 {
					sb.WriteByte(',')
				}
				sb.WriteByte('(')
				for c := 0; c < bulkColumnCount; c++ {
					if c > 0 {
						sb.WriteByte(',')
					}
					sb.WriteString(s.dialect.placeholder(len(args) + c + 1))
				}
				sb.WriteByte(')')
				t.ID = NewID()
				args = append(args, t.ID, t.TransactionID, nullString(t.NPSSReference), nullString(t.PSPID),
					nullString(t.MNOID), nullString(t.InstitutionID), nullString(t.InstitutionType), int64(t.Amount),
					int64(t.Fee), string(t.Currency), t.Status, t.Type, t.TransferMode, nullString(t.FlowType), t.Sender,
					t.Recipient, nullString(t.SenderInstitution), nullString(t.ReceiverInstitution), t.AMLScore,
					t.RiskLevel, t.IsHighRisk, t.SettlementMode, ts(t.CreatedAt), ts(t.CreatedAt))
				tx.aggregates.count(t)
			}
			if _, err := tx.ExecContext(ctx, sb.String(), args...); err != nil {
				return fmt.Errorf("bulk insert: %w", err)
			}
		}
		return nil
	})
}

// DeferredIndexes are secondary indexes dropped for a bulk load (see DeferTransactionIndexes).
type DeferredIndexes struct {
	Names   []string
	creates []string
	store   *Store
}

// DeferTransactionIndexes drops the transactions table's secondary indexes (not those that
// enforce a constraint) for a bulk load of millions of rows; Restore builds them again. Growing a
// dozen indexes row by row is most of a bulk load's cost on SQLite once they outgrow the cache;
// building an index at the end sorts once. Meant for the data generator on a benchmark database:
// a load interrupted before Restore leaves searches slow until it runs.
func (s *Store) DeferTransactionIndexes(ctx context.Context) (_ *DeferredIndexes, err error) {
	defer wrap(&err, "defer transaction indexes")
	q := `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'transactions' AND sql IS NOT NULL
		ORDER BY name`
	if s.dialect == dialectPostgres {
		q = `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'transactions'
			AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'transactions'::regclass)
			ORDER BY indexname`
	}
	rows, err := s.wdb.QueryContext(ctx, q)
	if err != nil {
		return nil, err
	}
	d := &DeferredIndexes{store: s}
	for rows.Next() {
		var name, create string
		if err := rows.Scan(&name, &create); err != nil {
			rows.Close()
			return nil, err
		}
		d.Names, d.creates = append(d.Names, name), append(d.creates, create)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, name := range d.Names {
		if _, err := s.wdb.ExecContext(ctx, `DROP INDEX `+name); err != nil {
			return nil, fmt.Errorf("drop index %s: %w", name, err)
		}
	}
	return d, nil
}

// Restore builds the dropped indexes again and refreshes the planner's statistics.
func (d *DeferredIndexes) Restore(ctx context.Context) error {
	for _, create := range d.creates {
		if _, err := d.store.wdb.ExecContext(ctx, create); err != nil {
			return fmt.Errorf("rebuild index: %w", err)
		}
	}
	return d.store.AnalyzeTransactions(ctx) // so the planner picks the rebuilt indexes
}

// AnalyzeTransactions gathers the planner's statistics of the transactions table after a bulk
// load, on SQLite from every entry of every index. The sampled statistics of PRAGMA optimize at
// start (an analysis limit of 1,000 rows) stop counting at 1,001 rows per status, so the planner
// takes the status index as selective and counts combined filters row by row; full statistics
// let it choose better (docs/PERFORMANCE.md, "Sampled statistics").
// PostgreSQL's ANALYZE samples by itself.
func (s *Store) AnalyzeTransactions(ctx context.Context) (err error) {
	defer wrap(&err, "analyze transactions")
	q := `ANALYZE transactions`
	if s.dialect == dialectSQLite {
		q = `PRAGMA analysis_limit = 0; ANALYZE transactions`
	}
	_, err = s.wdb.ExecContext(ctx, q)
	return err
}
