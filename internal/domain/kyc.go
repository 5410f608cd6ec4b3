package domain

import (
	"strings"
	"unicode/utf8"
)

// KYC document types (001 §3).
var KYCDocumentTypes = []string{"passport", "national_id", "drivers_license"}

// KYCInput is a KYC submission (001 §3).
type KYCInput struct {
	FullName       string `json:"fullName"`
	NationalID     string `json:"nationalId"`
	PhoneNumber    string `json:"phoneNumber"`
	Email          string `json:"email"`
	Address        string `json:"address"`
	DocumentType   string `json:"documentType"`
	DocumentNumber string `json:"documentNumber"`
	// PEP is the optional declaration that the applicant is a politically exposed person; it makes
	// the application high risk (KYCRisk).
	PEP bool `json:"pep"`
}

// Validate trims the submission and applies 001 §5's rules with its messages (the same rules run
// in the browser; see testdata/kyc.json).
func (k *KYCInput) Validate() error {
	for _, p := range []*string{&k.FullName, &k.NationalID, &k.PhoneNumber, &k.Email, &k.Address, &k.DocumentType, &k.DocumentNumber} {
		*p = strings.TrimSpace(*p)
	}
	k.Email = NormalizeEmail(k.Email)
	f := map[string]Fault{}
	atLeast := func(key, v string, n int, code string, max int) {
		if l := utf8.RuneCountInString(v); l < n || l > max {
			f[key] = F(code)
		}
	}
	atLeast("fullName", k.FullName, 2, CodeKYCFullName, 200)
	atLeast("nationalId", k.NationalID, 5, CodeKYCNationalID, 50)
	atLeast("phoneNumber", k.PhoneNumber, 10, CodeKYCPhone, 20)
	if _, bad := f["phoneNumber"]; !bad && !ValidPhone(k.PhoneNumber) {
		f["phoneNumber"] = F(CodeKYCPhone)
	}
	if !ValidEmail(k.Email) {
		f["email"] = F(CodeKYCEmail)
	}
	atLeast("address", k.Address, 10, CodeKYCAddress, 300)
	if !contains(KYCDocumentTypes, k.DocumentType) {
		f["documentType"] = F(CodeKYCDocumentType)
	}
	atLeast("documentNumber", k.DocumentNumber, 5, CodeKYCDocumentNumber, 50)
	if len(f) > 0 {
		return Invalid(CodeFieldsInvalid, f)
	}
	return nil
}

// MaskID hides all but the last four characters of an identity number for anyone but regulators.
func MaskID(s string) string {
	r := []rune(s)
	if len(r) <= 4 {
		return strings.Repeat("•", len(r))
	}
	return strings.Repeat("•", len(r)-4) + string(r[len(r)-4:])
}

// KYC risk levels (issue 16: the KYC list's risk filter).
const (
	KYCRiskLow    = "low"
	KYCRiskMedium = "medium"
	KYCRiskHigh   = "high"
)

// KYCRiskLevels are the risk levels a KYC application may have, lowest first.
var KYCRiskLevels = []string{KYCRiskLow, KYCRiskMedium, KYCRiskHigh}

// KYCRiskFacts are what a KYC application's risk is decided from: facts a reviewer can check in
// the application itself and in the list, so that every level can be explained in one sentence.
type KYCRiskFacts struct {
	DocumentType      string
	PEP               bool // the applicant declared being a politically exposed person
	SharedNationalID  bool // another application carries the same national ID
	SharedPhoneNumber bool // another application carries the same phone number
}

// KYCRisk is the risk level of a KYC application (docs/DECISIONS.md, "KYC risk"). A politically
// exposed person is high risk whatever else is true (FATF Recommendation 12 asks for enhanced due
// diligence). Otherwise points add up: a national ID used by another application 2 (one identity
// behind several applications is the strongest sign of reuse or fraud), a phone number used by
// another application 1, a driver's license as the identity document 1 (the weakest of the three
// documents); 0 points is low, 1 medium, 2 or more high. The migration that added the column
// (0029) applies the same rule in SQL to the applications that existed before it.
func KYCRisk(f KYCRiskFacts) string {
	if f.PEP {
		return KYCRiskHigh
	}
	points := 0
	if f.SharedNationalID {
		points += 2
	}
	if f.SharedPhoneNumber {
		points++
	}
	if f.DocumentType == "drivers_license" {
		points++
	}
	switch {
	case points >= 2:
		return KYCRiskHigh
	case points == 1:
		return KYCRiskMedium
	}
	return KYCRiskLow
}
