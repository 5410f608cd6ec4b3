package store

import (
	"context"
	"database/sql"
	"fmt"
	"math"
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

// AuditVerification is what walking the chains found.
type AuditVerification struct {
	OK   bool  `json:"ok"`
	Rows int64 `json:"rows"`
	// Head is the head with the trail's latest row; Heads are every chain's, by chain.
	Head     AuditHead      `json:"head"`
	Heads    []AuditHead    `json:"heads"`
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

// VerifyAuditChain walks the whole audit trail in seq order and reports every row that does not
// match: each row's hash is recomputed from its content and the hash stored on the row before it
// in its chain, so one edited row is named alone and the rows after it still verify. It also
// checks that the chains are the ones Kormeer writes, that none has gaps, that every row is
// chained, that each head names its chain's last row and that each anchor (a head logged earlier)
// still matches. Damage never stops the walk.
//
// The trail keeps growing while it walks, so it checks the rows up to the heads it read first;
// the rows of a chain past that head committed since, and are checked next time, unless they are
// past the chain's head read at the end too, which no commit leaves: those were written around
// the portal. It holds no snapshot for the walk, which on a large trail lasts long enough for the
// heads' row versions to pile up on PostgreSQL, and the log to grow on SQLite, behind it.
func (s *Store) VerifyAuditChain(ctx context.Context, anchors []AuditHead) (_ *AuditVerification, err error) {
	defer wrap(&err, "verify audit chain")
	heads, err := readChainHeads(ctx, s.db)
	if err != nil {
		return nil, err
	}
	v := &AuditVerification{OK: true, Problems: []AuditProblem{}, Heads: []AuditHead{}}
	v.checkChainSet(heads, s.chains())
	// tails are the last rows the walk has checked of each chain; a chain with a head starts at
	// its genesis. reached is each chain's head when the walk began.
	tails, reached := map[int64]*chainHead{}, map[int64]int64{}
	for _, h := range heads {
		tails[h.chain] = &chainHead{chain: h.chain, hash: genesisHash}
		reached[h.chain] = h.link
		v.Heads = append(v.Heads, h.anchor())
		if h.seq >= v.Head.Seq {
			v.Head = h.anchor()
		}
	}
	want := map[int64]string{}
	for _, a := range anchors {
		want[a.Seq] = a.Hash
	}
	var later []storedAudit // rows past their chain's head when the walk began
	lastSeq := int64(math.MinInt64)
	const page = 5000
	for {
		rows, err := s.db.QueryContext(ctx, `SELECT `+storedAuditColumns(s.dialect)+`
			FROM audit_logs WHERE seq > $1 ORDER BY audit_logs.seq LIMIT $2`, lastSeq, page)
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
			lastSeq = max(lastSeq, r.seq)
			if h, ok := want[r.seq]; ok {
				if h != r.hash {
					v.add(AuditProblem{Seq: r.seq, ID: r.id, Kind: AuditAnchorMismatch, Message: fmt.Sprintf(
						"Row %d no longer has the hash %s recorded for it: the chain was rewritten after that anchor.", r.seq, h)})
				}
				delete(want, r.seq)
			}
			if head, ok := reached[r.chain]; ok && r.bad == "" && r.link > head {
				later = append(later, storedAudit{seq: r.seq, id: r.id, chain: r.chain, link: r.link})
				continue
			}
			v.Rows++
			v.checkRow(r, tails)
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
	for _, h := range heads {
		tail := tails[h.chain]
		switch {
		case h.link > tail.link:
			v.add(AuditProblem{Seq: h.seq, Kind: AuditHeadMismatch, Message: missingMessage(h.chain, tail.link+1, h.link) +
				" They were the last rows of the chain."})
		case h.link < tail.link || h.hash != tail.hash || h.seq != tail.seq:
			v.add(AuditProblem{Seq: h.seq, Kind: AuditHeadMismatch, Message: fmt.Sprintf(
				"The head of chain %d (row %d) does not name the chain's last row (%d): the head was changed in the database.",
				h.chain, h.seq, tail.seq)})
		}
	}
	if err := v.checkLater(ctx, s.db, later); err != nil {
		return nil, err
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

// checkChainSet reports a head for a chain Kormeer does not write (rows an insider chained on
// their own) and a chain whose head is gone.
func (v *AuditVerification) checkChainSet(heads []chainHead, chains int64) {
	seen := map[int64]bool{}
	for _, h := range heads {
		seen[h.chain] = true
		if h.chain < 1 || h.chain > chains {
			v.add(AuditProblem{Seq: h.seq, Kind: AuditHeadMismatch, Message: fmt.Sprintf(
				"The trail has a head for chain %d, which Kormeer does not write: it was added in the database.", h.chain)})
		}
	}
	for c := int64(1); c <= chains; c++ {
		if !seen[c] {
			v.add(AuditProblem{Kind: AuditHeadMismatch, Message: fmt.Sprintf(
				"The head of chain %d is missing: it was deleted from the database.", c)})
		}
	}
}

// checkLater reports the rows the walk left for later (past their chain's head when it began)
// that are past the chain's head now as well: no commit leaves a row past its head.
func (v *AuditVerification) checkLater(ctx context.Context, db *sql.DB, later []storedAudit) error {
	if len(later) == 0 {
		return nil
	}
	heads, err := readChainHeads(ctx, db)
	if err != nil {
		return err
	}
	now := map[int64]int64{}
	for _, h := range heads {
		now[h.chain] = h.link
	}
	for _, r := range later {
		if r.link > now[r.chain] {
			v.Rows++
			v.add(AuditProblem{Seq: r.seq, ID: r.id, Kind: AuditUnchained, Message: fmt.Sprintf(
				"Row %d (id %s) is at place %d of chain %d, past the chain's head: it was written to the database around the portal.",
				r.seq, r.id, r.link, r.chain)})
		}
	}
	return nil
}

// checkRow checks one row against the last row the walk saw of its chain, and makes it that
// chain's last.
func (v *AuditVerification) checkRow(r storedAudit, tails map[int64]*chainHead) {
	if r.bad != "" {
		v.add(AuditProblem{Seq: r.seq, ID: r.id, Kind: AuditUnreadable, Message: fmt.Sprintf(
			"Row %d (id %s) cannot be read as an audit row (%s): it was changed in the database.", r.seq, r.id, r.bad)})
		return
	}
	tail, ok := tails[r.chain]
	if !ok {
		v.add(AuditProblem{Seq: r.seq, ID: r.id, Kind: AuditEdited, Message: fmt.Sprintf(
			"Row %d (id %s) names chain %d, which has no head: its chain was changed in the database.", r.seq, r.id, r.chain)})
		tail = &chainHead{chain: r.chain, hash: genesisHash}
		tails[r.chain] = tail
	}
	switch {
	case r.link > tail.link+1:
		v.add(AuditProblem{Seq: r.seq, ID: r.id, Kind: AuditMissing, Message: missingMessage(r.chain, tail.link+1, r.link-1)})
	case r.link <= tail.link:
		v.add(AuditProblem{Seq: r.seq, ID: r.id, Kind: AuditEdited, Message: fmt.Sprintf(
			"Row %d (id %s) is at place %d of chain %d, which an earlier row holds: its place was changed in the database.",
			r.seq, r.id, r.link, r.chain)})
		return // the chain goes on from the earlier row
	default:
		if h, err := chainHash(tail.hash, r.link, r.row); err != nil || h != r.hash {
			v.add(AuditProblem{Seq: r.seq, ID: r.id, Kind: AuditEdited, Message: fmt.Sprintf(
				"Row %d (id %s) does not match chain %d: its content or hash, or the hash of the row before it in the chain, was changed in the database.",
				r.seq, r.id, r.chain)})
		}
	}
	tail.seq, tail.link, tail.hash = r.seq, r.link, r.hash
}

func missingMessage(chain, from, to int64) string {
	if from == to {
		return fmt.Sprintf("Row %d of chain %d is missing: it was deleted from the database.", from, chain)
	}
	return fmt.Sprintf("Rows %d to %d of chain %d are missing: they were deleted from the database.", from, to, chain)
}

// storedAudit is a chained row read for verification. Every column is read leniently: a value an
// insider wrote with the wrong type makes the row unreadable (bad), not the walk fail. A row
// without chain and link (SQLite's, and every row written before migration 0041) is in chain 1
// at the place of its seq.
type storedAudit struct {
	seq, chain, link int64
	id               string
	hash             string
	row              auditRow
	bad              string
}

func storedAuditColumns(d dialect) string {
	cols := []string{"seq", "chain", "link", "id", "hash", "user_id", "action", "resource", "resource_id", "details", "ip_address", "user_agent", "created_at"}
	for i, c := range cols {
		if c != "created_at" {
			cols[i] = d.text(c)
		}
	}
	return strings.Join(cols, ", ")
}

func scanStoredAudit(rows *sql.Rows) (storedAudit, error) {
	var seq, chain, link, id, hash, user, action, resource, resourceID, details, ip, ua sql.NullString
	var at any
	if err := rows.Scan(&seq, &chain, &link, &id, &hash, &user, &action, &resource, &resourceID, &details, &ip, &ua, &at); err != nil {
		return storedAudit{}, err
	}
	r := storedAudit{id: id.String, hash: hash.String, chain: 1}
	var err error
	if r.seq, err = strconv.ParseInt(seq.String, 10, 64); err != nil {
		r.bad = "its position is not a number"
	}
	r.link = r.seq
	if chain.Valid {
		if r.chain, err = strconv.ParseInt(chain.String, 10, 64); err != nil {
			r.bad = "its chain is not a number"
		}
	}
	if link.Valid {
		if r.link, err = strconv.ParseInt(link.String, 10, 64); err != nil {
			r.bad = "its place in the chain is not a number"
		}
	}
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
