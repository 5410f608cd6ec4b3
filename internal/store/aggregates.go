package store

import (
	"cmp"
	"context"
	"maps"
	"math/rand/v2"
	"slices"

	"github.com/kormeer/kormeer/internal/domain"
)

// The headline statistics (transaction_stats) and the analytics aggregates (analytics_daily) are
// maintained in the same database transaction as the transactions they count, but not row by
// row: a transaction collects its deltas here and writes each touched aggregate row once, just
// before it commits. A group commit on SQLite (groupcommit.go) merges the deltas of all its
// writes, so sixty transfers of one day cost one statistics upsert instead of sixty. On
// PostgreSQL the upserts come last, so the hot aggregate rows are locked only for the commit.

type statsKey struct {
	day string
	cur domain.Currency
}

type statsDelta struct{ n, amount, high int64 }

type analyticsKey struct{ day, inst, op, cur, mode, flow, risk string }

type analyticsDelta struct{ n, amount int64 }

// aggregates are the pending deltas of one transaction (or one group of them).
type aggregates struct {
	stats     map[statsKey]*statsDelta
	analytics map[analyticsKey]*analyticsDelta
}

// count adds a stored transaction to the pending deltas.
func (a *aggregates) count(t *NewTransaction) {
	if a.stats == nil {
		a.stats, a.analytics = map[statsKey]*statsDelta{}, map[analyticsKey]*analyticsDelta{}
	}
	day := t.CreatedAt.UTC().Format("2006-01-02")
	high := int64(0)
	if t.IsHighRisk {
		high = 1
	}
	a.addStats(statsKey{day, t.Currency}, statsDelta{1, int64(t.Amount), high})
	a.addAnalytics(analyticsKey{day, t.InstitutionID, t.SenderInstitution, string(t.Currency), t.TransferMode,
		t.FlowType, t.RiskLevel}, analyticsDelta{1, int64(t.Amount)})
}

func (a *aggregates) addStats(k statsKey, d statsDelta) {
	if a.stats[k] == nil {
		a.stats[k] = &statsDelta{}
	}
	p := a.stats[k]
	p.n, p.amount, p.high = p.n+d.n, p.amount+d.amount, p.high+d.high
}

func (a *aggregates) addAnalytics(k analyticsKey, d analyticsDelta) {
	if a.analytics[k] == nil {
		a.analytics[k] = &analyticsDelta{}
	}
	p := a.analytics[k]
	p.n, p.amount = p.n+d.n, p.amount+d.amount
}

// merge adds another transaction's pending deltas (a write of the same group that succeeded).
func (a *aggregates) merge(b *aggregates) {
	if len(b.stats) == 0 && len(b.analytics) == 0 {
		return
	}
	if a.stats == nil {
		a.stats, a.analytics = map[statsKey]*statsDelta{}, map[analyticsKey]*analyticsDelta{}
	}
	for k, d := range b.stats {
		a.addStats(k, *d)
	}
	for k, d := range b.analytics {
		a.addAnalytics(k, *d)
	}
}

// statsBuckets spreads each day and currency over a few rows (see migration 0003), so concurrent
// PostgreSQL transactions rarely wait on the same one; readers add the buckets up.
const statsBuckets = 8

// flush writes the pending deltas in tx and clears them. The statistics rows of one flush share a
// random bucket. Rows are written in key order, so two PostgreSQL transactions that touch the
// same rows lock them in the same order and cannot deadlock. (Analytics rows are not bucketed:
// spreading them tripled the cost of a year's charts, and measured no gain for transfers.)
func (a *aggregates) flush(ctx context.Context, tx *Tx) error {
	bucket := rand.IntN(statsBuckets)
	for _, k := range slices.SortedFunc(maps.Keys(a.stats), func(x, y statsKey) int {
		return cmp.Or(cmp.Compare(x.day, y.day), cmp.Compare(x.cur, y.cur))
	}) {
		d := a.stats[k]
		if _, err := tx.exec(ctx, sqlUpsertStats, k.day, string(k.cur), bucket, d.n, d.amount, d.high); err != nil {
			return err
		}
	}
	for _, k := range slices.SortedFunc(maps.Keys(a.analytics), func(x, y analyticsKey) int {
		return cmp.Or(cmp.Compare(x.day, y.day), cmp.Compare(x.inst, y.inst), cmp.Compare(x.op, y.op),
			cmp.Compare(x.cur, y.cur), cmp.Compare(x.mode, y.mode), cmp.Compare(x.flow, y.flow), cmp.Compare(x.risk, y.risk))
	}) {
		d := a.analytics[k]
		if _, err := tx.exec(ctx, sqlUpsertAnalytics, k.day, k.inst, k.op, k.cur, k.mode, k.flow, k.risk, d.n, d.amount); err != nil {
			return err
		}
	}
	a.stats, a.analytics = nil, nil
	return nil
}

const sqlUpsertStats = `INSERT INTO transaction_stats (day, currency, bucket, tx_count, amount_minor, high_risk)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (day, currency, bucket) DO UPDATE SET
		tx_count = transaction_stats.tx_count + excluded.tx_count,
		amount_minor = transaction_stats.amount_minor + excluded.amount_minor,
		high_risk = transaction_stats.high_risk + excluded.high_risk`

const sqlUpsertAnalytics = `INSERT INTO analytics_daily (day, institution_id, operator, currency, transfer_mode, flow_type,
	risk_level, tx_count, amount_minor) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
	ON CONFLICT (day, institution_id, operator, currency, transfer_mode, flow_type, risk_level) DO UPDATE SET
	tx_count = analytics_daily.tx_count + excluded.tx_count, amount_minor = analytics_daily.amount_minor + excluded.amount_minor`
