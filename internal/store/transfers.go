package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"hash/fnv"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/screening"
)

// Scoring is what a new transaction needs from the AML rules: the thresholds in force.
type Scoring struct {
	Thresholds domain.AMLThresholds
}

// amlHistory reads what the AML rules need to know about a sender, inside the transaction that
// will store the new transfer, so concurrent transfers by one sender are scored in order. It is
// one statement (see sqlAMLHistory): every transfer runs it, and on PostgreSQL each statement is
// a round trip.
func (tx *Tx) amlHistory(ctx context.Context, sender string, at time.Time, th domain.AMLThresholds) (domain.AMLHistory, error) {
	var h domain.AMLHistory
	q := sqlAMLHistory
	if tx.store.dialect == dialectSQLite {
		q = sqlAMLHistorySQLite
	}
	rows, err := tx.query(ctx, q, sender, ts(at.Add(-th.Window())), ts(at.Add(-th.PassThroughWindow)))
	if err != nil {
		return h, err
	}
	defer rows.Close()
	for rows.Next() {
		var kind string
		var amount int64
		var cur domain.Currency
		var when time.Time
		if err := rows.Scan(&kind, &amount, &cur, scanTime(&when)); err != nil {
			return h, err
		}
		switch kind {
		case "sent":
			h.Sent = append(h.Sent, domain.PastTransfer{Amount: domain.Minor(amount), Currency: cur, At: when})
		case "received":
			h.ReceivedUSD += domain.USDMinor(domain.Minor(amount), cur)
		case "first":
			if !when.IsZero() && (h.FirstSeen.IsZero() || when.Before(h.FirstSeen)) {
				h.FirstSeen = when
			}
		}
	}
	return h, rows.Err()
}

// Recorded is what RecordTransaction did with a transaction.
type Recorded struct {
	// Inserted is false when the transaction replays one its institution reported before (the
	// same external id): nothing was stored.
	Inserted bool
	// AML is the transaction's risk.
	AML domain.AMLResult
	// Alert is the AML alert the transaction raised, if it was stored and is high risk.
	Alert *AMLAlert
}

// RecordTransaction scores t with the AML rules, stores it with its log row and, when it is high
// risk, its AML alert; all inside tx. A high-risk or sanctioned transaction is stored held
// (domain.AMLHold, domain.SanctionsHold).
func (tx *Tx) RecordTransaction(ctx context.Context, t *NewTransaction, sc Scoring) (_ Recorded, err error) {
	defer wrap(&err, "record transaction")
	if t.CreatedAt.IsZero() {
		t.CreatedAt = tx.now
	}
	h, err := tx.historyFor(ctx, t, sc.Thresholds)
	if err != nil {
		return Recorded{}, err
	}
	sd, err := tx.scoreTransaction(ctx, t, h, sc)
	out := Recorded{AML: sd.aml}
	if err != nil {
		return out, err
	}
	if tx.queuesInsert(t, sd) {
		out.Inserted, err = true, tx.insertTransactionLater(ctx, t)
	} else {
		out.Inserted, err = tx.InsertTransaction(ctx, t)
	}
	if err != nil || !out.Inserted {
		return out, err
	}
	if g := tx.group; g != nil && g.histories != nil {
		g.histories.add(t)
	}
	out.Alert, err = tx.recordScored(ctx, t, sd, sc)
	return out, err
}

// historyFor is the AML history of t's sender: from its group's read-ahead when that holds it
// (readGroupHistories; with the group's earlier transfers added, exactly what amlHistory reads
// here, but for what other instances commit while the group runs, which it never saw before
// they committed either), else read now, after the inserts the group has queued (queuesInsert).
func (tx *Tx) historyFor(ctx context.Context, t *NewTransaction, th domain.AMLThresholds) (domain.AMLHistory, error) {
	g := tx.group
	if g != nil && g.histories != nil && g.histories.holds(t.Sender, th) {
		return g.histories.of(t.Sender, t.CreatedAt, th), nil
	}
	if g != nil && !g.savepoints && tx.conn != nil {
		if err := tx.flushGroup(ctx); err != nil {
			return domain.AMLHistory{}, err
		}
		if err := tx.sendPending(ctx); err != nil { // this write's own, if it recorded one before
			return domain.AMLHistory{}, err
		}
	}
	return tx.amlHistory(ctx, t.Sender, t.CreatedAt, th)
}

// queuesInsert reports whether t's row can wait for the commit's round trip (pipeline.go)
// instead of taking one of its own: in a PostgreSQL group run without savepoints, for a
// transaction without an external id (so there is no earlier report of it to find, and it is
// stored for certain) that matches no sanctions entry (whose rows are written at once and
// reference it). A high-risk one's AML alert and its notification are queued after it
// (recordScored): queued rows of one table go out together where the first was queued
// (coalesce), never later, so the alert still follows its transaction. If its insert fails at
// the commit, the group runs again with savepoints and the insert goes out at once (runWrites).
// The group's later reads of transactions send it first (historyFor).
func (tx *Tx) queuesInsert(t *NewTransaction, sd scored) bool {
	return tx.conn != nil && tx.group != nil && !tx.group.savepoints && t.ExternalID == "" && len(sd.hits) == 0
}

// scored is what scoreTransaction decided about a transaction before its row is written.
type scored struct {
	aml           domain.AMLResult
	hits          []screening.Hit // the screening matches still live
	sanctionsHold bool
}

// scoreTransaction applies the AML rules (given the sender's history h) and the holds to t
// before its row is written: its score and risk, held for review when high risk, held for a
// regulator when a live sanctions match is strong. Every path that stores a transaction calls
// it, one by one (RecordTransaction) or set-wise (the switch feed's batches).
func (tx *Tx) scoreTransaction(ctx context.Context, t *NewTransaction, h domain.AMLHistory, sc Scoring) (scored, error) {
	aml := domain.ScoreAML(domain.AMLInput{Amount: t.Amount, Currency: t.Currency, Mode: t.TransferMode, At: t.CreatedAt}, h, sc.Thresholds)
	sd := scored{aml: aml}
	rules, _ := json.Marshal(aml.Rules)
	t.AMLScore, t.RiskLevel, t.IsHighRisk = aml.Score, aml.Level, aml.HighRisk()
	t.AMLRules, t.AMLRuleVersion = string(rules), aml.RuleVersion
	if held := domain.AMLHold(t.Status, t.IsHighRisk); held != t.Status {
		t.Status, t.ProcessedAt = held, time.Time{} // held for review
	}
	if len(t.Sanctions) > 0 {
		var err error
		if sd.hits, err = tx.liveHits(ctx, t.Sanctions); err != nil {
			return sd, err
		}
	}
	var status string
	if status, sd.sanctionsHold = domain.SanctionsHold(t.Status, anyStrong(sd.hits)); sd.sanctionsHold {
		t.Status, t.ProcessedAt = status, time.Time{} // held until a regulator decides the match
	}
	return sd, nil
}

// recordScored writes what follows a new transaction's row: its screening matches, its log row
// and, when it is high risk, its AML alert (returned). The log row, the alert and its
// notification refer to the row and nothing reads them back before the commit, so on PostgreSQL
// they wait for the commit's round trip (execLater), after the row whether it went out at once or
// is queued too (queuesInsert).
func (tx *Tx) recordScored(ctx context.Context, t *NewTransaction, sd scored, sc Scoring) (*AMLAlert, error) {
	aml := sd.aml
	if len(sd.hits) > 0 {
		subj := SanctionsSubject{Type: "transaction", ID: t.ID, Ref: t.TransactionID, InstitutionID: t.InstitutionID,
			Amount: t.Amount, Currency: t.Currency}
		if err := tx.recordSanctionsHits(ctx, subj, sd.hits, "transaction", sd.sanctionsHold); err != nil {
			return nil, err
		}
	}
	details, _ := json.Marshal(map[string]any{"amlScore": aml.Score, "riskLevel": aml.Level, "route": t.RoutingCode})
	reason, reasonParams := transactionReason(t, aml)
	if sd.sanctionsHold && reason != domain.ReasonAMLHold {
		// The log says only that screening holds it: whoever may read the transaction may read its
		// log, and which list entry matched is for regulators (the review queue, the alert).
		reason, reasonParams = domain.ReasonSanctionsHold, "{}"
	}
	if err := tx.insertLater(ctx, txLogRows, NewID(), t.ID, nullString(t.CreatedBy), string(details), t.Status,
		nullString(riskNote(aml)), ts(tx.now), nullString(reason), nullJSON(reasonParams)); err != nil {
		return nil, err
	}
	if !t.IsHighRisk {
		return nil, nil
	}
	code, params := aml.AMLAlert(t.Amount, t.Currency)
	alert := &AMLAlert{TransactionID: t.ID, TransactionNumber: t.TransactionID, AlertType: "aml",
		Severity: aml.AlertSeverity(sc.Thresholds), TriggerRule: code, Code: code, Params: params,
		Amount: t.Amount, Currency: t.Currency, InstitutionID: t.InstitutionID, InstitutionType: t.InstitutionType,
		Status: domain.AlertOpen, CreatedAt: tx.now}
	if err := tx.insertAMLAlert(ctx, alert, tx.execLater); err != nil {
		return nil, err
	}
	return alert, nil
}

func riskNote(aml domain.AMLResult) string {
	if aml.HighRisk() {
		return "held for AML review"
	}
	return ""
}

// transactionReason is why a new transaction did not complete, for its log row: held for AML
// review (with the score and the rules), or failed or rejected for the reason its institution
// reported (domain.FailureReasons; "not_stated" when it gave none). A completing or
// processing transaction has no reason ("").
func transactionReason(t *NewTransaction, aml domain.AMLResult) (code, params string) {
	var p domain.AlertParams
	switch {
	case aml.HighRisk():
		code = domain.ReasonAMLHold
		_, p = aml.AMLAlert(t.Amount, t.Currency)
	case domain.StatesFailure(t.Status):
		code = cmp.Or(t.FailureReason, domain.ReasonNotStated)
	default:
		return "", ""
	}
	b, _ := json.Marshal(p)
	return code, string(b)
}

// TransferWrite is a transfer to store through POST /api/transfer.
type TransferWrite struct {
	Tx      NewTransaction
	Scoring Scoring
	// IdempotencyKey (optional) and RequestHash make retries safe: the same key and body answer
	// the first response; the same key with another body is refused.
	IdempotencyKey string
	RequestHash    string
	UserID         string
	Audit          Audit
	// Respond builds the answer stored with the idempotency key, from the stored transaction.
	Respond func(t *NewTransaction, aml domain.AMLResult) ([]byte, error)
}

// TransferResult is what CreateTransfer did.
type TransferResult struct {
	Response []byte
	Replayed bool      // the answer of an earlier request with the same key
	Alert    *AMLAlert // raised by this transfer, if any
}

// CreateTransfer stores a transfer in one database transaction: idempotency record, AML score,
// the transaction, its log row, its alert if high risk, and the audit row. Concurrent requests
// with one idempotency key leave exactly one transaction: the key's row is inserted first, so
// the others (queued for the same writer, groupcommit.go) wait for it and then replay its answer.
// A request whose key another instance's group holds is tried again in a later group of this
// one's (insertIdempotencyKey), for up to keyInFlightPatience; a key still held then is a 409.
func (s *Store) CreateTransfer(ctx context.Context, w *TransferWrite) (_ *TransferResult, err error) {
	defer wrap(&err, "create transfer")
	given := w.Tx
	wait, waited := 2*time.Millisecond, time.Duration(0)
	for {
		out, err := s.createTransfer(ctx, w, given)
		if !errors.Is(err, errKeyInFlight) {
			return out, err
		}
		if waited >= keyInFlightPatience {
			return nil, domain.E(domain.ECONFLICT, domain.CodeIdempotencyInProgress)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
		waited += wait
		wait = min(2*wait, 200*time.Millisecond)
	}
}

// keyInFlightPatience is how long a request waits, retrying, for another instance's request with
// the same idempotency key to commit: far longer than a group takes, short enough for a client.
const keyInFlightPatience = 2 * time.Second

// errKeyInFlight is a transfer's idempotency key held by another instance's uncommitted group.
var errKeyInFlight = errors.New("idempotency key in flight on another instance")

// insertIdempotencyKey stores the key's row unless it exists, and reports whether it did. On
// PostgreSQL the insert first takes a transaction-level advisory lock on the key, without
// waiting: two instances' groups, each with requests of the same keys in different orders, would
// otherwise each wait inside the insert for the other's commit, a deadlock PostgreSQL breaks
// after a second by failing one of them (a 500). A key whose lock another transaction holds is
// errKeyInFlight. On one instance requests with one key share its one writer, and the lock is
// re-entrant within a group; SQLite has one writer, so no other transaction can hold a key
// there. The lock rides on the insert, so a new key costs no extra round trip; only a key not
// inserted asks again, to tell a key in flight from one stored.
func (tx *Tx) insertIdempotencyKey(ctx context.Context, w *TransferWrite) (bool, error) {
	if tx.store.dialect != dialectPostgres {
		res, err := tx.ExecContext(ctx, `INSERT INTO idempotency_keys (user_id, idem_key, request_hash, created_at)
			VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, idem_key) DO NOTHING`, w.UserID, w.IdempotencyKey, w.RequestHash, ts(tx.now))
		if err != nil {
			return false, err
		}
		n, _ := res.RowsAffected()
		return n == 1, nil
	}
	h := fnv.New64a()
	h.Write([]byte(w.UserID + "\x00" + w.IdempotencyKey))
	lock := int64(h.Sum64())
	res, err := tx.ExecContext(ctx, `INSERT INTO idempotency_keys (user_id, idem_key, request_hash, created_at)
		SELECT $1, $2, $3, $4 WHERE pg_try_advisory_xact_lock($5) ON CONFLICT (user_id, idem_key) DO NOTHING`,
		w.UserID, w.IdempotencyKey, w.RequestHash, ts(tx.now), lock)
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return true, nil
	}
	var got bool
	if err := tx.QueryRowContext(ctx, `SELECT pg_try_advisory_xact_lock($1)`, lock).Scan(&got); err != nil {
		return false, err
	}
	if !got {
		return false, errKeyInFlight
	}
	return false, nil
}

// createTransfer is one try of CreateTransfer, from the transfer as it was given: scoring changes
// w.Tx (its score, a hold), and a run of the write that did not commit must leave nothing of that
// to the next (a transfer that scored high beside one rolled back would stay held).
func (s *Store) createTransfer(ctx context.Context, w *TransferWrite, given NewTransaction) (*TransferResult, error) {
	out := &TransferResult{}
	var aml domain.AMLResult // the stored transfer's, for an answer built after the commit
	w.Tx = given
	hint := &historyHint{tx: &w.Tx, th: w.Scoring.Thresholds}
	err := s.writeGrouped(ctx, hint, func(ctx context.Context, tx *Tx) error {
		*out, aml, w.Tx = TransferResult{}, domain.AMLResult{}, given
		if w.IdempotencyKey != "" {
			inserted, err := tx.insertIdempotencyKey(ctx, w)
			if err != nil {
				return err
			}
			if !inserted {
				// The answer may be an earlier transfer's of this group, still queued.
				if err := tx.flushGroup(ctx); err != nil {
					return err
				}
				var hash string
				var resp []byte
				err := tx.QueryRowContext(ctx, `SELECT request_hash, response FROM idempotency_keys
					WHERE user_id = $1 AND idem_key = $2`, w.UserID, w.IdempotencyKey).Scan(&hash, &resp)
				if errors.Is(err, sql.ErrNoRows) {
					return errKeyInFlight // the transaction that held it rolled back since: try again
				}
				if err != nil {
					return err
				}
				if hash != w.RequestHash {
					return domain.E(domain.EUNPROCESSABLE, domain.CodeIdempotencyKeyReused)
				}
				out.Response, out.Replayed = resp, true
				return nil
			}
		}
		t := &w.Tx
		rec, err := tx.RecordTransaction(ctx, t, w.Scoring)
		if err != nil {
			return err
		}
		out.Alert, aml = rec.Alert, rec.AML
		a := w.Audit
		a.Action, a.Resource, a.ResourceID = "transaction.transfer", "transaction", t.ID
		a.Details = map[string]any{"transactionId": t.TransactionID, "amount": t.Amount.String(), "currency": t.Currency,
			"amlScore": aml.Score, "riskLevel": aml.Level}
		if err := tx.Audit(ctx, a); err != nil {
			return err
		}
		if w.IdempotencyKey == "" {
			return nil // answered after the commit, outside the writer (below)
		}
		resp, err := w.Respond(t, aml)
		if err != nil {
			return err
		}
		out.Response = resp
		return tx.execLater(ctx, `UPDATE idempotency_keys SET status_code = 201, response = $3
				WHERE user_id = $1 AND idem_key = $2`, w.UserID, w.IdempotencyKey, string(resp))
	})
	if err != nil {
		return nil, err
	}
	if out.Replayed && out.Response == nil {
		return nil, errors.New("idempotency record without a response")
	}
	if w.IdempotencyKey == "" {
		// Without a key the answer is stored nowhere, so it is built here, on the request's
		// goroutine: the group's writer is the one place every transfer queues for (on SQLite
		// the only one), and every microsecond it spends is one no other transfer can.
		if out.Response, err = w.Respond(&w.Tx, aml); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// RecordBatch stores a chunk of an institution's data feed in one database transaction: each
// item scored in order (so items of one sender see each other), duplicates of earlier reports
// skipped, and one audit row for the chunk.
func (s *Store) RecordBatch(ctx context.Context, items []*NewTransaction, sc Scoring, audit Audit) (_ []Recorded, err error) {
	defer wrap(&err, "record batch")
	out := make([]Recorded, len(items))
	err = s.Write(ctx, func(tx *Tx) error {
		created := 0
		for i, t := range items {
			rec, err := tx.RecordTransaction(ctx, t, sc)
			if err != nil {
				return err
			}
			out[i] = rec
			if rec.Inserted {
				created++
			}
		}
		audit.Action, audit.Resource = "transaction.batch", "transaction"
		if audit.Details == nil {
			audit.Details = map[string]any{}
		}
		audit.Details["items"], audit.Details["created"] = len(items), created
		return tx.Audit(ctx, audit)
	})
	return out, err
}

// sqlAMLHistory is a sender's history in one statement, each part on its own index: the
// transfers it sent within the longest rule window (sender, created_at), newest first; what it
// received within the pass-through window per currency (recipient, created_at; grouping instead
// of filtering on currency keeps the planner on that index); and when its number first appeared
// as sender or as recipient (the first entry of each of those indexes).
const sqlAMLHistory = `SELECT 'sent', amount_minor, currency, created_at FROM (
		SELECT amount_minor, currency, created_at FROM transactions
		WHERE sender = $1 AND created_at > $2 ORDER BY created_at DESC LIMIT 1000) AS sent
	UNION ALL
	SELECT 'received', CAST(SUM(amount_minor) AS BIGINT), currency, NULL FROM transactions
		WHERE recipient = $1 AND created_at > $3 GROUP BY currency
	UNION ALL
	SELECT 'first', 0, '', MIN(created_at) FROM transactions WHERE sender = $1
	UNION ALL
	SELECT 'first', 0, '', MIN(created_at) FROM transactions WHERE recipient = $1`

// sqlAMLHistorySQLite is sqlAMLHistory with each parameter behind a unary plus, a no-op on any
// value. SQLite's planner reads the value bound to a parameter compared with an indexed column
// in the samples ANALYZE keeps (sqlite_stat4), so a prepared statement with such a parameter is
// planned again each time a new value is bound, a read several times slower (BenchmarkAMLHistory;
// its share of the CPU under load is in docs/PERFORMANCE.md, "Transfers end to end"). It does not
// look behind the plus, and the plan (the sender and recipient indexes) does not depend on the
// values. PostgreSQL has no unary plus for text or times, and plans prepared statements itself.
var sqlAMLHistorySQLite = strings.NewReplacer("$1", "+$1", "$2", "+$2", "$3", "+$3").Replace(sqlAMLHistory)

const sqlInsertTxLog = `INSERT INTO transaction_logs (id, transaction_id, action, performed_by, details,
		new_status, notes, created_at, reason_code, reason_params) VALUES ($1, $2, 'created', $3, $4, $5, $6, $7, $8, $9)`

// txLogRows is sqlInsertTxLog for the rows a group queues (recordScored).
var txLogRows = newRowsInsert(sqlInsertTxLog, map[int]string{1: "uuid", 2: "uuid", 3: "uuid", 4: "jsonb",
	7: "timestamptz", 9: "jsonb"})
