-- The PostgreSQL step of this number drops the foreign keys of the transfer's three inserts,
-- which lock the rows they name there, and keeps what they guarded with triggers that refuse to
-- delete a user, an institution or a transaction. SQLite checks a key with an index lookup and no
-- lock, so its keys stay; the same triggers make both databases refuse the same deletes.
CREATE TRIGGER users_kept BEFORE DELETE ON users
BEGIN
  SELECT RAISE(ABORT, 'users rows are never deleted: the payment history names them (deactivate a user or an institution instead)');
END;
CREATE TRIGGER psps_kept BEFORE DELETE ON psps
BEGIN
  SELECT RAISE(ABORT, 'psps rows are never deleted: the payment history names them (deactivate a user or an institution instead)');
END;
CREATE TRIGGER mnos_kept BEFORE DELETE ON mnos
BEGIN
  SELECT RAISE(ABORT, 'mnos rows are never deleted: the payment history names them (deactivate a user or an institution instead)');
END;
CREATE TRIGGER banks_kept BEFORE DELETE ON banks
BEGIN
  SELECT RAISE(ABORT, 'banks rows are never deleted: the payment history names them (deactivate a user or an institution instead)');
END;
CREATE TRIGGER transactions_kept BEFORE DELETE ON transactions
BEGIN
  SELECT RAISE(ABORT, 'transactions rows are never deleted: the payment history names them (deactivate a user or an institution instead)');
END;
