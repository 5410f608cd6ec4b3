package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"
	"time"
)

// The audit trail is a set of hash chains, so that a row edited or deleted in the database, by
// anyone, shows. Every row has a place in one chain (its chain and link, counting from 1) and a
// hash: SHA-256 over the previous row of its chain's hash and the row's own content (chainHash).
// Each chain's head (its last link, that row's seq and hash) is a row of audit_chain; a
// transaction appends its rows to one chain just before it commits, holding that head's row lock
// on PostgreSQL, so the transactions and instances that share a chain append one after another
// and never fork it.
//
// PostgreSQL keeps chain 1 for every write but transfers, and four chains (2 to 5) for the
// transfers' groups (groupcommit.go). A head's lock is held through the commit's flush to disk,
// so the groups that share a chain commit one at a time, one flush each: when four writers
// shared one chain, a third of PostgreSQL's busy backends waited for it (docs/PERFORMANCE.md,
// "Sixteenth session"); with a chain each, their commits shared the log's flushes ("Seventeenth
// session"). One writer now runs a process's groups one after another, so it never waits on
// itself; several instances do share the chains, and each group takes one at random, so two
// instances' groups wait for each other only when they pick the same. A row's seq, the trail's
// order for reading, comes from a sequence shared by the chains. SQLite's single writer orders
// every write already and keeps one chain, whose rows leave chain and link empty: a row without
// them is in chain 1 at the link of its seq, as every row written before the chains were split
// (migration 0041).
//
// The chains are not a signature: someone who can write the database can recompute them after an
// edit. What catches them is an anchor kept elsewhere: the portal logs every head every hour
// (LogAuditAnchors in cmd/kormeer), and `kormeer audit verify --anchor SEQ:HASH` checks a logged
// head against the database.

// genesisHash is the "previous hash" of a chain's first row.
const genesisHash = "0000000000000000000000000000000000000000000000000000000000000000"

// pgTransferChains is how many chains PostgreSQL's transfer groups append to: 2 to
// 1+pgTransferChains, whose heads migration 0041 created (when PostgreSQL had a writer for each).
const pgTransferChains = 4

// transferChain is the chain a transfer group appends to on PostgreSQL, one at random.
func transferChain() int { return 2 + rand.IntN(pgTransferChains) }

// chains is how many chains the trail has: 1 on SQLite, 1+pgTransferChains on PostgreSQL.
// Verification reports any other head.
func (s *Store) chains() int64 {
	if s.dialect == dialectPostgres {
		return 1 + pgTransferChains
	}
	return 1
}

const (
	sqlInsertAudit = `INSERT INTO audit_logs
		(id, user_id, action, resource, resource_id, details, ip_address, user_agent, created_at, seq, hash)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`
	// sqlAuditHead reads chain 1's head (SQLite's only chain) to append to it; a head's link and
	// seq are equal on SQLite.
	sqlAuditHead       = `SELECT seq, COALESCE(link, seq), hash FROM audit_chain WHERE id = 1`
	sqlAuditHeadLock   = sqlAuditHead + ` FOR UPDATE`
	sqlUpdateAuditHead = `UPDATE audit_chain SET seq = $1, link = $2, hash = $3, updated_at = $4 WHERE id = 1`
	sqlAuditHeads      = `SELECT id, seq, COALESCE(link, seq), hash FROM audit_chain ORDER BY id`

	// sqlChainAudit appends one row to chain $12 on PostgreSQL in one statement: it moves the
	// chain's head (taking its row lock), draws the row's seq, computes the row's hash from the
	// previous one exactly as chainHash does (SHA-256 over the previous hash, a newline and
	// "[link," followed by $10, the row's chainedTail) and inserts the row with it. The seq is
	// drawn under the head's lock, so a chain's rows are in seq order too. The transaction's rows
	// and its COMMIT go out in one batch, so the head's lock is held from the first of these
	// statements to the commit, all on the server: no round trip to the portal, which several
	// instances busy on their CPUs would otherwise stretch while every other writer of the chain
	// waits (issue 15, several instances). Were the head missing (deleted in the database), the
	// row would still be written, outside the chain, where verification reports it.
	sqlChainAudit = `WITH head AS (
		UPDATE audit_chain SET link = link + 1, seq = nextval('audit_logs_seq'),
			hash = encode(sha256(convert_to(hash || E'\n[' || (link + 1) || ',' || $10::text, 'UTF8')), 'hex'),
			updated_at = $11::timestamptz
		WHERE id = $12 RETURNING seq, link, hash)
		INSERT INTO audit_logs (id, user_id, action, resource, resource_id, details, ip_address, user_agent, created_at, seq, chain, link, hash)
		SELECT $1::uuid, $2::uuid, $3::text, $4::text, $5::text, $6::jsonb, $7::text, $8::text, $9::timestamptz,
			head.seq, $12::integer, head.link, head.hash
		FROM (VALUES (1)) AS one LEFT JOIN head ON TRUE`

	// sqlChainAuditRows appends several rows to chain $12 in one statement, as sqlChainAudit
	// would one after the other: $1…$10 are text arrays of sqlChainAudit's $1…$10, one element
	// per row in order. It locks the head first (FOR UPDATE waits for another writer of the chain
	// and then reads the head it committed), chains the rows from it (a recursive query, one
	// step per row: the next link, a seq drawn in turn, the hash of the previous one), moves the
	// head to the last row and inserts the rows. A group's transfers each audit a row, and one
	// statement for them all costs PostgreSQL one executor start and one update of the head
	// instead of one per transfer (docs/PERFORMANCE.md, "Nineteenth session"). Were the head
	// missing, the rows would be written outside the chain, as sqlChainAudit's.
	sqlChainAuditRows = `WITH RECURSIVE r AS (
			SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
				$8::text[], $9::text[], $10::text[])
				WITH ORDINALITY AS r(id, user_id, action, resource, resource_id, details, ip_address, user_agent, created_at, tail, n)),
		head AS (SELECT link, hash FROM audit_chain WHERE id = $12 FOR UPDATE),
		chained AS (
			SELECT 0::bigint AS n, link, hash, NULL::bigint AS seq FROM head
			UNION ALL
			SELECT c.n + 1, c.link + 1, encode(sha256(convert_to(c.hash || E'\n[' || (c.link + 1) || ',' || r.tail, 'UTF8')), 'hex'),
				nextval('audit_logs_seq')
			FROM chained c JOIN r ON r.n = c.n + 1),
		moved AS (
			UPDATE audit_chain SET link = last.link, seq = last.seq, hash = last.hash, updated_at = $11::timestamptz
			FROM (SELECT link, hash, seq FROM chained ORDER BY n DESC LIMIT 1) AS last
			WHERE audit_chain.id = $12 AND last.seq IS NOT NULL)
		INSERT INTO audit_logs (id, user_id, action, resource, resource_id, details, ip_address, user_agent, created_at, seq, chain, link, hash)
		SELECT r.id::uuid, r.user_id::uuid, r.action, r.resource, r.resource_id, r.details::jsonb, r.ip_address, r.user_agent,
			r.created_at::timestamptz, c.seq, $12::integer, c.link, c.hash
		FROM r LEFT JOIN chained c ON c.n = r.n ORDER BY r.n`
)

// auditRow is an audit row waiting in its transaction to be chained at the commit.
type auditRow struct {
	Audit
	id      string
	at      time.Time
	details string
}

// chained is the content of a row that its hash covers, in a fixed order: the JSON array
// [seq, id, user, action, resource, resource id, details, address, agent, time in ms].
func (r auditRow) chained(seq int64) ([]byte, error) {
	tail, err := r.chainedTail()
	if err != nil {
		return nil, err
	}
	return append([]byte("["+strconv.FormatInt(seq, 10)+","), tail...), nil
}

// chainedTail is chained's content after "[seq,": what PostgreSQL appends to the sequence
// number it assigns when it chains the row itself (sqlChainAudit).
func (r auditRow) chainedTail() ([]byte, error) {
	details, err := canonicalJSON([]byte(r.details))
	if err != nil {
		return nil, err
	}
	rest, err := json.Marshal([]any{r.id, r.UserID, r.Action, r.Resource, r.ResourceID,
		json.RawMessage(details), r.IPAddress, r.UserAgent, r.at.UTC().UnixMilli()})
	if err != nil {
		return nil, err
	}
	return rest[1:], nil
}

// chainHash is a row's hash: SHA-256 over the previous hash, a newline and the row's content.
func chainHash(prev string, seq int64, r auditRow) (string, error) {
	content, err := r.chained(seq)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	h.Write([]byte(prev))
	h.Write([]byte{'\n'})
	h.Write(content)
	return hex.EncodeToString(h.Sum(nil)), nil
}

// canonicalJSON rewrites a JSON document the same way whichever database kept it: PostgreSQL's
// jsonb reorders keys, drops spaces and rewrites numbers ("1e2" comes back as "100"), so the hash
// covers the document's meaning, with sorted keys and each number as an exact fraction.
func canonicalJSON(b []byte) ([]byte, error) {
	if len(bytes.TrimSpace(b)) == 0 {
		return []byte("{}"), nil
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, fmt.Errorf("audit details: %w", err)
	}
	return json.Marshal(canonicalNumbers(v))
}

func canonicalNumbers(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = canonicalNumbers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = canonicalNumbers(e)
		}
	case json.Number:
		if r, ok := new(big.Rat).SetString(string(x)); ok {
			return r.RatString()
		}
	}
	return v
}

// commit writes what a transaction keeps until its end and commits it: the merged statistics,
// the queued statements and, last, its audit rows. The audit rows come after every other
// statement, so its chain head's lock (PostgreSQL) is held only for their insert and the commit,
// and a transaction holding it never waits for another lock: two transactions cannot deadlock on
// it. Every transaction that appends to a chain waits while another holds that chain's head, so
// on PostgreSQL all of it and the COMMIT go out in one round trip (sendPendingAndCommit).
func (tx *Tx) commit(ctx context.Context) error {
	if err := tx.aggregates.flush(ctx, tx); err != nil {
		return err
	}
	if err := tx.sealAudits(ctx); err != nil {
		return err
	}
	if tx.conn != nil {
		return tx.sendPendingAndCommit(ctx)
	}
	return tx.sqlTx.Commit()
}

// sealAudits appends the transaction's audit rows to its chain (see commit for when). On
// PostgreSQL the database chains them (sqlChainAudit); on SQLite the single writer reads the
// head and chains them here.
func (tx *Tx) sealAudits(ctx context.Context) error {
	if len(tx.audits) == 0 {
		return nil
	}
	if tx.store.dialect == dialectPostgres {
		return tx.chainInDatabase(ctx)
	}
	head, err := tx.lockAuditHead(ctx)
	if err != nil {
		return err
	}
	for _, r := range tx.audits {
		head.seq++
		if head.hash, err = chainHash(head.hash, head.seq, r); err != nil {
			return err
		}
		if err := tx.execLater(ctx, sqlInsertAudit, r.id, nullString(r.UserID), r.Action, r.Resource,
			nullString(r.ResourceID), r.details, nullString(r.IPAddress), nullString(r.UserAgent), ts(r.at), head.seq, head.hash); err != nil {
			return fmt.Errorf("insert audit row: %w", err)
		}
	}
	tx.audits = nil
	return tx.execLater(ctx, sqlUpdateAuditHead, head.seq, head.seq, head.hash, ts(tx.store.Now()))
}

// chainInDatabase queues the transaction's audit rows for PostgreSQL to chain (sqlChainAudit), in
// the transaction's chain.
func (tx *Tx) chainInDatabase(ctx context.Context) error {
	now := ts(tx.store.Now())
	chain := tx.chain
	if chain == 0 {
		chain = 1
	}
	rows := make([][]any, len(tx.audits))
	for i, r := range tx.audits {
		tail, err := r.chainedTail()
		if err != nil {
			return err
		}
		rows[i] = []any{r.id, nullString(r.UserID), r.Action, r.Resource, nullString(r.ResourceID), r.details,
			nullString(r.IPAddress), nullString(r.UserAgent), ts(r.at), string(tail)}
	}
	tx.audits = nil
	if len(rows) == 1 {
		return tx.execLater(ctx, sqlChainAudit, append(rows[0], now, chain)...)
	}
	args, err := columns(rows)
	if err != nil {
		return fmt.Errorf("insert audit rows: %w", err)
	}
	return tx.execLater(ctx, sqlChainAuditRows, append(args, now, chain)...)
}

// chainHead is a chain's last row: its link (position in the chain), seq and hash.
type chainHead struct {
	chain     int64
	seq, link int64
	hash      string
}

// lockAuditHead reads chain 1's head for appending to it: on PostgreSQL under its row lock, held
// until the transaction ends; on SQLite the single writer already excludes other appends.
func (tx *Tx) lockAuditHead(ctx context.Context) (chainHead, error) {
	q := sqlAuditHead
	if tx.store.dialect == dialectPostgres {
		q = sqlAuditHeadLock
	}
	h := chainHead{chain: 1}
	if err := tx.queryRow(ctx, q).Scan(&h.seq, &h.link, &h.hash); err != nil {
		return h, fmt.Errorf("read the audit chain's head: %w", err)
	}
	return h, nil
}

// AuditHead is a chain's last row: anchor it outside the database (the log) so that a chain
// rewritten after the fact can be told from the one that was. An anchor names the row by its seq
// and its hash; the chain is for the reader.
type AuditHead struct {
	Chain int64  `json:"chain"`
	Seq   int64  `json:"seq"`
	Hash  string `json:"hash"`
}

// AuditChainHeads returns every chain's head, by chain.
func (s *Store) AuditChainHeads(ctx context.Context) (_ []AuditHead, err error) {
	defer wrap(&err, "audit chain heads")
	heads, err := readChainHeads(ctx, s.db)
	if err != nil {
		return nil, err
	}
	out := make([]AuditHead, len(heads))
	for i, h := range heads {
		out[i] = h.anchor()
	}
	return out, nil
}

func (h chainHead) anchor() AuditHead { return AuditHead{Chain: h.chain, Seq: h.seq, Hash: h.hash} }

func readChainHeads(ctx context.Context, q queries) ([]chainHead, error) {
	rows, err := q.QueryContext(ctx, sqlAuditHeads)
	if err != nil {
		return nil, fmt.Errorf("read the audit chains' heads: %w", err)
	}
	defer rows.Close()
	var heads []chainHead
	for rows.Next() {
		var h chainHead
		if err := rows.Scan(&h.chain, &h.seq, &h.link, &h.hash); err != nil {
			return nil, fmt.Errorf("read the audit chains' heads: %w", err)
		}
		heads = append(heads, h)
	}
	return heads, rows.Err()
}

// SealAuditBacklog chains the audit rows written before the chain existed (migration 0018), in
// the order they were written, a batch per transaction, and then records that the backlog is
// sealed. It runs once: afterwards a row outside the chain was written around the portal, and
// verification reports it instead of this chaining it.
func (s *Store) SealAuditBacklog(ctx context.Context) (sealed int, err error) {
	defer wrap(&err, "seal audit backlog")
	const batch = 2000
	for done := false; !done; {
		n := 0
		err := s.Write(ctx, func(tx *Tx) error {
			var sealedAlready bool
			if err := tx.QueryRowContext(ctx, `SELECT backlog_sealed FROM audit_chain WHERE id = 1`).Scan(&sealedAlready); err != nil {
				return err
			}
			if sealedAlready {
				done = true
				return nil
			}
			ids, err := scanIDs(tx.QueryContext(ctx, `SELECT id FROM audit_logs WHERE seq IS NULL
				ORDER BY created_at, id LIMIT $1`, batch))
			if err != nil {
				return err
			}
			n = len(ids)
			if err := tx.sealBacklog(ctx, ids); err != nil {
				return err
			}
			if n < batch {
				done = true
				_, err = tx.ExecContext(ctx, `UPDATE audit_chain SET backlog_sealed = TRUE WHERE id = 1`)
			}
			return err
		})
		if err != nil {
			return sealed, fmt.Errorf("chain the audit rows written before the chain: %w", err)
		}
		sealed += n
	}
	return sealed, nil
}

// sealBacklog chains the rows ids, in that order, to chain 1. On PostgreSQL their seq comes from
// the sequence the chains share; on SQLite it is their link.
func (tx *Tx) sealBacklog(ctx context.Context, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	head, err := tx.lockAuditHead(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		e, err := tx.store.auditEntry(ctx, tx, id)
		if err != nil {
			return err
		}
		head.link++
		head.seq = head.link
		if tx.store.dialect == dialectPostgres {
			if err := tx.QueryRowContext(ctx, `SELECT nextval('audit_logs_seq')`).Scan(&head.seq); err != nil {
				return err
			}
		}
		if head.hash, err = chainHash(head.hash, head.link, e.row); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE audit_logs SET seq = $1, link = $2, hash = $3 WHERE id = $4 AND seq IS NULL`,
			head.seq, head.link, head.hash, id); err != nil {
			return err
		}
	}
	_, err = tx.ExecContext(ctx, sqlUpdateAuditHead, head.seq, head.link, head.hash, ts(tx.store.Now()))
	return err
}
