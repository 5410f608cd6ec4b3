package domain

import (
	"encoding/json"
	"os"
	"testing"
)

func TestKYCVectors(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/kyc.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Valid map[string]any `json:"valid"`
		Cases []struct {
			Name   string            `json:"name"`
			Change map[string]any    `json:"change"`
			Fields map[string]string `json:"fields"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			in := map[string]any{}
			for k, v := range file.Valid {
				in[k] = v
			}
			for k, v := range c.Change {
				in[k] = v
			}
			b, _ := json.Marshal(in)
			var k KYCInput
			json.Unmarshal(b, &k)
			got := map[string]string{}
			if e, ok := k.Validate().(*Error); ok {
				got = e.Fields
			}
			if len(got) != len(c.Fields) {
				t.Fatalf("fields %v, want %v", got, c.Fields)
			}
			for key, want := range c.Fields {
				if got[key] != want {
					t.Errorf("%s = %q, want %q", key, got[key], want)
				}
			}
		})
	}
	if MaskID("SL12345678") != "••••••5678" || MaskID("123") != "•••" {
		t.Error("MaskID")
	}
}
