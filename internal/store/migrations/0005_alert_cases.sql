-- The case history of an AML alert: who assigned, investigated, noted or closed it, and when.
CREATE TABLE alert_events (
  id         {{uuid}} PRIMARY KEY,
  alert_id   {{uuid}} NOT NULL REFERENCES aml_alerts(id) ON DELETE CASCADE,
  user_id    {{uuid}} REFERENCES users(id),
  action     TEXT NOT NULL CHECK (action IN ('assign','investigate','note','resolve','close')),
  from_status TEXT,
  to_status  TEXT,
  note       TEXT,
  created_at {{ts}} NOT NULL DEFAULT {{now}}
);
CREATE INDEX alert_events_alert_idx ON alert_events (alert_id, created_at);
