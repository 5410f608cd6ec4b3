package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/kormeer/kormeer/internal/domain"
)

// bulkColumns are the columns a bulk load fills; the rest keep their defaults.
const bulkColumns = `id, transaction_id, npss_reference, psp_id, mno_id, institution_id, institution_type,
	amount_minor, fee_minor, currency, status, type, transfer_mode, flow_type, sender, recipient, sender_institution,
	receiver_institution, aml_score, risk_level, is_high_risk, settlement_mode, created_at, updated_at`

const bulkColumnCount = 24

// BulkLoad stores pre-scored transactions many rows per statement, for the data generator that
// fills benchmark databases with millions of rows. It keeps the headline statistics in step but
// writes no log or audit rows: generated data is not a state change anyone made.
func (s *Store) BulkLoad(ctx context.Context, rows []*NewTransaction) error {
	const perStatement = 400 // 400 × 24 parameters stays under both databases' limits
	return s.Write(ctx, func(tx *Tx) error {
		type key struct {
			day string
			cur domain.Currency
		}
		type agg struct{ n, amount, high int64 }
		stats := map[key]*agg{}
		type akey struct{ day, inst, op, cur, mode, flow, risk string }
		analytics := map[akey]*agg{}
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
				k := key{t.CreatedAt.UTC().Format("2006-01-02"), t.Currency}
				a := stats[k]
				if a == nil {
					a = &agg{}
					stats[k] = a
				}
				a.n++
				a.amount += int64(t.Amount)
				if t.IsHighRisk {
					a.high++
				}
				ak := akey{k.day, t.InstitutionID, t.SenderInstitution, string(t.Currency), t.TransferMode, t.FlowType, t.RiskLevel}
				if analytics[ak] == nil {
					analytics[ak] = &agg{}
				}
				analytics[ak].n++
				analytics[ak].amount += int64(t.Amount)
			}
			if _, err := tx.ExecContext(ctx, sb.String(), args...); err != nil {
				return fmt.Errorf("bulk insert: %w", err)
			}
		}
		for k, a := range stats {
			if _, err := tx.ExecContext(ctx, `INSERT INTO transaction_stats (day, currency, bucket, tx_count, amount_minor, high_risk)
				VALUES ($1, $2, 0, $3, $4, $5) ON CONFLICT (day, currency, bucket) DO UPDATE SET
				tx_count = transaction_stats.tx_count + excluded.tx_count,
				amount_minor = transaction_stats.amount_minor + excluded.amount_minor,
				high_risk = transaction_stats.high_risk + excluded.high_risk`, k.day, string(k.cur), a.n, a.amount, a.high); err != nil {
				return err
			}
		}
		for k, a := range analytics {
			if _, err := tx.ExecContext(ctx, sqlUpsertAnalytics, k.day, k.inst, k.op, k.cur, k.mode, k.flow, k.risk, a.n, a.amount); err != nil {
				return err
			}
		}
		return nil
	})
}
