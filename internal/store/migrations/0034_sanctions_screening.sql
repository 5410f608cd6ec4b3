-- Sanctions screening (issue 20, parts 1 and 4). Every import of a list (the UN consolidated list
-- or the central bank's domestic list) is a new version that keeps its whole parsed content, so
-- every instance can build the same index from the database, and what it added, changed and
-- removed against the previous version of the same list.
CREATE TABLE sanctions_list_versions (
  id          {{uuid}} PRIMARY KEY,
  source      TEXT NOT NULL CHECK (source IN ('un','domestic')),
  version     INTEGER NOT NULL,
  file_name   TEXT NOT NULL DEFAULT '',
  entry_count INTEGER NOT NULL,
  added       INTEGER NOT NULL,
  changed     INTEGER NOT NULL,
  removed     INTEGER NOT NULL,
  -- The parsed entries as JSON (sanctions.Entry), read whole when an instance loads the version.
  entries     TEXT NOT NULL,
  imported_by {{uuid}} REFERENCES users(id),
  imported_at {{ts}} NOT NULL,
  UNIQUE (source, version)
);

CREATE TABLE sanctions_list_changes (
  version_id {{uuid}} NOT NULL REFERENCES sanctions_list_versions(id),
  ref        TEXT NOT NULL,
  change     TEXT NOT NULL CHECK (change IN ('added','changed','removed')),
  name       TEXT NOT NULL,
  PRIMARY KEY (version_id, ref)
);

-- One row per name screened that matched a list entry: on a transaction (sender or recipient), a
-- KYC submission (the applicant) or a licence application (institution or contact person). The
-- explanation is the matcher's sanctions.Match as JSON. A strong match on a transaction held it.
CREATE TABLE sanctions_matches (
  id             {{uuid}} PRIMARY KEY,
  subject_type   TEXT NOT NULL CHECK (subject_type IN ('transaction','kyc','application')),
  subject_id     {{uuid}} NOT NULL,
  subject_ref    TEXT NOT NULL DEFAULT '',
  institution_id {{uuid}},
  party          TEXT NOT NULL,
  screened_name  TEXT NOT NULL,
  name_key       TEXT NOT NULL,
  ref            TEXT NOT NULL,
  entry_hash     TEXT NOT NULL,
  entry_name     TEXT NOT NULL,
  alias          TEXT NOT NULL,
  score          DOUBLE PRECISION NOT NULL,
  strength       TEXT NOT NULL CHECK (strength IN ('strong','possible')),
  explanation    TEXT NOT NULL,
  held           BOOLEAN NOT NULL DEFAULT FALSE,
  alert_id       {{uuid}},
  status         TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open','confirmed','false_positive')),
  decided_by     {{uuid}} REFERENCES users(id),
  decided_at     {{ts}},
  reason         TEXT,
  created_at     {{ts}} NOT NULL
);
CREATE INDEX sanctions_matches_status_idx ON sanctions_matches (status, created_at);
CREATE INDEX sanctions_matches_subject_idx ON sanctions_matches (subject_id);

-- A name and a list entry a regulator dismissed as a false positive. The entry's hash is kept:
-- once the entry changes in a later version, the pair is screened (and may alert) again.
CREATE TABLE sanctions_false_positives (
  name_key   TEXT NOT NULL,
  ref        TEXT NOT NULL,
  entry_hash TEXT NOT NULL,
  match_id   {{uuid}} NOT NULL,
  decided_by {{uuid}} REFERENCES users(id),
  reason     TEXT NOT NULL,
  created_at {{ts}} NOT NULL,
  PRIMARY KEY (name_key, ref)
);
