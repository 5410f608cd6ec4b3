-- Compliance status with a lifecycle (issue 16, part 5): why and since when each licensed PSP and
-- MNO holds its status and who set it; the history of every change; the findings of completed
-- audits (one of the facts the system proposes a status from); and the proposals a regulator
-- dismissed, so that a dismissed proposal stays away until new facts arrive.
ALTER TABLE psps ADD COLUMN compliance_reason TEXT;
ALTER TABLE psps ADD COLUMN compliance_since {{ts}};
ALTER TABLE psps ADD COLUMN compliance_set_by {{uuid}} REFERENCES users(id);
UPDATE psps SET compliance_since = created_at;
ALTER TABLE mnos ADD COLUMN compliance_reason TEXT;
ALTER TABLE mnos ADD COLUMN compliance_since {{ts}};
ALTER TABLE mnos ADD COLUMN compliance_set_by {{uuid}} REFERENCES users(id);
UPDATE mnos SET compliance_since = created_at;

ALTER TABLE compliance_audits ADD COLUMN findings TEXT;
ALTER TABLE compliance_audits ADD COLUMN completed_at {{ts}};
ALTER TABLE compliance_audits ADD COLUMN completed_by {{uuid}} REFERENCES users(id);

-- source says whether a regulator chose the status or confirmed the system's proposal.
CREATE TABLE compliance_status_changes (
  id               {{uuid}} PRIMARY KEY,
  institution_id   {{uuid}} NOT NULL,
  institution_type TEXT NOT NULL CHECK (institution_type IN ('psp','mno')),
  from_status      TEXT NOT NULL,
  to_status        TEXT NOT NULL CHECK (to_status IN ('compliant','under_review','non_compliant')),
  reason           TEXT NOT NULL,
  source           TEXT NOT NULL CHECK (source IN ('manual','proposal')),
  changed_by       {{uuid}} REFERENCES users(id),
  created_at       {{ts}} NOT NULL
);
CREATE INDEX compliance_status_changes_institution_idx ON compliance_status_changes (institution_id, created_at, id);

CREATE TABLE compliance_proposal_dismissals (
  id               {{uuid}} PRIMARY KEY,
  institution_id   {{uuid}} NOT NULL,
  institution_type TEXT NOT NULL CHECK (institution_type IN ('psp','mno')),
  proposed_status  TEXT NOT NULL,
  reason           TEXT NOT NULL,
  dismissed_by     {{uuid}} REFERENCES users(id),
  created_at       {{ts}} NOT NULL
);
CREATE INDEX compliance_proposal_dismissals_institution_idx ON compliance_proposal_dismissals (institution_id, created_at);

-- The registries page newest first by (created_at, id) (GET /api/psps, /api/mnos).
CREATE INDEX psps_page_idx ON psps (created_at, id);
CREATE INDEX mnos_page_idx ON mnos (created_at, id);
