-- The AML rules read a sender's recent history on every transfer: these keep that an index range.
CREATE INDEX transactions_sender_created_idx ON transactions (sender, created_at);
CREATE INDEX transactions_recipient_created_idx ON transactions (recipient, created_at);

-- Headline figures maintained as transactions arrive, so GET /api/metrics never scans the
-- transactions table. Each day and currency is spread over a few buckets so that concurrent
-- writers on PostgreSQL rarely wait on the same row; readers add the buckets up.
CREATE TABLE transaction_stats (
  day          TEXT NOT NULL,
  currency     TEXT NOT NULL CHECK (currency IN ('SHS','USD')),
  bucket       INTEGER NOT NULL,
  tx_count     BIGINT NOT NULL DEFAULT 0,
  amount_minor BIGINT NOT NULL DEFAULT 0,
  high_risk    BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (day, currency, bucket)
);
INSERT INTO transaction_stats (day, currency, bucket, tx_count, amount_minor, high_risk)
  SELECT {{day:created_at}}, currency, 0, COUNT(*), SUM(amount_minor), SUM(CASE WHEN is_high_risk THEN 1 ELSE 0 END)
  FROM transactions GROUP BY {{day:created_at}}, currency;
