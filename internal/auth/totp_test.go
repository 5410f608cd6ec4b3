package auth

import (
	"encoding/base32"
	"net/url"
	"strings"
	"testing"
	"time"
)

// rfcSeed is the SHA-1 seed of RFC 6238 appendix B.
var rfcSeed = []byte("12345678901234567890")

// TestTOTPVectors checks the code generator against RFC 6238 appendix B (SHA-1, 8 digits), and
// the 6-digit codes Kormeer uses against the same vectors' last six digits.
func TestTOTPVectors(t *testing.T) {
	for _, v := range []struct {
		unix int64
		code string
	}{
		{59, "94287082"},
		{1111111109, "07081804"},
		{1111111111, "14050471"},
		{1234567890, "89005924"},
		{2000000000, "69279037"},
		{20000000000, "65353130"},
	} {
		at := time.Unix(v.unix, 0)
		if got := hotp(rfcSeed, uint64(TOTPStep(at)), 8); got != v.code {
			t.Errorf("T=%d: code %s, want %s", v.unix, got, v.code)
		}
		if got := TOTPCode(rfcSeed, at); got != v.code[2:] {
			t.Errorf("T=%d: 6-digit code %s, want %s", v.unix, got, v.code[2:])
		}
	}
}

func TestVerifyTOTPWindowAndReplay(t *testing.T) {
	now := time.Unix(1234567890, 0)
	step := TOTPStep(now)
	for _, c := range []struct {
		name     string
		at       time.Time
		lastStep int64
		want     bool
	}{
		{"current step", now, 0, true},
		{"one step behind (clock drift)", now.Add(-30 * time.Second), 0, true},
		{"one step ahead (clock drift)", now.Add(30 * time.Second), 0, true},
		{"two steps behind", now.Add(-60 * time.Second), 0, false},
		{"two steps ahead", now.Add(60 * time.Second), 0, false},
		{"replayed: its step was accepted already", now, step, false},
		{"older than the last accepted step", now.Add(-30 * time.Second), step - 1, false},
		{"later than the last accepted step", now.Add(30 * time.Second), step, true},
	} {
		code := TOTPCode(rfcSeed, c.at)
		got, ok := VerifyTOTP(rfcSeed, code, now, c.lastStep)
		if ok != c.want {
			t.Errorf("%s: ok=%v, want %v", c.name, ok, c.want)
		}
		if ok && got != TOTPStep(c.at) {
			t.Errorf("%s: matched step %d, want %d", c.name, got, TOTPStep(c.at))
		}
	}
	for _, bad := range []string{"", "12345", "1234567", "abcdef", "12 34 5", "١٢٣٤٥٦", "+12345"} {
		if _, ok := VerifyTOTP(rfcSeed, bad, now, 0); ok {
			t.Errorf("malformed code %q accepted", bad)
		}
	}
	// Spaces a user types to group digits are ignored.
	code := TOTPCode(rfcSeed, now)
	if _, ok := VerifyTOTP(rfcSeed, code[:3]+" "+code[3:], now, 0); !ok {
		t.Error("a code typed as 123 456 was refused")
	}
}

func TestTOTPURI(t *testing.T) {
	secret := NewTOTPSecret()
	if len(secret) != 20 {
		t.Fatalf("secret of %d bytes, want 20 (RFC 4226's recommended length for SHA-1)", len(secret))
	}
	u, err := url.Parse(TOTPURI("Kormeer", "officer@bank.so", secret))
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	if u.Scheme != "otpauth" || u.Host != "totp" || u.Path != "/Kormeer:officer@bank.so" {
		t.Errorf("uri %s: wrong scheme, type or label", u)
	}
	key, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(q.Get("secret"))
	if err != nil || string(key) != string(secret) {
		t.Errorf("secret parameter %q does not decode to the secret", q.Get("secret"))
	}
	if q.Get("issuer") != "Kormeer" || q.Get("digits") != "6" || q.Get("period") != "30" || q.Get("algorithm") != "SHA1" {
		t.Errorf("parameters %v", q)
	}
	if TOTPKey(secret) != q.Get("secret") || strings.Contains(TOTPKey(secret), "=") {
		t.Errorf("manual key %q", TOTPKey(secret))
	}
}

func TestSecondFactorSealAndRecoveryCodes(t *testing.T) {
	f, err := NewSecondFactor([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewSecondFactor([]byte("short")); err == nil {
		t.Error("a short key was accepted")
	}
	secret := NewTOTPSecret()
	sealed := f.Seal("user-1", secret)
	if strings.Contains(sealed, TOTPKey(secret)) {
		t.Fatal("the sealed secret contains the secret")
	}
	got, err := f.Open("user-1", sealed)
	if err != nil || string(got) != string(secret) {
		t.Fatalf("open: %v", err)
	}
	// A sealed secret copied onto another account does not open there.
	if _, err := f.Open("user-2", sealed); err == nil {
		t.Error("a secret sealed for user-1 opened for user-2")
	}
	other, _ := NewSecondFactor([]byte(strings.Repeat("o", 32)))
	if _, err := other.Open("user-1", sealed); err == nil {
		t.Error("a secret opened under another key")
	}
	if _, err := f.Open("user-1", "not base64!"); err == nil {
		t.Error("garbage opened")
	}

	codes := NewRecoveryCodes(10)
	seen := map[string]bool{}
	for _, c := range codes {
		if len(c) != 11 || c[5] != '-' || seen[c] {
			t.Errorf("recovery code %q: want 10 characters in two groups, all different", c)
		}
		seen[c] = true
	}
	c := codes[0]
	h := f.RecoveryHash("user-1", c)
	for _, typed := range []string{strings.ToUpper(c), strings.ReplaceAll(c, "-", ""), " " + c + " "} {
		if f.RecoveryHash("user-1", typed) != h {
			t.Errorf("code typed as %q hashes differently", typed)
		}
	}
	if f.RecoveryHash("user-2", c) == h || other.RecoveryHash("user-1", c) == h {
		t.Error("a recovery code hash does not depend on the account and the key")
	}
	if strings.Contains(h, strings.ReplaceAll(c, "-", "")) {
		t.Error("the hash contains the code")
	}
	if !LooksLikeRecoveryCode(c) || LooksLikeRecoveryCode("123456") {
		t.Error("LooksLikeRecoveryCode")
	}
}
