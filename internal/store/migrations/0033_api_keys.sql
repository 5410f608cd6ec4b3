-- API keys for institutions' machines (issue 18): a named key with scopes, acting for one
-- institution. Only the SHA-256 of the key's secret is kept; the key is shown once. A key acts
-- with its creator's account restricted to its institution and scopes, and stops with a revocation
-- or when its creator's account is deactivated (docs/API.md, API keys).
CREATE TABLE api_keys (
  id             {{uuid}} PRIMARY KEY,
  name           TEXT NOT NULL,
  institution_id TEXT NOT NULL,
  secret_hash    TEXT NOT NULL,
  scopes         TEXT NOT NULL,
  created_by     {{uuid}} NOT NULL REFERENCES users(id),
  created_at     {{ts}} NOT NULL,
  last_used_at   {{ts}},
  revoked_at     {{ts}},
  revoked_by     {{uuid}} REFERENCES users(id)
);
CREATE INDEX api_keys_institution_idx ON api_keys (institution_id, created_at);
