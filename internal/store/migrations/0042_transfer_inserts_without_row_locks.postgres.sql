-- A transfer inserts one row into transactions, one into transaction_logs and one into audit_logs,
-- and one into idempotency_keys when its request has a key. PostgreSQL checks each foreign key of
-- such a row with a query that takes a FOR KEY SHARE lock on the row it names: the signed-in user,
-- the PSP or MNO, the transaction just inserted. Every transfer of one institution's user locks the
-- same user and PSP rows, so the concurrent writers' locks become shared multixacts, and each lock
-- writes to the log; the checks of a transfer cost a tenth of PostgreSQL's processor time, and the
-- eight enumeration CHECKs, whose IN lists PostgreSQL parses again from their stored text and folds
-- into an array at every insert, cost another (docs/PERFORMANCE.md, "Eighteenth session").
--
-- The portal writes these references itself, from the session it authenticated, the directory it
-- validated the transfer against and the row it inserted in the same transaction, and it never
-- deletes a user, an institution or a transaction: people and institutions are deactivated and
-- licences revoked, and the payment history is kept. So the keys of these four tables go, and what
-- the keys also guarded, that no row the history names is deleted, is kept by triggers that refuse
-- a delete or TRUNCATE (they cost nothing on insert). The enumeration CHECKs stay, each written
-- with one constant array, which PostgreSQL reads as one value instead of a list it folds into an
-- array at every insert.
ALTER TABLE transactions
  DROP CONSTRAINT transactions_created_by_fkey,
  DROP CONSTRAINT transactions_psp_id_fkey,
  DROP CONSTRAINT transactions_mno_id_fkey;
ALTER TABLE transaction_logs
  DROP CONSTRAINT transaction_logs_performed_by_fkey,
  DROP CONSTRAINT transaction_logs_transaction_id_fkey;
ALTER TABLE audit_logs
  DROP CONSTRAINT audit_logs_user_id_fkey;
ALTER TABLE idempotency_keys
  DROP CONSTRAINT idempotency_keys_user_id_fkey;

CREATE FUNCTION refuse_history_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never deleted: the payment history names them (deactivate a user or an institution instead)', TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END
$$;
CREATE TRIGGER users_kept BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION refuse_history_delete();
CREATE TRIGGER psps_kept BEFORE DELETE ON psps FOR EACH ROW EXECUTE FUNCTION refuse_history_delete();
CREATE TRIGGER mnos_kept BEFORE DELETE ON mnos FOR EACH ROW EXECUTE FUNCTION refuse_history_delete();
CREATE TRIGGER banks_kept BEFORE DELETE ON banks FOR EACH ROW EXECUTE FUNCTION refuse_history_delete();
CREATE TRIGGER transactions_kept BEFORE DELETE ON transactions FOR EACH ROW EXECUTE FUNCTION refuse_history_delete();
-- TRUNCATE fires no row trigger. Before, one of these with CASCADE emptied audit_logs too, whose
-- own trigger refused it; without the keys it would empty the table alone.
CREATE TRIGGER users_not_truncated BEFORE TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_delete();
CREATE TRIGGER psps_not_truncated BEFORE TRUNCATE ON psps FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_delete();
CREATE TRIGGER mnos_not_truncated BEFORE TRUNCATE ON mnos FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_delete();
CREATE TRIGGER banks_not_truncated BEFORE TRUNCATE ON banks FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_delete();
CREATE TRIGGER transactions_not_truncated BEFORE TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_history_delete();

-- One ALTER, so the table is read once to check the rewritten constraints.
ALTER TABLE transactions
  DROP CONSTRAINT transactions_currency_check,
  ADD CONSTRAINT transactions_currency_check CHECK (currency = ANY ('{SHS,USD}'::text[])),
  DROP CONSTRAINT transactions_flow_type_check,
  ADD CONSTRAINT transactions_flow_type_check CHECK (flow_type = ANY ('{P2P,P2B,B2P,B2B}'::text[])),
  DROP CONSTRAINT transactions_institution_type_check,
  ADD CONSTRAINT transactions_institution_type_check CHECK (institution_type = ANY ('{psp,mno,bank}'::text[])),
  DROP CONSTRAINT transactions_risk_level_check,
  ADD CONSTRAINT transactions_risk_level_check CHECK (risk_level = ANY ('{low,medium,high}'::text[])),
  DROP CONSTRAINT transactions_settlement_mode_check,
  ADD CONSTRAINT transactions_settlement_mode_check CHECK (settlement_mode = ANY ('{real-time,batch}'::text[])),
  DROP CONSTRAINT transactions_status_check,
  ADD CONSTRAINT transactions_status_check
    CHECK (status = ANY ('{pending,approved,rejected,processing,completed,failed}'::text[])),
  DROP CONSTRAINT transactions_transfer_mode_check,
  ADD CONSTRAINT transactions_transfer_mode_check CHECK (transfer_mode = ANY ('{online,offline,ussd}'::text[])),
  DROP CONSTRAINT transactions_type_check,
  ADD CONSTRAINT transactions_type_check
    CHECK (type = ANY ('{transfer,payment,withdrawal,deposit,refund,fee,npss_transfer}'::text[]));
