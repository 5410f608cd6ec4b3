package domain

import (
	"strings"
	"testing"
)

// TestWeakPasswordsRefused is issue 14 finding 15: common passwords, and passwords equal to the
// account's own email or name, are refused wherever a password is set.
func TestWeakPasswordsRefused(t *testing.T) {
	refused := []struct{ password, why string }{
		{"12345678", "common"},
		{"password", "common"},
		{"Password1", "common, any case"},
		{"qwerty123", "common"},
		{"iloveyou", "common"},
		{"P@ssw0rd", "common leetspeak"},
		{"football2024", "common word and year"},
		{"amina@example.so", "the email"},
		{"AMINA@EXAMPLE.SO", "the email in capitals"},
		{"aminaw1988", "the email's local part"},
		{"Warsame Amina", "the name"},
		{"aminawarsame", "the name run together"},
		{"short", "too short"},
		{strings.Repeat("x", 129), "too long"},
	}
	for _, tt := range refused {
		if msg := CheckPassword(tt.password, "amina@example.so", "aminaw1988@example.so", "Amina", "Warsame"); msg == nil || msg.Code == "" {
			t.Errorf("%q (%s) accepted", tt.password, tt.why)
		}
	}
	for _, p := range []string{"correct horse battery", "Admin-demo-2026", "Officer-demo-2026", "Psp-demo-2026",
		"Mno-demo-2026", "Citizen-demo-2026", "Guest-demo-2026", "Hodan-applies-2026", "temporary pass 1", "My-own-password-1"} {
		if msg := CheckPassword(p, "amina@example.so", "Amina", "Warsame"); msg != nil {
			t.Errorf("%q refused: %s", p, msg)
		}
	}
	a := NewAccount{Email: "amina@example.so", Password: "12345678", FirstName: "Amina", LastName: "Warsame"}
	if err, ok := a.Validate().(*Error); !ok || err.Fields["password"].Message == "" {
		t.Fatalf("registration with 12345678: %v", a.Validate())
	}
	if n := len(commonPasswords()); n < 3000 {
		t.Fatalf("the bundled list has %d passwords, want thousands", n)
	}
}
