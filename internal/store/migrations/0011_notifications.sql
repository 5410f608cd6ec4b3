-- The notification outbox: a message is stored in the same transaction as what caused it, and a
-- background worker delivers it by e-mail or SMS with retries. The body is sealed with a server
-- key (it may carry an access code) and erased once delivered.
CREATE TABLE notifications (
  id              {{uuid}} PRIMARY KEY,
  channel         TEXT NOT NULL CHECK (channel IN ('email','sms')),
  recipient       TEXT NOT NULL,
  subject         TEXT NOT NULL DEFAULT '',
  sealed_body     TEXT,
  purpose         TEXT NOT NULL,
  status          TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','sent','logged','failed')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at {{ts}} NOT NULL,
  last_error      TEXT,
  sent_at         {{ts}},
  created_at      {{ts}} NOT NULL DEFAULT {{now}}
);
CREATE INDEX notifications_due_idx ON notifications (status, next_attempt_at);
