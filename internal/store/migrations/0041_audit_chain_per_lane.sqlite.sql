-- One audit chain per writer lane on PostgreSQL (auditchain.go, and the PostgreSQL step of this
-- migration). SQLite has one writer and keeps one chain: its rows leave chain and link empty,
-- which means chain 1 at the position of seq, and the head's link follows its seq.
ALTER TABLE audit_logs ADD COLUMN chain INTEGER;
ALTER TABLE audit_logs ADD COLUMN link INTEGER;
ALTER TABLE audit_chain ADD COLUMN link INTEGER;
UPDATE audit_chain SET link = seq;
