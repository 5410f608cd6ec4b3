-- Migration 0010 dropped these, measured on generated data in which every type, mode and currency
-- is common, so a first page found its 50 matches early in the (created_at, id) walk. A portal
-- grown by real traffic is not like that: after a million transfers submitted online
-- (docs/PERFORMANCE.md, "Growth in one process") a search for payments or USSD transfers, of which
-- there were none, walked every row: 650 ms a page on PostgreSQL. With the value leading and the
-- page order behind it, a first page is a range walk whatever the mix. An insert lands at the
-- newest end of its value's range, a page every transfer of a group shares, so the three indexes
-- cost little per transfer (measured in the same section). Building them locks writes to the
-- table while they build: about a minute at ten million rows.
CREATE INDEX transactions_type_page_idx ON transactions (type, created_at, id);
CREATE INDEX transactions_mode_page_idx ON transactions (transfer_mode, created_at, id);
CREATE INDEX transactions_currency_page_idx ON transactions (currency, created_at, id);
