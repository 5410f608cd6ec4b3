-- The alerts queue pages newest first on the server (GET /api/alerts, issue 16): (created_at, id)
-- is its order and its cursor, so a first page reads a page of each alerts table instead of
-- sorting every alert. Alerts are written a few at a time, so the indexes cost the writes little.
CREATE INDEX aml_alerts_page_idx ON aml_alerts (created_at, id);
CREATE INDEX system_alerts_page_idx ON system_alerts (created_at, id);
