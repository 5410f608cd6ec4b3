-- Versions of the AML thresholds and weights. A version is proposed by one regulator and takes
-- effect only when a different cbsl_admin approves it (maker-checker); every version is kept,
-- and transactions record the version that scored them (transactions.aml_rule_version).
CREATE TABLE aml_rule_sets (
  version     INTEGER PRIMARY KEY,
  thresholds  {{json}} NOT NULL,
  status      TEXT NOT NULL CHECK (status IN ('proposed','active','rejected','superseded')),
  note        TEXT,
  proposed_by {{uuid}} REFERENCES users(id),
  proposed_at {{ts}} NOT NULL,
  decided_by  {{uuid}} REFERENCES users(id),
  decided_at  {{ts}},
  decision_note TEXT
);
