-- Every index costs every insert. These are covered by the composite indexes of 0003, 0004 and
-- 0006, whose leading columns serve the same lookups: (sender, created_at), (recipient,
-- created_at) and (created_at, id).
DROP INDEX transactions_sender_idx;
DROP INDEX transactions_recipient_idx;
DROP INDEX transactions_created_idx;
