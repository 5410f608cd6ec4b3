package auth

import (
	"errors"
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"

	"github.com/kormeer/kormeer/internal/secrets"
)

// Token settings that every issued token carries and every verified token must match.
const (
	Issuer   = "kormeer"
	Audience = "kormeer-api"
)

// Claims are what a Kormeer API token asserts: the account (subject) and the account's token
// version, so that a password reset or a disabled account voids every token issued before it.
type Claims struct {
	TokenVersion int `json:"tv"`
	jwt.RegisteredClaims
}

// Tokens issues and verifies HS256 API tokens with a fixed issuer, audience and expiry. Tokens
// name their key version in the "kid" header, so that during a rotation a token signed with the
// previous version still verifies until that version's grace period ends.
type Tokens struct {
	keys *secrets.Ring
	ttl  time.Duration
	now  func() time.Time
}

// NewTokens returns a token service signing with one key (at least 32 bytes) for tokens valid
// ttl.
func NewTokens(key []byte, ttl time.Duration, now func() time.Time) (*Tokens, error) {
	if len(key) < secrets.MinLength {
		return nil, errors.New("auth: the token key must be at least 32 bytes")
	}
	return NewTokensWithKeys(secrets.Fixed(key), ttl, now), nil
}

// NewTokensWithKeys returns a token service signing with the ring's signing version and
// verifying with every version it accepts.
func NewTokensWithKeys(keys *secrets.Ring, ttl time.Duration, now func() time.Time) *Tokens {
	if now == nil {
		now = time.Now
	}
	return &Tokens{keys: keys, ttl: ttl, now: now}
}

// Issue returns a signed token for the user and its claims. The claims' ID (jti) is a random
// UUID under which the caller records the token, because a token is accepted only while its
// record says it is not revoked (see store.RecordToken).
func (t *Tokens) Issue(userID string, tokenVersion int) (string, *Claims, error) {
	now := t.now().Truncate(time.Second)
	claims := Claims{
		TokenVersion: tokenVersion,
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    Issuer,
			Subject:   userID,
			Audience:  jwt.ClaimStrings{Audience},
			IssuedAt:  jwt.NewNumericDate(now),
			NotBefore: jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(t.ttl)),
			ID:        uuid.NewString(),
		},
	}
	key := t.keys.Signing(t.now()) // the claims' times are whole seconds; the key follows the clock itself
	tok := jwt.NewWithClaims(jwt.SigningMethodHS256, claims)
	tok.Header["kid"] = key.ID
	signed, err := tok.SignedString(key.Secret)
	if err != nil {
		return "", nil, err
	}
	return signed, &claims, nil
}

// verificationKeys returns the key versions a token may be signed with: those with its kid (all
// accepted ones for a token from before kids).
func (t *Tokens) verificationKeys(tok *jwt.Token) (any, error) {
	kid, _ := tok.Header["kid"].(string)
	var set jwt.VerificationKeySet
	for _, k := range t.keys.ByID(kid, t.now()) {
		set.Keys = append(set.Keys, k.Secret)
	}
	if len(set.Keys) == 0 {
		return nil, errors.New("unknown key")
	}
	return set, nil
}

// Verify checks the signature (HS256 only: "none" and every other algorithm are refused),
// issuer, audience and expiry, and returns the claims.
func (t *Tokens) Verify(token string) (*Claims, error) {
	var c Claims
	_, err := jwt.ParseWithClaims(token, &c, t.verificationKeys,
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(Issuer),
		jwt.WithAudience(Audience),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithTimeFunc(t.now),
		jwt.WithLeeway(30*time.Second),
	)
	if err != nil {
		return nil, fmt.Errorf("auth: invalid token: %w", err)
	}
	if c.Subject == "" || c.ID == "" {
		return nil, errors.New("auth: token has no subject or id")
	}
	return &c, nil
}
