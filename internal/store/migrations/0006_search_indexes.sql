-- Each equality filter of the search leads an index that continues in page order, so a first
-- page is an index range walk instead of a sort of every match (measured: 190 ms → see
-- docs/PERFORMANCE.md). They replace the single-column status and type indexes of 0001.
CREATE INDEX transactions_status_page_idx ON transactions (status, created_at, id);
CREATE INDEX transactions_type_page_idx ON transactions (type, created_at, id);
CREATE INDEX transactions_mode_page_idx ON transactions (transfer_mode, created_at, id);
CREATE INDEX transactions_currency_page_idx ON transactions (currency, created_at, id);
CREATE INDEX transactions_amount_idx ON transactions (amount_minor);
DROP INDEX transactions_status_idx;
DROP INDEX transactions_type_idx;
