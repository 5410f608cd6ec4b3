-- Uploaded objects (logos, profile images): the bytes live in the object store under key; this row
-- records who uploaded them and what they are, so the server never trusts a client-sent path.
CREATE TABLE objects (
  id             {{uuid}} PRIMARY KEY,
  object_key     TEXT NOT NULL UNIQUE,
  owner_id       {{uuid}} NOT NULL REFERENCES users(id),
  kind           TEXT NOT NULL DEFAULT 'upload' CHECK (kind IN ('upload','logo','profile')),
  content_type   TEXT NOT NULL CHECK (content_type IN ('image/png','image/jpeg')),
  size_bytes     BIGINT NOT NULL CHECK (size_bytes > 0),
  original_bytes BIGINT NOT NULL CHECK (original_bytes > 0),
  width          INTEGER NOT NULL,
  height         INTEGER NOT NULL,
  created_at     {{ts}} NOT NULL DEFAULT {{now}}
);
CREATE INDEX objects_owner_idx ON objects (owner_id);

-- A licence is active, suspended or revoked, with the reason for the last change. Suspended and
-- revoked institutions leave the public register and their staff may not submit transactions.
ALTER TABLE psps ADD COLUMN license_status TEXT NOT NULL DEFAULT 'active'
  CHECK (license_status IN ('active','suspended','revoked'));
ALTER TABLE psps ADD COLUMN license_status_reason TEXT;
ALTER TABLE psps ADD COLUMN application_id {{uuid}} REFERENCES institution_applications(id);
ALTER TABLE mnos ADD COLUMN license_status TEXT NOT NULL DEFAULT 'active'
  CHECK (license_status IN ('active','suspended','revoked'));
ALTER TABLE mnos ADD COLUMN license_status_reason TEXT;
ALTER TABLE mnos ADD COLUMN application_id {{uuid}} REFERENCES institution_applications(id);
ALTER TABLE banks ADD COLUMN license_status TEXT NOT NULL DEFAULT 'active'
  CHECK (license_status IN ('active','suspended','revoked'));
ALTER TABLE banks ADD COLUMN license_status_reason TEXT;
ALTER TABLE banks ADD COLUMN application_id {{uuid}} REFERENCES institution_applications(id);

-- One live application per licence number: a second pending, under-review or approved application
-- for the same number is refused by the database itself, whatever the interleaving.
CREATE UNIQUE INDEX institution_applications_live_license_idx ON institution_applications (license_number)
  WHERE status IN ('pending','under_review','approved');
CREATE INDEX transactions_mno_created_idx ON transactions (mno_id, created_at);
