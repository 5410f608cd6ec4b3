-- Running kormeer instances announce themselves here every few seconds, so the metrics screen's
-- load-balancer card counts real instances: healthy ones were seen recently.
CREATE TABLE instances (
  id         TEXT PRIMARY KEY,
  hostname   TEXT NOT NULL,
  started_at {{ts}} NOT NULL,
  last_seen  {{ts}} NOT NULL
);
