package store

import (
	"context"
	"database/sql"
	"time"
)

// Notification is a message in the outbox.
type Notification struct {
	ID         string
	Channel    string // email or sms
	Recipient  string
	Subject    string
	SealedBody string // the body sealed with the outbox key; erased once delivered
	Purpose    string
	Status     string
	Attempts   int
	LastError  string
	SentAt     time.Time
	CreatedAt  time.Time
}

// Enqueue adds a message to the outbox inside the transaction that caused it.
func (tx *Tx) Enqueue(ctx context.Context, n *Notification) (err error) {
	defer wrap(&err, "enqueue")
	n.ID, n.Status, n.CreatedAt = NewID(), "pending", tx.now
	_, err = tx.ExecContext(ctx, `INSERT INTO notifications (id, channel, recipient, subject, sealed_body, purpose, status,
		attempts, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, 'pending', 0, $7, $7)`,
		n.ID, n.Channel, n.Recipient, n.Subject, n.SealedBody, n.Purpose, ts(tx.now))
	return err
}

// DueNotifications returns pending messages whose next attempt is due, oldest first.
func (s *Store) DueNotifications(ctx context.Context, limit int) (_ []*Notification, err error) {
	defer wrap(&err, "read due notifications")
	rows, err := s.db.QueryContext(ctx, `SELECT `+notificationDue+`
		FROM notifications WHERE status = 'pending' AND next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT $2`, ts(s.Now()), limit)
	if err != nil {
		return nil, err
	}
	return scanDue(rows)
}

// ClaimDueNotifications takes up to limit due messages for one delivery attempt: the same
// statement moves their next attempt lease ahead, so the worker of another instance (or a second
// round of this one) does not take them too and deliver them again. A message whose attempt ends
// without an outcome recorded (the process stopped) is due again after the lease. On PostgreSQL a
// worker that reaches a row another is claiming waits for that claim and then, re-reading the
// row, finds it no longer due.
func (s *Store) ClaimDueNotifications(ctx context.Context, limit int, lease time.Duration) (_ []*Notification, err error) {
	defer wrap(&err, "claim due notifications")
	var out []*Notification
	err = s.Write(ctx, func(tx *Tx) error {
		rows, err := tx.QueryContext(ctx, `UPDATE notifications SET next_attempt_at = $3
			WHERE status = 'pending' AND next_attempt_at <= $1 AND id IN (SELECT id FROM notifications
				WHERE status = 'pending' AND next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT $2)
			RETURNING `+notificationDue, ts(tx.now), limit, ts(tx.now.Add(lease)))
		if err != nil {
			return err
		}
		out, err = scanDue(rows)
		return err
	})
	return out, err
}

// notificationDue is what a delivery reads of a message.
const notificationDue = `id, channel, recipient, subject, COALESCE(sealed_body, ''), purpose, attempts`

func scanDue(rows *sql.Rows) ([]*Notification, error) {
	defer rows.Close()
	var out []*Notification
	for rows.Next() {
		var n Notification
		if err := rows.Scan(&n.ID, &n.Channel, &n.Recipient, &n.Subject, &n.SealedBody, &n.Purpose, &n.Attempts); err != nil {
			return nil, err
		}
		out = append(out, &n)
	}
	return out, rows.Err()
}

// MarkDelivered records a delivery (status sent, or logged when no transport is configured) and
// erases the body. It only moves a pending message, so two workers never both deliver.
func (s *Store) MarkDelivered(ctx context.Context, id, status string) (err error) {
	defer wrap(&err, "mark delivered")
	return s.Write(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE notifications SET status = $2, sealed_body = NULL, sent_at = $3,
			attempts = attempts + 1 WHERE id = $1 AND status = 'pending'`, id, status, ts(tx.now))
		return err
	})
}

// MarkAttemptFailed records a failed delivery: retried at next, or failed for good when final.
func (s *Store) MarkAttemptFailed(ctx context.Context, id, reason string, next time.Time, final bool) (err error) {
	defer wrap(&err, "mark attempt failed")
	return s.Write(ctx, func(tx *Tx) error {
		status, body := "pending", "sealed_body"
		if final {
			status, body = "failed", "NULL"
		}
		_, err := tx.ExecContext(ctx, `UPDATE notifications SET status = $2, attempts = attempts + 1, last_error = $3,
			next_attempt_at = $4, sealed_body = `+body+` WHERE id = $1 AND status = 'pending'`, id, status, truncate(reason, 500), ts(next))
		return err
	})
}

// NotificationFilter selects outbox entries; empty fields do not filter.
type NotificationFilter struct {
	Status  string
	Channel string
}

func (f NotificationFilter) where() listWhere {
	var w listWhere
	w.eq("status", f.Status)
	w.eq("channel", f.Channel)
	return w
}

// notificationList reads the outbox for administrators (bodies are never listed).
var notificationList = pagedList[*Notification]{from: "notifications", created: "created_at", id: "id",
	columns: `id, channel, recipient, subject, purpose, status, attempts, COALESCE(last_error, ''), sent_at, created_at`,
	scan: func(r rowScanner) (*Notification, error) {
		var n Notification
		err := r.Scan(&n.ID, &n.Channel, &n.Recipient, &n.Subject, &n.Purpose, &n.Status, &n.Attempts, &n.LastError,
			scanTime(&n.SentAt), scanTime(&n.CreatedAt))
		return &n, err
	},
	cursorOf: func(n *Notification) *Cursor { return &Cursor{CreatedAt: n.CreatedAt, ID: n.ID} }}

// NotificationsPage returns one page of the outbox entries matching f, newest first, after the cursor.
func (s *Store) NotificationsPage(ctx context.Context, f NotificationFilter, after *Cursor, limit int) (_ *Page[*Notification], err error) {
	defer wrap(&err, "read notifications page")
	return notificationList.page(ctx, s, f.where(), after, limit)
}

// CountNotifications counts the outbox entries matching f up to countCap; capped reports that there are more.
func (s *Store) CountNotifications(ctx context.Context, f NotificationFilter) (n int, capped bool, err error) {
	defer wrap(&err, "count notifications")
	return notificationList.count(ctx, s, f.where())
}

// PendingNotifications counts the outbox's pending messages (the metrics screen's queue depth).
func (s *Store) PendingNotifications(ctx context.Context) (_ int, err error) {
	defer wrap(&err, "read pending notifications")
	var n int
	err = s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM notifications WHERE status = 'pending'`).Scan(&n)
	return n, err
}
