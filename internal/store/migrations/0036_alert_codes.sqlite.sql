-- Alerts and transaction log entries carry a stable code and their facts as JSON params (issue 17
-- part 3), from which the web app writes each language's sentence; the English title and
-- description stay for the API's readers and the exports. See 0036_alert_codes.postgres.sql for
-- the same on PostgreSQL.
ALTER TABLE aml_alerts ADD COLUMN code TEXT NOT NULL DEFAULT '';
ALTER TABLE aml_alerts ADD COLUMN params TEXT NOT NULL DEFAULT '{}';
ALTER TABLE transaction_logs ADD COLUMN reason_code TEXT;
ALTER TABLE transaction_logs ADD COLUMN reason_params TEXT;
-- Alerts raised before this migration: the code is the rule that led them; the params hold the
-- amount and the rules that fired (leading rule first), whose own facts were only kept as English
-- evidence, so the web app says those rules without numbers.
UPDATE aml_alerts SET code = trigger_rule, params = json_object(
  'amountMinor', COALESCE(amount_minor, 0), 'currency', COALESCE(currency, ''),
  'rules', (SELECT json_group_array(json_object('code', rule, 'params', json('{}'))) FROM (
    SELECT json_extract(r.value, '$.rule') AS rule FROM transactions t, json_each(t.aml_rules) r
    WHERE t.id = aml_alerts.transaction_id
    ORDER BY json_extract(r.value, '$.rule') <> aml_alerts.trigger_rule, r.key)));
-- Transactions held for AML review say so, with their score; failed and rejected ones reported
-- before institutions could say why have no stated reason.
UPDATE transaction_logs SET reason_code = 'aml_hold', reason_params = (SELECT json_object('score', t.aml_score)
  FROM transactions t WHERE t.id = transaction_logs.transaction_id)
WHERE notes = 'held for AML review';
UPDATE transaction_logs SET reason_code = 'not_stated', reason_params = '{}'
WHERE new_status IN ('failed', 'rejected') AND reason_code IS NULL;
