-- Each alert keeps the severity the alerts list shows and that severity's rank in the queue's
-- severity order, both computed once in Go when the alert is written (domain.SeverityRank,
-- domain.NoticeSeverity) instead of by a CASE on every read. Existing rows are backfilled here
-- with the same mapping. The statements are the same on SQLite and PostgreSQL.
ALTER TABLE aml_alerts ADD COLUMN severity_rank INTEGER NOT NULL DEFAULT 0;
ALTER TABLE system_alerts ADD COLUMN severity TEXT NOT NULL DEFAULT 'low' CHECK (severity IN ('low','medium','critical'));
ALTER TABLE system_alerts ADD COLUMN severity_rank INTEGER NOT NULL DEFAULT 0;
UPDATE aml_alerts SET severity_rank = CASE severity WHEN 'critical' THEN 3 WHEN 'high' THEN 2 WHEN 'medium' THEN 1 ELSE 0 END;
UPDATE system_alerts SET severity = CASE alert_type WHEN 'critical' THEN 'critical' WHEN 'warning' THEN 'medium' ELSE 'low' END;
UPDATE system_alerts SET severity_rank = CASE severity WHEN 'critical' THEN 3 WHEN 'medium' THEN 1 ELSE 0 END;
