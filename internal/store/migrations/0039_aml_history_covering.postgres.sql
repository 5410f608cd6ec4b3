-- Every transfer reads its sender's AML history (sqlAMLHistory); the sender and recipient indexes
-- now carry the amount and the currency as included columns, so PostgreSQL can answer each part
-- of that read with an index-only scan once VACUUM has marked the table's pages all-visible
-- (autovacuum does that in production). Included columns are not part of the key, so the
-- indexes order and search exactly as before. See 0039_aml_history_covering.sqlite.sql.
--
-- The new indexes are built beside the old ones and take their names at the end: the builds
-- hold a SHARE lock, under which searches go on and transfers wait (docs/DEPLOYMENT.md,
-- "Upgrades", gives the time per million rows); only the drops and renames, a moment before
-- the commit, lock the table against reads.
CREATE INDEX transactions_sender_covering_idx ON transactions (sender, created_at) INCLUDE (amount_minor, currency);
CREATE INDEX transactions_recipient_covering_idx ON transactions (recipient, created_at) INCLUDE (amount_minor, currency);
DROP INDEX transactions_sender_created_idx;
DROP INDEX transactions_recipient_created_idx;
ALTER INDEX transactions_sender_covering_idx RENAME TO transactions_sender_created_idx;
ALTER INDEX transactions_recipient_covering_idx RENAME TO transactions_recipient_created_idx;
