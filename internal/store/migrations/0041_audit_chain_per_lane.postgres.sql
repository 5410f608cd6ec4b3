-- One audit chain per writer lane (auditchain.go). Every transaction that wrote audit rows took
-- the single chain head's row lock and held it through its commit's flush to disk, so the commits
-- of the four transfer lanes, and of every instance, passed one at a time, one flush each
-- (docs/PERFORMANCE.md, "Sixteenth session"). Chain 1 goes on with the rows already written and
-- takes every write outside the lanes; chains 2 to 5 take the lanes' groups of transfers. A row
-- names its chain and its position in it (link); seq stays the trail's order for reading, now
-- drawn from a sequence, since the chains no longer share one counter. A row written before this
-- migration has neither: it is in chain 1 at the position of its seq.
ALTER TABLE audit_logs ADD COLUMN chain INTEGER;
ALTER TABLE audit_logs ADD COLUMN link BIGINT;
ALTER TABLE audit_logs
  ALTER COLUMN chain SET STATISTICS 0,
  ALTER COLUMN link SET STATISTICS 0;

ALTER TABLE audit_chain DROP CONSTRAINT audit_chain_id_check;
ALTER TABLE audit_chain ADD CONSTRAINT audit_chain_id_check CHECK (id BETWEEN 1 AND 5);
ALTER TABLE audit_chain ADD COLUMN link BIGINT NOT NULL DEFAULT 0;
UPDATE audit_chain SET link = seq;
INSERT INTO audit_chain (id, seq, link, hash, backlog_sealed, updated_at)
  SELECT n, 0, 0, '0000000000000000000000000000000000000000000000000000000000000000', TRUE, now()
  FROM generate_series(2, 5) AS n;

CREATE SEQUENCE audit_logs_seq;
SELECT setval('audit_logs_seq', GREATEST(m, 1), m > 0)
  FROM (SELECT COALESCE(MAX(seq), 0) AS m FROM audit_logs) AS last;

-- A portal older than this migration, still running during a rolling upgrade, would go on
-- numbering chain 1's rows itself (seq + 1, without a link), taking numbers the sequence hands
-- out later and forking chain 1 for good. Its audited writes are refused instead, whole, until it
-- is replaced (docs/DEPLOYMENT.md, "Upgrades").
CREATE FUNCTION audit_logs_refuse_unlinked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'this portal is older than the audit trail''s chains (migration 0041): replace it with the new version'
    USING ERRCODE = 'feature_not_supported';
END
$$;
CREATE TRIGGER audit_logs_refuse_unlinked BEFORE INSERT ON audit_logs
  FOR EACH ROW WHEN (NEW.seq IS NOT NULL AND NEW.link IS NULL) EXECUTE FUNCTION audit_logs_refuse_unlinked();
