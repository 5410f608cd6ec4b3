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
