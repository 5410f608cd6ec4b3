-- Dual control (issue 14): who created each account and who proposed the privileged role it
-- holds, so that an administrator cannot approve the proposals of whoever made them one; and the
-- queue of account changes that wait for a second administrator.
-- created_by is NULL for accounts made by the server's operator (KORMEER_ADMIN_EMAIL, `kormeer
-- users create`), by the demo data and by self-registration.
ALTER TABLE users ADD COLUMN created_by {{uuid}} REFERENCES users(id);
ALTER TABLE users ADD COLUMN granted_by {{uuid}} REFERENCES users(id);
ALTER TABLE users ADD COLUMN granted_at {{ts}};

-- A proposal: creating a cbsl_admin or cbsl_officer account (the account exists meanwhile as a
-- disabled citizen) or changing an account's role to one of those. payload holds the role asked
-- for. Decided once, by a conditional update, so two approvers racing get one winner.
CREATE TABLE approvals (
  id          {{uuid}} PRIMARY KEY,
  kind        TEXT NOT NULL CHECK (kind IN ('account.create','account.role')),
  target_user {{uuid}} NOT NULL REFERENCES users(id),
  payload     {{json}} NOT NULL,
  status      TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','rejected','cancelled')),
  proposed_by {{uuid}} NOT NULL REFERENCES users(id),
  proposed_at {{ts}} NOT NULL,
  decided_by  {{uuid}} REFERENCES users(id),
  decided_at  {{ts}},
  reason      TEXT
);
CREATE INDEX approvals_status_idx ON approvals (status, proposed_at, id);
CREATE INDEX approvals_proposed_idx ON approvals (proposed_at, id);
-- At most one open proposal per account, so two cannot contradict each other.
CREATE UNIQUE INDEX approvals_one_pending_idx ON approvals (target_user) WHERE status = 'pending';
