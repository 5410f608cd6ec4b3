package auth

import (
	"errors"
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"
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

// Tokens issues and verifies HS256 API tokens with a fixed issuer, audience and expiry.
type Tokens struct {
	key []byte
	ttl time.Duration
	now func() time.Time
}

// NewTokens returns a token service signing with key (at least 32 bytes) for tokens valid ttl.
func NewTokens(key []byte, ttl time.Duration, now func() time.Time) (*Tokens, error) {
	if len(key) < 32 {
		return nil, errors.New("auth: the token key must be at least 32 bytes")
	}
	if now == nil {
		now = time.Now
	}
	return &Tokens{key: key, ttl: ttl, now: now}, nil
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
	signed, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(t.key)
	if err != nil {
		return "", nil, err
	}
	return signed, &claims, nil
}

// Verify checks the signature (HS256 only: "none" and every other algorithm are refused),
// issuer, audience and expiry, and returns the claims.
func (t *Tokens) Verify(token string) (*Claims, error) {
	var c Claims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return t.key, nil },
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
