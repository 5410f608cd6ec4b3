-- The analytics rows of a day are spread over buckets like the statistics rows (0003): under
-- load most of PostgreSQL's connections were found waiting on the few rows a day's transfers
-- share, each held until the commit that updated it was on disk (docs/PERFORMANCE.md). Readers
-- add the buckets up; the store folds past days back into bucket 0 (CompactAggregates), so a
-- year of charts reads one row per group as before.
ALTER TABLE analytics_daily ADD COLUMN bucket INTEGER NOT NULL DEFAULT 0;
ALTER TABLE analytics_daily DROP CONSTRAINT analytics_daily_pkey;
ALTER TABLE analytics_daily ADD PRIMARY KEY (day, institution_id, operator, currency, transfer_mode, flow_type, risk_level, bucket);
