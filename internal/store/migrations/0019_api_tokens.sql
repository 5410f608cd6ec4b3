-- Every API token issued (issue 14, finding 8). A Bearer request is accepted only while its
-- token's row is here, unrevoked and unexpired (read in the same query as the account), so that
-- signing out, or revoking a token in Settings, stops it before its expiry. session_ref names the
-- browser session started by the same sign-in (a prefix of its id, as audit rows name sessions),
-- so that ending that session revokes the token too. token_version is the account's at issue: a
-- password change or a disabled account voids older tokens, and the list shows them as revoked.
-- Rows are swept a day after they expire.
CREATE TABLE api_tokens (
  id            {{uuid}} PRIMARY KEY,
  user_id       {{uuid}} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_ref   TEXT,
  token_version INTEGER NOT NULL,
  ip_address    TEXT,
  user_agent    TEXT,
  issued_at     {{ts}} NOT NULL,
  expires_at    {{ts}} NOT NULL,
  revoked_at    {{ts}}
);
CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, issued_at);
CREATE INDEX api_tokens_expires_idx ON api_tokens (expires_at);
