-- Measured on a million rows (docs/PERFORMANCE.md): type, transfer mode and currency are common
-- enough values that walking the (created_at, id) index and filtering finds a page as fast as a
-- dedicated index, which every insert would pay for. Status keeps its index: the statuses people
-- look for (pending, processing, failed) are the rare ones.
DROP INDEX transactions_type_page_idx;
DROP INDEX transactions_mode_page_idx;
DROP INDEX transactions_currency_page_idx;
