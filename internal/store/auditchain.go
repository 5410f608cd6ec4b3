package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"time"
)

// The audit trail is a hash chain, so that a row edited or deleted in the database, by anyone,
// shows. Every row has its place in one chain per database (seq, counting from 1) and a hash:
// SHA-256 over the previous row's hash and the row's own content (chainHash). The chain's head
// (last seq and hash) lives in audit_chain; a transaction appends its rows just before it commits,
// holding the head's row lock on PostgreSQL, so concurrent transactions and several instances
// append one after another and never fork the chain. On SQLite the single writer already orders
// them.
//
// The chain is not a signature: someone who can write the database can recompute it after an
// edit. What catches them is an anchor kept elsewhere: the portal logs the head every hour
// (LogAuditAnchors in cmd/kormeer), and `kormeer audit verify --anchor SEQ:HASH` checks a logged
// head against the database.

// genesisHash is the "previous hash" of the first row.
const genesisHash = "0000000000000000000000000000000000000000000000000000000000000000"

const (
	sqlInsertAudit = `INSERT INTO audit_logs
		(id, user_id, action, resource, resource_id, details, ip_address, user_agent, created_at, seq, hash)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`
	sqlAuditHead       = `SELECT seq, hash FROM audit_chain WHERE id = 1`
	sqlAuditHeadLock   = sqlAuditHead + ` FOR UPDATE`
	sqlUpdateAuditHead = `UPDATE audit_chain SET seq = $1, hash = $2, updated_at = $3 WHERE id = 1`

	// sqlChainAudit appends one row on PostgreSQL in one statement: it moves the head (taking
	// its row lock), computes the row's hash from the previous one exactly as chainHash does
	// (SHA-256 over the previous hash, a newline and "[seq," followed by $10, the row's
	// chainedTail) and inserts the row with it. The transaction's rows and its COMMIT go out in
	// one batch, so the head's lock is held from the first of these statements to the commit,
	// all on the server: no round trip to the portal, which several instances busy on their CPUs
	// would otherwise stretch while every other writer waits (issue 15, several instances).
	sqlChainAudit = `WITH head AS (
		UPDATE audit_chain SET seq = seq + 1,
			hash = encode(sha256(convert_to(hash || E'\n[' || (seq + 1) || ',' || $10::text, 'UTF8')), 'hex'),
			updated_at = $11::timestamptz
		WHERE id = 1 RETURNING seq, hash)
		INSERT INTO audit_logs (id, user_id, action, resource, resource_id, details, ip_address, user_agent, created_at, seq, hash)
		SELECT $1::uuid, $2::uuid, $3::text, $4::text, $5::text, $6::jsonb, $7::text, $8::text, $9::timestamptz, head.seq, head.hash FROM head`
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
// statement, so the chain head's lock (PostgreSQL) is held only for their insert and the commit,
// and a transaction holding it never waits for another lock: two transactions cannot deadlock on
// it. Every transaction that writes audit rows waits while another holds the lock, so on
// PostgreSQL all of it and the COMMIT go out in one round trip (sendPendingAndCommit).
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

// sealAudits appends the transaction's audit rows to the chain (see commit for when). On
// PostgreSQL the database chains them (sqlChainAudit); on SQLite the single writer reads the
// head and chains them here.
func (tx *Tx) sealAudits(ctx context.Context) error {
	if len(tx.audits) == 0 {
		return nil
	}
	if tx.store.dialect == dialectPostgres {
		return tx.chainInDatabase(ctx)
	}
	seq, prev, err := tx.lockAuditHead(ctx)
	if err != nil {
		return err
	}
	for _, r := range tx.audits {
		seq++
		h, err := chainHash(prev, seq, r)
		if err != nil {
			return err
		}
		if err := tx.execLater(ctx, sqlInsertAudit, r.id, nullString(r.UserID), r.Action, r.Resource,
			nullString(r.ResourceID), r.details, nullString(r.IPAddress), nullString(r.UserAgent), ts(r.at), seq, h); err != nil {
			return fmt.Errorf("insert audit row: %w", err)
		}
		prev = h
	}
	tx.audits = nil
	return tx.execLater(ctx, sqlUpdateAuditHead, seq, prev, ts(tx.store.Now()))
}

// chainInDatabase queues the transaction's audit rows for PostgreSQL to chain (sqlChainAudit).
func (tx *Tx) chainInDatabase(ctx context.Context) error {
	now := ts(tx.store.Now())
	for _, r := range tx.audits {
		tail, err := r.chainedTail()
		if err != nil {
			return err
		}
		if err := tx.execLater(ctx, sqlChainAudit, r.id, nullString(r.UserID), r.Action, r.Resource,
			nullString(r.ResourceID), r.details, nullString(r.IPAddress), nullString(r.UserAgent), ts(r.at), string(tail), now); err != nil {
			return fmt.Errorf("insert audit row: %w", err)
		}
	}
	tx.audits = nil
	return nil
}

// lockAuditHead reads the chain's head for appending to it: on PostgreSQL under its row lock,
// held until the transaction ends; on SQLite the single writer already excludes other appends.
func (tx *Tx) lockAuditHead(ctx context.Context) (seq int64, hash string, err error) {
	head := sqlAuditHead
	if tx.store.dialect == dialectPostgres {
		head = sqlAuditHeadLock
	}
	if err := tx.queryRow(ctx, head).Scan(&seq, &hash); err != nil {
		return 0, "", fmt.Errorf("read the audit chain's head: %w", err)
	}
	return seq, hash, nil
}

// AuditHead is the chain's last link: anchor it outside the database (the log) so that a chain
// rewritten after the fact can be told from the one that was.
type AuditHead struct {
	Seq  int64  `json:"seq"`
	Hash string `json:"hash"`
}

// AuditChainHead returns the chain's head.
func (s *Store) AuditChainHead(ctx context.Context) (_ AuditHead, err error) {
	defer wrap(&err, "audit chain head")
	var h AuditHead
	err = s.db.QueryRowContext(ctx, sqlAuditHead).Scan(&h.Seq, &h.Hash)
	return h, err
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
			rows, err := tx.QueryContext(ctx, `SELECT id FROM audit_logs WHERE seq IS NULL
				ORDER BY created_at, id LIMIT $1`, batch)
			if err != nil {
				return err
			}
			ids, err := scanIDs(rows)
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

func (tx *Tx) sealBacklog(ctx context.Context, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	seq, prev, err := tx.lockAuditHead(ctx)
	if err != nil {
		return err
	}
	for _, id := range ids {
		e, err := tx.store.auditEntry(ctx, tx, id)
		if err != nil {
			return err
		}
		seq++
		h, err := chainHash(prev, seq, e.row)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE audit_logs SET seq = $1, hash = $2 WHERE id = $3 AND seq IS NULL`, seq, h, id); err != nil {
			return err
		}
		prev = h
	}
	_, err = tx.ExecContext(ctx, sqlUpdateAuditHead, seq, prev, ts(tx.store.Now()))
	return err
}
