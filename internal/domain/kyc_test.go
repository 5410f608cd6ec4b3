package domain

import (
	"encoding/json"
	"testing"
)

func TestKYCVectors(t *testing.T) {
	for _, c := range loadVectors(t, "kyc.json", "valid") {
		t.Run(c.Name, func(t *testing.T) {
			var k KYCInput
			if err := json.Unmarshal(c.Input, &k); err != nil {
				t.Fatal(err)
			}
			expectFields(t, k.Validate(), c.Fields)
		})
	}
	if MaskID("SL12345678") != "••••••5678" || MaskID("123") != "•••" {
		t.Error("MaskID")
	}
}

// TestKYCRisk: each fact alone and in combination gives the level docs/DECISIONS.md states.
func TestKYCRisk(t *testing.T) {
	for _, c := range []struct {
		name string
		f    KYCRiskFacts
		want string
	}{
		{"national ID card, nothing shared", KYCRiskFacts{DocumentType: "national_id"}, KYCRiskLow},
		{"passport, nothing shared", KYCRiskFacts{DocumentType: "passport"}, KYCRiskLow},
		{"driver's license alone", KYCRiskFacts{DocumentType: "drivers_license"}, KYCRiskMedium},
		{"shared phone alone", KYCRiskFacts{DocumentType: "passport", SharedPhoneNumber: true}, KYCRiskMedium},
		{"shared national ID alone", KYCRiskFacts{DocumentType: "national_id", SharedNationalID: true}, KYCRiskHigh},
		{"shared phone and driver's license", KYCRiskFacts{DocumentType: "drivers_license", SharedPhoneNumber: true}, KYCRiskHigh},
		{"PEP with nothing else", KYCRiskFacts{DocumentType: "passport", PEP: true}, KYCRiskHigh},
		{"everything", KYCRiskFacts{DocumentType: "drivers_license", PEP: true, SharedNationalID: true, SharedPhoneNumber: true}, KYCRiskHigh},
	} {
		if got := KYCRisk(c.f); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}
