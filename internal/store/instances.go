package store

import (
	"context"
	"database/sql"
	"time"
)

// Heartbeat records that this instance is alive.
func (s *Store) Heartbeat(ctx context.Context, id, hostname string, started time.Time) (err error) {
	defer wrap(&err, "heartbeat")
	return s.Write(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO instances (id, hostname, started_at, last_seen) VALUES ($1, $2, $3, $4)
			ON CONFLICT (id) DO UPDATE SET last_seen = excluded.last_seen`, id, hostname, ts(started), ts(tx.now))
		if err != nil {
			return err
		}
		// Forget instances gone for a day, so the total means "recently part of the deployment".
		_, err = tx.ExecContext(ctx, `DELETE FROM instances WHERE last_seen < $1`, ts(tx.now.Add(-24*time.Hour)))
		return err
	})
}

// Instances counts the instances seen within healthyWithin (healthy) and within the last ten
// minutes (total). SQLite allows one instance, so there it is always 1 of 1.
func (s *Store) Instances(ctx context.Context, healthyWithin time.Duration) (healthy, total int, err error) {
	defer wrap(&err, "read instances")
	if s.dialect == dialectSQLite {
		return 1, 1, nil
	}
	now := s.Now()
	err = s.db.QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM instances WHERE last_seen > $1), (SELECT COUNT(*) FROM instances WHERE last_seen > $2)`,
		ts(now.Add(-healthyWithin)), ts(now.Add(-10*time.Minute))).Scan(&healthy, &total)
	return healthy, total, err
}

// RemoveInstance forgets an instance that shuts down cleanly, so it does not count as unhealthy.
func (s *Store) RemoveInstance(ctx context.Context, id string) (err error) {
	defer wrap(&err, "remove instance")
	return s.Write(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM instances WHERE id = $1`, id)
		return err
	})
}

// Pool describes a connection pool for the metrics screen.
type Pool struct {
	Name               string
	Size, Active, Idle int
	Type               string
}

// Pools reports the database connection pools.
func (s *Store) Pools() []Pool {
	stat := func(name, kind string, db *sql.DB) Pool {
		st := db.Stats()
		return Pool{Name: name, Size: st.MaxOpenConnections, Active: st.InUse, Idle: st.Idle, Type: kind}
	}
	if s.dialect == dialectPostgres {
		return []Pool{stat("postgresql-primary", "postgresql", s.db)}
	}
	return []Pool{stat("sqlite-readers", "sqlite", s.db), stat("sqlite-writer", "sqlite", s.wdb)}
}

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) (err error) {
	defer wrap(&err, "ping")
	return s.db.PingContext(ctx)
}
