package store

import (
	"cmp"
	"context"
	"errors"
	"hash/fnv"
	"slices"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/iso20022"
)

// Switch entries are stored set-wise: a chunk of entries costs a fixed number of statements
// (the reads that find duplicates, the transactions status reports name, waiting orphan reports
// and the senders' AML history; one multi-row insert per table; one update per status change
// kind), not a handful per entry. On PostgreSQL every statement is a round trip, so this is what
// lets the switch feed keep up with the switch (docs/PERFORMANCE.md, Switch feed). The entries
// are decided in memory, in order, with the same rules as one by one: scoreTransaction and
// recordScored for transfers (the AML score, holds, log rows, alerts), isoStep for statuses.

// isoChunk is how many entries are decided and written together: bounded so that a multi-row
// insert stays under both databases' parameter limits (400 rows of 35 columns).
const isoChunk = 400

// errISORace is a chunk whose reads another writer overtook before its writes (a transaction
// whose status moved meanwhile): nothing of the attempt is kept, and RecordISO tries again.
var errISORace = errors.New("switch entries changed by another writer during the batch")

// isoState is a transaction a chunk touches: its status when read (or inserted) and now.
type isoState struct {
	id, number      string
	initial, status string
	steps           []isoLogStep
}

// isoLogStep is a status change a report made, for its transaction log row.
type isoLogStep struct{ from, to, code, reason, msgID string }

// isoPay is a stored or new switch payment a status report may name.
type isoPay struct {
	uetr, e2e, msgID, txRef string
	created                 time.Time
	st                      *isoState
}

// isoOrphan is a status report without its transaction: stored before (dbID) or in this chunk.
type isoOrphan struct {
	dbID                         string
	rep                          *isoReport
	outcome, code, reason, msgID string
	uetr, txRef, e2e, origMsgID  string
	reported, created            time.Time
	claimed                      bool
	claimedBy                    string
	applied                      bool
}

// isoReport is a status report row to insert.
type isoReport struct {
	id      string
	item    ISOItem
	txID    string
	applied bool
}

// isoChunkState is what one chunk has read and decided.
type isoChunkState struct {
	states  map[string]*isoState
	byUETR  map[string]*isoState // transfers known by UETR
	byExt   map[string]*isoState // transfers known by institution and external id
	pays    []*isoPay
	reports map[string]bool // report keys stored before or in this chunk
	orphans []*isoOrphan
	now     time.Time // the transaction's time: when this chunk's rows are created
}

func (c *isoChunkState) state(id, number, status string) *isoState {
	if st := c.states[id]; st != nil {
		return st
	}
	st := &isoState{id: id, number: number, initial: status, status: status}
	c.states[id] = st
	return st
}

func extKey(institutionID, externalID string) string { return institutionID + "\x00" + externalID }

// recordISOChunk stores a chunk of entries, filling out (one outcome per entry).
func (tx *Tx) recordISOChunk(ctx context.Context, items []ISOItem, out []ISOOutcome, sc Scoring) error {
	if err := tx.lockISOIdentities(ctx, items); err != nil {
		return err
	}
	c := &isoChunkState{states: map[string]*isoState{}, byUETR: map[string]*isoState{}, byExt: map[string]*isoState{},
		reports: map[string]bool{}, now: tx.now}
	if err := tx.readISOKnown(ctx, items, c); err != nil {
		return err
	}
	if err := tx.readISOCandidates(ctx, items, c); err != nil {
		return err
	}
	// Transfers not stored before: their waiting orphan reports and their senders' history.
	var fresh []ISOItem
	for _, it := range items {
		if it.Transfer != nil && !c.known(it) {
			fresh = append(fresh, it)
		}
	}
	if err := tx.readISOOrphans(ctx, fresh, c); err != nil {
		return err
	}
	freshTxs := make([]*NewTransaction, len(fresh))
	for i, it := range fresh {
		freshTxs[i] = it.Tx
	}
	hist, err := tx.readAMLHistories(ctx, freshTxs, sc.Thresholds)
	if err != nil {
		return err
	}

	d := &isoDecisions{}
	for i, it := range items {
		var err error
		if it.Transfer != nil {
			out[i], err = tx.decideTransfer(ctx, c, d, hist, it, i, sc)
		} else {
			out[i] = c.decideStatus(d, it)
		}
		if err != nil {
			return err
		}
	}
	for _, o := range c.orphans {
		if o.rep != nil && o.claimed {
			o.rep.txID, o.rep.applied = o.claimedBy, o.applied
		}
	}
	created := d.created

	if err := tx.insertTransactions(ctx, created); err != nil {
		return err
	}
	for k, t := range created {
		alert, err := tx.recordScored(ctx, t, d.scores[k], sc)
		if err != nil {
			return err
		}
		out[d.createdAt[k]].Alert = alert
	}
	if err := tx.insertISOPayments(ctx, d.newPays); err != nil {
		return err
	}
	if err := tx.insertISOReports(ctx, d.reports); err != nil {
		return err
	}
	for _, o := range c.orphans {
		if o.dbID != "" && o.claimed {
			if err := tx.execLater(ctx, `UPDATE iso_status_reports SET transaction_id = $2, applied = $3 WHERE id = $1`,
				o.dbID, o.claimedBy, o.applied); err != nil {
				return err
			}
		}
	}
	return tx.applyISOStates(ctx, c)
}

// isoLockClass is the first key of the switch feed's advisory locks (the two-key form, a lock
// space of its own).
const isoLockClass = 21

// lockISOIdentities takes, on PostgreSQL, a transaction-level advisory lock on each payment
// identifier the chunk's entries carry (UETR, end-to-end id, transaction id; a status report
// the identifiers it names), in one order for every writer. A transfer and a status report that
// names it thus never pass each other in two concurrent batches (two consumers or instances):
// the later one waits for the first to commit and then reads it, so a report is not left an
// orphan beside its stored transfer, and a transfer sent twice is a duplicate, not a second
// try. SQLite has one writer, and the reads happen inside its write.
func (tx *Tx) lockISOIdentities(ctx context.Context, items []ISOItem) error {
	if tx.conn == nil {
		return nil
	}
	seen := map[int32]bool{}
	var keys []int32
	add := func(kind, id string) {
		if id == "" {
			return
		}
		h := fnv.New32a()
		h.Write([]byte(kind + "\x00" + id))
		if k := int32(h.Sum32()); !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	for _, it := range items {
		if p := it.Transfer; p != nil {
			add("u", p.UETR)
			add("e", p.EndToEndID)
			add("t", p.TxID)
		} else {
			add("u", it.Status.OrigUETR)
			add("e", it.Status.OrigEndToEndID)
			add("t", it.Status.OrigTxID)
		}
	}
	if len(keys) == 0 {
		return nil
	}
	slices.Sort(keys)
	_, err := tx.exec(ctx, `SELECT COUNT(pg_advisory_xact_lock($1, k)) FROM (SELECT k FROM unnest(CAST($2 AS INTEGER[])) AS k ORDER BY k) AS s`,
		isoLockClass, keys)
	return err
}

// isoDecisions are the rows a chunk's entries will write, decided in order.
type isoDecisions struct {
	created   []*NewTransaction
	createdAt []int // the entry of each created transaction
	scores    []scored
	newPays   []ISOItem
	reports   []*isoReport
}

// decideTransfer decides entry i, a credit transfer: a duplicate of one stored before (or
// earlier in the chunk), or a new transaction scored with its sender's history, which then
// claims the orphan reports that name it.
func (tx *Tx) decideTransfer(ctx context.Context, c *isoChunkState, d *isoDecisions, hist *amlHistories, it ISOItem, i int, sc Scoring) (ISOOutcome, error) {
	t, p := it.Tx, it.Transfer
	if st := c.knownState(it); st != nil {
		return ISOOutcome{Result: ISODuplicate, TransactionID: st.id, TransactionNumber: st.number, Status: st.status}, nil
	}
	if t.CreatedAt.IsZero() {
		t.CreatedAt = tx.now
	}
	sd, err := tx.scoreTransaction(ctx, t, hist.of(t.Sender, t.CreatedAt, sc.Thresholds), sc)
	if err != nil {
		return ISOOutcome{}, err
	}
	tx.prepareTransaction(t)
	hist.add(t)
	d.created, d.createdAt = append(d.created, t), append(d.createdAt, i)
	d.scores, d.newPays = append(d.scores, sd), append(d.newPays, it)
	st := c.state(t.ID, t.TransactionID, t.Status)
	if p.UETR != "" {
		c.byUETR[p.UETR] = st
	}
	c.byExt[extKey(t.InstitutionID, t.ExternalID)] = st
	c.pays = append(c.pays, &isoPay{uetr: p.UETR, e2e: p.EndToEndID, msgID: p.MsgID, txRef: p.TxID, created: tx.now, st: st})
	c.claimOrphans(st, p)
	return ISOOutcome{Result: ISOCreated, TransactionID: t.ID, TransactionNumber: t.TransactionID, Status: st.status, AML: sd.aml}, nil
}

// decideStatus decides a status report entry: a duplicate of one stored before (or earlier in
// the chunk), an orphan when its transaction is unknown, else a step of its transaction's status
// (applied) or only a line of its history (recorded).
func (c *isoChunkState) decideStatus(d *isoDecisions, it ISOItem) ISOOutcome {
	s := it.Status
	st := c.find(s)
	var o ISOOutcome
	if st != nil {
		o.TransactionID, o.TransactionNumber, o.Status = st.id, st.number, st.status
	}
	key := s.Key()
	if c.reports[key] {
		o.Result = ISODuplicate
		return o
	}
	c.reports[key] = true
	rep := &isoReport{id: NewID(), item: it}
	d.reports = append(d.reports, rep)
	if st == nil {
		c.orphans = append(c.orphans, &isoOrphan{rep: rep, outcome: s.Outcome(), code: s.Code, reason: s.Reason,
			msgID: s.MsgID, uetr: s.OrigUETR, txRef: s.OrigTxID, e2e: s.OrigEndToEndID, origMsgID: s.OrigMsgID,
			reported: s.At, created: c.now})
		o.Result = ISOOrphan
		return o
	}
	rep.txID = st.id
	rep.applied = st.step(s.Outcome(), s.Code, s.Reason, s.MsgID)
	o.Status, o.Result = st.status, ISORecorded
	if rep.applied {
		o.Result = ISOApplied
	}
	return o
}

func (c *isoChunkState) known(it ISOItem) bool { return c.knownState(it) != nil }

// knownState is the transaction a transfer was stored as before (a duplicate), if any: by its
// UETR, else by its institution's external id.
func (c *isoChunkState) knownState(it ISOItem) *isoState {
	if u := it.Transfer.UETR; u != "" && c.byUETR[u] != nil {
		return c.byUETR[u]
	}
	return c.byExt[extKey(it.Tx.InstitutionID, it.Tx.ExternalID)]
}

// find is the transaction a status report names, as findISOTransaction would: by UETR, then by
// end-to-end id (within the original message when the report names it), then by transaction id,
// the newest payment first.
func (c *isoChunkState) find(s *iso20022.Status) *isoState {
	var best *isoPay
	bestRank := 3
	for _, p := range c.pays {
		uetr := s.OrigUETR != "" && p.uetr == s.OrigUETR
		e2e := s.OrigEndToEndID != "" && p.e2e == s.OrigEndToEndID
		txRef := s.OrigTxID != "" && p.txRef == s.OrigTxID
		if !uetr && !(e2e && (s.OrigMsgID == "" || p.msgID == s.OrigMsgID)) && !txRef {
			continue
		}
		rank := 2
		switch {
		case uetr:
			rank = 0
		case e2e:
			rank = 1
		}
		if rank < bestRank || (rank == bestRank && !p.created.Before(best.created)) {
			best, bestRank = p, rank
		}
	}
	if best == nil {
		return nil
	}
	return best.st
}

// claimOrphans applies the waiting reports that name a new transfer, oldest first.
func (c *isoChunkState) claimOrphans(st *isoState, p *iso20022.Transfer) {
	var mine []*isoOrphan
	for _, o := range c.orphans {
		if o.claimed {
			continue
		}
		if (o.uetr != "" && o.uetr == p.UETR) || (o.txRef != "" && o.txRef == p.TxID) ||
			(o.e2e != "" && o.e2e == p.EndToEndID && (o.origMsgID == "" || o.origMsgID == p.MsgID)) {
			mine = append(mine, o)
		}
	}
	slices.SortStableFunc(mine, func(a, b *isoOrphan) int {
		return cmp.Or(a.reported.Compare(b.reported), a.created.Compare(b.created))
	})
	for _, o := range mine {
		o.claimed, o.claimedBy = true, st.id
		o.applied = st.step(o.outcome, o.code, o.reason, o.msgID)
	}
}

// step moves the transaction to the status a report's outcome sets when that is a step forward
// (isoStep), noting the change for its log row; false when the report changes nothing.
func (st *isoState) step(outcome, code, reason, msgID string) bool {
	next, ok := isoStep(st.status, outcome)
	if !ok {
		return false
	}
	st.steps = append(st.steps, isoLogStep{from: st.status, to: next, code: code, reason: reason, msgID: msgID})
	st.status = next
	return true
}

// applyISOStates writes the chunk's status changes: one conditional update per (from, to)
// pair, and a log row per step. A transaction whose status another writer moved since the chunk
// read it fails the attempt (errISORace), to be decided again.
func (tx *Tx) applyISOStates(ctx context.Context, c *isoChunkState) error {
	type move struct{ from, to string }
	groups := map[move][]string{}
	var order []move
	for _, st := range c.states {
		if st.status == st.initial {
			continue
		}
		m := move{st.initial, st.status}
		if groups[m] == nil {
			order = append(order, m)
		}
		groups[m] = append(groups[m], st.id)
	}
	slices.SortFunc(order, func(a, b move) int { return cmp.Or(strings.Compare(a.from, b.from), strings.Compare(a.to, b.to)) })
	for _, m := range order {
		ids := groups[m]
		slices.Sort(ids) // a fixed lock order, so two instances' batches cannot deadlock
		a := &sqlArgs{d: tx.store.dialect}
		set := `status = ` + a.add(m.to) + `, updated_at = ` + a.add(ts(tx.now))
		if m.to == domain.TxCompleted {
			set += `, processed_at = ` + a.add(ts(tx.now))
		}
		q := `UPDATE transactions SET ` + set + ` WHERE status = ` + a.add(m.from) + ` AND ` + a.isIn("id", ids, true)
		res, err := tx.exec(ctx, q, a.args...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); int(n) != len(ids) {
			return errISORace
		}
	}
	for _, st := range c.states {
		for _, s := range st.steps {
			if err := tx.logISOStatus(ctx, st.id, s.from, s.to, s.code, s.reason, s.msgID); err != nil {
				return err
			}
		}
	}
	return nil
}

// readISOKnown finds the chunk's transfers stored before, by UETR and by external id, and the
// report keys stored before.
func (tx *Tx) readISOKnown(ctx context.Context, items []ISOItem, c *isoChunkState) error {
	var uetrs, insts, exts, keys []string
	for _, it := range items {
		if it.Transfer != nil {
			uetrs, insts, exts = append(uetrs, it.Transfer.UETR), append(insts, it.Tx.InstitutionID), append(exts, it.Tx.ExternalID)
		} else {
			keys = append(keys, it.Status.Key())
		}
	}
	uetrs, insts, exts, keys = distinct(uetrs), distinct(insts), distinct(exts), distinct(keys)
	a := &sqlArgs{d: tx.store.dialect}
	var parts []string
	if len(uetrs) > 0 {
		parts = append(parts, `SELECT 'u', p.uetr, '', CAST(t.id AS TEXT), t.transaction_id, t.status FROM iso_payments p
			JOIN transactions t ON t.id = p.transaction_id WHERE `+a.isIn("p.uetr", uetrs, false))
	}
	if len(exts) > 0 {
		parts = append(parts, `SELECT 'x', CAST(institution_id AS TEXT), external_id, CAST(id AS TEXT), transaction_id, status
			FROM transactions WHERE `+a.isIn("institution_id", insts, true)+` AND `+a.isIn("external_id", exts, false))
	}
	if len(keys) > 0 {
		parts = append(parts, `SELECT 'r', report_key, '', '', '', '' FROM iso_status_reports WHERE `+a.isIn("report_key", keys, false))
	}
	if len(parts) == 0 {
		return nil
	}
	rows, err := tx.query(ctx, strings.Join(parts, " UNION ALL "), a.args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var kind, k1, k2, id, number, status string
		if err := rows.Scan(&kind, &k1, &k2, &id, &number, &status); err != nil {
			return err
		}
		switch kind {
		case "u":
			c.byUETR[k1] = c.state(id, number, status)
		case "x":
			c.byExt[extKey(k1, k2)] = c.state(id, number, status)
		default:
			c.reports[k1] = true
		}
	}
	return rows.Err()
}

// readISOCandidates reads the stored payments the chunk's status reports may name.
func (tx *Tx) readISOCandidates(ctx context.Context, items []ISOItem, c *isoChunkState) error {
	var uetrs, e2es, txRefs []string
	for _, it := range items {
		if s := it.Status; s != nil {
			uetrs, e2es, txRefs = append(uetrs, s.OrigUETR), append(e2es, s.OrigEndToEndID), append(txRefs, s.OrigTxID)
		}
	}
	uetrs, e2es, txRefs = distinct(uetrs), distinct(e2es), distinct(txRefs)
	a := &sqlArgs{d: tx.store.dialect}
	var conds []string
	if len(uetrs) > 0 {
		conds = append(conds, a.isIn("p.uetr", uetrs, false))
	}
	if len(e2es) > 0 {
		conds = append(conds, a.isIn("p.end_to_end_id", e2es, false))
	}
	if len(txRefs) > 0 {
		conds = append(conds, a.isIn("p.tx_id", txRefs, false))
	}
	if len(conds) == 0 {
		return nil
	}
	rows, err := tx.query(ctx, `SELECT CAST(t.id AS TEXT), t.transaction_id, t.status, COALESCE(p.uetr, ''), p.end_to_end_id,
		p.msg_id, COALESCE(p.tx_id, ''), p.created_at FROM iso_payments p JOIN transactions t ON t.id = p.transaction_id
		WHERE `+strings.Join(conds, " OR "), a.args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, number, status string
		p := &isoPay{}
		if err := rows.Scan(&id, &number, &status, &p.uetr, &p.e2e, &p.msgID, &p.txRef, scanTime(&p.created)); err != nil {
			return err
		}
		p.st = c.state(id, number, status)
		c.pays = append(c.pays, p)
	}
	return rows.Err()
}

// readISOOrphans reads the stored orphan reports that may name the chunk's new transfers.
func (tx *Tx) readISOOrphans(ctx context.Context, fresh []ISOItem, c *isoChunkState) error {
	var uetrs, e2es, txRefs []string
	for _, it := range fresh {
		p := it.Transfer
		uetrs, e2es, txRefs = append(uetrs, p.UETR), append(e2es, p.EndToEndID), append(txRefs, p.TxID)
	}
	uetrs, e2es, txRefs = distinct(uetrs), distinct(e2es), distinct(txRefs)
	a := &sqlArgs{d: tx.store.dialect}
	var conds []string
	if len(uetrs) > 0 {
		conds = append(conds, a.isIn("orig_uetr", uetrs, false))
	}
	if len(e2es) > 0 {
		conds = append(conds, a.isIn("orig_end_to_end_id", e2es, false))
	}
	if len(txRefs) > 0 {
		conds = append(conds, a.isIn("orig_tx_id", txRefs, false))
	}
	if len(conds) == 0 {
		return nil
	}
	rows, err := tx.query(ctx, `SELECT CAST(id AS TEXT), outcome, status_code, COALESCE(reason_code, ''), msg_id,
		COALESCE(orig_uetr, ''), COALESCE(orig_tx_id, ''), COALESCE(orig_end_to_end_id, ''), COALESCE(orig_msg_id, ''),
		reported_at, created_at FROM iso_status_reports WHERE transaction_id IS NULL AND (`+strings.Join(conds, " OR ")+`)
		ORDER BY reported_at, created_at`, a.args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		o := &isoOrphan{}
		if err := rows.Scan(&o.dbID, &o.outcome, &o.code, &o.reason, &o.msgID, &o.uetr, &o.txRef, &o.e2e, &o.origMsgID,
			scanTime(&o.reported), scanTime(&o.created)); err != nil {
			return err
		}
		c.orphans = append(c.orphans, o)
	}
	return rows.Err()
}

// insertTransactions inserts new transactions (prepared, scored) set-wise (insertRows), and
// counts them in the statistics. One stored meanwhile by another writer fails the insert on
// the unique index, and RecordISO tries again.
func (tx *Tx) insertTransactions(ctx context.Context, list []*NewTransaction) error {
	rows := make([][]any, len(list))
	for i, t := range list {
		rows[i] = append(transactionArgs(t), ts(t.CreatedAt))
	}
	if err := tx.insertRows(ctx, "transactions", insertTransactionColumns, rows); err != nil {
		return err
	}
	for _, t := range list {
		tx.aggregates.count(t)
	}
	return nil
}

// insertISOPayments inserts the ISO identifiers of new transfers set-wise.
func (tx *Tx) insertISOPayments(ctx context.Context, items []ISOItem) error {
	rows := make([][]any, len(items))
	for i, it := range items {
		p := it.Transfer
		rows[i] = []any{it.Tx.ID, it.Definition, p.MsgID, nullString(p.InstrID), p.EndToEndID, nullString(p.TxID),
			nullString(p.UETR), nullString(agentLabel(p.DebtorAgent)), nullString(agentLabel(p.CreditorAgent)),
			nullString(p.SettlementDate), ts(tx.now)}
	}
	return tx.insertRows(ctx, "iso_payments", `transaction_id, message_type, msg_id, instr_id, end_to_end_id,
		tx_id, uetr, debtor_agent, creditor_agent, settlement_date, created_at`, rows)
}

// insertISOReports inserts status report rows set-wise. A report stored meanwhile by another
// writer fails the insert on its key, and RecordISO tries again.
func (tx *Tx) insertISOReports(ctx context.Context, reps []*isoReport) error {
	rows := make([][]any, len(reps))
	for i, r := range reps {
		st := r.item.Status
		rows[i] = []any{r.id, st.Key(), nullString(r.txID), r.item.Definition, st.MsgID, nullString(st.OrigMsgID),
			nullString(st.OrigEndToEndID), nullString(st.OrigTxID), nullString(st.OrigUETR), st.Code, st.Outcome(),
			nullString(st.Reason), nullString(st.Info), r.applied, ts(st.At), ts(tx.now)}
	}
	return tx.insertRows(ctx, "iso_status_reports", `id, report_key, transaction_id, message_type, msg_id, orig_msg_id,
		orig_end_to_end_id, orig_tx_id, orig_uetr, status_code, outcome, reason_code, info, applied, reported_at, created_at`, rows)
}
