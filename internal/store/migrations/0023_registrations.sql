-- Self-registrations waiting for their e-mail address to be confirmed (issue 14 finding 2). The
-- account is created only when the link sent to the address is followed, so registration answers
-- the same whether or not the address has an account. Only a SHA-256 of the link's token is kept.
CREATE TABLE registrations (
  id            {{uuid}} PRIMARY KEY,
  email         TEXT NOT NULL,
  first_name    TEXT NOT NULL,
  last_name     TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  token_hash    TEXT NOT NULL UNIQUE,
  expires_at    {{ts}} NOT NULL,
  created_at    {{ts}} NOT NULL
);
CREATE INDEX registrations_email_idx ON registrations (email);
CREATE INDEX registrations_expires_idx ON registrations (expires_at);

-- Registration e-mails are counted per address so that nobody can fill someone's mailbox.
CREATE INDEX notifications_recipient_idx ON notifications (recipient, purpose, created_at);
