package auth

import (
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

var testHasher = Hasher{Params: Params{Memory: 1024, Time: 1, Threads: 1}}

func TestPasswordRoundTrip(t *testing.T) {
	h, err := testHasher.Hash("correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=1024,t=1,p=1$") {
		t.Fatalf("hash %q is not PHC argon2id", h)
	}
	if ok, err := testHasher.Verify("correct horse battery", h); !ok || err != nil {
		t.Fatalf("right password refused: %v", err)
	}
	if ok, _ := testHasher.Verify("correct horse batterY", h); ok {
		t.Fatal("wrong password accepted")
	}
	h2, _ := testHasher.Hash("correct horse battery")
	if h2 == h {
		t.Fatal("two hashes of one password are equal: the salt is not random")
	}
	// Verification reads the parameters from the hash, not from the Hasher.
	if ok, _ := (Hasher{Params: DefaultParams}).Verify("correct horse battery", h); !ok {
		t.Fatal("a hash made with other parameters no longer verifies")
	}
	for _, bad := range []string{"", "plain", "$argon2i$v=19$m=1,t=1,p=1$AA$AA", "$argon2id$v=19$m=x$AA$AA"} {
		if _, err := testHasher.Verify("x", bad); err == nil {
			t.Errorf("malformed hash %q accepted", bad)
		}
	}
}

func TestTokens(t *testing.T) {
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	key := []byte(strings.Repeat("k", 32))
	tok, err := NewTokens(key, time.Hour, func() time.Time { return now })
	if err != nil {
		t.Fatal(err)
	}
	signed, issued, err := tok.Issue("user-1", 3)
	if err != nil {
		t.Fatal(err)
	}
	c, err := tok.Verify(signed)
	if err != nil || c.Subject != "user-1" || c.TokenVersion != 3 || c.ID == "" || c.ID != issued.ID ||
		!c.ExpiresAt.Equal(now.Add(time.Hour)) {
		t.Fatalf("Verify = %+v, %v (issued %+v)", c, err, issued)
	}
	if _, again, _ := tok.Issue("user-1", 3); again.ID == issued.ID {
		t.Fatal("two tokens share an id")
	}

	other, _ := NewTokens([]byte(strings.Repeat("o", 32)), time.Hour, func() time.Time { return now })
	forged, _, _ := other.Issue("user-1", 3)
	sign := func(method jwt.SigningMethod, k any, claims jwt.Claims) string {
		s, err := jwt.NewWithClaims(method, claims).SignedString(k)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	base := func() jwt.RegisteredClaims {
		return jwt.RegisteredClaims{Issuer: Issuer, Subject: "user-1", Audience: jwt.ClaimStrings{Audience},
			IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(now.Add(time.Hour)), ID: "3f0c6a1e-2b7d-4c55-9a8e-1d2f3a4b5c6d"}
	}
	noExp := base()
	noExp.ExpiresAt = nil
	wrongAud := base()
	wrongAud.Audience = jwt.ClaimStrings{"someone-else"}
	wrongIss := base()
	wrongIss.Issuer = "evil"
	noID := base()
	noID.ID = ""
	bad := map[string]string{
		"other key":        forged,
		"alg none":         sign(jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, Claims{RegisteredClaims: base()}),
		"HS512":            sign(jwt.SigningMethodHS512, key, Claims{RegisteredClaims: base()}),
		"no expiry":        sign(jwt.SigningMethodHS256, key, Claims{RegisteredClaims: noExp}),
		"wrong audience":   sign(jwt.SigningMethodHS256, key, Claims{RegisteredClaims: wrongAud}),
		"wrong issuer":     sign(jwt.SigningMethodHS256, key, Claims{RegisteredClaims: wrongIss}),
		"no id":            sign(jwt.SigningMethodHS256, key, Claims{RegisteredClaims: noID}),
		"garbage":          "not.a.token",
		"tampered payload": signed[:len(signed)-3] + "abc",
	}
	for name, s := range bad {
		if _, err := tok.Verify(s); err == nil {
			t.Errorf("%s: token accepted", name)
		}
	}
	now = now.Add(2 * time.Hour)
	if _, err := tok.Verify(signed); err == nil {
		t.Error("expired token accepted")
	}
	if _, err := NewTokens([]byte("short"), time.Hour, nil); err == nil {
		t.Error("short key accepted")
	}
}
