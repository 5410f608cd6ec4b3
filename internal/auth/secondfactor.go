package auth

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strings"
)

// SecondFactor keeps what a database thief must not be able to use: it seals TOTP secrets with
// AES-256-GCM and hashes recovery codes with HMAC-SHA256, both under one server key, so the
// database alone yields neither a secret nor a code. Both are bound to the account (GCM's
// additional data, the HMAC's input), so a row copied onto another account is worthless.
type SecondFactor struct {
	aead   cipher.AEAD
	macKey []byte
}

// NewSecondFactor derives the sealing and hashing keys from key (at least 32 bytes).
func NewSecondFactor(key []byte) (*SecondFactor, error) {
	if len(key) < 32 {
		return nil, errors.New("auth: the second-factor key must be at least 32 bytes")
	}
	block, err := aes.NewCipher(derive(key, "kormeer totp secret seal"))
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &SecondFactor{aead: aead, macKey: derive(key, "kormeer recovery code hash")}, nil
}

// derive gives each use of the key its own 32-byte key (HMAC-SHA256 as a PRF over a label).
func derive(key []byte, label string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(label))
	return m.Sum(nil)
}

// Seal encrypts an account's TOTP secret; the random nonce travels with the result.
func (f *SecondFactor) Seal(userID string, secret []byte) string {
	nonce := make([]byte, f.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		panic("auth: crypto/rand failed: " + err.Error())
	}
	return base64.StdEncoding.EncodeToString(f.aead.Seal(nonce, nonce, secret, []byte(userID)))
}

// Open decrypts what Seal produced for the same account.
func (f *SecondFactor) Open(userID, sealed string) ([]byte, error) {
	b, err := base64.StdEncoding.DecodeString(sealed)
	if err != nil || len(b) < f.aead.NonceSize() {
		return nil, errors.New("auth: malformed sealed TOTP secret")
	}
	n := f.aead.NonceSize()
	secret, err := f.aead.Open(nil, b[:n], b[n:], []byte(userID))
	if err != nil {
		return nil, errors.New("auth: the TOTP secret does not open with this key for this account")
	}
	return secret, nil
}

// recoveryAlphabet is lower-case base32 (no 0, 1, 8 or 9 to confuse with letters).
const recoveryAlphabet = "abcdefghijklmnopqrstuvwxyz234567"

// NewRecoveryCodes returns n one-time recovery codes of 50 random bits each, written as two
// groups of five (xxxxx-xxxxx) so they can be read out and typed.
func NewRecoveryCodes(n int) []string {
	out := make([]string, n)
	buf := make([]byte, 10)
	for i := range out {
		if _, err := rand.Read(buf); err != nil {
			panic("auth: crypto/rand failed: " + err.Error())
		}
		var b strings.Builder
		for j, c := range buf {
			if j == 5 {
				b.WriteByte('-')
			}
			b.WriteByte(recoveryAlphabet[c&31]) // 256 is a multiple of 32: no bias
		}
		out[i] = b.String()
	}
	return out
}

// normalizeRecoveryCode removes what people add or change when typing a code: case, spaces and
// the dash between the groups.
func normalizeRecoveryCode(code string) string {
	return strings.NewReplacer("-", "", " ", "").Replace(strings.ToLower(strings.TrimSpace(code)))
}

// LooksLikeRecoveryCode tells a recovery code from a 6-digit TOTP code in a field that takes
// either.
func LooksLikeRecoveryCode(code string) bool {
	c := normalizeRecoveryCode(code)
	return len(c) == 10 && strings.Trim(c, recoveryAlphabet) == ""
}

// RecoveryHash is how a recovery code is stored and looked up: HMAC-SHA256 over the account and
// the normalized code.
func (f *SecondFactor) RecoveryHash(userID, code string) string {
	m := hmac.New(sha256.New, f.macKey)
	m.Write([]byte(userID))
	m.Write([]byte{0})
	m.Write([]byte(normalizeRecoveryCode(code)))
	return hex.EncodeToString(m.Sum(nil))
}
