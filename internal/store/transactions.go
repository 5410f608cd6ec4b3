package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// Transaction is a stored payment as the lists show it.
type Transaction struct {
	ID            string
	TransactionID string
	NPSSReference string
	PSPID         string
	MNOID         string
	InstitutionID string
	Amount        domain.Minor
	Fee           domain.Minor
	Currency      domain.Currency
	Status        string
	Type          string
	TransferMode  string
	FlowType      string
	Sender        string
	Recipient     string
	SenderName    string
	RecipientName string
	AMLScore      int
	RiskLevel     string
	IsHighRisk    bool
	CreatedAt     time.Time
}

// TxScope limits which transactions a reader sees: the zero value is everything (regulators);
// InstitutionID keeps one institution's (its staff); CreatedBy keeps one account's own (citizens).
type TxScope struct {
	InstitutionID string
	CreatedBy     string
}

// RecentTransactions returns the newest transactions in scope, newest first.
func (s *Store) RecentTransactions(ctx context.Context, scope TxScope, limit int) ([]Transaction, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, transaction_id, npss_reference, psp_id, mno_id, institution_id,
		amount_minor, fee_minor, currency, status, type, transfer_mode, flow_type, sender, recipient,
		sender_name, recipient_name, aml_score, risk_level, is_high_risk, created_at
		FROM transactions
		WHERE ($1 = '' OR CAST(institution_id AS TEXT) = $1) AND ($2 = '' OR CAST(created_by AS TEXT) = $2)
		ORDER BY created_at DESC, id DESC LIMIT $3`, scope.InstitutionID, scope.CreatedBy, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Transaction{}
	for rows.Next() {
		var t Transaction
		var npss, psp, mno, inst, flow, senderName, recipientName sql.NullString
		if err := rows.Scan(&t.ID, &t.TransactionID, &npss, &psp, &mno, &inst, &t.Amount, &t.Fee, &t.Currency,
			&t.Status, &t.Type, &t.TransferMode, &flow, &t.Sender, &t.Recipient, &senderName, &recipientName,
			&t.AMLScore, &t.RiskLevel, &t.IsHighRisk, scanTime(&t.CreatedAt)); err != nil {
			return nil, err
		}
		t.NPSSReference, t.PSPID, t.MNOID, t.InstitutionID = npss.String, psp.String, mno.String, inst.String
		t.FlowType, t.SenderName, t.RecipientName = flow.String, senderName.String, recipientName.String
		out = append(out, t)
	}
	return out, rows.Err()
}

// Summary is the headline of the payment system for the landing page and the dashboard. A
// figure is nil when there is nothing to compute it from.
type Summary struct {
	TotalTransactions *int64
	VolumeUSD         *domain.Minor
	ActivePSPs        *int64
	ComplianceScore   *int64
}

// Summary computes the headline figures with one round trip, from the statistics maintained as
// transactions arrive rather than from the transactions themselves.
func (s *Store) Summary(ctx context.Context) (Summary, error) {
	var count, shs, usd, psps, kycAll, kycOK int64
	err := s.db.QueryRowContext(ctx, `SELECT
		(SELECT COALESCE(SUM(tx_count), 0) FROM transaction_stats),
		(SELECT COALESCE(SUM(amount_minor), 0) FROM transaction_stats WHERE currency = 'SHS'),
		(SELECT COALESCE(SUM(amount_minor), 0) FROM transaction_stats WHERE currency = 'USD'),
		(SELECT COUNT(*) FROM psps WHERE is_active),
		(SELECT COUNT(*) FROM kyc_applications),
		(SELECT COUNT(*) FROM kyc_applications WHERE status = 'compliant')`).
		Scan(&count, &shs, &usd, &psps, &kycAll, &kycOK)
	if err != nil {
		return Summary{}, err
	}
	var sum Summary
	if count > 0 {
		vol := domain.Minor(usd) + domain.USDMinor(domain.Minor(shs), domain.SHS)
		sum.TotalTransactions, sum.VolumeUSD = &count, &vol
	}
	if psps > 0 {
		sum.ActivePSPs = &psps
	}
	if kycAll > 0 {
		score := (kycOK*100 + kycAll/2) / kycAll
		sum.ComplianceScore = &score
	}
	return sum, nil
}
