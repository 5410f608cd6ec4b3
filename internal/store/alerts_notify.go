package store

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/kormeer/kormeer/internal/domain"
)

// alertChannel is the PostgreSQL notification channel that carries committed alerts to every
// kormeer instance on the database.
const alertChannel = "kormeer_alerts"

// writeChannel tells every instance that a Write committed, so their cached reads go stale
// (readcache.go). The notification is sent with the commit; PostgreSQL folds identical
// notifications of one transaction into one.
const writeChannel = "kormeer_writes"

const sqlNotifyWrite = `SELECT pg_notify('` + writeChannel + `', '')`

// SetAlertSink names the function that receives every alert once it is committed. On SQLite (one
// instance) the store calls it after the commit; on PostgreSQL the alert travels as a
// notification sent inside the transaction, which the database delivers only on commit, and
// ListenAlerts hands each one to the sink, on every instance alike.
func (s *Store) SetAlertSink(sink func(domain.AlertEvent)) { s.alertSink = sink }

// announce arranges for a stored alert to reach the sink once tx commits. On PostgreSQL run sends
// the notification: at once (execNow) or with the commit (execLater), delivered on commit alike.
func (tx *Tx) announce(ctx context.Context, run func(context.Context, string, ...any) error, a domain.AlertEvent) error {
	if tx.store.dialect == dialectPostgres {
		payload, err := json.Marshal(a)
		if err != nil {
			return err
		}
		return run(ctx, `SELECT pg_notify($1, $2)`, alertChannel, string(payload))
	}
	if sink := tx.store.alertSink; sink != nil {
		tx.afterCommit = append(tx.afterCommit, func() { sink(a) })
	}
	return nil
}

// AlertsReady is closed once this instance receives other instances' alerts: at once on SQLite,
// after the first LISTEN on PostgreSQL.
func (s *Store) AlertsReady() <-chan struct{} {
	if s.dialect != dialectPostgres {
		s.listenOnce1.Do(func() { close(s.listening) })
	}
	return s.listening
}

// ListenAlerts delivers the alerts committed by any instance to the sink, and tells the read
// cache of every other instance's Write (readcache.go), until ctx ends, reconnecting with backoff
// when the connection drops. It does nothing on SQLite.
func (s *Store) ListenAlerts(ctx context.Context, log *slog.Logger) {
	if s.dialect != dialectPostgres {
		return
	}
	backoff := time.Second
	for ctx.Err() == nil {
		err := s.listenOnce(ctx)
		if ctx.Err() != nil {
			return
		}
		log.Warn("alert listener disconnected; reconnecting", "err", err, "in", backoff)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, 30*time.Second)
	}
}

func (s *Store) listenOnce(ctx context.Context) error {
	conn, err := pgx.Connect(ctx, s.url)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+alertChannel+"; LISTEN "+writeChannel); err != nil {
		return err
	}
	s.cache.invalidate() // writes made while the listener was away went unheard
	s.listenOnce1.Do(func() { close(s.listening) })
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if n.Channel == writeChannel {
			s.cache.invalidate()
			continue
		}
		var a domain.AlertEvent
		if s.alertSink == nil || json.Unmarshal([]byte(n.Payload), &a) != nil {
			continue
		}
		s.alertSink(a)
	}
}
