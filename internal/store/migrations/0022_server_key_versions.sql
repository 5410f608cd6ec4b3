-- Server keys get versions, so each can rotate without downtime, and a stored form that says
-- whether the key is sealed by a master key from outside ("sealed:…") or kept in clear
-- ("plain:…"; internal/secrets). The keys of server_keys become version 1, in clear, and are
-- sealed at the next start that has a master key; server_keys keeps only the run-once markers
-- of store.Once ("once:…"), which are not secret. Access codes no longer keep any of their
-- characters: the table shows how a code was delivered instead.
CREATE TABLE server_key_versions (
  name        TEXT NOT NULL,
  seq         INTEGER NOT NULL CHECK (seq >= 1),
  value       TEXT NOT NULL,
  active_from {{ts}} NOT NULL,
  retire_at   {{ts}},
  created_at  {{ts}} NOT NULL DEFAULT {{now}},
  PRIMARY KEY (name, seq)
);
INSERT INTO server_key_versions (name, seq, value, active_from, created_at)
  SELECT name, 1, 'plain:' || value, created_at, created_at FROM server_keys WHERE name NOT LIKE 'once:%';
DELETE FROM server_keys WHERE name NOT LIKE 'once:%';

ALTER TABLE access_codes DROP COLUMN code_hint;
ALTER TABLE access_codes ADD COLUMN delivery TEXT;
