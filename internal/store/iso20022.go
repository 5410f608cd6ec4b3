package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/iso20022"
)

// ISOInstitution is a registered institution as an ISO 20022 agent may name it: by its code,
// its licence number or its name (docs/ISO20022.md).
type ISOInstitution struct {
	ID, Kind, Name, Code, LicenseNumber string
	// LicenseStatus is active, suspended, revoked, or expired for an active licence past its end.
	LicenseStatus string
}

// ISOInstitutions lists the PSPs, MNOs and banks, cached until the next write commits.
func (s *Store) ISOInstitutions(ctx context.Context) (_ []ISOInstitution, err error) {
	defer wrap(&err, "read iso institutions")
	return cachedRead(ctx, s, "iso-institutions", func(ctx context.Context) ([]ISOInstitution, error) {
		var out []ISOInstitution
		for _, kind := range []string{"psp", "mno", "bank"} {
			rows, err := s.db.QueryContext(ctx, `SELECT CAST(id AS TEXT), name, COALESCE(code, ''), license_number,
				license_status, is_active, license_expires_at FROM `+kind+`s ORDER BY created_at, id`)
			if err != nil {
				return nil, err
			}
			for rows.Next() {
				in := ISOInstitution{Kind: kind}
				var active bool
				var expires time.Time
				if err := rows.Scan(&in.ID, &in.Name, &in.Code, &in.LicenseNumber, &in.LicenseStatus, &active, scanTime(&expires)); err != nil {
					rows.Close()
					return nil, err
				}
				if in.LicenseStatus == domain.LicenseActive && (!active || (!expires.IsZero() && !expires.After(s.Now()))) {
					in.LicenseStatus = "expired"
				}
				out = append(out, in)
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return nil, err
			}
		}
		return out, nil
	})
}

// ISOItem is one entry of a switch message to store: a credit transfer mapped to its
// transaction (Transfer and Tx set) or a status report entry (Status set).
type ISOItem struct {
	Definition string // message definition, such as pacs.008.001.08
	Transfer   *iso20022.Transfer
	Tx         *NewTransaction
	Status     *iso20022.Status
}

// ISO outcomes.
const (
	ISOCreated   = "created"   // a new transaction
	ISODuplicate = "duplicate" // stored before: a redelivery or a resubmission
	ISOApplied   = "applied"   // a status report that changed its transaction's status
	ISORecorded  = "recorded"  // a status report kept in the history only (out of order, or no change)
	ISOOrphan    = "orphan"    // a status report whose transaction has not arrived yet
)

// ISOOutcome is what happened to one ISOItem.
type ISOOutcome struct {
	Result            string
	TransactionID     string // the transaction's record id
	TransactionNumber string
	Status            string // the transaction's status afterwards
	AML               domain.AMLResult
	Alert             *AMLAlert
}

// RecordISO stores the entries of switch messages in one database transaction, in order, with
// one audit row: transfers go through the same recording path as every transaction (scoring,
// alerts), status reports update their transaction and are kept as its history. Entries stored
// before are duplicates, recognised by the messages' own identifiers.
func (s *Store) RecordISO(ctx context.Context, items []ISOItem, sc Scoring, audit Audit) (_ []ISOOutcome, err error) {
	defer wrap(&err, "record iso")
	out, err := s.recordISO(ctx, items, sc, audit)
	if isUniqueViolation(err) {
		// Another instance stored one of these messages between our duplicate check and our
		// insert: nothing of ours was written, and the second attempt sees theirs as a duplicate.
		out, err = s.recordISO(ctx, items, sc, audit)
	}
	return out, err
}

func (s *Store) recordISO(ctx context.Context, items []ISOItem, sc Scoring, audit Audit) ([]ISOOutcome, error) {
	out := make([]ISOOutcome, len(items))
	err := s.Write(ctx, func(tx *Tx) error {
		// Orphan reports are rare: when there are none, transfers skip looking for theirs.
		var orphans bool
		if err := tx.queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM iso_status_reports WHERE transaction_id IS NULL)`).Scan(&orphans); err != nil {
			return err
		}
		counts := map[string]int{}
		for i, it := range items {
			var err error
			if it.Transfer != nil {
				out[i], err = tx.recordISOTransfer(ctx, it, sc, orphans)
			} else {
				out[i], err = tx.recordISOStatus(ctx, it)
				orphans = orphans || out[i].Result == ISOOrphan
			}
			if err != nil {
				return err
			}
			counts[out[i].Result]++
		}
		audit.Action, audit.Resource = "iso20022.ingest", "transaction"
		if audit.Details == nil {
			audit.Details = map[string]any{}
		}
		audit.Details["items"] = len(items)
		for k, n := range counts {
			audit.Details[k] = n
		}
		return tx.Audit(ctx, audit)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (tx *Tx) recordISOTransfer(ctx context.Context, it ISOItem, sc Scoring, mayHaveOrphans bool) (ISOOutcome, error) {
	t, p := it.Tx, it.Transfer
	if p.UETR != "" {
		var id, number, status string
		err := tx.queryRow(ctx, `SELECT CAST(t.id AS TEXT), t.transaction_id, t.status FROM iso_payments p
			JOIN transactions t ON t.id = p.transaction_id WHERE p.uetr = $1`, p.UETR).Scan(&id, &number, &status)
		if err == nil {
			return ISOOutcome{Result: ISODuplicate, TransactionID: id, TransactionNumber: number, Status: status}, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return ISOOutcome{}, err
		}
	}
	rec, err := tx.RecordTransaction(ctx, t, sc)
	if err != nil {
		return ISOOutcome{}, err
	}
	if !rec.Inserted {
		var id, number, status string
		err := tx.queryRow(ctx, `SELECT CAST(id AS TEXT), transaction_id, status FROM transactions
			WHERE institution_id = $1 AND external_id = $2`, t.InstitutionID, t.ExternalID).Scan(&id, &number, &status)
		return ISOOutcome{Result: ISODuplicate, TransactionID: id, TransactionNumber: number, Status: status}, err
	}
	if _, err := tx.exec(ctx, `INSERT INTO iso_payments (transaction_id, message_type, msg_id, instr_id, end_to_end_id,
		tx_id, uetr, debtor_agent, creditor_agent, settlement_date, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
		t.ID, it.Definition, p.MsgID, nullString(p.InstrID), p.EndToEndID, nullString(p.TxID), nullString(p.UETR),
		nullString(agentLabel(p.DebtorAgent)), nullString(agentLabel(p.CreditorAgent)), nullString(p.SettlementDate), ts(tx.now)); err != nil {
		return ISOOutcome{}, err
	}
	o := ISOOutcome{Result: ISOCreated, TransactionID: t.ID, TransactionNumber: t.TransactionID, Status: t.Status, AML: rec.AML, Alert: rec.Alert}
	if !mayHaveOrphans {
		return o, nil
	}
	// Status reports that came first wait as orphans: apply them now, oldest first.
	rows, err := tx.query(ctx, `SELECT CAST(id AS TEXT), outcome, status_code, COALESCE(reason_code, ''), msg_id
		FROM iso_status_reports WHERE transaction_id IS NULL AND (orig_uetr = $1 OR orig_tx_id = $2
		OR (orig_end_to_end_id = $3 AND (orig_msg_id IS NULL OR orig_msg_id = $4))) ORDER BY reported_at, created_at`,
		nullString(p.UETR), nullString(p.TxID), p.EndToEndID, p.MsgID)
	if err != nil {
		return ISOOutcome{}, err
	}
	type orphan struct{ id, outcome, code, reason, msgID string }
	var orphans []orphan
	for rows.Next() {
		var r orphan
		if err := rows.Scan(&r.id, &r.outcome, &r.code, &r.reason, &r.msgID); err != nil {
			rows.Close()
			return ISOOutcome{}, err
		}
		orphans = append(orphans, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return ISOOutcome{}, err
	}
	for _, r := range orphans {
		applied, status, err := tx.applyISOStatus(ctx, t.ID, o.Status, r.outcome, r.code, r.reason, r.msgID)
		if err != nil {
			return ISOOutcome{}, err
		}
		o.Status = status
		if _, err := tx.exec(ctx, `UPDATE iso_status_reports SET transaction_id = $2, applied = $3 WHERE id = $1`,
			r.id, t.ID, applied); err != nil {
			return ISOOutcome{}, err
		}
	}
	return o, nil
}

// agentLabel is how an agent is shown: its most specific identifier, else its name.
func agentLabel(a iso20022.Agent) string {
	if ids := a.Identifiers(); len(ids) > 0 {
		return ids[0]
	}
	return a.Name
}

func (tx *Tx) recordISOStatus(ctx context.Context, it ISOItem) (ISOOutcome, error) {
	st := it.Status
	var o ISOOutcome
	var current string
	err := tx.findISOTransaction(ctx, st).Scan(&o.TransactionID, &o.TransactionNumber, &current)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		o.Result = ISOOrphan
	case err != nil:
		return o, err
	}
	id := NewID()
	res, err := tx.exec(ctx, `INSERT INTO iso_status_reports (id, report_key, transaction_id, message_type, msg_id, orig_msg_id,
		orig_end_to_end_id, orig_tx_id, orig_uetr, status_code, outcome, reason_code, info, applied, reported_at, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, FALSE, $14, $15) ON CONFLICT (report_key) DO NOTHING`,
		id, st.Key(), nullString(o.TransactionID), it.Definition, st.MsgID, nullString(st.OrigMsgID), nullString(st.OrigEndToEndID),
		nullString(st.OrigTxID), nullString(st.OrigUETR), st.Code, st.Outcome(), nullString(st.Reason), nullString(st.Info),
		ts(st.At), ts(tx.now))
	if err != nil {
		return o, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		o.Result, o.Status = ISODuplicate, current
		return o, nil
	}
	if o.Result == ISOOrphan {
		return o, nil
	}
	applied, status, err := tx.applyISOStatus(ctx, o.TransactionID, current, st.Outcome(), st.Code, st.Reason, st.MsgID)
	if err != nil {
		return o, err
	}
	o.Status, o.Result = status, ISORecorded
	if applied {
		o.Result = ISOApplied
		err = tx.execLater(ctx, `UPDATE iso_status_reports SET applied = TRUE WHERE id = $1`, id)
	}
	return o, err
}

// findISOTransaction finds the transaction a status report names, by UETR, then end-to-end id
// (within the original message when the report names it), then transaction id.
func (tx *Tx) findISOTransaction(ctx context.Context, st *iso20022.Status) *sql.Row {
	return tx.queryRow(ctx, `SELECT CAST(t.id AS TEXT), t.transaction_id, t.status FROM iso_payments p
		JOIN transactions t ON t.id = p.transaction_id
		WHERE p.uetr = $1 OR (p.end_to_end_id = $2 AND ($3 = '' OR p.msg_id = $3)) OR p.tx_id = $4
		ORDER BY CASE WHEN p.uetr = $1 THEN 0 WHEN p.end_to_end_id = $2 THEN 1 ELSE 2 END, p.created_at DESC LIMIT 1`,
		nullString(st.OrigUETR), nullString(st.OrigEndToEndID), st.OrigMsgID, nullString(st.OrigTxID))
}

// applyISOStatus moves a transaction to the status an outcome sets when that is a step forward
// (iso20022.StatusRank): a conditional update, with its log row; a report arriving out of order
// changes nothing. It returns whether the status changed and the status afterwards.
func (tx *Tx) applyISOStatus(ctx context.Context, id, current, outcome, code, reason, msgID string) (bool, string, error) {
	next := iso20022.TransactionStatus(outcome)
	if iso20022.StatusRank(next) <= iso20022.StatusRank(current) {
		return false, current, nil
	}
	q := `UPDATE transactions SET status = $2, updated_at = $4 WHERE id = $1 AND status = $3`
	if next == "completed" {
		q = `UPDATE transactions SET status = $2, updated_at = $4, processed_at = $4 WHERE id = $1 AND status = $3`
	}
	res, err := tx.exec(ctx, q, id, next, current, ts(tx.now))
	if err != nil {
		return false, current, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, current, nil
	}
	details, _ := json.Marshal(map[string]string{"isoStatus": code, "isoReason": reason, "msgId": msgID})
	reasonCode := sql.NullString{}
	if next == "rejected" {
		reasonCode = nullString(iso20022.FailureReason(reason))
	}
	err = tx.execLater(ctx, `INSERT INTO transaction_logs (id, transaction_id, action, details, previous_status, new_status,
		notes, created_at, reason_code) VALUES ($1, $2, 'iso20022_status', $3, $4, $5, $6, $7, $8)`,
		NewID(), id, string(details), current, next, nullString(strings.TrimSpace(code+" "+reason)), ts(tx.now), reasonCode)
	return err == nil, next, err
}

// ISODetail is a switch transaction's ISO 20022 identifiers and its status history.
type ISODetail struct {
	MessageType    string           `json:"messageType"`
	MsgID          string           `json:"msgId"`
	InstrID        string           `json:"instrId,omitempty"`
	EndToEndID     string           `json:"endToEndId"`
	TxID           string           `json:"txId,omitempty"`
	UETR           string           `json:"uetr,omitempty"`
	DebtorAgent    string           `json:"debtorAgent,omitempty"`
	CreditorAgent  string           `json:"creditorAgent,omitempty"`
	SettlementDate string           `json:"settlementDate,omitempty"`
	History        []ISOStatusEntry `json:"history"`
}

// ISOStatusEntry is one status report received for a transaction.
type ISOStatusEntry struct {
	MsgID      string    `json:"msgId"`
	StatusCode string    `json:"statusCode"`
	Outcome    string    `json:"outcome"`
	ReasonCode string    `json:"reasonCode,omitempty"`
	Info       string    `json:"info,omitempty"`
	Applied    bool      `json:"applied"` // false: received out of order, the status stayed
	ReportedAt time.Time `json:"reportedAt"`
	ReceivedAt time.Time `json:"receivedAt"`
}

// ISODetailOf reads a transaction's ISO 20022 identifiers and history; not found for a
// transaction that did not come from the switch.
func (s *Store) ISODetailOf(ctx context.Context, transactionID string) (_ *ISODetail, err error) {
	defer wrap(&err, "read iso detail of")
	if !validID(transactionID) {
		return nil, notFound("ISO 20022 payment")
	}
	d := &ISODetail{History: []ISOStatusEntry{}}
	var instr, txID, uetr, debtor, creditor, date sql.NullString
	err = s.db.QueryRowContext(ctx, `SELECT message_type, msg_id, instr_id, end_to_end_id, tx_id, uetr, debtor_agent,
		creditor_agent, settlement_date FROM iso_payments WHERE transaction_id = $1`, transactionID).Scan(&d.MessageType,
		&d.MsgID, &instr, &d.EndToEndID, &txID, &uetr, &debtor, &creditor, &date)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound("ISO 20022 payment")
	}
	if err != nil {
		return nil, err
	}
	d.InstrID, d.TxID, d.UETR, d.DebtorAgent, d.CreditorAgent, d.SettlementDate = instr.String, txID.String, uetr.String,
		debtor.String, creditor.String, date.String
	rows, err := s.db.QueryContext(ctx, `SELECT msg_id, status_code, outcome, COALESCE(reason_code, ''), COALESCE(info, ''),
		applied, reported_at, created_at FROM iso_status_reports WHERE transaction_id = $1 ORDER BY reported_at, created_at`, transactionID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var e ISOStatusEntry
		if err := rows.Scan(&e.MsgID, &e.StatusCode, &e.Outcome, &e.ReasonCode, &e.Info, &e.Applied, scanTime(&e.ReportedAt),
			scanTime(&e.ReceivedAt)); err != nil {
			return nil, err
		}
		d.History = append(d.History, e)
	}
	return d, rows.Err()
}
