-- On SQLite text compares bytewise already (BINARY), so the prefix indexes of 0004 duplicate
-- the unique indexes on transaction_id and npss_reference and the (sender|recipient, created_at)
-- indexes, which serve prefix ranges just as well. PostgreSQL keeps them: its default collation
-- may not be bytewise.
DROP INDEX transactions_txid_prefix_idx;
DROP INDEX transactions_npss_prefix_idx;
DROP INDEX transactions_sender_prefix_idx;
DROP INDEX transactions_recipient_prefix_idx;
