-- Second factor (TOTP, RFC 6238) and its recovery codes, and the sign-ins waiting for a code.
-- secret is sealed with AES-256-GCM under the server's totp key and bound to the account; a row
-- whose enabled_at is NULL is an enrolment waiting for its first code. last_step is the last
-- time step accepted, so that each code works once.
CREATE TABLE user_totp (
  user_id    {{uuid}} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  secret     TEXT NOT NULL,
  enabled_at {{ts}},
  last_step  BIGINT NOT NULL DEFAULT 0,
  created_at {{ts}} NOT NULL
);

-- One-time recovery codes, stored only as HMAC-SHA256 under the same key; used_at marks a used one.
CREATE TABLE recovery_codes (
  user_id   {{uuid}} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  used_at   {{ts}},
  PRIMARY KEY (user_id, code_hash)
);

-- A sign-in whose password was right and which waits for the second factor. id is the SHA-256
-- of the challenge the client holds, so a database reader cannot complete someone's sign-in.
CREATE TABLE login_challenges (
  id         TEXT PRIMARY KEY,
  user_id    {{uuid}} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  login      TEXT NOT NULL,
  guest_only BOOLEAN NOT NULL DEFAULT FALSE,
  failures   INTEGER NOT NULL DEFAULT 0,
  expires_at {{ts}} NOT NULL
);
CREATE INDEX login_challenges_expires_idx ON login_challenges (expires_at);
