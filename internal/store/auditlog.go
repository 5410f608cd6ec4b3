package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// AuditEntry is an audit row as read back.
type AuditEntry struct {
	Audit
	ID        string
	CreatedAt time.Time
	// Seq is the row's place in the chain (0 for a row not chained yet).
	Seq int64
	// Actor is the account that acted, when the row names one.
	Actor *AuditActor
}

// AuditActor is who an audit row names, as the account is now.
type AuditActor struct {
	ID, Email, FirstName, LastName, Role, Institution string
}

// AuditFilter narrows the audit log. Empty fields do not filter.
type AuditFilter struct {
	// ActorID or ActorEmail: the account that acted.
	ActorID, ActorEmail string
	// Action is an exact action, or a prefix when it ends with a dot ("user.").
	Action string
	// Resource and ResourceID: the object acted on.
	Resource, ResourceID string
	// Institution: the acting account's institution.
	Institution string
	// From (inclusive) and To (exclusive) bound the time.
	From, To time.Time
}

// AuditPage is one page of the audit log, newest first; Next is the seq to continue below, 0 on
// the last page.
type AuditPage struct {
	Entries []AuditEntry
	Next    int64
}

// ListAudit returns a page of the chained audit log, newest first, below the chain position
// before (0: from the newest). The conditions are built from the filters given, so that every
// parameter has a type PostgreSQL can infer.
func (s *Store) ListAudit(ctx context.Context, f AuditFilter, before int64, limit int) (_ *AuditPage, err error) {
	defer wrap(&err, "list audit")
	var where []string
	var args []any
	arg := func(v any) string { args = append(args, v); return "$" + strconv.Itoa(len(args)) }
	where = append(where, "a.seq IS NOT NULL")
	if before > 0 {
		where = append(where, "a.seq < "+arg(before))
	}
	if f.ActorID != "" {
		where = append(where, "a.user_id = "+arg(f.ActorID))
	}
	if f.ActorEmail != "" {
		where = append(where, "u.email = "+arg(f.ActorEmail))
	}
	if p, ok := strings.CutSuffix(f.Action, "."); ok && p != "" {
		lo := arg(p + ".")
		where = append(where, "a.action >= "+lo+" AND a.action < "+arg(p+"/"))
	} else if f.Action != "" {
		where = append(where, "a.action = "+arg(f.Action))
	}
	if f.Resource != "" {
		where = append(where, "a.resource = "+arg(f.Resource))
	}
	if f.ResourceID != "" {
		where = append(where, "a.resource_id = "+arg(f.ResourceID))
	}
	if f.Institution != "" {
		where = append(where, "u.institution = "+arg(f.Institution))
	}
	if !f.From.IsZero() {
		where = append(where, "a.created_at >= "+arg(ts(f.From)))
	}
	if !f.To.IsZero() {
		where = append(where, "a.created_at < "+arg(ts(f.To)))
	}
	q := `SELECT a.seq, a.id, COALESCE(` + s.dialect.text("a.user_id") + `, ''), a.action, a.resource,
		COALESCE(a.resource_id, ''), a.details, COALESCE(a.ip_address, ''), COALESCE(a.user_agent, ''), a.created_at,
		COALESCE(u.email, ''), COALESCE(u.first_name, ''), COALESCE(u.last_name, ''), COALESCE(u.role, ''),
		COALESCE(u.institution, '')
		FROM audit_logs a LEFT JOIN users u ON u.id = a.user_id
		WHERE ` + strings.Join(where, " AND ") + ` ORDER BY a.seq DESC LIMIT ` + arg(limit+1)
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("list audit log: %w", err)
	}
	defer rows.Close()
	page := &AuditPage{}
	for rows.Next() {
		var e AuditEntry
		var details []byte
		var a AuditActor
		if err := rows.Scan(&e.Seq, &e.ID, &e.UserID, &e.Action, &e.Resource, &e.ResourceID, &details,
			&e.IPAddress, &e.UserAgent, scanTime(&e.CreatedAt), &a.Email, &a.FirstName, &a.LastName, &a.Role, &a.Institution); err != nil {
			return nil, fmt.Errorf("list audit log: %w", err)
		}
		if err := unmarshalJSON(details, &e.Details); err != nil {
			return nil, fmt.Errorf("list audit log: details of %s: %w", e.ID, err)
		}
		if e.UserID != "" {
			a.ID = e.UserID
			e.Actor = &a
		}
		page.Entries = append(page.Entries, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list audit log: %w", err)
	}
	if len(page.Entries) > limit {
		page.Entries = page.Entries[:limit]
		page.Next = page.Entries[limit-1].Seq
	}
	return page, nil
}

// AuditLog returns the newest audit rows, optionally only those of one action.
func (s *Store) AuditLog(ctx context.Context, action string, limit int) (_ []AuditEntry, err error) {
	defer wrap(&err, "audit log")
	page, err := s.ListAudit(ctx, AuditFilter{Action: action}, 0, limit)
	if err != nil {
		return nil, err
	}
	return page.Entries, nil
}

// The kinds of damage VerifyAuditChain reports.
const (
	// AuditEdited: a row's content or hash no longer follows from the row before it.
	AuditEdited = "edited"
	// AuditMissing: rows of the chain are gone (deleted).
	AuditMissing = "missing"
	// AuditUnchained: a row that is not in the chain (written around the portal).
	AuditUnchained = "unchained"
	// AuditHeadMismatch: the head does not name the last row (rows deleted at the end, or the
	// head rewritten).
	AuditHeadMismatch = "head"
	// AuditAnchorMismatch: a row no longer has the hash an anchor recorded for it.
	AuditAnchorMismatch = "anchor"
	// AuditUnreadable: a row whose columns cannot be read as an audit row.
	AuditUnreadable = "unreadable"
)

// AuditProblem is one broken place in the chain.
type AuditProblem struct {
	Seq     int64  `json:"seq"`
	ID      string `json:"id"`
	Kind    string `json:"kind"`
	Message string `json:"message"`
}

// AuditVerification is what walking the chain found.
type AuditVerification struct {
	OK       bool           `json:"ok"`
	Rows     int64          `json:"rows"`
	Head     AuditHead      `json:"head"`
	Problems []AuditProblem `json:"problems"`
	// Truncated is set when more problems were found than are listed.
	Truncated bool `json:"truncated,omitempty"`
}

// maxAuditProblems bounds the report of a badly damaged chain; the count goes on.
const maxAuditProblems = 10000

func (v *AuditVerification) add(p AuditProblem) {
	v.OK = false
	if len(v.Problems) < maxAuditProblems {
		v.Problems = append(v.Problems, p)
	} else {
		v.Truncated = true
	}
}

// VerifyAuditChain walks the whole audit trail in chain order and reports every row that does not
// match: each row's hash is recomputed from its content and the hash stored on the row before it,
// so one edited row is named alone and the rows after it still verify. It also checks that the
// chain has no gaps, that every row is chained, that the head names the last row and that each
// anchor (a head logged earlier) still matches. Damage never stops the walk.
func (s *Store) VerifyAuditChain(ctx context.Context, anchors []AuditHead) (_ *AuditVerification, err error) {
	defer wrap(&err, "verify audit chain")
	v := &AuditVerification{OK: true, Problems: []AuditProblem{}}
	head, err := s.AuditChainHead(ctx)
	if err != nil {
		return nil, fmt.Errorf("read the audit chain's head: %w", err)
	}
	v.Head = head
	want := map[int64]string{}
	for _, a := range anchors {
		want[a.Seq] = a.Hash
	}
	prevSeq, prevHash := int64(0), genesisHash
	const page = 5000
	for {
		rows, err := s.db.QueryContext(ctx, `SELECT `+storedAuditColumns(s.dialect)+`
			FROM audit_logs WHERE seq > $1 ORDER BY audit_logs.seq LIMIT $2`, prevSeq, page)
		if err != nil {
			return nil, fmt.Errorf("read the audit log: %w", err)
		}
		n := 0
		for rows.Next() {
			n++
			r, err := scanStoredAudit(rows)
			if err != nil {
				rows.Close()
				return nil, fmt.Errorf("read the audit log: %w", err)
			}
			v.Rows++
			if r.bad != "" {
				v.add(AuditProblem{Seq: r.seq, ID: r.id, Kind: AuditUnreadable, Message: fmt.Sprintf(
					"Row %d (id %s) cannot be read as an audit row (%s): it was changed in the database.", r.seq, r.id, r.bad)})
			} else if r.seq != prevSeq+1 {
				v.add(AuditProblem{Seq: r.seq, ID: r.id, Kind: AuditMissing, Message: missingMessage(prevSeq+1, r.seq-1)})
			} else if h, err := chainHash(prevHash, r.seq, r.row); err != nil || h != r.hash {
				v.add(AuditProblem{Seq: r.seq, ID: r.id, Kind: AuditEdited, Message: fmt.Sprintf(
					"Row %d (id %s) does not match the chain: its content or hash, or the hash of row %d, was changed in the database.",
					r.seq, r.id, r.seq-1)})
			}
			if h, ok := want[r.seq]; ok {
				if h != r.hash {
					v.add(AuditProblem{Seq: r.seq, ID: r.id, Kind: AuditAnchorMismatch, Message: fmt.Sprintf(
						"Row %d no longer has the hash %s recorded for it: the chain was rewritten after that anchor.", r.seq, h)})
				}
				delete(want, r.seq)
			}
			prevSeq, prevHash = r.seq, r.hash
		}
		if err := rows.Close(); err != nil {
			return nil, fmt.Errorf("read the audit log: %w", err)
		}
		if n < page {
			break
		}
	}
	for seq := range want {
		v.add(AuditProblem{Seq: seq, Kind: AuditAnchorMismatch, Message: fmt.Sprintf(
			"Row %d, recorded in an anchor, is not in the audit log: it was deleted.", seq)})
	}
	switch {
	case head.Seq > prevSeq:
		v.add(AuditProblem{Seq: head.Seq, Kind: AuditHeadMismatch, Message: missingMessage(prevSeq+1, head.Seq) +
			" They were the last rows of the trail."})
	case head.Seq < prevSeq || head.Hash != prevHash:
		v.add(AuditProblem{Seq: head.Seq, Kind: AuditHeadMismatch, Message: fmt.Sprintf(
			"The chain's head (row %d) does not name the last row (%d): the head was changed in the database.", head.Seq, prevSeq)})
	}
	unchained, err := s.db.QueryContext(ctx, `SELECT id FROM audit_logs WHERE seq IS NULL ORDER BY created_at LIMIT $1`, maxAuditProblems)
	if err != nil {
		return nil, fmt.Errorf("read the audit log: %w", err)
	}
	defer unchained.Close()
	for unchained.Next() {
		var id string
		if err := unchained.Scan(&id); err != nil {
			return nil, fmt.Errorf("read the audit log: %w", err)
		}
		v.Rows++
		v.add(AuditProblem{ID: id, Kind: AuditUnchained, Message: fmt.Sprintf(
			"Row id %s is not in the chain: it was written to the database around the portal.", id)})
	}
	return v, unchained.Err()
}

func missingMessage(from, to int64) string {
	if from == to {
		return fmt.Sprintf("Row %d is missing: it was deleted from the database.", from)
	}
	return fmt.Sprintf("Rows %d to %d are missing: they were deleted from the database.", from, to)
}

// storedAudit is a chained row read for verification. Every column is read leniently: a value an
// insider wrote with the wrong type makes the row unreadable (bad), not the walk fail.
type storedAudit struct {
	seq  int64
	id   string
	hash string
	row  auditRow
	bad  string
}

func storedAuditColumns(d dialect) string {
	cols := []string{"seq", "id", "hash", "user_id", "action", "resource", "resource_id", "details", "ip_address", "user_agent", "created_at"}
	for i, c := range cols {
		if c != "created_at" {
			cols[i] = d.text(c)
		}
	}
	return strings.Join(cols, ", ")
}

func scanStoredAudit(rows *sql.Rows) (storedAudit, error) {
	var seq, id, hash, user, action, resource, resourceID, details, ip, ua sql.NullString
	var at any
	if err := rows.Scan(&seq, &id, &hash, &user, &action, &resource, &resourceID, &details, &ip, &ua, &at); err != nil {
		return storedAudit{}, err
	}
	r := storedAudit{id: id.String, hash: hash.String}
	n, err := strconv.ParseInt(seq.String, 10, 64)
	if err != nil {
		r.bad = "its position is not a number"
	}
	r.seq = n
	var t time.Time
	if err := scanTime(&t).Scan(at); err != nil {
		r.bad = "its time is not a time"
	}
	r.row = auditRow{Audit: Audit{UserID: user.String, Action: action.String, Resource: resource.String,
		ResourceID: resourceID.String, IPAddress: ip.String, UserAgent: ua.String}, id: id.String, at: t, details: details.String}
	return r, nil
}

// auditEntry reads one row in the transaction, as its hash covers it.
func (s *Store) auditEntry(ctx context.Context, tx *Tx, id string) (storedAudit, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+storedAuditColumns(s.dialect)+` FROM audit_logs WHERE id = $1`, id)
	if err != nil {
		return storedAudit{}, err
	}
	defer rows.Close()
	if !rows.Next() {
		return storedAudit{}, fmt.Errorf("audit row %s vanished", id)
	}
	return scanStoredAudit(rows)
}
