-- Concurrent PostgreSQL transactions that count transfers of the same day, institution, operator
-- and risk level waited on one analytics_daily row each until the other committed. Like
-- transaction_stats (0003), each group is now spread over a few bucket rows; readers add them up.
CREATE TABLE analytics_daily_buckets (
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
INSERT INTO analytics_daily_buckets (day, institution_id, operator, currency, transfer_mode, flow_type, risk_level,
    bucket, tx_count, amount_minor)
  SELECT day, institution_id, operator, currency, transfer_mode, flow_type, risk_level, 0, tx_count, amount_minor
  FROM analytics_daily;
DROP TABLE analytics_daily;
ALTER TABLE analytics_daily_buckets RENAME TO analytics_daily;
