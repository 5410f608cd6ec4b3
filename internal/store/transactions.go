package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// Transaction is a stored payment as the lists show it.
type Transaction struct {
	ID                  string
	TransactionID       string
	NPSSReference       string
	PSPID               string
	MNOID               string
	InstitutionID       string
	Amount              domain.Minor
	Fee                 domain.Minor
	Currency            domain.Currency
	Status              string
	Type                string
	TransferMode        string
	FlowType            string
	Sender              string
	Recipient           string
	SenderName          string
	RecipientName       string
	SenderInstitution   string
	ReceiverInstitution string
	SettlementMode      string
	USSDCode            string
	RoutingCode         string
	AMLScore            int
	RiskLevel           string
	IsHighRisk          bool
	AMLRules            []domain.RuleHit
	AMLRuleVersion      int
	ProcessedAt         time.Time
	CreatedAt           time.Time
}

const transactionColumns = `id, transaction_id, npss_reference, psp_id, mno_id, institution_id, amount_minor,
	fee_minor, currency, status, type, transfer_mode, flow_type, sender, recipient, sender_name, recipient_name,
	sender_institution, receiver_institution, settlement_mode, ussd_code, routing_code, aml_score, risk_level,
	is_high_risk, aml_rules, aml_rule_version, processed_at, created_at`

func scanTransaction(row interface{ Scan(...any) error }) (*Transaction, error) {
	var t Transaction
	var npss, psp, mno, inst, flow, sn, rn, si, ri, ussd, routing sql.NullString
	var version sql.NullInt64
	var rules []byte
	if err := row.Scan(&t.ID, &t.TransactionID, &npss, &psp, &mno, &inst, &t.Amount, &t.Fee, &t.Currency, &t.Status,
		&t.Type, &t.TransferMode, &flow, &t.Sender, &t.Recipient, &sn, &rn, &si, &ri, &t.SettlementMode, &ussd,
		&routing, &t.AMLScore, &t.RiskLevel, &t.IsHighRisk, &rules, &version, scanTime(&t.ProcessedAt),
		scanTime(&t.CreatedAt)); err != nil {
		return nil, err
	}
	t.NPSSReference, t.PSPID, t.MNOID, t.InstitutionID = npss.String, psp.String, mno.String, inst.String
	t.FlowType, t.SenderName, t.RecipientName = flow.String, sn.String, rn.String
	t.SenderInstitution, t.ReceiverInstitution, t.USSDCode, t.RoutingCode = si.String, ri.String, ussd.String, routing.String
	t.AMLRuleVersion = int(version.Int64)
	t.AMLRules = []domain.RuleHit{}
	if err := unmarshalJSON(rules, &t.AMLRules); err != nil {
		return nil, err
	}
	return &t, nil
}

// TxScope limits which transactions a reader sees: the zero value is everything (regulators);
// InstitutionID keeps one institution's (its staff); CreatedBy keeps one account's own (citizens).
type TxScope struct {
	InstitutionID string
	CreatedBy     string
}

// TxFilter is a transaction search (001 §7); zero fields do not filter.
type TxFilter struct {
	// Search matches the start of the transaction id, NPSS reference, sender or recipient.
	Search string
	// ISOReference, set with Search to the search as typed, also matches a switch transaction's
	// ISO 20022 end-to-end id or UETR, exactly (not with ReferencesOnly).
	ISOReference  string
	Status        string
	Type          string
	TransferMode  string
	Currency      string
	DateFrom      time.Time // inclusive
	DateTo        time.Time // exclusive
	AmountMin     domain.Minor
	AmountMax     domain.Minor
	NPSSReference string
	// HighRisk keeps only the transactions the AML scoring flagged high risk: those the statistics
	// count as high risk, so the dashboard's figure and the filtered list agree.
	HighRisk bool
	// InstitutionID keeps the transactions of one institution (its PSP or its network), within
	// the reader's scope.
	InstitutionID string

	// ReferencesOnly narrows Search to the transaction id and NPSS reference: the references a
	// guest sees in full, so that a search cannot reveal a party that is shown masked.
	ReferencesOnly bool
}

// Cursor is a position in the newest-first order: the last row of the previous page.
type Cursor struct {
	CreatedAt time.Time
	ID        string
	// Sort names another order a list was read in (the alerts queue's "oldest" and "severity";
	// empty: newest first), so that a cursor is only taken by the order that made it, and Rank is
	// the row's key in that order before its time (a severity's rank).
	Sort string
	Rank int
	// plan is how the pages before were found (planAmountRange), kept so that one reader paging
	// through a search (an export) probes once; a cursor made from a client's token has none.
	plan amountPlan
}

// TxPage is one page of a search.
type TxPage struct {
	Items []*Transaction
	Next  *Cursor // nil on the last page
}

// countCap bounds counting: beyond it the count says "more than", so a broad filter over
// millions of rows stays fast. A thousand is more than anyone reads through; past it, people
// narrow the search (a higher cap's cost is measured in docs/PERFORMANCE.md, "Search and metrics
// over 1,000,000 transactions").
const countCap = 1_000

// prefixEnd is appended to a prefix to make the exclusive end of its byte range.
const prefixEnd = "\uffff"

// where builds the WHERE clause of a search; args continue from the given ones. With
// walkDates the amount comparisons cannot use the amount index (see planAmountRange).
func (s *Store) where(scope TxScope, f TxFilter, args []any, walkDates bool) (string, []any) {
	var conds []string
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	if scope.InstitutionID != "" {
		if !validID(scope.InstitutionID) {
			return "1 = 0", args
		}
		p := arg(scope.InstitutionID)
		conds = append(conds, "(institution_id = "+p+" OR mno_id = "+p+")")
	}
	if scope.CreatedBy != "" {
		conds = append(conds, "created_by = "+arg(scope.CreatedBy))
	}
	if f.Search != "" {
		collate := s.dialect.bytewise()
		lo, hi := arg(f.Search), arg(f.Search+prefixEnd)
		var ors []string
		cols := []string{"transaction_id", "npss_reference", "sender", "recipient"}
		if f.ReferencesOnly {
			cols = cols[:2]
		}
		for _, col := range cols {
			ors = append(ors, fmt.Sprintf("(%[1]s %[2]s >= %[3]s AND %[1]s %[2]s < %[4]s)", col, collate, lo, hi))
		}
		if f.ISOReference != "" && !f.ReferencesOnly {
			ors = append(ors, "id IN (SELECT transaction_id FROM iso_payments WHERE end_to_end_id = "+arg(f.ISOReference)+
				" OR uetr = "+arg(strings.ToLower(f.ISOReference))+")")
		}
		conds = append(conds, "("+strings.Join(ors, " OR ")+")")
	}
	for _, eq := range [][2]string{{"status", f.Status}, {"type", f.Type}, {"transfer_mode", f.TransferMode},
		{"currency", f.Currency}, {"npss_reference", f.NPSSReference}} {
		if eq[1] != "" {
			conds = append(conds, eq[0]+" = "+arg(eq[1]))
		}
	}
	if f.HighRisk {
		conds = append(conds, "is_high_risk")
	}
	if f.InstitutionID != "" {
		p := arg(f.InstitutionID)
		conds = append(conds, "(institution_id = "+p+" OR mno_id = "+p+")")
	}
	if !f.DateFrom.IsZero() {
		conds = append(conds, "created_at >= "+arg(ts(f.DateFrom)))
	}
	if !f.DateTo.IsZero() {
		conds = append(conds, "created_at < "+arg(ts(f.DateTo)))
	}
	amount := "amount_minor"
	if walkDates {
		amount = "+amount_minor" // SQLite: a unary plus keeps a term from choosing an index
	}
	if f.AmountMin > 0 {
		conds = append(conds, amount+" >= "+arg(int64(f.AmountMin)))
	}
	if f.AmountMax > 0 {
		conds = append(conds, amount+" <= "+arg(int64(f.AmountMax)))
	}
	if len(conds) == 0 {
		return "1 = 1", args
	}
	return strings.Join(conds, " AND "), args
}

// SearchTransactions returns one page of the transactions in scope matching f, newest first,
// continuing after the cursor. The order (created_at, id) is total, so pages never skip or
// repeat a row even when many share a timestamp.
func (s *Store) SearchTransactions(ctx context.Context, scope TxScope, f TxFilter, after *Cursor, limit int) (_ *TxPage, err error) {
	defer wrap(&err, "search transactions")
	if after != nil && !validID(after.ID) {
		return nil, domain.ErrCursor()
	}
	var plan amountPlan
	if after != nil {
		plan = after.plan
	}
	if plan == unplanned {
		var err error
		if plan, err = s.planAmountRange(ctx, f); err != nil {
			return nil, err
		}
	}
	where, args := s.where(scope, f, nil, plan == walkDates)
	if after != nil {
		args = append(args, ts(after.CreatedAt), after.ID)
		where += fmt.Sprintf(" AND (created_at < $%d OR (created_at = $%d AND id < $%d))", len(args)-1, len(args)-1, len(args))
	}
	args = append(args, limit+1)
	const order = " ORDER BY created_at DESC, id DESC"
	q := `SELECT ` + transactionColumns + ` FROM transactions WHERE ` + where + order + fmt.Sprintf(" LIMIT $%d", len(args))
	if plan == sortInIndex {
		q = `SELECT ` + transactionColumns + ` FROM transactions WHERE id IN (SELECT id FROM transactions WHERE ` + where +
			order + fmt.Sprintf(" LIMIT $%d)", len(args)) + order
	}
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	page := &TxPage{Items: []*Transaction{}}
	for rows.Next() {
		t, err := scanTransaction(rows)
		if err != nil {
			return nil, err
		}
		page.Items = append(page.Items, t)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(page.Items) > limit {
		page.Items = page.Items[:limit]
		last := page.Items[limit-1]
		page.Next = &Cursor{CreatedAt: last.CreatedAt, ID: last.ID, plan: plan}
	}
	return page, nil
}

// amountPlan is how a page of an amount range is found on SQLite (planAmountRange).
type amountPlan int

const (
	unplanned   amountPlan = iota // not chosen yet
	anyIndex                      // no amount range, or PostgreSQL: the planner chooses
	walkDates                     // a broad range: walk (created_at, id, amount_minor) newest first
	sortInIndex                   // a narrow range: sort (amount_minor, created_at, id), then read a page
)

// broadRange is how many transactions make an amount range broad (planAmountRange). A page of a
// range this wide is found within about limit × rows / broadRange entries of the date index; a
// narrower range sorts at most this many entries of the amount index, so both stay a bounded walk
// (docs/PERFORMANCE.md, "Amount ranges on SQLite"). Counting this far on the amount index is the
// probe's cost.
const broadRange = 20_000

// planAmountRange chooses how SQLite finds a page of f's amount range. SQLite keeps no histogram
// of amounts unless ANALYZE ran without an analysis limit (datagen's does; the one at start
// cannot, at seconds per ten million rows), so its planner takes the amount index for every
// range and reads and sorts every matching row by date, which grows with the range's rows.
// One probe of the amount index tells a broad range, whose page the date walk finds within a
// few thousand index entries, from a narrow one, whose page order the amount index holds for it
// to sort without reading rows; both indexes carry the other column (migration 0017).
// PostgreSQL's planner has the histogram.
func (s *Store) planAmountRange(ctx context.Context, f TxFilter) (amountPlan, error) {
	if s.dialect != dialectSQLite || (f.AmountMin == 0 && f.AmountMax == 0) {
		return anyIndex, nil
	}
	where, args := s.where(TxScope{}, TxFilter{AmountMin: f.AmountMin, AmountMax: f.AmountMax}, nil, false)
	var one int
	err := s.db.QueryRowContext(ctx, fmt.Sprintf("SELECT 1 FROM transactions WHERE %s LIMIT 1 OFFSET %d", where, broadRange-1),
		args...).Scan(&one)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return sortInIndex, nil
	case err != nil:
		return anyIndex, err
	}
	return walkDates, nil
}

// CountTransactions counts the matches of a search up to countCap; capped reports that there
// are more.
func (s *Store) CountTransactions(ctx context.Context, scope TxScope, f TxFilter) (n int, capped bool, err error) {
	defer wrap(&err, "count transactions")
	where, args := s.where(scope, f, nil, false)
	return s.countCapped(ctx, `SELECT 1 FROM transactions WHERE `+where, args)
}

// countCapped counts the rows of matches (a query selecting one row per match, args its
// parameters) up to countCap; capped reports that there are more.
func (s *Store) countCapped(ctx context.Context, matches string, args []any) (n int, capped bool, err error) {
	args = append(args, countCap+1)
	err = s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM (`+matches+
		fmt.Sprintf(" LIMIT $%d) AS matches", len(args)), args...).Scan(&n)
	if n > countCap {
		return countCap, true, err
	}
	return n, false, err
}

// TransactionByID returns one transaction in scope, or ENOTFOUND.
func (s *Store) TransactionByID(ctx context.Context, scope TxScope, id string) (_ *Transaction, err error) {
	defer wrap(&err, "read transaction by id")
	if !validID(id) {
		return nil, notFound(domain.CodeTransactionNotFound)
	}
	where, args := s.where(scope, TxFilter{}, []any{id}, false)
	t, err := scanTransaction(s.db.QueryRowContext(ctx, `SELECT `+transactionColumns+` FROM transactions WHERE id = $1 AND `+where, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound(domain.CodeTransactionNotFound)
	}
	return t, err
}

// TransactionLog is one entry of a transaction's history.
type TransactionLog struct {
	Action, PerformedBy, PreviousStatus, NewStatus, Notes string
	Details                                               map[string]any
	// ReasonCode and ReasonParams say why the transaction did not complete (domain.ReasonAMLHold,
	// domain.FailureReasons); "" and nil when there is nothing to explain.
	ReasonCode   string
	ReasonParams *domain.AlertParams
	CreatedAt    time.Time
}

// TransactionLogs returns a transaction's history, oldest first.
func (s *Store) TransactionLogs(ctx context.Context, id string) (_ []TransactionLog, err error) {
	defer wrap(&err, "read transaction logs")
	rows, err := s.db.QueryContext(ctx, `SELECT action, performed_by, previous_status, new_status, notes, details,
		COALESCE(reason_code, ''), CAST(reason_params AS TEXT), created_at FROM transaction_logs WHERE transaction_id = $1 ORDER BY created_at, id`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []TransactionLog{}
	for rows.Next() {
		var l TransactionLog
		var by, prev, next, notes, reasonParams sql.NullString
		var details []byte
		if err := rows.Scan(&l.Action, &by, &prev, &next, &notes, &details, &l.ReasonCode, &reasonParams,
			scanTime(&l.CreatedAt)); err != nil {
			return nil, err
		}
		if reasonParams.Valid {
			l.ReasonParams = &domain.AlertParams{}
			if err := json.Unmarshal([]byte(reasonParams.String), l.ReasonParams); err != nil {
				return nil, err
			}
		}
		l.PerformedBy, l.PreviousStatus, l.NewStatus, l.Notes = by.String, prev.String, next.String, notes.String
		if err := unmarshalJSON(details, &l.Details); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// Summary is the headline of the payment system for the dashboard. Every figure is zero when
// there is nothing to compute it from (issue 16: clients read 0, not a gap).
type Summary struct {
	TotalTransactions int64
	VolumeUSD         domain.Minor
	ActivePSPs        int64 // PSPs licensed now, as the public register lists them
	KYCApplications   int64
	KYCCompliant      int64
	ComplianceScore   int64 // KYCCompliant as a percentage of KYCApplications
}

// Summary computes the headline figures with one round trip, from the statistics maintained as
// transactions arrive rather than from the transactions themselves.
func (s *Store) Summary(ctx context.Context) (_ Summary, err error) {
	defer wrap(&err, "read summary")
	var count, shs, usd int64
	var sum Summary
	err = s.db.QueryRowContext(ctx, `SELECT
		(SELECT COALESCE(SUM(tx_count), 0) FROM transaction_stats),
		(SELECT COALESCE(SUM(amount_minor), 0) FROM transaction_stats WHERE currency = 'SHS'),
		(SELECT COALESCE(SUM(amount_minor), 0) FROM transaction_stats WHERE currency = 'USD'),
		(SELECT COUNT(*) FROM psps WHERE `+licensedNow+`),
		(SELECT COUNT(*) FROM kyc_applications),
		(SELECT COUNT(*) FROM kyc_applications WHERE status = 'compliant')`, ts(s.Now())).
		Scan(&count, &shs, &usd, &sum.ActivePSPs, &sum.KYCApplications, &sum.KYCCompliant)
	if err != nil {
		return Summary{}, err
	}
	sum.TotalTransactions = count
	sum.VolumeUSD = domain.Minor(usd) + domain.USDMinor(domain.Minor(shs), domain.SHS)
	sum.ComplianceScore = compliancePercent(sum.KYCCompliant, sum.KYCApplications)
	return sum, nil
}
