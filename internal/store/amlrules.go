package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// RuleSet is a version of the AML thresholds.
type RuleSet struct {
	Version        int
	Thresholds     domain.AMLThresholds
	Status         string
	Note           string
	ProposedBy     string
	ProposedByName string
	ProposedAt     time.Time
	DecidedBy      string
	DecidedByName  string
	DecidedAt      time.Time
	DecisionNote   string
}

const ruleSetColumns = `version, thresholds, status, COALESCE(note, ''), COALESCE(CAST(proposed_by AS TEXT), ''), proposed_at,
	COALESCE(CAST(decided_by AS TEXT), ''), decided_at, COALESCE(decision_note, ''),
	COALESCE((SELECT first_name || ' ' || last_name FROM users u WHERE u.id = proposed_by), ''),
	COALESCE((SELECT first_name || ' ' || last_name FROM users u WHERE u.id = decided_by), '')`

func scanRuleSet(row interface{ Scan(...any) error }) (*RuleSet, error) {
	var r RuleSet
	var raw []byte
	if err := row.Scan(&r.Version, &raw, &r.Status, &r.Note, &r.ProposedBy, scanTime(&r.ProposedAt), &r.DecidedBy,
		scanTime(&r.DecidedAt), &r.DecisionNote, &r.ProposedByName, &r.DecidedByName); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(raw, &r.Thresholds); err != nil {
		return nil, err
	}
	r.Thresholds.Version = r.Version
	return &r, nil
}

// ActiveRuleSet returns the thresholds in force, storing the defaults as version 1 the first time.
func (s *Store) ActiveRuleSet(ctx context.Context) (_ *RuleSet, err error) {
	defer wrap(&err, "read active rule set")
	r, err := scanRuleSet(s.db.QueryRowContext(ctx, `SELECT `+ruleSetColumns+` FROM aml_rule_sets WHERE status = 'active'`))
	if !errors.Is(err, sql.ErrNoRows) {
		return r, err
	}
	def := domain.DefaultAMLThresholds()
	raw, _ := json.Marshal(def)
	err = s.Write(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO aml_rule_sets (version, thresholds, status, note, proposed_at, decided_at)
			VALUES (1, $1, 'active', 'Kormeer defaults', $2, $2) ON CONFLICT (version) DO NOTHING`, string(raw), ts(tx.now))
		return err
	})
	if err != nil {
		return nil, err
	}
	return scanRuleSet(s.db.QueryRowContext(ctx, `SELECT `+ruleSetColumns+` FROM aml_rule_sets WHERE status = 'active'`))
}

// RuleSets lists every version, newest first.
func (s *Store) RuleSets(ctx context.Context) (_ []*RuleSet, err error) {
	defer wrap(&err, "read rule sets")
	rows, err := s.db.QueryContext(ctx, `SELECT `+ruleSetColumns+` FROM aml_rule_sets ORDER BY version DESC`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*RuleSet{}
	for rows.Next() {
		r, err := scanRuleSet(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// RuleSet returns one version, or ENOTFOUND.
func (s *Store) RuleSet(ctx context.Context, version int) (_ *RuleSet, err error) {
	defer wrap(&err, "read rule set")
	r, err := scanRuleSet(s.db.QueryRowContext(ctx, `SELECT `+ruleSetColumns+` FROM aml_rule_sets WHERE version = $1`, version))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound(domain.CodeRuleVersionNotFound)
	}
	return r, err
}

// ProposeRuleSet stores a new proposed version with its audit row.
func (s *Store) ProposeRuleSet(ctx context.Context, th domain.AMLThresholds, note, by string, audit Audit) (_ *RuleSet, err error) {
	defer wrap(&err, "propose rule set")
	raw, err := json.Marshal(th)
	if err != nil {
		return nil, err
	}
	var version int
	err = s.Write(ctx, func(tx *Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) + 1 FROM aml_rule_sets`).Scan(&version); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO aml_rule_sets (version, thresholds, status, note, proposed_by, proposed_at)
			VALUES ($1, $2, 'proposed', $3, $4, $5)`, version, string(raw), nullString(note), by, ts(tx.now)); err != nil {
			return err
		}
		audit.Action, audit.Resource, audit.ResourceID = "aml_rules.propose", "aml_rule_set", strconv.Itoa(version)
		audit.Details = map[string]any{"note": note}
		return tx.Audit(ctx, audit)
	})
	if err != nil {
		return nil, err
	}
	return s.RuleSet(ctx, version)
}

// DecideRuleSet approves or rejects a proposal. Approval needs an active cbsl_admin who is not the
// proposer nor an account the proposer recently created or promoted (domain.CheckApprover, the
// rule account approvals follow too, read in this transaction); the active version becomes
// superseded in the same transaction, so exactly one version is ever active.
func (s *Store) DecideRuleSet(ctx context.Context, version int, approve bool, by, note string, audit Audit) (_ *RuleSet, err error) {
	defer wrap(&err, "decide rule set")
	err = s.Write(ctx, func(tx *Tx) error {
		var status, proposer string
		err := tx.QueryRowContext(ctx, `SELECT status, COALESCE(CAST(proposed_by AS TEXT), '') FROM aml_rule_sets WHERE version = $1`, version).
			Scan(&status, &proposer)
		if errors.Is(err, sql.ErrNoRows) {
			return notFound(domain.CodeRuleVersionNotFound)
		}
		if err != nil {
			return err
		}
		if status != "proposed" {
			return domain.E(domain.ECONFLICT, domain.CodeRuleVersionDecided, "version", strconv.Itoa(version), "status", status)
		}
		if approve {
			if err := tx.checkApprover(ctx, by, domain.Proposal{ProposedBy: proposer}); err != nil {
				return err
			}
		}
		to := "rejected"
		if approve {
			to = "active"
			if _, err := tx.ExecContext(ctx, `UPDATE aml_rule_sets SET status = 'superseded' WHERE status = 'active'`); err != nil {
				return err
			}
		}
		res, err := tx.ExecContext(ctx, `UPDATE aml_rule_sets SET status = $2, decided_by = $3, decided_at = $4, decision_note = $5
			WHERE version = $1 AND status = 'proposed'`, version, to, by, ts(tx.now), nullString(note))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.E(domain.ECONFLICT, domain.CodeRuleVersionRaced, "version", strconv.Itoa(version))
		}
		audit.Action, audit.Resource, audit.ResourceID = "aml_rules."+map[bool]string{true: "approve", false: "reject"}[approve], "aml_rule_set", strconv.Itoa(version)
		audit.Details = map[string]any{"note": note}
		return tx.Audit(ctx, audit)
	})
	if err != nil {
		return nil, err
	}
	return s.RuleSet(ctx, version)
}

// BacktestRows streams the transactions since a time, oldest first, to fn.
func (s *Store) BacktestRows(ctx context.Context, since time.Time, fn func(domain.BacktestTx)) (err error) {
	defer wrap(&err, "backtest rows")
	rows, err := s.db.QueryContext(ctx, `SELECT sender, recipient, amount_minor, currency, transfer_mode, created_at
		FROM transactions WHERE created_at >= $1 ORDER BY created_at, id`, ts(since))
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var t domain.BacktestTx
		if err := rows.Scan(&t.Sender, &t.Recipient, &t.Amount, &t.Currency, &t.Mode, scanTime(&t.At)); err != nil {
			return err
		}
		fn(t)
	}
	return rows.Err()
}
