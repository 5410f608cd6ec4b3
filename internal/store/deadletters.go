package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// DeadLetter is a switch message that could not be stored as it is, with why.
type DeadLetter struct {
	ID        string          `json:"id"`
	Stream    string          `json:"stream"`
	Subject   string          `json:"subject"`
	StreamSeq int64           `json:"streamSeq"`
	Payload   string          `json:"payload"`
	Reason    string          `json:"reason"`
	Faults    json.RawMessage `json:"faults"`                               // [{path, message}]
	Status    string          `json:"status" enum:"open,retried,discarded"` // open, retried or discarded
	Attempts  int             `json:"attempts"`
	CreatedAt time.Time       `json:"createdAt"`
	UpdatedAt time.Time       `json:"updatedAt"`
}

// AddDeadLetter keeps a message that can never be stored, with an audit row; false when its
// place in the stream was dead-lettered before (a redelivery).
func (s *Store) AddDeadLetter(ctx context.Context, d *DeadLetter) (_ bool, err error) {
	defer wrap(&err, "add dead letter")
	d.ID = NewID()
	if len(d.Faults) == 0 {
		d.Faults = json.RawMessage("[]")
	}
	added := false
	err = s.Write(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `INSERT INTO iso_dead_letters (id, stream, subject, stream_seq, payload, reason, faults,
			created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (stream, stream_seq) DO NOTHING`,
			d.ID, d.Stream, d.Subject, d.StreamSeq, d.Payload, d.Reason, string(d.Faults), ts(tx.now))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		added = true
		return tx.Audit(ctx, Audit{Action: "iso20022.dead_letter", Resource: "iso_dead_letter", ResourceID: d.ID,
			Details: map[string]any{"subject": d.Subject, "streamSeq": d.StreamSeq, "reason": d.Reason}})
	})
	return added, err
}

const deadLetterColumns = `CAST(id AS TEXT), stream, subject, stream_seq, payload, reason, faults, status, attempts, created_at, updated_at`

func scanDeadLetter(sc interface{ Scan(...any) error }) (*DeadLetter, error) {
	var d DeadLetter
	var faults string
	if err := sc.Scan(&d.ID, &d.Stream, &d.Subject, &d.StreamSeq, &d.Payload, &d.Reason, &faults, &d.Status, &d.Attempts,
		scanTime(&d.CreatedAt), scanTime(&d.UpdatedAt)); err != nil {
		return nil, err
	}
	d.Faults = json.RawMessage(faults)
	return &d, nil
}

// DeadLetters lists dead letters of a status (all when empty), newest first, at most limit.
func (s *Store) DeadLetters(ctx context.Context, status string, limit int) (_ []*DeadLetter, err error) {
	defer wrap(&err, "dead letters")
	rows, err := s.db.QueryContext(ctx, `SELECT `+deadLetterColumns+` FROM iso_dead_letters
		WHERE $1 = '' OR status = $1 ORDER BY created_at DESC, id DESC LIMIT $2`, status, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*DeadLetter{}
	for rows.Next() {
		d, err := scanDeadLetter(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// CountDeadLetters counts the open dead letters.
func (s *Store) CountDeadLetters(ctx context.Context) (_ int, err error) {
	defer wrap(&err, "count dead letters")
	var n int
	err = s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM iso_dead_letters WHERE status = 'open'`).Scan(&n)
	return n, err
}

// DeadLetterByID reads one dead letter.
func (s *Store) DeadLetterByID(ctx context.Context, id string) (_ *DeadLetter, err error) {
	defer wrap(&err, "dead letter by id")
	if !validID(id) {
		return nil, notFound("Dead letter")
	}
	d, err := scanDeadLetter(s.db.QueryRowContext(ctx, `SELECT `+deadLetterColumns+` FROM iso_dead_letters WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound("Dead letter")
	}
	return d, err
}

// CloseDeadLetter marks an open dead letter discarded (or retried), with an audit row; a dead
// letter closed before answers 409. A retry that stores the message closes its dead letter in
// the storing transaction instead (ISOWrite.RetriedDeadLetter).
func (s *Store) CloseDeadLetter(ctx context.Context, id, status string, audit Audit) (err error) {
	defer wrap(&err, "close dead letter")
	return s.Write(ctx, func(tx *Tx) error { return tx.closeDeadLetter(ctx, id, status, audit) })
}

func (tx *Tx) closeDeadLetter(ctx context.Context, id, status string, audit Audit) error {
	res, err := tx.exec(ctx, `UPDATE iso_dead_letters SET status = $2, attempts = attempts + 1, updated_at = $3,
		resolved_by = $4 WHERE id = $1 AND status = 'open'`, id, status, ts(tx.now), nullString(audit.UserID))
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return domain.E(domain.ECONFLICT, domain.CodeDeadLetterDecided)
	}
	audit.Action, audit.Resource, audit.ResourceID = "iso20022.dead_letter_"+status, "iso_dead_letter", id
	return tx.Audit(ctx, audit)
}

// NoteDeadLetterAttempt records a retry that failed again, with the new reason.
func (s *Store) NoteDeadLetterAttempt(ctx context.Context, id, reason string, faults json.RawMessage, audit Audit) (err error) {
	defer wrap(&err, "note dead letter attempt")
	return s.Write(ctx, func(tx *Tx) error {
		if _, err := tx.exec(ctx, `UPDATE iso_dead_letters SET attempts = attempts + 1, reason = $2, faults = $3, updated_at = $4
			WHERE id = $1 AND status = 'open'`, id, reason, string(faults), ts(tx.now)); err != nil {
			return err
		}
		audit.Action, audit.Resource, audit.ResourceID = "iso20022.dead_letter_retry_failed", "iso_dead_letter", id
		audit.Details = map[string]any{"reason": reason}
		return tx.Audit(ctx, audit)
	})
}
