package store

import (
	"context"
	"errors"
	"io/fs"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// WriteGrouped lets the contract tests send writes through the transfers' group commit, which
// on PostgreSQL only transfers reach.
func WriteGrouped(s *Store, ctx context.Context, fn func(context.Context, *Tx) error) error {
	return s.writeGrouped(ctx, nil, fn)
}

// AMLHistory lets the benchmarks time the history read every transfer makes.
func AMLHistory(tx *Tx, ctx context.Context, sender string, at time.Time, th domain.AMLThresholds) (domain.AMLHistory, error) {
	return tx.amlHistory(ctx, sender, at, th)
}

// QueuedWrites counts the writes waiting for the writer.
func QueuedWrites(s *Store) int { return len(s.group.queue) }

// ExecLater and FlushGroup let a test queue statements in a group and send them early.
func ExecLater(tx *Tx, ctx context.Context, query string, args ...any) error {
	return tx.execLater(ctx, query, args...)
}

func FlushGroup(tx *Tx, ctx context.Context) error { return tx.flushGroup(ctx) }

// SQLAMLHistory is the hottest statement on PostgreSQL, for the plan-cache test.
const SQLAMLHistory = sqlAMLHistory

// AMLHistoryQuery is the history statement as s's dialect runs it, for the plan tests.
func AMLHistoryQuery(s *Store) string {
	if s.dialect == dialectSQLite {
		return sqlAMLHistorySQLite
	}
	return sqlAMLHistory
}

// SetPostgresConnLifetime shortens how long PostgreSQL connections live, for the plan-cache test.
func SetPostgresConnLifetime(d time.Duration) (restore func()) {
	old := postgresConnLifetime
	postgresConnLifetime = d
	return func() { postgresConnLifetime = old }
}

// SetReadCacheTTL lets a test keep cached reads for longer than the default, so that only an
// invalidation can make them stale.
func SetReadCacheTTL(s *Store, ttl time.Duration) { s.cache.ttl = ttl }

// KYCRiskBackfill is migration 0029's statement that gives existing KYC applications their risk
// level, in s's dialect, for the test that holds it to domain.KYCRisk.
func KYCRiskBackfill(s *Store) (string, error) {
	b, err := migrationFS.ReadFile("migrations/0029_kyc_risk.sql")
	if err != nil {
		return "", err
	}
	sql := string(b)
	at := strings.Index(sql, "UPDATE kyc_applications SET risk")
	if at < 0 {
		return "", errors.New("0029 has no backfill")
	}
	return s.dialect.ddlTokens().Replace(sql[at:]), nil
}

// AlertCodesBackfill is migration 0036's statements that give existing alerts their code and
// params and existing log rows their reason, in s's dialect, one statement each.
func AlertCodesBackfill(s *Store) ([]string, error) {
	return backfill(s, "0036_alert_codes", "UPDATE aml_alerts SET code")
}

// SeverityBackfill is migration 0038's statements that give existing alerts their stored
// severity and rank, in s's dialect, one statement each.
func SeverityBackfill(s *Store) ([]string, error) {
	return backfill(s, "0038_alert_severity_rank", "UPDATE aml_alerts SET severity_rank")
}

// backfill is a migration's statements from the first that starts with marker, in s's dialect
// (the dialect's own file, else the file both dialects share).
func backfill(s *Store, migration, marker string) ([]string, error) {
	name := "migrations/" + migration + ".sqlite.sql"
	if s.dialect == dialectPostgres {
		name = "migrations/" + migration + ".postgres.sql"
	}
	b, err := migrationFS.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		b, err = migrationFS.ReadFile("migrations/" + migration + ".sql")
	}
	if err != nil {
		return nil, err
	}
	sql := string(b)
	at := strings.Index(sql, marker)
	if at < 0 {
		return nil, errors.New(migration + " has no backfill")
	}
	var out []string
	for _, st := range strings.Split(sql[at:], ";\n") {
		if st = strings.TrimSpace(st); st != "" {
			out = append(out, st)
		}
	}
	return out, nil
}

// SetHistoryVacuumLag changes how many inserts KeepHistoryVisible lets pass before it vacuums.
func SetHistoryVacuumLag(n int64) (restore func()) {
	old := historyVacuumLag
	historyVacuumLag = n
	return func() { historyVacuumLag = old }
}

// PlannedAnalyses are the statements RefreshStatistics would run on SQLite, each in a pause of
// the writer of its own.
func PlannedAnalyses(s *Store, ctx context.Context) ([]string, error) { return s.plannedAnalyses(ctx) }

// AnalyzeSQLite refreshes SQLite's statistics as RefreshStatistics does, calling after between
// two analyses instead of waiting.
func AnalyzeSQLite(s *Store, ctx context.Context, after func(held time.Duration) error) error {
	return s.analyzeSQLite(ctx, after)
}
