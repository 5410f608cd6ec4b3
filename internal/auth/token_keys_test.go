package auth

import (
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/kormeer/kormeer/internal/secrets"
)

// TestTokensAcrossRotation: tokens carry their key version's id; during a rotation a token of the
// replaced version verifies until the version's grace period ends, one from before key ids (no
// kid) verifies against every accepted version, and a kid naming no accepted version, or a
// version past its grace period, is refused.
func TestTokensAcrossRotation(t *testing.T) {
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	oldKey, newKey := []byte(strings.Repeat("o", 32)), []byte(strings.Repeat("n", 32))
	ring := secrets.Fixed(oldKey)
	tok := NewTokensWithKeys(ring, 24*time.Hour, clock)
	old, _, _ := tok.Issue("u", 1)
	if h, _, _ := jwt.NewParser().ParseUnverified(old, &Claims{}); h.Header["kid"] != secrets.KeyID(oldKey) {
		t.Fatalf("kid %v", h.Header["kid"])
	}
	legacy, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, Claims{TokenVersion: 1, RegisteredClaims: jwt.RegisteredClaims{
		Issuer: Issuer, Subject: "u", Audience: jwt.ClaimStrings{Audience}, IssuedAt: jwt.NewNumericDate(now),
		ExpiresAt: jwt.NewNumericDate(now.Add(time.Hour)), ID: "legacy-1"}}).SignedString(oldKey)

	ring.Set(secrets.Key{ID: secrets.KeyID(oldKey), Secret: oldKey, RetireAt: now.Add(time.Hour)},
		secrets.Key{ID: secrets.KeyID(newKey), Secret: newKey, ActiveFrom: now})
	for name, token := range map[string]string{"kid of the replaced version": old, "no kid": legacy} {
		if _, err := tok.Verify(token); err != nil {
			t.Errorf("%s, within the grace period: %v", name, err)
		}
	}
	fresh, _, _ := tok.Issue("u", 1)
	if _, err := NewTokensWithKeys(secrets.Fixed(newKey), time.Hour, clock).Verify(fresh); err != nil {
		t.Fatalf("new tokens are not signed by the new version: %v", err)
	}
	// A token whose kid names the new version but which the old key signed is refused: the kid
	// chooses the key, it does not widen the search.
	relabelled := jwt.NewWithClaims(jwt.SigningMethodHS256, Claims{RegisteredClaims: jwt.RegisteredClaims{Issuer: Issuer, Subject: "u",
		Audience: jwt.ClaimStrings{Audience}, ExpiresAt: jwt.NewNumericDate(now.Add(time.Hour)), ID: "relabelled-1"}})
	relabelled.Header["kid"] = secrets.KeyID(newKey)
	forged, _ := relabelled.SignedString(oldKey)
	if _, err := tok.Verify(forged); err == nil {
		t.Fatal("a token signed by another version than its kid names was accepted")
	}

	now = now.Add(2 * time.Hour)
	if _, err := tok.Verify(old); err == nil {
		t.Fatal("a token of the replaced version verifies after its grace period")
	}
	if _, err := tok.Verify(fresh); err != nil {
		t.Fatalf("a token of the current version: %v", err)
	}
}

// TestVerifiedTokensRemembered: a token that verified is not decoded again on its next use, but
// it is still refused the moment its key version is no longer accepted or it expires (the
// rotation and expiry cases of TestTokensAcrossRotation and TestTokens go through the same path);
// what Verify returns is the caller's own copy; and the remembered tokens stay bounded.
func TestVerifiedTokensRemembered(t *testing.T) {
	now := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	key := []byte(strings.Repeat("k", 32))
	ring := secrets.Fixed(key)
	tok := NewTokensWithKeys(ring, time.Hour, clock)
	signed, _, _ := tok.Issue("user-1", 2)
	first, err := tok.Verify(signed)
	if err != nil {
		t.Fatal(err)
	}
	// Served from memory: a mark left on the remembered claims comes back.
	tok.seen.m[signed] = func(v verifiedToken) verifiedToken { v.claims.TokenVersion = 7; return v }(tok.seen.m[signed])
	if c, err := tok.Verify(signed); err != nil || c.TokenVersion != 7 {
		t.Fatalf("second Verify = %+v, %v: not served from the remembered claims", c, err)
	}
	first.Audience[0], first.ExpiresAt.Time = "someone-else", now.Add(100*time.Hour)
	if c, err := tok.Verify(signed); err != nil || c.Audience[0] != Audience || !c.ExpiresAt.Equal(now.Add(time.Hour)) {
		t.Fatalf("a caller's change to its claims reached the next request: %+v, %v", c, err)
	}

	// The key version it was signed with is replaced without a grace period: refused at once.
	ring.Set(secrets.Key{ID: secrets.KeyID([]byte(strings.Repeat("n", 32))), Secret: []byte(strings.Repeat("n", 32))})
	if _, err := tok.Verify(signed); err == nil {
		t.Fatal("a remembered token verified after its key version was withdrawn")
	}
	if len(tok.seen.m) != 0 {
		t.Fatalf("%d tokens remembered after the only one was refused", len(tok.seen.m))
	}

	ring.Set(secrets.Key{ID: secrets.KeyID(key), Secret: key})
	for range maxVerifiedTokens + 10 {
		s, _, _ := tok.Issue("user-1", 2)
		if _, err := tok.Verify(s); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(tok.seen.m); n != maxVerifiedTokens {
		t.Fatalf("%d tokens remembered, want the bound %d", n, maxVerifiedTokens)
	}
	if _, err := tok.Verify(signed); err != nil {
		t.Fatal(err)
	}
	if _, ok := tok.seen.m[signed]; !ok {
		t.Fatal("a token that verified is not remembered")
	}
	now = now.Add(2 * time.Hour)
	if _, err := tok.Verify(signed); err == nil {
		t.Fatal("a remembered token verified after it expired")
	}
}

// BenchmarkVerify: a token verified in full (decoded, its signature and claims checked) against
// one verified before (its signature and claims checked again, not decoded).
func BenchmarkVerify(b *testing.B) {
	tok := NewTokensWithKeys(secrets.Fixed([]byte(strings.Repeat("k", 32))), time.Hour, nil)
	signed, _, _ := tok.Issue("user-1", 2)
	b.Run("full", func(b *testing.B) {
		for b.Loop() {
			clear(tok.seen.m)
			if _, err := tok.Verify(signed); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("remembered", func(b *testing.B) {
		for b.Loop() {
			if _, err := tok.Verify(signed); err != nil {
				b.Fatal(err)
			}
		}
	})
}
