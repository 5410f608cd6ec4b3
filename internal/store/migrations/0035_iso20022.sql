-- The national switch feed (issue 21): ISO 20022 pacs.008 credit transfers become transactions
-- (their identifiers kept here, searchable), pacs.002 status reports update them (each entry kept
-- as the transaction's status history), and switch messages that can never be stored wait as
-- dead letters for a regulator to retry after a fix (docs/ISO20022.md).
CREATE TABLE iso_payments (
  transaction_id  {{uuid}} PRIMARY KEY REFERENCES transactions(id) ON DELETE CASCADE,
  message_type    TEXT NOT NULL,
  msg_id          TEXT NOT NULL,
  instr_id        TEXT,
  end_to_end_id   TEXT NOT NULL,
  tx_id           TEXT,
  uetr            TEXT,
  debtor_agent    TEXT,
  creditor_agent  TEXT,
  settlement_date TEXT,
  created_at      {{ts}} NOT NULL
);
CREATE UNIQUE INDEX iso_payments_uetr_idx ON iso_payments (uetr);
CREATE INDEX iso_payments_e2e_idx ON iso_payments (end_to_end_id);
CREATE INDEX iso_payments_txid_idx ON iso_payments (tx_id);

-- One row per TxInfAndSts of a pacs.002; report_key (its message id and position) makes a
-- redelivered report a duplicate. transaction_id is NULL for an orphan: a report that came before
-- its transfer, matched when the transfer arrives.
CREATE TABLE iso_status_reports (
  id                 {{uuid}} PRIMARY KEY,
  report_key         TEXT NOT NULL UNIQUE,
  transaction_id     {{uuid}} REFERENCES transactions(id) ON DELETE CASCADE,
  message_type       TEXT NOT NULL,
  msg_id             TEXT NOT NULL,
  orig_msg_id        TEXT,
  orig_end_to_end_id TEXT,
  orig_tx_id         TEXT,
  orig_uetr          TEXT,
  status_code        TEXT NOT NULL,
  outcome            TEXT NOT NULL,
  reason_code        TEXT,
  info               TEXT,
  applied            BOOLEAN NOT NULL DEFAULT FALSE,
  reported_at        {{ts}} NOT NULL,
  created_at         {{ts}} NOT NULL
);
CREATE INDEX iso_status_reports_tx_idx ON iso_status_reports (transaction_id, reported_at);
CREATE INDEX iso_status_reports_orphan_uetr_idx ON iso_status_reports (orig_uetr) WHERE transaction_id IS NULL;
CREATE INDEX iso_status_reports_orphan_e2e_idx ON iso_status_reports (orig_end_to_end_id) WHERE transaction_id IS NULL;
CREATE INDEX iso_status_reports_orphan_txid_idx ON iso_status_reports (orig_tx_id) WHERE transaction_id IS NULL;

-- Switch messages that can never be stored as they are (not ISO 20022, an unknown institution),
-- with the reason and the faults by element path; a regulator retries one after the fix (a
-- registered institution, say) or discards it. (stream, stream_seq) is the message's place in
-- its JetStream stream, so a redelivered bad message is dead-lettered once.
CREATE TABLE iso_dead_letters (
  id          {{uuid}} PRIMARY KEY,
  stream      TEXT NOT NULL,
  subject     TEXT NOT NULL,
  stream_seq  BIGINT NOT NULL DEFAULT 0,
  payload     TEXT NOT NULL,
  reason      TEXT NOT NULL,
  faults      {{json}} NOT NULL DEFAULT '[]',
  status      TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open','retried','discarded')),
  attempts    INTEGER NOT NULL DEFAULT 0,
  created_at  {{ts}} NOT NULL,
  updated_at  {{ts}} NOT NULL,
  resolved_by {{uuid}} REFERENCES users(id)
);
CREATE UNIQUE INDEX iso_dead_letters_seq_idx ON iso_dead_letters (stream, stream_seq);
CREATE INDEX iso_dead_letters_status_idx ON iso_dead_letters (status, created_at);
