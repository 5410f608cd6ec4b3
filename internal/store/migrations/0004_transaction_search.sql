-- Prefix search over the references and parties (001 §2's search box) compares bytes, so it can
-- use an index whatever the database's collation: COLLATE "C" on PostgreSQL, BINARY on SQLite.
CREATE INDEX transactions_txid_prefix_idx ON transactions (transaction_id {{bytewise}});
CREATE INDEX transactions_npss_prefix_idx ON transactions (npss_reference {{bytewise}});
CREATE INDEX transactions_sender_prefix_idx ON transactions (sender {{bytewise}});
CREATE INDEX transactions_recipient_prefix_idx ON transactions (recipient {{bytewise}});
-- Keyset pagination walks (created_at, id) newest first.
CREATE INDEX transactions_created_id_idx ON transactions (created_at, id);
