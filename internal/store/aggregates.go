package store

import (
	"cmp"
	"context"
	"maps"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"time"

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

// aggregateBuckets spreads each day's statistics and analytics rows over several rows on
// PostgreSQL (migrations 0003 and 0016), where concurrent transactions would otherwise queue on
// the few rows a day's transfers share: each holds the row it updated until its commit is on
// disk. Transactions take buckets in turn (aggregateBucket), so as many as there are buckets run
// without waiting on each other; readers add the buckets up, and CompactAggregates folds past
// days back into bucket 0. With 8 random buckets for the statistics and none for the analytics,
// most of PostgreSQL's connections were found waiting on these rows under load
// (docs/PERFORMANCE.md). SQLite has a single writer and keeps bucket 0.
const aggregateBuckets = 32

// bucketTurn starts at a random bucket in each process: instances on one database that all
// started at bucket 1 and took buckets at the same pace would take the same ones at once.
var bucketTurn atomic.Uint32

func init() { bucketTurn.Store(rand.Uint32()) }

func aggregateBucket(d dialect) int {
	if d == dialectSQLite {
		return 0
	}
	return int(bucketTurn.Add(1) % aggregateBuckets)
}

// flush writes the pending deltas in tx and clears them. The rows of one flush share a bucket.
// Rows are written in key order, so two PostgreSQL transactions that touch the same rows lock
// them in the same order and cannot deadlock.
func (a *aggregates) flush(ctx context.Context, tx *Tx) error {
	bucket := aggregateBucket(tx.store.dialect)
	for _, k := range slices.SortedFunc(maps.Keys(a.stats), func(x, y statsKey) int {
		return cmp.Or(cmp.Compare(x.day, y.day), cmp.Compare(x.cur, y.cur))
	}) {
		d := a.stats[k]
		if err := tx.insertLater(ctx, statsRows, k.day, string(k.cur), bucket, d.n, d.amount, d.high); err != nil {
			return err
		}
	}
	for _, k := range slices.SortedFunc(maps.Keys(a.analytics), func(x, y analyticsKey) int {
		return cmp.Or(cmp.Compare(x.day, y.day), cmp.Compare(x.inst, y.inst), cmp.Compare(x.op, y.op),
			cmp.Compare(x.cur, y.cur), cmp.Compare(x.mode, y.mode), cmp.Compare(x.flow, y.flow), cmp.Compare(x.risk, y.risk))
	}) {
		d := a.analytics[k]
		if err := tx.insertLater(ctx, analyticsRows, k.day, k.inst, k.op, k.cur, k.mode, k.flow, k.risk, bucket, d.n, d.amount); err != nil {
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
	risk_level, bucket, tx_count, amount_minor) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
	ON CONFLICT (day, institution_id, operator, currency, transfer_mode, flow_type, risk_level, bucket) DO UPDATE SET
	tx_count = analytics_daily.tx_count + excluded.tx_count, amount_minor = analytics_daily.amount_minor + excluded.amount_minor`

// statsRows and analyticsRows are the upserts for the rows a flush queues (rowsinsert.go). A
// transaction flushes once, at its commit (Tx.commit), and a flush's keys are distinct, so the
// rows merged into one statement never update a row twice (PostgreSQL refuses that); they go in
// key order.
var (
	statsRows     = newRowsInsert(sqlUpsertStats, map[int]string{3: "integer", 4: "bigint", 5: "bigint", 6: "bigint"})
	analyticsRows = newRowsInsert(sqlUpsertAnalytics, map[int]string{8: "integer", 9: "bigint", 10: "bigint"})
)

// CompactAggregates folds the buckets of the days before the given one (UTC) back into bucket 0,
// each table in one statement, so reading a past day costs one row per group again. Only
// PostgreSQL spreads rows over buckets; on SQLite there is nothing to fold. A day still written
// to later (a data feed reporting an old transaction) is folded again on the next run.
func (s *Store) CompactAggregates(ctx context.Context, before time.Time) (err error) {
	defer wrap(&err, "compact aggregates")
	if s.dialect == dialectSQLite {
		return nil
	}
	day := before.UTC().Format("2006-01-02")
	return s.Write(ctx, func(tx *Tx) error {
		for _, q := range []string{sqlCompactStats, sqlCompactAnalytics} {
			if _, err := tx.ExecContext(ctx, q, day); err != nil {
				return err
			}
		}
		return nil
	})
}

// RepackAggregates rewrites the statistics and analytics tables without their dead rows, after a
// bulk load. A bulk load updates each day's rows once per chunk, which leaves PostgreSQL's
// analytics_daily mostly dead rows that a year of charts reads whole (docs/PERFORMANCE.md, "Search,
// metrics and analytics over 10,000,000 transactions: PostgreSQL"). It locks both tables while it
// runs: for the data generator, not for a serving portal, whose autovacuum keeps up with one update
// per transfer. SQLite updates in place: nothing to do.
func (s *Store) RepackAggregates(ctx context.Context) (err error) {
	defer wrap(&err, "repack aggregates")
	if s.dialect == dialectSQLite {
		return nil
	}
	_, err = s.wdb.ExecContext(ctx, `VACUUM (FULL, ANALYZE) transaction_stats, analytics_daily`)
	return err
}

const sqlCompactStats = `WITH moved AS (
		DELETE FROM transaction_stats WHERE day < $1 AND bucket > 0 RETURNING day, currency, tx_count, amount_minor, high_risk)
	INSERT INTO transaction_stats (day, currency, bucket, tx_count, amount_minor, high_risk)
	SELECT day, currency, 0, SUM(tx_count), SUM(amount_minor), SUM(high_risk) FROM moved GROUP BY day, currency
	ON CONFLICT (day, currency, bucket) DO UPDATE SET
		tx_count = transaction_stats.tx_count + excluded.tx_count,
		amount_minor = transaction_stats.amount_minor + excluded.amount_minor,
		high_risk = transaction_stats.high_risk + excluded.high_risk`

const sqlCompactAnalytics = `WITH moved AS (
		DELETE FROM analytics_daily WHERE day < $1 AND bucket > 0
		RETURNING day, institution_id, operator, currency, transfer_mode, flow_type, risk_level, tx_count, amount_minor)
	INSERT INTO analytics_daily (day, institution_id, operator, currency, transfer_mode, flow_type, risk_level, bucket,
		tx_count, amount_minor)
	SELECT day, institution_id, operator, currency, transfer_mode, flow_type, risk_level, 0, SUM(tx_count), SUM(amount_minor)
	FROM moved GROUP BY day, institution_id, operator, currency, transfer_mode, flow_type, risk_level
	ON CONFLICT (day, institution_id, operator, currency, transfer_mode, flow_type, risk_level, bucket) DO UPDATE SET
		tx_count = analytics_daily.tx_count + excluded.tx_count, amount_minor = analytics_daily.amount_minor + excluded.amount_minor`
