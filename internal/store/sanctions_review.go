package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// SanctionsMatch is one review item: a screened name, the list entry it matched and the
// matcher's explanation, with the decision once taken.
type SanctionsMatch struct {
	ID            string
	SubjectType   string
	SubjectID     string
	SubjectRef    string
	SubjectStatus string // a transaction's status now (pending while held); empty otherwise
	InstitutionID string
	Party         string
	ScreenedName  string
	Ref           string
	EntryName     string
	Alias         string
	Score         float64
	Strength      string
	Explanation   json.RawMessage // sanctions.Match
	Held          bool
	AlertID       string
	Status        string // open, confirmed, false_positive
	DecidedBy     string
	DecidedAt     time.Time
	Reason        string
	CreatedAt     time.Time
}

// SanctionsMatchFilter narrows the review queue; zero fields do not filter.
type SanctionsMatchFilter struct {
	Status        string
	InstitutionID string
}

const sanctionsMatchColumns = `m.id, m.subject_type, m.subject_id, m.subject_ref, COALESCE(t.status, ''), m.institution_id,
	m.party, m.screened_name, m.ref, m.entry_name, m.alias, m.score, m.strength, m.explanation, m.held, m.alert_id,
	m.status, m.decided_by, m.decided_at, m.reason, m.created_at`

func scanSanctionsMatch(sc interface{ Scan(...any) error }) (*SanctionsMatch, error) {
	var m SanctionsMatch
	var inst, alert, by, reason sql.NullString
	var expl string
	err := sc.Scan(&m.ID, &m.SubjectType, &m.SubjectID, &m.SubjectRef, &m.SubjectStatus, &inst, &m.Party, &m.ScreenedName,
		&m.Ref, &m.EntryName, &m.Alias, &m.Score, &m.Strength, &expl, &m.Held, &alert, &m.Status, &by,
		scanTime(&m.DecidedAt), &reason, scanTime(&m.CreatedAt))
	m.InstitutionID, m.AlertID, m.DecidedBy, m.Reason = inst.String, alert.String, by.String, reason.String
	m.Explanation = json.RawMessage(expl)
	return &m, err
}

// SanctionsMatches returns the review queue, strong matches first, then newest first; at most 500.
func (s *Store) SanctionsMatches(ctx context.Context, f SanctionsMatchFilter) (_ []*SanctionsMatch, err error) {
	defer wrap(&err, "read sanctions matches")
	q := `SELECT ` + sanctionsMatchColumns + ` FROM sanctions_matches m
		LEFT JOIN transactions t ON m.subject_type = 'transaction' AND t.id = m.subject_id WHERE 1 = 1`
	var args []any
	if f.Status != "" {
		args = append(args, f.Status)
		q += ` AND m.status = $1`
	}
	if f.InstitutionID != "" {
		args = append(args, f.InstitutionID)
		q += fmt.Sprintf(` AND m.institution_id = $%d`, len(args))
	}
	q += ` ORDER BY m.strength DESC, m.created_at DESC, m.id LIMIT 500`
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*SanctionsMatch{}
	for rows.Next() {
		m, err := scanSanctionsMatch(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// SanctionsMatchesOf returns the matches of one transaction, KYC submission or application.
func (s *Store) SanctionsMatchesOf(ctx context.Context, subjectID string) (_ []*SanctionsMatch, err error) {
	defer wrap(&err, "read sanctions matches of")
	rows, err := s.db.QueryContext(ctx, `SELECT `+sanctionsMatchColumns+` FROM sanctions_matches m
		LEFT JOIN transactions t ON m.subject_type = 'transaction' AND t.id = m.subject_id
		WHERE m.subject_id = $1 ORDER BY m.score DESC, m.id`, subjectID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*SanctionsMatch{}
	for rows.Next() {
		m, err := scanSanctionsMatch(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

func (tx *Tx) sanctionsMatch(ctx context.Context, id string) (*SanctionsMatch, error) {
	m, err := scanSanctionsMatch(tx.QueryRowContext(ctx, `SELECT `+sanctionsMatchColumns+` FROM sanctions_matches m
		LEFT JOIN transactions t ON m.subject_type = 'transaction' AND t.id = m.subject_id WHERE m.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound("Sanctions match")
	}
	return m, err
}

// DecideSanctionsMatch records a regulator's decision on an open match, with its reason and
// audit row, in one transaction. "confirmed": the match stands (a held transfer stays held; its
// alert follows the alert workflow). "false_positive": the pair of name and list entry is
// remembered (until the entry changes), the match's alert is closed as a false positive, and a
// transfer it held is released once no other match holds it and AML does not. Deciding a match
// decided before is a 409.
func (s *Store) DecideSanctionsMatch(ctx context.Context, id, decision, reason, userID string, audit Audit) (_ *SanctionsMatch, err error) {
	defer wrap(&err, "decide sanctions match")
	if decision != "confirmed" && decision != "false_positive" {
		return nil, domain.ErrMatchDecision()
	}
	var out *SanctionsMatch
	err = s.Write(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE sanctions_matches SET status = $2, decided_by = $3, decided_at = $4, reason = $5
			WHERE id = $1 AND status = 'open'`, id, decision, nullString(userID), ts(tx.now), reason)
		if err != nil {
			return err
		}
		m, err := tx.sanctionsMatch(ctx, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.E(domain.ECONFLICT, domain.CodeMatchDecided, "status", m.Status)
		}
		released, err := tx.applySanctionsDecision(ctx, m, decision, reason, userID)
		if err != nil {
			return err
		}
		audit.Action, audit.Resource, audit.ResourceID = "sanctions.decide", "sanctions_match", id
		audit.Details = map[string]any{"decision": decision, "reason": reason, "ref": m.Ref, "subjectType": m.SubjectType,
			"subjectId": m.SubjectID, "score": m.Score}
		if released != "" {
			audit.Details["released"] = released
		}
		if err := tx.Audit(ctx, audit); err != nil {
			return err
		}
		out, err = tx.sanctionsMatch(ctx, id)
		return err
	})
	return out, err
}

// applySanctionsDecision does what a decided match implies besides its own row: for a false
// positive, remember the pair, close its alert and release what it held. It returns the status a
// released transaction took ("" when none was released).
func (tx *Tx) applySanctionsDecision(ctx context.Context, m *SanctionsMatch, decision, reason, userID string) (string, error) {
	if decision != "false_positive" {
		return "", nil
	}
	if err := tx.rememberFalsePositive(ctx, m.ID, userID, reason); err != nil {
		return "", err
	}
	if m.AlertID != "" {
		// The alert's case closes as a false positive, from a status closing allows.
		step, err := domain.CaseTransition(domain.CaseClose, domain.AlertFalsePositive)
		if err != nil {
			return "", err
		}
		args := []any{m.AlertID, nullString(userID), reason, ts(tx.now), step.To}
		if _, err := tx.ExecContext(ctx, `UPDATE aml_alerts SET status = $5, resolved_by = $2,
			resolution = $3, resolved_at = $4, updated_at = $4 WHERE id = $1 AND status IN (`+bindList(&args, step.From)+`)`,
			args...); err != nil {
			return "", err
		}
	}
	if !m.Held {
		return "", nil
	}
	return tx.releaseSanctionsHold(ctx, m.SubjectID, userID)
}

// dismissMatchesOfAlert decides the open sanctions matches behind an alert closed as a false
// positive in the alert queue, as the same decision on /sanctions would: a case closed in either
// place is closed in both, and the held transfer is released.
func (tx *Tx) dismissMatchesOfAlert(ctx context.Context, alertID, userID, reason string) error {
	rows, err := tx.QueryContext(ctx, `SELECT id FROM sanctions_matches WHERE alert_id = $1 AND status = 'open'`, alertID)
	if err != nil {
		return err
	}
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := tx.ExecContext(ctx, `UPDATE sanctions_matches SET status = 'false_positive', decided_by = $2, decided_at = $3,
			reason = $4 WHERE id = $1 AND status = 'open'`, id, nullString(userID), ts(tx.now), reason); err != nil {
			return err
		}
		m, err := tx.sanctionsMatch(ctx, id)
		if err != nil {
			return err
		}
		if _, err := tx.applySanctionsDecision(ctx, m, "false_positive", reason, userID); err != nil {
			return err
		}
	}
	return nil
}

// rememberFalsePositive keeps the match's name and entry (with the entry's content hash) so the
// same pair is not raised again while the entry stays as it is.
func (tx *Tx) rememberFalsePositive(ctx context.Context, matchID, userID, reason string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO sanctions_false_positives (name_key, ref, entry_hash, match_id, decided_by, reason, created_at)
		SELECT name_key, ref, entry_hash, id, $2, $3, $4 FROM sanctions_matches WHERE id = $1
		ON CONFLICT (name_key, ref) DO UPDATE SET entry_hash = excluded.entry_hash, match_id = excluded.match_id,
			decided_by = excluded.decided_by, reason = excluded.reason, created_at = excluded.created_at`,
		matchID, nullString(userID), reason, ts(tx.now))
	return err
}

// releaseSanctionsHold lets a held transaction go on (completed, or processing for an offline
// transfer that settles with the next batch) when no other undismissed match holds it and AML
// did not hold it too; it logs the release and returns the new status ("" when it stays held).
func (tx *Tx) releaseSanctionsHold(ctx context.Context, txID, userID string) (string, error) {
	var mode string
	err := tx.QueryRowContext(ctx, `SELECT transfer_mode FROM transactions WHERE id = $1`, txID).Scan(&mode)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	status := domain.SettledStatus(mode)
	processed := "processed_at"
	if status == domain.TxCompleted {
		processed = "$2"
	}
	res, err := tx.ExecContext(ctx, `UPDATE transactions SET status = $3, processed_at = `+processed+`, updated_at = $2
		WHERE id = $1 AND status = $4 AND is_high_risk = FALSE AND NOT EXISTS (
			SELECT 1 FROM sanctions_matches m WHERE m.subject_id = transactions.id AND m.held AND m.status <> 'false_positive')`,
		txID, ts(tx.now), status, domain.TxPending)
	if err != nil {
		return "", err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return "", nil
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO transaction_logs (id, transaction_id, action, performed_by, details,
		previous_status, new_status, notes, created_at, reason_code, reason_params)
		VALUES ($1, $2, 'released', $3, '{}', 'pending', $4, 'sanctions match dismissed as a false positive', $5, $6, '{}')`,
		NewID(), txID, nullString(userID), status, ts(tx.now), domain.ReasonSanctionsReleased)
	return status, err
}
