-- Daily aggregates for the Analytics screen, maintained in the same transaction as each insert
-- so charts never scan the transactions table: one row per day, reporting institution,
-- operator, currency, channel, flow and risk level.
CREATE TABLE analytics_daily (
  day            TEXT NOT NULL,
  institution_id TEXT NOT NULL DEFAULT '',
  operator       TEXT NOT NULL DEFAULT '',
  currency       TEXT NOT NULL,
  transfer_mode  TEXT NOT NULL,
  flow_type      TEXT NOT NULL DEFAULT '',
  risk_level     TEXT NOT NULL,
  tx_count       BIGINT NOT NULL DEFAULT 0,
  amount_minor   BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (day, institution_id, operator, currency, transfer_mode, flow_type, risk_level)
);
INSERT INTO analytics_daily (day, institution_id, operator, currency, transfer_mode, flow_type, risk_level, tx_count, amount_minor)
  SELECT {{day:created_at}}, COALESCE(CAST(institution_id AS TEXT), ''), COALESCE(sender_institution, ''), currency,
    transfer_mode, COALESCE(flow_type, ''), risk_level, COUNT(*), SUM(amount_minor)
  FROM transactions
  GROUP BY {{day:created_at}}, COALESCE(CAST(institution_id AS TEXT), ''), COALESCE(sender_institution, ''), currency,
    transfer_mode, COALESCE(flow_type, ''), risk_level;
