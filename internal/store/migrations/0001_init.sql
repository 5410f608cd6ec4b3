-- Kormeer's schema, written once for both databases. The store renders a few tokens per dialect
-- before running it: {{uuid}} (uuid | TEXT), {{ts}} (timestamptz | TEXT holding a fixed-width UTC
-- time that sorts as text), {{json}} (jsonb | TEXT), {{now}} and {{day:created_at}} (the UTC day of
-- created_at as YYYY-MM-DD).
-- Money is BIGINT minor units (cents): never a float, and sums stay exact in SQL.
-- Enumerations are CHECKed text so that both databases refuse the same values.

CREATE TABLE users (
  id                    {{uuid}} PRIMARY KEY,
  email                 TEXT NOT NULL UNIQUE,
  username              TEXT UNIQUE,
  first_name            TEXT NOT NULL DEFAULT '',
  last_name             TEXT NOT NULL DEFAULT '',
  profile_image_url     TEXT,
  password_hash         TEXT NOT NULL,
  role                  TEXT NOT NULL DEFAULT 'citizen'
                        CHECK (role IN ('cbsl_admin','cbsl_officer','psp_admin','mno_admin','citizen')),
  institution           TEXT,
  is_active             BOOLEAN NOT NULL DEFAULT TRUE,
  is_guest              BOOLEAN NOT NULL DEFAULT FALSE,
  guest_units_remaining INTEGER NOT NULL DEFAULT 0 CHECK (guest_units_remaining >= 0),
  must_change_password  BOOLEAN NOT NULL DEFAULT FALSE,
  token_version         INTEGER NOT NULL DEFAULT 0,
  language              TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en','so')),
  created_at            {{ts}} NOT NULL DEFAULT {{now}},
  updated_at            {{ts}} NOT NULL DEFAULT {{now}}
);

-- Browser sessions (spec: sid, sess, expire). user_id is kept beside sess so that ending every
-- session of an account is one indexed delete.
CREATE TABLE sessions (
  sid     TEXT PRIMARY KEY,
  sess    {{json}} NOT NULL,
  expire  {{ts}} NOT NULL,
  user_id {{uuid}} NOT NULL REFERENCES users(id) ON DELETE CASCADE
);
CREATE INDEX sessions_expire_idx ON sessions (expire);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- Server secrets generated on first start (the token signing key), shared by every instance.
CREATE TABLE server_keys (
  name       TEXT PRIMARY KEY,
  value      TEXT NOT NULL,
  created_at {{ts}} NOT NULL DEFAULT {{now}}
);

-- Failed sign-ins, counted per account and per client address to refuse guessing with 429.
CREATE TABLE login_failures (
  id         {{uuid}} PRIMARY KEY,
  email      TEXT NOT NULL,
  ip_address TEXT NOT NULL,
  created_at {{ts}} NOT NULL
);
CREATE INDEX login_failures_email_idx ON login_failures (email, created_at);
CREATE INDEX login_failures_ip_idx ON login_failures (ip_address, created_at);

CREATE TABLE psps (
  id                 {{uuid}} PRIMARY KEY,
  name               TEXT NOT NULL,
  code               TEXT UNIQUE,
  license_number     TEXT NOT NULL UNIQUE,
  contact_email      TEXT,
  contact_phone      TEXT,
  address            TEXT,
  logo_url           TEXT,
  compliance_status  TEXT NOT NULL DEFAULT 'under_review'
                     CHECK (compliance_status IN ('compliant','non_compliant','under_review','pending')),
  is_active          BOOLEAN NOT NULL DEFAULT TRUE,
  license_issued_at  {{ts}},
  license_expires_at {{ts}},
  created_at         {{ts}} NOT NULL DEFAULT {{now}},
  updated_at         {{ts}} NOT NULL DEFAULT {{now}}
);

CREATE TABLE mnos (
  id                 {{uuid}} PRIMARY KEY,
  name               TEXT NOT NULL,
  code               TEXT UNIQUE,
  license_number     TEXT NOT NULL UNIQUE,
  contact_email      TEXT,
  contact_phone      TEXT,
  address            TEXT,
  logo_url           TEXT,
  compliance_status  TEXT NOT NULL DEFAULT 'under_review'
                     CHECK (compliance_status IN ('compliant','non_compliant','under_review','pending')),
  is_active          BOOLEAN NOT NULL DEFAULT TRUE,
  license_issued_at  {{ts}},
  license_expires_at {{ts}},
  created_at         {{ts}} NOT NULL DEFAULT {{now}},
  updated_at         {{ts}} NOT NULL DEFAULT {{now}}
);

-- Traditional banks (001 §9: Dahabshiil, Premier, Salaam, Dara-Salaam, Amal) are licensed too; code
-- holds the account prefix such as 'DBI-'.
CREATE TABLE banks (
  id                 {{uuid}} PRIMARY KEY,
  name               TEXT NOT NULL,
  code               TEXT UNIQUE,
  license_number     TEXT NOT NULL UNIQUE,
  contact_email      TEXT,
  contact_phone      TEXT,
  address            TEXT,
  logo_url           TEXT,
  compliance_status  TEXT NOT NULL DEFAULT 'under_review'
                     CHECK (compliance_status IN ('compliant','non_compliant','under_review','pending')),
  is_active          BOOLEAN NOT NULL DEFAULT TRUE,
  license_issued_at  {{ts}},
  license_expires_at {{ts}},
  created_at         {{ts}} NOT NULL DEFAULT {{now}},
  updated_at         {{ts}} NOT NULL DEFAULT {{now}}
);

CREATE TABLE institution_applications (
  id                   {{uuid}} PRIMARY KEY,
  institution_name     TEXT NOT NULL,
  institution_type     TEXT NOT NULL CHECK (institution_type IN ('psp','mno','bank')),
  license_number       TEXT NOT NULL,
  contact_email        TEXT NOT NULL,
  contact_phone        TEXT NOT NULL,
  contact_person       TEXT NOT NULL,
  address              TEXT NOT NULL,
  business_description TEXT,
  logo_url             TEXT,
  documents            {{json}} NOT NULL DEFAULT '[]',
  status               TEXT NOT NULL DEFAULT 'pending'
                       CHECK (status IN ('pending','under_review','approved','rejected')),
  reviewed_by          {{uuid}} REFERENCES users(id),
  review_notes         TEXT,
  reviewed_at          {{ts}},
  submitted_by         {{uuid}} REFERENCES users(id),
  created_at           {{ts}} NOT NULL DEFAULT {{now}},
  updated_at           {{ts}} NOT NULL DEFAULT {{now}}
);
CREATE INDEX institution_applications_status_idx ON institution_applications (status, created_at);
CREATE INDEX institution_applications_submitted_by_idx ON institution_applications (submitted_by);

CREATE TABLE audit_logs (
  id          {{uuid}} PRIMARY KEY,
  user_id     {{uuid}} REFERENCES users(id) ON DELETE SET NULL,
  action      TEXT NOT NULL,
  resource    TEXT NOT NULL,
  resource_id TEXT,
  details     {{json}} NOT NULL DEFAULT '{}',
  ip_address  TEXT,
  user_agent  TEXT,
  created_at  {{ts}} NOT NULL DEFAULT {{now}}
);
CREATE INDEX audit_logs_created_idx ON audit_logs (created_at);
CREATE INDEX audit_logs_user_idx ON audit_logs (user_id, created_at);
CREATE INDEX audit_logs_resource_idx ON audit_logs (resource, resource_id);

CREATE TABLE system_alerts (
  id             {{uuid}} PRIMARY KEY,
  title          TEXT NOT NULL,
  message        TEXT NOT NULL,
  alert_type     TEXT NOT NULL DEFAULT 'info' CHECK (alert_type IN ('info','warning','critical')),
  is_read        BOOLEAN NOT NULL DEFAULT FALSE,
  target_user_id {{uuid}} REFERENCES users(id) ON DELETE CASCADE,
  target_role    TEXT CHECK (target_role IN ('cbsl_admin','cbsl_officer','psp_admin','mno_admin','citizen')),
  created_at     {{ts}} NOT NULL DEFAULT {{now}},
  updated_at     {{ts}} NOT NULL DEFAULT {{now}}
);
CREATE INDEX system_alerts_target_idx ON system_alerts (target_user_id, created_at);

-- Transactions (000 §3 and the extras of 001 §3). institution_id is the reporting institution
-- (a psps/mnos/banks id) and external_id that institution's own id, unique per institution so that
-- data feeds can be replayed safely. Amounts are minor units.
CREATE TABLE transactions (
  id                   {{uuid}} PRIMARY KEY,
  transaction_id       TEXT NOT NULL UNIQUE,
  npss_reference       TEXT UNIQUE,
  psp_id               {{uuid}} REFERENCES psps(id),
  mno_id               {{uuid}} REFERENCES mnos(id),
  institution_id       {{uuid}},
  institution_type     TEXT CHECK (institution_type IN ('psp','mno','bank')),
  external_id          TEXT,
  amount_minor         BIGINT NOT NULL CHECK (amount_minor > 0),
  fee_minor            BIGINT NOT NULL DEFAULT 0 CHECK (fee_minor >= 0),
  currency             TEXT NOT NULL DEFAULT 'SHS' CHECK (currency IN ('SHS','USD')),
  status               TEXT NOT NULL DEFAULT 'pending'
                       CHECK (status IN ('pending','approved','rejected','processing','completed','failed')),
  type                 TEXT NOT NULL DEFAULT 'transfer'
                       CHECK (type IN ('transfer','payment','withdrawal','deposit','refund','fee','npss_transfer')),
  transfer_mode        TEXT NOT NULL DEFAULT 'online' CHECK (transfer_mode IN ('online','offline','ussd')),
  flow_type            TEXT CHECK (flow_type IN ('P2P','P2B','B2P','B2B')),
  sender               TEXT NOT NULL,
  recipient            TEXT NOT NULL,
  sender_name          TEXT,
  recipient_name       TEXT,
  sender_institution   TEXT,
  receiver_institution TEXT,
  description          TEXT,
  aml_score            INTEGER NOT NULL DEFAULT 0 CHECK (aml_score BETWEEN 0 AND 100),
  risk_level           TEXT NOT NULL DEFAULT 'low' CHECK (risk_level IN ('low','medium','high')),
  is_high_risk         BOOLEAN NOT NULL DEFAULT FALSE,
  aml_rules            {{json}} NOT NULL DEFAULT '[]',
  aml_rule_version     INTEGER,
  routing_code         TEXT,
  clearing_house_ref   TEXT,
  settlement_mode      TEXT NOT NULL DEFAULT 'real-time' CHECK (settlement_mode IN ('real-time','batch')),
  ussd_code            TEXT,
  compensation_details {{json}},
  created_by           {{uuid}} REFERENCES users(id),
  processed_at         {{ts}},
  created_at           {{ts}} NOT NULL DEFAULT {{now}},
  updated_at           {{ts}} NOT NULL DEFAULT {{now}},
  UNIQUE (institution_id, external_id)
);
-- The indexes of 001 §9 (transaction_id and npss_reference are indexed by their UNIQUE constraints).
CREATE INDEX transactions_status_idx ON transactions (status);
CREATE INDEX transactions_sender_idx ON transactions (sender);
CREATE INDEX transactions_recipient_idx ON transactions (recipient);
CREATE INDEX transactions_type_idx ON transactions (type);
CREATE INDEX transactions_created_idx ON transactions (created_at);
CREATE INDEX transactions_institution_created_idx ON transactions (institution_id, created_at);

-- Idempotency-Key records for POST /api/transfer: one answer per (user, key).
CREATE TABLE idempotency_keys (
  user_id      {{uuid}} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  idem_key     TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status_code  INTEGER,
  response     TEXT,
  created_at   {{ts}} NOT NULL DEFAULT {{now}},
  PRIMARY KEY (user_id, idem_key)
);

CREATE TABLE transaction_logs (
  id              {{uuid}} PRIMARY KEY,
  transaction_id  {{uuid}} NOT NULL REFERENCES transactions(id) ON DELETE CASCADE,
  action          TEXT NOT NULL,
  performed_by    {{uuid}} REFERENCES users(id),
  details         {{json}} NOT NULL DEFAULT '{}',
  previous_status TEXT,
  new_status      TEXT,
  notes           TEXT,
  created_at      {{ts}} NOT NULL DEFAULT {{now}}
);
CREATE INDEX transaction_logs_tx_idx ON transaction_logs (transaction_id);

CREATE TABLE aml_alerts (
  id               {{uuid}} PRIMARY KEY,
  transaction_id   {{uuid}} REFERENCES transactions(id),
  alert_type       TEXT NOT NULL DEFAULT 'aml'
                   CHECK (alert_type IN ('aml','kyc','transaction','suspicious_activity','compliance_breach')),
  severity         TEXT NOT NULL DEFAULT 'medium' CHECK (severity IN ('low','medium','high','critical')),
  trigger_rule     TEXT NOT NULL,
  title            TEXT NOT NULL,
  description      TEXT NOT NULL DEFAULT '',
  amount_minor     BIGINT CHECK (amount_minor >= 0 AND amount_minor < 100000000000000000),
  currency         TEXT CHECK (currency IN ('SHS','USD')),
  institution_id   {{uuid}},
  institution_type TEXT CHECK (institution_type IN ('psp','mno','bank','central_bank')),
  status           TEXT NOT NULL DEFAULT 'open'
                   CHECK (status IN ('open','investigating','resolved','false_positive')),
  is_read          BOOLEAN NOT NULL DEFAULT FALSE,
  assigned_to      {{uuid}} REFERENCES users(id),
  resolved_by      {{uuid}} REFERENCES users(id),
  resolution       TEXT,
  resolved_at      {{ts}},
  created_at       {{ts}} NOT NULL DEFAULT {{now}},
  updated_at       {{ts}} NOT NULL DEFAULT {{now}}
);
CREATE INDEX aml_alerts_status_idx ON aml_alerts (status, created_at);
CREATE INDEX aml_alerts_institution_idx ON aml_alerts (institution_id, created_at);

CREATE TABLE compliance_reports (
  id               {{uuid}} PRIMARY KEY,
  title            TEXT NOT NULL,
  report_type      TEXT NOT NULL,
  period           TEXT NOT NULL,
  institution_id   TEXT NOT NULL,
  institution_type TEXT NOT NULL CHECK (institution_type IN ('psp','mno','bank','central_bank')),
  institution_name TEXT NOT NULL,
  report_data      {{json}} NOT NULL DEFAULT '{}',
  metrics          {{json}} NOT NULL DEFAULT '{}',
  emoney_data      {{json}},
  status           TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft','published')),
  submitted_by     {{uuid}} REFERENCES users(id),
  reviewed_by      {{uuid}} REFERENCES users(id),
  review_notes     TEXT,
  submitted_at     {{ts}},
  reviewed_at      {{ts}},
  created_at       {{ts}} NOT NULL DEFAULT {{now}},
  updated_at       {{ts}} NOT NULL DEFAULT {{now}}
);
CREATE INDEX compliance_reports_institution_idx ON compliance_reports (institution_id, created_at);

CREATE TABLE kyc_applications (
  id              {{uuid}} PRIMARY KEY,
  user_id         {{uuid}} REFERENCES users(id),
  psp_id          {{uuid}} REFERENCES psps(id),
  full_name       TEXT NOT NULL,
  national_id     TEXT NOT NULL,
  passport_number TEXT,
  phone_number    TEXT NOT NULL,
  email           TEXT NOT NULL,
  address         TEXT NOT NULL,
  date_of_birth   TEXT,
  document_type   TEXT NOT NULL CHECK (document_type IN ('passport','national_id','drivers_license')),
  document_number TEXT NOT NULL,
  status          TEXT NOT NULL DEFAULT 'under_review'
                  CHECK (status IN ('compliant','non_compliant','under_review','pending')),
  reviewed_by     {{uuid}} REFERENCES users(id),
  review_notes    TEXT,
  reviewed_at     {{ts}},
  created_at      {{ts}} NOT NULL DEFAULT {{now}},
  updated_at      {{ts}} NOT NULL DEFAULT {{now}}
);
CREATE INDEX kyc_applications_status_idx ON kyc_applications (status, created_at);
CREATE INDEX kyc_applications_user_idx ON kyc_applications (user_id);

CREATE TABLE mobile_users (
  id                {{uuid}} PRIMARY KEY,
  full_name         TEXT NOT NULL,
  phone_number      TEXT NOT NULL UNIQUE,
  national_id       TEXT NOT NULL UNIQUE,
  email             TEXT,
  device_id         TEXT,
  platform          TEXT,
  hashed_pin        TEXT,
  status            TEXT NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending','approved','suspended','revoked')),
  approved_by       {{uuid}} REFERENCES users(id),
  approved_at       {{ts}},
  suspended_by      {{uuid}} REFERENCES users(id),
  suspended_at      {{ts}},
  suspension_reason TEXT,
  last_login_at     {{ts}},
  login_attempts    INTEGER NOT NULL DEFAULT 0,
  locked_until      {{ts}},
  created_at        {{ts}} NOT NULL DEFAULT {{now}},
  updated_at        {{ts}} NOT NULL DEFAULT {{now}}
);

-- Access codes are stored as a keyed hash (code_hash) so that a database reader cannot recover
-- them; code_hint keeps the last characters for the table.
CREATE TABLE access_codes (
  id               {{uuid}} PRIMARY KEY,
  code_hash        TEXT NOT NULL UNIQUE,
  code_hint        TEXT NOT NULL,
  mobile_user_id   {{uuid}} NOT NULL REFERENCES mobile_users(id),
  status           TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active','used','expired','revoked')),
  current_uses     INTEGER NOT NULL DEFAULT 0 CHECK (current_uses >= 0),
  max_uses         INTEGER NOT NULL DEFAULT 1 CHECK (max_uses >= 1),
  expires_at       {{ts}} NOT NULL,
  generated_by     {{uuid}} REFERENCES users(id),
  used_at          {{ts}},
  used_from_ip     TEXT,
  used_from_device TEXT,
  created_at       {{ts}} NOT NULL DEFAULT {{now}},
  updated_at       {{ts}} NOT NULL DEFAULT {{now}},
  CHECK (current_uses <= max_uses)
);
CREATE INDEX access_codes_user_idx ON access_codes (mobile_user_id);

CREATE TABLE mobile_user_certifications (
  id                  {{uuid}} PRIMARY KEY,
  mobile_user_id      {{uuid}} NOT NULL REFERENCES mobile_users(id),
  certification_type  TEXT NOT NULL,
  status              TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','verified','expired','revoked')),
  document_type       TEXT,
  document_number     TEXT,
  document_image_url  TEXT,
  verification_method TEXT,
  reviewed_by         {{uuid}} REFERENCES users(id),
  reviewed_at         {{ts}},
  review_notes        TEXT,
  issued_at           {{ts}},
  expires_at          {{ts}},
  revoked_by          {{uuid}} REFERENCES users(id),
  revoked_at          {{ts}},
  revocation_reason   TEXT,
  created_at          {{ts}} NOT NULL DEFAULT {{now}},
  updated_at          {{ts}} NOT NULL DEFAULT {{now}}
);
CREATE INDEX mobile_user_certifications_user_idx ON mobile_user_certifications (mobile_user_id);

-- Mobile sessions keep only a hash of the bearer token (session_token_hash), like access codes.
CREATE TABLE mobile_sessions (
  id                 {{uuid}} PRIMARY KEY,
  mobile_user_id     {{uuid}} NOT NULL REFERENCES mobile_users(id),
  session_token_hash TEXT NOT NULL UNIQUE,
  device_id          TEXT,
  platform           TEXT,
  app_version        TEXT,
  ip_address         TEXT,
  user_agent         TEXT,
  is_active          BOOLEAN NOT NULL DEFAULT TRUE,
  expires_at         {{ts}} NOT NULL,
  last_activity_at   {{ts}},
  created_at         {{ts}} NOT NULL DEFAULT {{now}},
  updated_at         {{ts}} NOT NULL DEFAULT {{now}}
);
CREATE INDEX mobile_sessions_user_idx ON mobile_sessions (mobile_user_id);

CREATE TABLE mobile_transaction_syncs (
  id                    {{uuid}} PRIMARY KEY,
  mobile_user_id        {{uuid}} NOT NULL REFERENCES mobile_users(id),
  transaction_id        {{uuid}} REFERENCES transactions(id),
  mobile_transaction_id TEXT NOT NULL,
  sync_status           TEXT NOT NULL DEFAULT 'pending'
                        CHECK (sync_status IN ('pending','synced','failed','conflict','resolved')),
  sync_direction        TEXT CHECK (sync_direction IN ('mobile_to_server','server_to_mobile')),
  mobile_transaction_data {{json}},
  raw_transaction_data  {{json}},
  sync_attempts         INTEGER NOT NULL DEFAULT 0,
  last_sync_attempt     {{ts}},
  synced_at             {{ts}},
  failure_reason        TEXT,
  conflict_data         {{json}},
  resolved_by           {{uuid}} REFERENCES users(id),
  resolved_at           {{ts}},
  resolution_notes      TEXT,
  created_at            {{ts}} NOT NULL DEFAULT {{now}},
  updated_at            {{ts}} NOT NULL DEFAULT {{now}},
  UNIQUE (mobile_user_id, mobile_transaction_id)
);
