-- The analytics rows gain the bucket column of PostgreSQL's (see the .postgres.sql step), so
-- both databases run one statement. SQLite has a single writer and keeps every row in bucket 0.
-- It cannot change a primary key in place, so the table is rebuilt (a few rows a day).
CREATE TABLE analytics_daily_new (
  day            TEXT NOT NULL,
  institution_id TEXT NOT NULL DEFAULT '',
  operator       TEXT NOT NULL DEFAULT '',
  currency       TEXT NOT NULL,
  transfer_mode  TEXT NOT NULL,
  flow_type      TEXT NOT NULL DEFAULT '',
  risk_level     TEXT NOT NULL,
  bucket         INTEGER NOT NULL DEFAULT 0,
  tx_count       BIGINT NOT NULL DEFAULT 0,
  amount_minor   BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (day, institution_id, operator, currency, transfer_mode, flow_type, risk_level, bucket)
);
INSERT INTO analytics_daily_new (day, institution_id, operator, currency, transfer_mode, flow_type, risk_level, tx_count, amount_minor)
  SELECT day, institution_id, operator, currency, transfer_mode, flow_type, risk_level, tx_count, amount_minor FROM analytics_daily;
DROP TABLE analytics_daily;
ALTER TABLE analytics_daily_new RENAME TO analytics_daily;
