-- Alerts and transaction log entries carry a stable code and their facts as JSON params (issue 17
-- part 3); 0036_alert_codes.sqlite.sql says why and does the same on SQLite.
ALTER TABLE aml_alerts ADD COLUMN code TEXT NOT NULL DEFAULT '';
ALTER TABLE aml_alerts ADD COLUMN params JSONB NOT NULL DEFAULT '{}';
ALTER TABLE transaction_logs ADD COLUMN reason_code TEXT;
ALTER TABLE transaction_logs ADD COLUMN reason_params JSONB;
UPDATE aml_alerts SET code = trigger_rule, params = jsonb_build_object(
  'amountMinor', COALESCE(amount_minor, 0), 'currency', COALESCE(currency, ''),
  'rules', COALESCE((SELECT jsonb_agg(jsonb_build_object('code', r.value->>'rule', 'params', '{}'::jsonb)
    ORDER BY (r.value->>'rule') <> aml_alerts.trigger_rule, r.ordinality)
    FROM transactions t, jsonb_array_elements(t.aml_rules) WITH ORDINALITY AS r(value, ordinality)
    WHERE t.id = aml_alerts.transaction_id), '[]'::jsonb));
UPDATE transaction_logs SET reason_code = 'aml_hold', reason_params = (SELECT jsonb_build_object('score', t.aml_score)
  FROM transactions t WHERE t.id = transaction_logs.transaction_id)
WHERE notes = 'held for AML review';
UPDATE transaction_logs SET reason_code = 'not_stated', reason_params = '{}'
WHERE new_status IN ('failed', 'rejected') AND reason_code IS NULL;
