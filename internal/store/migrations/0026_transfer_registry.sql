-- The licence registry drives the transfer engine (issue 16 §6, docs/REGISTRY.md). Wallet operators
-- are PSPs and banks are banks; what the engine needs to route a payment through them lives beside
-- their licence, so suspending, revoking or reinstating the licence is all it takes to stop or
-- restart their transfers. transfer_modes lists the modes an institution serves ('online',
-- 'offline' or 'online,offline'); NULL keeps it out of the transfer engine (a PSP that runs no
-- wallets). number_prefixes lists the wallet number prefixes ('+252 65', comma-separated).
ALTER TABLE psps ADD COLUMN transfer_modes TEXT;
ALTER TABLE psps ADD COLUMN ussd_code TEXT;
ALTER TABLE psps ADD COLUMN number_prefixes TEXT;
ALTER TABLE banks ADD COLUMN transfer_modes TEXT;
ALTER TABLE banks ADD COLUMN account_prefix TEXT;

-- The market of spec 001 §9, as licensed reference institutions. A database that already holds
-- one of them (the demo's, found by code or name) keeps its row and gains the routing attributes.
UPDATE psps SET transfer_modes = 'online,offline', ussd_code = '*770#', number_prefixes = '+252 65'
  WHERE code = 'PREMIUM-WALLET' OR LOWER(name) = 'premium-wallet';
UPDATE psps SET transfer_modes = 'online,offline', ussd_code = '*712#', number_prefixes = '+252 64'
  WHERE code = 'E-DAHAB' OR LOWER(name) = 'e-dahab';
UPDATE psps SET transfer_modes = 'online', ussd_code = '*63#', number_prefixes = '+252 63'
  WHERE code = 'WAAFI' OR LOWER(name) = 'waafi';
UPDATE psps SET transfer_modes = 'offline', ussd_code = '*712#', number_prefixes = '+252 63'
  WHERE code = 'ZAAD' OR LOWER(name) = 'zaad';
UPDATE banks SET transfer_modes = 'online,offline', account_prefix = code
  WHERE code IN ('DBI-', 'PBS-', 'SBS-', 'DSB-', 'ABS-');

INSERT INTO psps (id, name, code, license_number, compliance_status, transfer_modes, ussd_code, number_prefixes)
  SELECT CAST('647c0be4-738c-4c00-813d-284d6b0e2d81' AS {{uuid}}), 'Premium-Wallet', 'PREMIUM-WALLET', 'CB-PSP-0001', 'under_review', 'online,offline', '*770#', '+252 65'
  WHERE NOT EXISTS (SELECT 1 FROM psps WHERE code = 'PREMIUM-WALLET' OR LOWER(name) = 'premium-wallet' OR license_number = 'CB-PSP-0001');
INSERT INTO psps (id, name, code, license_number, compliance_status, transfer_modes, ussd_code, number_prefixes)
  SELECT CAST('3aa1704e-6b4d-4cb6-8839-f43ca8e10661' AS {{uuid}}), 'E-Dahab', 'E-DAHAB', 'CB-PSP-0002', 'under_review', 'online,offline', '*712#', '+252 64'
  WHERE NOT EXISTS (SELECT 1 FROM psps WHERE code = 'E-DAHAB' OR LOWER(name) = 'e-dahab' OR license_number = 'CB-PSP-0002');
INSERT INTO psps (id, name, code, license_number, compliance_status, transfer_modes, ussd_code, number_prefixes)
  SELECT CAST('e15ef32f-b12c-4d9e-a55b-cc9c4341d376' AS {{uuid}}), 'Waafi', 'WAAFI', 'CB-PSP-0003', 'under_review', 'online', '*63#', '+252 63'
  WHERE NOT EXISTS (SELECT 1 FROM psps WHERE code = 'WAAFI' OR LOWER(name) = 'waafi' OR license_number = 'CB-PSP-0003');
INSERT INTO psps (id, name, code, license_number, compliance_status, transfer_modes, ussd_code, number_prefixes)
  SELECT CAST('d907a429-dab5-4edc-b7e5-d30fc25ac7fa' AS {{uuid}}), 'Zaad', 'ZAAD', 'CB-PSP-0004', 'under_review', 'offline', '*712#', '+252 63'
  WHERE NOT EXISTS (SELECT 1 FROM psps WHERE code = 'ZAAD' OR LOWER(name) = 'zaad' OR license_number = 'CB-PSP-0004');

INSERT INTO banks (id, name, code, license_number, compliance_status, transfer_modes, account_prefix)
  SELECT CAST('3e220ab2-6305-425a-aa7c-081064e4a66e' AS {{uuid}}), 'Dahabshiil', 'DBI-', 'CB-BNK-0001', 'under_review', 'online,offline', 'DBI-'
  WHERE NOT EXISTS (SELECT 1 FROM banks WHERE code = 'DBI-' OR LOWER(name) = 'dahabshiil' OR license_number = 'CB-BNK-0001');
INSERT INTO banks (id, name, code, license_number, compliance_status, transfer_modes, account_prefix)
  SELECT CAST('678b944f-f06f-4810-b334-bbaaee725d9d' AS {{uuid}}), 'Premier', 'PBS-', 'CB-BNK-0002', 'under_review', 'online,offline', 'PBS-'
  WHERE NOT EXISTS (SELECT 1 FROM banks WHERE code = 'PBS-' OR LOWER(name) = 'premier' OR license_number = 'CB-BNK-0002');
INSERT INTO banks (id, name, code, license_number, compliance_status, transfer_modes, account_prefix)
  SELECT CAST('6492940e-438d-4ff1-a7f1-bb1ddb0a51df' AS {{uuid}}), 'Salaam', 'SBS-', 'CB-BNK-0003', 'under_review', 'online,offline', 'SBS-'
  WHERE NOT EXISTS (SELECT 1 FROM banks WHERE code = 'SBS-' OR LOWER(name) = 'salaam' OR license_number = 'CB-BNK-0003');
INSERT INTO banks (id, name, code, license_number, compliance_status, transfer_modes, account_prefix)
  SELECT CAST('28fb28b4-a411-4769-8754-fbc4a165e749' AS {{uuid}}), 'Dara-Salaam', 'DSB-', 'CB-BNK-0004', 'under_review', 'online,offline', 'DSB-'
  WHERE NOT EXISTS (SELECT 1 FROM banks WHERE code = 'DSB-' OR LOWER(name) = 'dara-salaam' OR license_number = 'CB-BNK-0004');
INSERT INTO banks (id, name, code, license_number, compliance_status, transfer_modes, account_prefix)
  SELECT CAST('e650b165-1eec-4128-a4bd-81399a3efc75' AS {{uuid}}), 'Amal', 'ABS-', 'CB-BNK-0005', 'under_review', 'online,offline', 'ABS-'
  WHERE NOT EXISTS (SELECT 1 FROM banks WHERE code = 'ABS-' OR LOWER(name) = 'amal' OR license_number = 'CB-BNK-0005');
