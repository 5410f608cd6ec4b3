package auth

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
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
	// validator checks verified claims against the clock exactly as the parser does.
	validator *jwt.Validator
	seen      verifiedTokens
}

// verifiedTokens remembers the tokens that passed Verify, so that the next request with the same
// token does not decode its header and claims again: base64 and JSON, about 35 µs, nine tenths of
// Verify and a tenth of the portal's CPU per transfer (docs/PERFORMANCE.md, "Sixteenth session").
// A remembered token is still checked on every use, by cachedClaims: its signature again (one
// HMAC, about a microsecond) with the key versions accepted at that moment, so a retired version
// stops verifying at once, and its claims against the clock by the parser's own validator. Only
// what cannot differ for the same string is not redone: the decoding, and the algorithm, issuer,
// audience, subject and id it yields. Nothing enters the map but a token that verified in full.
type verifiedTokens struct {
	mu sync.RWMutex
	m  map[string]verifiedToken
}

type verifiedToken struct {
	claims Claims
	kid    string
	sig    []byte
}

// maxVerifiedTokens bounds the memory the remembered tokens take (a token is about 300 bytes):
// past it, one is forgotten for each new one.
const maxVerifiedTokens = 4096

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
	t := &Tokens{keys: keys, ttl: ttl, now: now}
	t.validator = jwt.NewValidator(t.parserOptions()...)
	t.seen.m = map[string]verifiedToken{}
	return t
}

// parserOptions are the checks a token must pass: HS256 only, Kormeer's issuer and audience, an
// expiry, an issue time not in the future, with 30 s of leeway for clocks.
func (t *Tokens) parserOptions() []jwt.ParserOption {
	return []jwt.ParserOption{
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(Issuer),
		jwt.WithAudience(Audience),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithTimeFunc(t.now),
		jwt.WithLeeway(30 * time.Second),
	}
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
	if c, ok := t.cachedClaims(token); ok {
		return c, nil
	}
	var c Claims
	tok, err := jwt.ParseWithClaims(token, &c, t.verificationKeys, t.parserOptions()...)
	if err != nil {
		return nil, fmt.Errorf("auth: invalid token: %w", err)
	}
	if c.Subject == "" || c.ID == "" {
		return nil, errors.New("auth: token has no subject or id")
	}
	kid, _ := tok.Header["kid"].(string)
	t.remember(token, verifiedToken{claims: c, kid: kid, sig: tok.Signature})
	return copyClaims(c), nil
}

// cachedClaims returns the claims of a token that verified before, if its signature still
// verifies with a key version accepted now and its claims are still valid now (verifiedTokens).
// A remembered token that fails is forgotten, and Verify then checks it in full, which refuses it
// with the reason.
func (t *Tokens) cachedClaims(token string) (*Claims, bool) {
	t.seen.mu.RLock()
	v, ok := t.seen.m[token]
	t.seen.mu.RUnlock()
	if !ok {
		return nil, false
	}
	signed := token[:strings.LastIndexByte(token, '.')]
	valid := slices.ContainsFunc(t.keys.ByID(v.kid, t.now()), func(k secrets.Key) bool {
		return jwt.SigningMethodHS256.Verify(signed, v.sig, k.Secret) == nil
	}) && t.validator.Validate(&v.claims) == nil
	if !valid {
		t.seen.mu.Lock()
		delete(t.seen.m, token)
		t.seen.mu.Unlock()
		return nil, false
	}
	return copyClaims(v.claims), true
}

func (t *Tokens) remember(token string, v verifiedToken) {
	t.seen.mu.Lock()
	defer t.seen.mu.Unlock()
	if len(t.seen.m) >= maxVerifiedTokens {
		for k := range t.seen.m {
			delete(t.seen.m, k) // an arbitrary one: Go's map order is not the insertion order
			break
		}
	}
	t.seen.m[token] = v
}

// copyClaims is c with its own audience and times, so that a caller changing what it got changes
// nothing another request gets.
func copyClaims(c Claims) *Claims {
	c.Audience = slices.Clone(c.Audience)
	for _, d := range []**jwt.NumericDate{&c.ExpiresAt, &c.IssuedAt, &c.NotBefore} {
		if *d != nil {
			cp := **d
			*d = &cp
		}
	}
	return &c
}
