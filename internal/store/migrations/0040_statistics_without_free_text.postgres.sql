-- The portal gathers the planner's statistics again for every table that grew by a tenth
-- (RefreshStatistics), and autovacuum does the same. ANALYZE sorts the 30,000 rows it samples
-- column by column, and the free text and JSON of transfers, their log rows and the audit trail
-- (documents compared key by key) cost half of its time: 1.3 s of one core for the three tables at
-- 320,000 rows, a burst that transfers wait behind on a small machine (docs/PERFORMANCE.md,
-- "Sixteenth session"). No query filters, joins or sorts on these columns, so the planner never
-- reads their statistics; gathering none for them halves the cost (0.67 s). SQLite's ANALYZE
-- samples indexes only and needs no such step.
ALTER TABLE transactions
  ALTER COLUMN sender_name SET STATISTICS 0,
  ALTER COLUMN recipient_name SET STATISTICS 0,
  ALTER COLUMN description SET STATISTICS 0,
  ALTER COLUMN aml_rules SET STATISTICS 0,
  ALTER COLUMN compensation_details SET STATISTICS 0;
ALTER TABLE transaction_logs
  ALTER COLUMN details SET STATISTICS 0,
  ALTER COLUMN notes SET STATISTICS 0,
  ALTER COLUMN reason_params SET STATISTICS 0;
ALTER TABLE audit_logs
  ALTER COLUMN details SET STATISTICS 0,
  ALTER COLUMN ip_address SET STATISTICS 0,
  ALTER COLUMN user_agent SET STATISTICS 0,
  ALTER COLUMN hash SET STATISTICS 0;
