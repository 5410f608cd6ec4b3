-- The audit trail becomes a hash chain (auditchain.go): each row carries its place in the chain
-- (seq) and a SHA-256 over its content and the previous row's hash. audit_chain holds the head,
-- so the last rows cannot be deleted unnoticed either; writers lock it to append, which keeps
-- the chain whole under concurrent transactions and several instances. Rows written before this
-- migration are chained by the portal at start (SealAuditBacklog). A trigger refuses UPDATE,
-- DELETE and TRUNCATE on audit_logs; an insider who gets round it is caught by
-- `kormeer audit verify`.
ALTER TABLE audit_logs ADD COLUMN seq BIGINT;
ALTER TABLE audit_logs ADD COLUMN hash TEXT;
CREATE UNIQUE INDEX audit_logs_seq_idx ON audit_logs (seq);
CREATE INDEX audit_logs_action_seq_idx ON audit_logs (action, seq);
CREATE INDEX audit_logs_user_seq_idx ON audit_logs (user_id, seq);
CREATE INDEX audit_logs_resource_seq_idx ON audit_logs (resource, resource_id, seq);
DROP INDEX audit_logs_user_idx;
DROP INDEX audit_logs_resource_idx;

CREATE TABLE audit_chain (
  id         INTEGER PRIMARY KEY CHECK (id = 1),
  seq        BIGINT NOT NULL,
  hash       TEXT NOT NULL,
  -- backlog_sealed: the rows written before this migration have been chained (SealAuditBacklog);
  -- from then on a row outside the chain can only have been written around the portal.
  backlog_sealed BOOLEAN NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL
);
INSERT INTO audit_chain (id, seq, hash, backlog_sealed, updated_at)
  VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000',
    (SELECT COUNT(*) = 0 FROM audit_logs), now());

-- The only update allowed is chaining a row written before the chain existed.
CREATE FUNCTION audit_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.seq IS NULL
     AND (NEW.id, NEW.user_id, NEW.action, NEW.resource, NEW.resource_id, NEW.details,
          NEW.ip_address, NEW.user_agent, NEW.created_at)
         IS NOT DISTINCT FROM
         (OLD.id, OLD.user_id, OLD.action, OLD.resource, OLD.resource_id, OLD.details,
          OLD.ip_address, OLD.user_agent, OLD.created_at) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_logs is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_logs_append_only BEFORE UPDATE OR DELETE ON audit_logs
  FOR EACH ROW EXECUTE FUNCTION audit_logs_append_only();
CREATE TRIGGER audit_logs_no_truncate BEFORE TRUNCATE ON audit_logs
  FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_append_only();
