-- References, wallet numbers and account numbers are identifiers: they compare byte by byte, as
-- on SQLite (0008). With the columns themselves in the "C" collation, one index on each serves
-- the exact lookups (AML history, NPSS reference, uniqueness) and the prefix search alike, so the
-- four prefix indexes of 0004 go: a transfer maintains fifteen indexes on PostgreSQL before this
-- step and eleven after. Changing a column's collation rewrites its indexes, not the table.
DROP INDEX transactions_txid_prefix_idx;
DROP INDEX transactions_npss_prefix_idx;
DROP INDEX transactions_sender_prefix_idx;
DROP INDEX transactions_recipient_prefix_idx;
ALTER TABLE transactions
  ALTER COLUMN transaction_id TYPE TEXT COLLATE "C",
  ALTER COLUMN npss_reference TYPE TEXT COLLATE "C",
  ALTER COLUMN sender TYPE TEXT COLLATE "C",
  ALTER COLUMN recipient TYPE TEXT COLLATE "C";
-- The planner's statistics of the changed columns go with their old collation.
ANALYZE transactions;
