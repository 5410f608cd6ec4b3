-- The audit trail becomes a hash chain (auditchain.go): each row carries its place in the chain
-- (seq) and a SHA-256 over its content and the previous row's hash. audit_chain holds the head,
-- so the last rows cannot be deleted unnoticed either. Rows written before this migration are
-- chained by the portal at its next start (SealAuditBacklog), once. Triggers refuse edits and deletes from the
-- application's connection; an insider who drops them is caught by `kormeer audit verify`.
ALTER TABLE audit_logs ADD COLUMN seq INTEGER;
ALTER TABLE audit_logs ADD COLUMN hash TEXT;
CREATE UNIQUE INDEX audit_logs_seq_idx ON audit_logs (seq);
CREATE INDEX audit_logs_action_seq_idx ON audit_logs (action, seq);
CREATE INDEX audit_logs_user_seq_idx ON audit_logs (user_id, seq);
CREATE INDEX audit_logs_resource_seq_idx ON audit_logs (resource, resource_id, seq);
DROP INDEX audit_logs_user_idx;
DROP INDEX audit_logs_resource_idx;

CREATE TABLE audit_chain (
  id         INTEGER PRIMARY KEY CHECK (id = 1),
  seq        INTEGER NOT NULL,
  hash       TEXT NOT NULL,
  -- backlog_sealed: the rows written before this migration have been chained (SealAuditBacklog);
  -- from then on a row outside the chain can only have been written around the portal.
  backlog_sealed BOOLEAN NOT NULL,
  updated_at TEXT NOT NULL
);
INSERT INTO audit_chain (id, seq, hash, backlog_sealed, updated_at)
  VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000',
    (SELECT COUNT(*) = 0 FROM audit_logs), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));

CREATE TRIGGER audit_logs_no_delete BEFORE DELETE ON audit_logs
BEGIN
  SELECT RAISE(ABORT, 'audit_logs is append-only');
END;

-- The only update allowed is chaining a row written before the chain existed.
CREATE TRIGGER audit_logs_no_update BEFORE UPDATE ON audit_logs
WHEN OLD.seq IS NOT NULL
  OR NEW.id IS NOT OLD.id OR NEW.user_id IS NOT OLD.user_id OR NEW.action IS NOT OLD.action
  OR NEW.resource IS NOT OLD.resource OR NEW.resource_id IS NOT OLD.resource_id
  OR NEW.details IS NOT OLD.details OR NEW.ip_address IS NOT OLD.ip_address
  OR NEW.user_agent IS NOT OLD.user_agent OR NEW.created_at IS NOT OLD.created_at
BEGIN
  SELECT RAISE(ABORT, 'audit_logs is append-only');
END;
