package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/screening"
)

// KYCView is a KYC application as listed.
type KYCView struct {
	KYCApplication
	ReviewedBy   string
	ReviewerName string // the reviewer's name (their e-mail when they gave none), so the detail says who decided
	ReviewNotes  string
	ReviewedAt   time.Time
}

// KYCScope is whose applications a reader sees: everything for regulators, an institution's
// for its staff, one's own for anyone else.
type KYCScope struct {
	All           bool
	InstitutionID string
	UserID        string
}

// SubmitKYC stores a KYC application under review with its audit row, which records the risk
// level given and the earlier applications whose level the submission raised, and the
// applicant's sanctions matches (hits, from screening) as review items, a strong one with a
// critical alert.
func (s *Store) SubmitKYC(ctx context.Context, k *KYCApplication, audit Audit, hits ...screening.Hit) (err error) {
	defer wrap(&err, "submit kyc")
	return s.Write(ctx, func(tx *Tx) error {
		k.Status = "under_review"
		if err := tx.InsertKYCApplication(ctx, k); err != nil {
			return err
		}
		if err := tx.recordScreening(ctx, SanctionsSubject{Type: "kyc", ID: k.ID, Ref: k.FullName, InstitutionID: k.PSPID}, hits, "kyc"); err != nil {
			return err
		}
		audit.Action, audit.Resource, audit.ResourceID = "kyc.submit", "kyc_application", k.ID
		audit.Details = map[string]any{"risk": k.Risk, "pep": k.PEP}
		if len(k.RiskRaised) > 0 {
			audit.Details["riskRaised"] = k.RiskRaised
		}
		return tx.Audit(ctx, audit)
	})
}

// KYCFilter narrows the KYC list (GET /api/kyc); zero fields do not filter.
type KYCFilter struct {
	Status        string
	Risk          string // low, medium or high (domain.KYCRisk)
	InstitutionID string // the PSP an application was submitted through
	// Query matches part of the applicant's name (any case) or exactly a national ID, phone
	// number or document number.
	Query string
}

// KYCPage is one page of the KYC list.
type KYCPage struct {
	Items []*KYCView
	Next  *Cursor // nil on the last page
}

// kycWheres builds the KYC list's WHERE clause: the reader's scope narrowed by f and continued
// after the cursor in the (created_at, id) order. Only the values a clause uses are bound, as
// PostgreSQL cannot type a parameter no clause names (SQLSTATE 42P18).
func kycWheres(sc KYCScope, f KYCFilter, after *Cursor) (string, []any) {
	var conds []string
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	switch {
	case sc.All:
	case sc.InstitutionID != "" && validID(sc.InstitutionID):
		conds = append(conds, "(psp_id = "+arg(sc.InstitutionID)+" OR CAST(user_id AS TEXT) = "+arg(sc.UserID)+")")
	case sc.InstitutionID != "":
		conds = append(conds, "1 = 0")
	default:
		conds = append(conds, "CAST(user_id AS TEXT) = "+arg(sc.UserID))
	}
	if f.Status != "" {
		conds = append(conds, "status = "+arg(f.Status))
	}
	if f.Risk != "" {
		conds = append(conds, "risk = "+arg(f.Risk))
	}
	if f.InstitutionID != "" {
		conds = append(conds, "psp_id = "+arg(f.InstitutionID))
	}
	if f.Query != "" {
		name, exact := arg(likePattern(f.Query)), arg(f.Query)
		conds = append(conds, fmt.Sprintf(`(LOWER(full_name) LIKE %s ESCAPE '!' OR national_id = %[2]s OR phone_number = %[2]s OR document_number = %[2]s)`, name, exact))
	}
	if after != nil {
		at, last := arg(ts(after.CreatedAt)), arg(after.ID)
		conds = append(conds, fmt.Sprintf("(created_at < %[1]s OR (created_at = %[1]s AND id < %[2]s))", at, last))
	}
	if len(conds) == 0 {
		return "1 = 1", args
	}
	return strings.Join(conds, " AND "), args
}

// likePattern matches q anywhere in a lower-cased column, its LIKE wildcards taken literally
// (escaped with '!', a character that needs no quoting in either dialect's string literals).
func likePattern(q string) string {
	return "%" + strings.NewReplacer("!", "!!", "%", "!%", "_", "!_").Replace(strings.ToLower(q)) + "%"
}

// KYCApplications lists up to limit applications in scope matching f, newest first (the
// compliance export reads them all this way).
func (s *Store) KYCApplications(ctx context.Context, sc KYCScope, f KYCFilter, after *Cursor, limit int) (_ []*KYCView, err error) {
	defer wrap(&err, "read kyc applications")
	where, args := kycWheres(sc, f, after)
	args = append(args, limit)
	return s.kycWhere(ctx, where+fmt.Sprintf(" ORDER BY created_at DESC, id DESC LIMIT $%d", len(args)), args...)
}

// KYCPageAfter returns one page of the applications in scope matching f, newest first,
// continuing after the cursor. The order (created_at, id) is total, so pages never skip or
// repeat an application even when many share a timestamp.
func (s *Store) KYCPageAfter(ctx context.Context, sc KYCScope, f KYCFilter, after *Cursor, limit int) (_ *KYCPage, err error) {
	defer wrap(&err, "read kyc page after")
	if after != nil && !validID(after.ID) {
		return nil, domain.ErrCursor()
	}
	items, err := s.KYCApplications(ctx, sc, f, after, limit+1)
	if err != nil {
		return nil, err
	}
	page := &KYCPage{}
	page.Items, page.Next = splitPage(items, limit, func(k *KYCView) *Cursor { return &Cursor{CreatedAt: k.CreatedAt, ID: k.ID} })
	return page, nil
}

// CountKYC counts the applications in scope matching f up to countCap; capped reports that
// there are more.
func (s *Store) CountKYC(ctx context.Context, sc KYCScope, f KYCFilter) (n int, capped bool, err error) {
	defer wrap(&err, "count kyc")
	where, args := kycWheres(sc, f, nil)
	return s.countCapped(ctx, `SELECT 1 FROM kyc_applications WHERE `+where, args)
}

func (s *Store) kycWhere(ctx context.Context, where string, args ...any) ([]*KYCView, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, COALESCE(CAST(user_id AS TEXT), ''), COALESCE(CAST(psp_id AS TEXT), ''),
		full_name, national_id, phone_number, email, address, document_type, document_number, pep, status, risk,
		COALESCE(CAST(reviewed_by AS TEXT), ''),
		COALESCE((SELECT COALESCE(NULLIF(TRIM(u.first_name || ' ' || u.last_name), ''), u.email) FROM users u
			WHERE u.id = kyc_applications.reviewed_by), ''),
		COALESCE(review_notes, ''), reviewed_at, created_at
		FROM kyc_applications WHERE `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*KYCView{}
	for rows.Next() {
		var k KYCView
		if err := rows.Scan(&k.ID, &k.UserID, &k.PSPID, &k.FullName, &k.NationalID, &k.PhoneNumber, &k.Email, &k.Address,
			&k.DocumentType, &k.DocumentNumber, &k.PEP, &k.Status, &k.Risk, &k.ReviewedBy, &k.ReviewerName, &k.ReviewNotes, scanTime(&k.ReviewedAt),
			scanTime(&k.CreatedAt)); err != nil {
			return nil, err
		}
		out = append(out, &k)
	}
	return out, rows.Err()
}

// ReviewKYC records a regulator's decision on an application awaiting review: approve makes it
// compliant, reject non_compliant. A decided application answers ECONFLICT.
func (s *Store) ReviewKYC(ctx context.Context, id, decision, reviewer, notes string, audit Audit) (_ *KYCView, err error) {
	defer wrap(&err, "review kyc")
	if !validID(id) {
		return nil, notFound(domain.CodeKYCApplicationNotFound)
	}
	to := map[string]string{"approve": "compliant", "reject": "non_compliant"}[decision]
	if to == "" {
		return nil, domain.ErrKYCDecision()
	}
	var out *KYCView
	err = s.Write(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE kyc_applications SET status = $2, reviewed_by = $3, review_notes = $4,
			reviewed_at = $5, updated_at = $5 WHERE id = $1 AND status IN ('under_review', 'pending')`,
			id, to, reviewer, nullString(notes), ts(tx.now))
		if err != nil {
			return err
		}
		var current string
		if err := tx.QueryRowContext(ctx, `SELECT status FROM kyc_applications WHERE id = $1`, id).Scan(&current); errors.Is(err, sql.ErrNoRows) {
			return notFound(domain.CodeKYCApplicationNotFound)
		} else if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.E(domain.ECONFLICT, domain.CodeKYCDecided, "status", current)
		}
		audit.Action, audit.Resource, audit.ResourceID = fmt.Sprintf("kyc.%s", decision), "kyc_application", id
		audit.Details = map[string]any{"status": to, "notes": notes}
		return tx.Audit(ctx, audit)
	})
	if err != nil {
		return nil, err
	}
	list, err := s.kycWhere(ctx, "id = $1", id)
	if err == nil && len(list) == 1 {
		out = list[0]
	}
	return out, err
}

// compliancePercent is compliant of all KYC applications as a whole percent, rounded half up;
// 0 when there are none (issue 16: clients read 0, not a gap).
func compliancePercent(compliant, all int64) int64 {
	if all == 0 {
		return 0
	}
	return (compliant*100 + all/2) / all
}

// KYCSummary is what the compliance page's cards and the KYC screen's standing say of the
// applications in a reader's scope, counted on the server over all of them (issue 16: never from
// a partial list).
type KYCSummary struct {
	Total, Compliant, AwaitingReview int64
	ComplianceRate                   int64            // compliant of all, percent (compliancePercent)
	ByStatus                         map[string]int64 // every status, 0 when none
	Decided                          int64            // compliant plus non-compliant
	ApprovalRate                     int64            // compliant of decided, percent; 0 before any decision
}

// KYCSummaryOf counts the applications in scope matching f by status in one grouped query (a
// handful of statuses, so exact counts: no cap as on the lists).
func (s *Store) KYCSummaryOf(ctx context.Context, sc KYCScope, f KYCFilter) (_ KYCSummary, err error) {
	defer wrap(&err, "read kyc summary of")
	where, args := kycWheres(sc, f, nil)
	rows, err := s.db.QueryContext(ctx, `SELECT status, COUNT(*) FROM kyc_applications WHERE `+where+` GROUP BY status`, args...)
	if err != nil {
		return KYCSummary{}, err
	}
	defer rows.Close()
	sum := KYCSummary{ByStatus: map[string]int64{"under_review": 0, "pending": 0, "compliant": 0, "non_compliant": 0}}
	for rows.Next() {
		var status string
		var n int64
		if err := rows.Scan(&status, &n); err != nil {
			return KYCSummary{}, err
		}
		sum.Total += n
		sum.ByStatus[status] += n
	}
	sum.Compliant = sum.ByStatus["compliant"]
	sum.AwaitingReview = sum.ByStatus["under_review"] + sum.ByStatus["pending"]
	sum.Decided = sum.Compliant + sum.ByStatus["non_compliant"]
	sum.ComplianceRate = compliancePercent(sum.Compliant, sum.Total)
	sum.ApprovalRate = compliancePercent(sum.Compliant, sum.Decided)
	return sum, rows.Err()
}
