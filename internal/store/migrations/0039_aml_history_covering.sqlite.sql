-- Every transfer reads its sender's AML history (sqlAMLHistory): what the sender sent within the
-- longest rule window, what its number received within the pass-through window, and when it first
-- appeared. The sender and recipient indexes now carry the amount and the currency too, so each
-- part of that read is answered from its index alone ("USING COVERING INDEX") and never visits
-- the table's rows, which on a grown database are scattered over pages that are mostly not in
-- the cache. The wider entries cost each insert a few bytes; the reads they save are worth more
-- (docs/PERFORMANCE.md, "Eleventh session"). The names stay: the key and its order do not change.
-- See 0039_aml_history_covering.postgres.sql for the same on PostgreSQL.
DROP INDEX transactions_sender_created_idx;
CREATE INDEX transactions_sender_created_idx ON transactions (sender, created_at, amount_minor, currency);
DROP INDEX transactions_recipient_created_idx;
CREATE INDEX transactions_recipient_created_idx ON transactions (recipient, created_at, amount_minor, currency);
