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
