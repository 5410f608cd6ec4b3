-- Every KYC application carries a risk level (issue 16: the KYC list filters on it), decided when
-- it is submitted by domain.KYCRisk (docs/DECISIONS.md, "KYC risk") and stored, so the filter is
-- an index range and the level a reviewer saw is the level the list shows. pep is the applicant's
-- optional declaration of being a politically exposed person.
ALTER TABLE kyc_applications ADD COLUMN pep BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE kyc_applications ADD COLUMN risk TEXT NOT NULL DEFAULT 'low' CHECK (risk IN ('low','medium','high'));
-- A submission looks up the applications that share its national ID or phone number; the list
-- pages each risk level and each institution in its (created_at, id) order.
CREATE INDEX kyc_applications_national_id_idx ON kyc_applications (national_id);
CREATE INDEX kyc_applications_phone_idx ON kyc_applications (phone_number);
CREATE INDEX kyc_applications_risk_page_idx ON kyc_applications (risk, created_at, id);
CREATE INDEX kyc_applications_psp_page_idx ON kyc_applications (psp_id, created_at, id);
-- The applications submitted before this migration get the level domain.KYCRisk gives them (none
-- declared PEP, as the form did not ask): a national ID shared with another application is high;
-- a shared phone number and a driver's license together are high; either alone is medium.
-- TestKYCRiskBackfillMatchesDomain checks this statement against domain.KYCRisk.
UPDATE kyc_applications SET risk = CASE
  WHEN EXISTS (SELECT 1 FROM kyc_applications o
               WHERE o.national_id = kyc_applications.national_id AND o.id <> kyc_applications.id) THEN 'high'
  WHEN EXISTS (SELECT 1 FROM kyc_applications o
               WHERE o.phone_number = kyc_applications.phone_number AND o.id <> kyc_applications.id)
    THEN CASE WHEN document_type = 'drivers_license' THEN 'high' ELSE 'medium' END
  WHEN document_type = 'drivers_license' THEN 'medium'
  ELSE 'low'
END;
