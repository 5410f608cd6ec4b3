package domain

import (
	"encoding/json"
	"os"
	"testing"
)

// TestApplicationVectors runs the shared vectors of testdata/institution_application.json; the
// web tests run the same file, so browser and server agree on every rule and message.
func TestApplicationVectors(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/institution_application.json")
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
			var a ApplicationInput
			if err := json.Unmarshal(b, &a); err != nil {
				t.Fatal(err)
			}
			err := a.Validate()
			got := map[string]string{}
			if e, ok := err.(*Error); ok {
				got = e.Fields
			} else if err != nil {
				t.Fatalf("unexpected error %v", err)
			}
			if len(got) != len(c.Fields) {
				t.Fatalf("fields %v, want %v", got, c.Fields)
			}
			for k, want := range c.Fields {
				if got[k] != want {
					t.Errorf("%s: %q, want %q", k, got[k], want)
				}
			}
		})
	}
}

func TestReviewNotes(t *testing.T) {
	s := func(v string) *string { return &v }
	if n, err := ReviewNotes(ApplicationApproved, nil); err != nil || n != "" {
		t.Fatalf("approve without notes: %q %v", n, err)
	}
	if n, _ := ReviewNotes(ApplicationApproved, s("  fine  ")); n != "fine" {
		t.Fatalf("notes not trimmed: %q", n)
	}
	for _, notes := range []*string{nil, s(""), s("   ")} {
		if _, err := ReviewNotes(ApplicationRejected, notes); ErrorCode(err) != EINVALID {
			t.Fatalf("rejection without a reason accepted: %v", err)
		}
	}
}

func TestLicenseTransitions(t *testing.T) {
	tests := []struct {
		action, from string
		ok           bool
		to           string
	}{
		{"suspend", LicenseActive, true, LicenseSuspended},
		{"suspend", LicenseSuspended, false, ""},
		{"reinstate", LicenseSuspended, true, LicenseActive},
		{"reinstate", LicenseActive, false, ""},
		{"revoke", LicenseActive, true, LicenseRevoked},
		{"revoke", LicenseSuspended, true, LicenseRevoked},
		{"revoke", LicenseRevoked, false, ""},
		{"reinstate", LicenseRevoked, false, ""},
	}
	for _, tt := range tests {
		from, to, err := LicenseTransition(tt.action)
		if err != nil {
			t.Fatal(err)
		}
		allowed := false
		for _, f := range from {
			allowed = allowed || f == tt.from
		}
		if allowed != tt.ok || (tt.ok && to != tt.to) {
			t.Errorf("%s from %s: allowed %v to %s; want %v %s", tt.action, tt.from, allowed, to, tt.ok, tt.to)
		}
	}
	if _, _, err := LicenseTransition("delete"); ErrorCode(err) != EINVALID {
		t.Error("unknown action accepted")
	}
}

func TestValidPhone(t *testing.T) {
	for s, want := range map[string]bool{"+252 63 4123456": true, "0634123456": true, "+1-202-555-0199": true,
		"12345": false, "+252 63 412345678901234": false, "phone": false, "+-1234567": false} {
		if got := ValidPhone(s); got != want {
			t.Errorf("ValidPhone(%q) = %v", s, got)
		}
	}
}
