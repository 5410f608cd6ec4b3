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
	defer wrap(&err, "iso institutions")
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

// ISOWrite is a set of switch entries to store in one database transaction.
type ISOWrite struct {
	Items   []ISOItem
	Scoring Scoring
	Audit   Audit // the ingest's audit row
	// RetriedDeadLetter, when set, is the dead letter these entries were read from: it is closed
	// as retried in the same transaction, with its audit row (RetryAudit), or, when it was
	// retried or discarded meanwhile, nothing is stored (409).
	RetriedDeadLetter string
	RetryAudit        Audit
}

// RecordISO stores the entries of switch messages in one database transaction, in order, with
// one audit row: transfers are scored, held and alerted by the same rules as every transaction,
// status reports update their transaction and are kept as its history. Entries stored before
// are duplicates, recognised by the messages' own identifiers. The entries are stored set-wise
// (iso_batch.go).
func (s *Store) RecordISO(ctx context.Context, w ISOWrite) (_ []ISOOutcome, err error) {
	defer wrap(&err, "record iso")
	for attempt := 0; ; attempt++ {
		out, err := s.recordISO(ctx, w)
		if isUniqueViolation(err) || errors.Is(err, errISORace) || isDeadlock(err) {
			// Another instance stored one of these messages, or moved one of their transactions,
			// between our reads and our writes (or PostgreSQL broke a deadlock between two
			// batches updating the same transactions): nothing of ours was written, and the next
			// attempt sees theirs (a duplicate, the status as it is now).
			if attempt < 3 {
				continue
			}
			return nil, domain.E(domain.ECONFLICT, domain.CodeISOWritersRaced)
		}
		return out, err
	}
}

func (s *Store) recordISO(ctx context.Context, w ISOWrite) ([]ISOOutcome, error) {
	items := w.Items
	out := make([]ISOOutcome, len(items))
	err := s.Write(ctx, func(tx *Tx) error {
		if w.RetriedDeadLetter != "" {
			if err := tx.closeDeadLetter(ctx, w.RetriedDeadLetter, "retried", w.RetryAudit); err != nil {
				return err
			}
		}
		for start := 0; start < len(items); start += isoChunk {
			end := min(start+isoChunk, len(items))
			if err := tx.recordISOChunk(ctx, items[start:end], out[start:end], w.Scoring); err != nil {
				return err
			}
		}
		counts := map[string]int{}
		for _, o := range out {
			counts[o.Result]++
		}
		audit := w.Audit
		audit.Action, audit.Resource = "iso20022.ingest", "transaction"
		details := map[string]any{}
		for k, v := range audit.Details {
			details[k] = v
		}
		details["items"] = len(items)
		for k, n := range counts {
			details[k] = n
		}
		audit.Details = details
		return tx.Audit(ctx, audit)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// agentLabel is how an agent is shown: its most specific identifier, else its name.
func agentLabel(a iso20022.Agent) string {
	if ids := a.Identifiers(); len(ids) > 0 {
		return ids[0]
	}
	return a.Name
}

// isoStep is the status a report's outcome moves a transaction to from current, and whether
// that is a step forward (iso20022.StatusRank): statuses only move forward, so a report that
// arrives out of order changes nothing.
func isoStep(current, outcome string) (string, bool) {
	next := iso20022.TransactionStatus(outcome)
	return next, iso20022.StatusRank(next) > iso20022.StatusRank(current)
}

// logISOStatus writes the transaction log row of a status change a report made; a rejection
// carries its failure reason.
func (tx *Tx) logISOStatus(ctx context.Context, id, current, next, code, reason, msgID string) error {
	details, _ := json.Marshal(map[string]string{"isoStatus": code, "isoReason": reason, "msgId": msgID})
	var reasonCode optText
	if next == "rejected" {
		reasonCode = nullString(iso20022.FailureReason(reason))
	}
	return tx.execLater(ctx, `INSERT INTO transaction_logs (id, transaction_id, action, details, previous_status, new_status,
		notes, created_at, reason_code) VALUES ($1, $2, 'iso20022_status', $3, $4, $5, $6, $7, $8)`,
		NewID(), id, string(details), current, next, nullString(strings.TrimSpace(code+" "+reason)), ts(tx.now), reasonCode)
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
	Outcome    string    `json:"outcome" enum:"pending,accepted,settled,rejected"`
	ReasonCode string    `json:"reasonCode,omitempty"`
	Info       string    `json:"info,omitempty"`
	Applied    bool      `json:"applied"` // false: received out of order, the status stayed
	ReportedAt time.Time `json:"reportedAt"`
	ReceivedAt time.Time `json:"receivedAt"`
}

// ISODetailOf reads a transaction's ISO 20022 identifiers and history; not found for a
// transaction that did not come from the switch.
func (s *Store) ISODetailOf(ctx context.Context, transactionID string) (_ *ISODetail, err error) {
	defer wrap(&err, "iso detail of")
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
