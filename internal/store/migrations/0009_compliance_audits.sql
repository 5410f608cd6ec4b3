-- Compliance audits the central bank schedules at an institution (the compliance page's
-- "Schedule Compliance Audit"); the institution's staff are told by a system alert.
CREATE TABLE compliance_audits (
  id               {{uuid}} PRIMARY KEY,
  institution_id   {{uuid}} NOT NULL,
  institution_type TEXT NOT NULL CHECK (institution_type IN ('psp','mno')),
  institution_name TEXT NOT NULL,
  scheduled_for    TEXT NOT NULL,
  scope            TEXT NOT NULL,
  status           TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled','completed','cancelled')),
  created_by       {{uuid}} REFERENCES users(id),
  created_at       {{ts}} NOT NULL DEFAULT {{now}}
);
CREATE INDEX compliance_audits_institution_idx ON compliance_audits (institution_id, scheduled_for);
