// Package auth hashes passwords, issues and verifies API tokens and creates session ids. It has
// no HTTP or storage code, so its guarantees can be tested in isolation.
package auth

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"

	"github.com/kormeer/kormeer/internal/limit"
)

// Params are argon2id cost parameters.
type Params struct {
	Memory  uint32 // KiB
	Time    uint32
	Threads uint8
}

// DefaultParams follow OWASP's argon2id recommendation (19 MiB, 2 passes, 1 lane): slow for a
// guesser with a stolen database, still fast enough that sign-in stays well under 100 ms.
var DefaultParams = Params{Memory: 19 * 1024, Time: 2, Threads: 1}

const (
	saltLen = 16
	keyLen  = 32
)

// Hasher hashes and verifies passwords with argon2id, encoding hashes in the PHC string format
// ($argon2id$v=19$m=...,t=...,p=...$salt$hash) so that the parameters can be raised later without
// invalidating stored hashes.
type Hasher struct {
	Params Params
	// Pool, when set, bounds how many hashes HashContext and VerifyContext compute at once: each
	// takes 19 MiB and a core for tens of milliseconds, so a flood of sign-ins or registrations
	// waits in (or is turned away from) the pool's queue instead of starving every other request.
	Pool *limit.Pool
}

// HashContext is Hash run in the pool, waiting for a slot while ctx lives; a full queue answers
// limit.ErrBusy (429).
func (h Hasher) HashContext(ctx context.Context, password string) (string, error) {
	var out string
	err := h.do(ctx, func() (err error) { out, err = h.Hash(password); return err })
	return out, err
}

// VerifyContext is Verify run in the pool, like HashContext.
func (h Hasher) VerifyContext(ctx context.Context, password, encoded string) (bool, error) {
	var ok bool
	err := h.do(ctx, func() (err error) { ok, err = h.Verify(password, encoded); return err })
	return ok, err
}

func (h Hasher) do(ctx context.Context, fn func() error) error {
	if h.Pool == nil {
		return fn()
	}
	return h.Pool.Do(ctx, fn)
}

// Hash returns the PHC-encoded argon2id hash of password with a fresh random salt.
func (h Hasher) Hash(password string) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	p := h.Params
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, keyLen)
	enc := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads,
		enc.EncodeToString(salt), enc.EncodeToString(key)), nil
}

// ErrMalformedHash is returned for a stored hash that is not a PHC argon2id string.
var ErrMalformedHash = errors.New("auth: malformed password hash")

// Verify reports whether password matches the PHC-encoded hash, comparing in constant time.
func (h Hasher) Verify(password, encoded string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, ErrMalformedHash
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false, ErrMalformedHash
	}
	var p Params
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil {
		return false, ErrMalformedHash
	}
	enc := base64.RawStdEncoding
	salt, err := enc.DecodeString(parts[4])
	if err != nil {
		return false, ErrMalformedHash
	}
	want, err := enc.DecodeString(parts[5])
	if err != nil || len(want) == 0 {
		return false, ErrMalformedHash
	}
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// RandomToken returns n random bytes, URL-safe base64 encoded: session ids and generated keys.
func RandomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("auth: crypto/rand failed: " + err.Error()) // never happens on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}
