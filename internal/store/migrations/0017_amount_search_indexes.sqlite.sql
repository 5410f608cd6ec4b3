-- Searching an amount range on SQLite (planAmountRange in transactions.go; docs/PERFORMANCE.md).
-- The date index carries the amount, so a broad range walks the dates newest first and checks each
-- amount in the index without reading the row; the amount index carries the page order, so a
-- narrow range sorts its matches in the index and reads only a page of rows. Both serve every
-- lookup the indexes they replace served. PostgreSQL keeps its indexes: its planner, with a
-- histogram of amounts, already chooses well.
CREATE INDEX transactions_created_id_amount_idx ON transactions (created_at, id, amount_minor);
DROP INDEX transactions_created_id_idx;
CREATE INDEX transactions_amount_page_idx ON transactions (amount_minor, created_at, id);
DROP INDEX transactions_amount_idx;
