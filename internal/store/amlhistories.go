package store

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// amlHistories is the AML history of a chunk's senders, read in one statement, and the chunk's
// transfers stored so far: of gives each transfer exactly what amlHistory would read for it
// inside the transaction, the earlier transfers of the chunk included.
type amlHistories struct {
	sent     map[string][]pastRow // by sender, newest first: sent after the earliest window start
	recvSum  map[string]map[domain.Currency]int64
	recvBand map[string][]pastRow // received between the earliest and the latest pass-through start
	hiPass   time.Time
	first    map[string]time.Time
	chunk    []*NewTransaction
	// read are the senders read; window and passWindow the thresholds' windows they were read
	// for (a history read for other windows would not be amlHistory's).
	read               map[string]bool
	window, passWindow time.Duration
}

type pastRow struct {
	amount   domain.Minor
	currency domain.Currency
	at       time.Time
}

// dbMillis is a time as the databases keep it (timeLayout: milliseconds).
func dbMillis(t time.Time) time.Time { return t.UTC().Truncate(time.Millisecond) }

// readAMLHistories reads the history of the senders of fresh transfers: what each sent within
// the longest rule window (at most 1,000, newest first, as amlHistory), what each received
// within the pass-through window per currency, and when each first appeared.
func (tx *Tx) readAMLHistories(ctx context.Context, fresh []*NewTransaction, th domain.AMLThresholds) (*amlHistories, error) {
	h, q, args := tx.amlHistoriesQuery(fresh, th)
	if q == "" {
		return h, nil
	}
	rows, err := tx.query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return h, h.scan(rows)
}

// amlHistoriesQuery is readAMLHistories' statement and its arguments (none when there is no
// sender to read), and the histories it fills (scan). What a sender received is one range of the
// recipient index from the earliest pass-through start of the chunk's transfers: summed per
// currency after the latest start, which every transfer's window holds ('sum'), and by time in
// the band between the two, which each transfer filters (of). Read as two ranges, it cost every
// sender a second descent of that index for a band a group's few milliseconds wide.
func (tx *Tx) amlHistoriesQuery(fresh []*NewTransaction, th domain.AMLThresholds) (*amlHistories, string, []any) {
	h := &amlHistories{sent: map[string][]pastRow{}, recvSum: map[string]map[domain.Currency]int64{},
		recvBand: map[string][]pastRow{}, first: map[string]time.Time{}, read: map[string]bool{},
		window: th.Window(), passWindow: th.PassThroughWindow}
	var senders []string
	var lo, loPass time.Time
	for i, t := range fresh {
		at := t.CreatedAt
		if at.IsZero() {
			at = tx.now
		}
		senders = append(senders, t.Sender)
		w, p := dbMillis(at.Add(-th.Window())), dbMillis(at.Add(-th.PassThroughWindow))
		if i == 0 || w.Before(lo) {
			lo = w
		}
		if i == 0 || p.Before(loPass) {
			loPass = p
		}
		if i == 0 || p.After(h.hiPass) {
			h.hiPass = p
		}
	}
	senders = distinct(senders)
	if len(senders) == 0 {
		return h, "", nil
	}
	for _, s := range senders {
		h.read[s] = true
	}
	a := &sqlArgs{d: tx.store.dialect}
	var sb strings.Builder
	sb.WriteString(`SELECT 'sent', sender, amount_minor, currency, created_at FROM (
		SELECT sender, amount_minor, currency, created_at,
			ROW_NUMBER() OVER (PARTITION BY sender ORDER BY created_at DESC) AS n
		FROM transactions WHERE ` + a.isIn("sender", senders, false) + ` AND created_at > ` + a.add(ts(lo)) + `) AS s WHERE n <= 1000
	UNION ALL
	SELECT CASE WHEN created_at > ` + a.add(ts(h.hiPass)) + ` THEN 'sum' ELSE 'band' END, recipient,
		CAST(SUM(amount_minor) AS BIGINT), currency, CASE WHEN created_at > ` + a.add(ts(h.hiPass)) + ` THEN NULL ELSE created_at END
		FROM transactions WHERE ` + a.isIn("recipient", senders, false) + ` AND created_at > ` + a.add(ts(loPass)) + `
		GROUP BY 1, 2, 4, 5`)
	if a.d == dialectPostgres {
		sb.WriteString(` UNION ALL SELECT 'first', v, 0, '', (SELECT MIN(created_at) FROM transactions WHERE sender = v)
			FROM unnest(CAST(` + a.add(senders) + ` AS TEXT[])) AS s(v)
		UNION ALL SELECT 'first', v, 0, '', (SELECT MIN(created_at) FROM transactions WHERE recipient = v)
			FROM unnest(CAST(` + a.add(senders) + ` AS TEXT[])) AS s(v)`)
	} else {
		for _, s := range senders {
			sb.WriteString(` UNION ALL SELECT 'first', ` + a.add(s) + `, 0, '', MIN(created_at) FROM transactions WHERE sender = ` + a.add(s))
			sb.WriteString(` UNION ALL SELECT 'first', ` + a.add(s) + `, 0, '', MIN(created_at) FROM transactions WHERE recipient = ` + a.add(s))
		}
	}
	return h, sb.String(), a.args
}

// rowsReader is what scan reads: *sql.Rows, or pgx's rows when the read went out with the
// statements that begin a group (groupTx.readFirst).
type rowsReader interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// scan adds the rows of amlHistoriesQuery's statement to h.
func (h *amlHistories) scan(rows rowsReader) error {
	for rows.Next() {
		var kind, who string
		var r pastRow
		var amount int64
		if err := rows.Scan(&kind, &who, &amount, &r.currency, scanTime(&r.at)); err != nil {
			return err
		}
		r.amount = domain.Minor(amount)
		switch kind {
		case "sent":
			h.sent[who] = append(h.sent[who], r)
		case "sum":
			if h.recvSum[who] == nil {
				h.recvSum[who] = map[domain.Currency]int64{}
			}
			h.recvSum[who][r.currency] += amount
		case "band":
			h.recvBand[who] = append(h.recvBand[who], r)
		case "first":
			if f := h.first[who]; !r.at.IsZero() && (f.IsZero() || r.at.Before(f)) {
				h.first[who] = r.at
			}
		}
	}
	return rows.Err()
}

// historyHint is the transfer a grouped write records and the thresholds it scores it with
// (writeJob).
type historyHint struct {
	tx *NewTransaction
	th domain.AMLThresholds
}

// readGroupHistories reads the histories of the senders of a PostgreSQL group's transfers in one
// statement before the group runs them, for the time the group began: each transfer then scores
// without a round trip of its own (historyFor). On two busy cores a round trip is a wait for
// PostgreSQL's process to be scheduled and another for the writer's, and these waits made the
// tail of a transfer's latency (docs/PERFORMANCE.md, "Fifteenth session"). The read goes out
// with the statements that begin the group's transaction (readFirst), so a group of transfers
// that send no idempotency key and match no sanctions entry takes two round trips: this one and
// the commit's (queuesInsert). A group reads ahead when its transfers are all scored with the
// same windows, a group of one included; SQLite reads in the writer's own process, where a read
// costs no round trip, and keeps reading one by one.
func (g *groupTx) readGroupHistories(ctx context.Context, batch []*writeJob) error {
	if g.store.dialect != dialectPostgres || batch[0].hint == nil {
		return nil
	}
	th := batch[0].hint.th
	txs := make([]*NewTransaction, 0, len(batch))
	for _, j := range batch {
		if j.hint == nil || j.hint.th.Window() != th.Window() || j.hint.th.PassThroughWindow != th.PassThroughWindow {
			return nil
		}
		txs = append(txs, j.hint.tx)
	}
	h, q, args := g.amlHistoriesQuery(txs, th)
	if q != "" {
		if err := g.readFirst(ctx, q, args, h.scan); err != nil {
			return fmt.Errorf("read the group's AML histories: %w", err)
		}
	}
	g.histories = h
	return nil
}

// holds reports whether h has sender's history for thresholds th.
func (h *amlHistories) holds(sender string, th domain.AMLThresholds) bool {
	return h.read[sender] && h.window == th.Window() && h.passWindow == th.PassThroughWindow
}

// add counts a transfer of the chunk in the histories of the later ones.
func (h *amlHistories) add(t *NewTransaction) { h.chunk = append(h.chunk, t) }

// of is a sender's history for a transfer at the given time, as amlHistory reads it.
func (h *amlHistories) of(sender string, at time.Time, th domain.AMLThresholds) domain.AMLHistory {
	var out domain.AMLHistory
	lo, loPass := dbMillis(at.Add(-th.Window())), dbMillis(at.Add(-th.PassThroughWindow))
	var sent []pastRow
	for _, r := range h.sent[sender] {
		if r.at.After(lo) {
			sent = append(sent, r)
		}
	}
	recv := map[domain.Currency]int64{}
	for c, n := range h.recvSum[sender] {
		recv[c] += n
	}
	for _, r := range h.recvBand[sender] {
		if r.at.After(loPass) {
			recv[r.currency] += int64(r.amount)
		}
	}
	first := h.first[sender]
	for _, t := range h.chunk {
		when := dbMillis(t.CreatedAt)
		if t.Sender == sender && when.After(lo) {
			sent = append(sent, pastRow{t.Amount, t.Currency, when})
		}
		if t.Recipient == sender && when.After(loPass) {
			recv[t.Currency] += int64(t.Amount)
		}
		if (t.Sender == sender || t.Recipient == sender) && (first.IsZero() || when.Before(first)) {
			first = when
		}
	}
	slices.SortStableFunc(sent, func(a, b pastRow) int { return b.at.Compare(a.at) })
	if len(sent) > 1000 {
		sent = sent[:1000]
	}
	for _, r := range sent {
		out.Sent = append(out.Sent, domain.PastTransfer{Amount: r.amount, Currency: r.currency, At: r.at})
	}
	for c, n := range recv {
		out.ReceivedUSD += domain.USDMinor(domain.Minor(n), c)
	}
	out.FirstSeen = first
	return out
}
