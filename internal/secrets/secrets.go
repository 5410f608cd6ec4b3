// Package secrets keeps the server's keys out of reach of someone who reads the database they
// protect.
//
// Kormeer has a few named server keys (Specs): the API token signing key, the outbox key that
// seals message bodies, the key of the access-code hashes and the key of signed upload URLs.
// Each key comes from one of three places, best first:
//
//  1. From outside: its variable (KORMEER_TOKEN_SECRET, KORMEER_OUTBOX_KEY, …) or the file its
//     _FILE variable names. Nothing about it is written to the database, so a database thief
//     cannot forge tokens, open the outbox or test access-code guesses.
//  2. Generated on first start and stored in server_key_versions sealed with AES-256-GCM by the
//     master key, KORMEER_MASTER_KEY, which comes from outside. The thief gets ciphertext. Keys
//     stored in clear are sealed the first time a master key is configured; a wrong master key
//     stops the start with a clear message and never leads to new keys.
//  3. Generated and stored in clear, the default when nothing is configured; the start-up log
//     warns. The thief gets the keys.
//
// Every key is a Ring of versions so that it can rotate without downtime: one version signs (or
// seals), every accepted version verifies (or opens). A stored key rotates with
// `kormeer keys rotate NAME`: the new version is written with an activation time a few minutes
// ahead, so every instance (each reloads the keys every RefreshEvery) accepts it before any
// signs with it; the replaced version keeps verifying for a grace period after that, is then
// dropped and finally deleted. A key given from outside rotates by configuration: its
// _PREVIOUS variable holds a second key accepted for verification only (the old key after a
// switch, or the next one before it; docs/SECURITY.md gives the procedure).
//
// A new named key (say one that encrypts second-factor secrets) is one more entry in Specs: it
// gets its variables, sealing and rotation from the same path.
package secrets

import (
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"time"
)

// Names of the server keys; the values are the rows' names in server_key_versions (and were
// those of server_keys before it), so they never change.
const (
	Token      = "token_hs256"
	Outbox     = "outbox_aes256"
	AccessCode = "access_code_hmac"
	Upload     = "upload_hmac"
	TOTP       = "totp_key"
)

// Spec describes one named server key.
type Spec struct {
	// Name is the key's name in server_key_versions.
	Name string
	// Env is the variable that gives the key from outside; Env+"_FILE" names a file holding it
	// and Env+"_PREVIOUS" (or its _FILE) a second key accepted for verification only.
	Env string
	// Grace is how long a version replaced by `kormeer keys rotate` keeps verifying, by default:
	// at least the lifetime of what it signed (tokens, codes, upload URLs) or, for a key that
	// seals stored data, the time that data may wait.
	Grace time.Duration
	// Help is the configuration table's description of Env.
	Help string
	// Fixed keys are never rotated (no _PREVIOUS twin, `kormeer keys rotate` refuses): what they
	// seal must stay readable.
	Fixed bool
}

// Specs lists every server key. The lead adds new names here, and nowhere else.
var Specs = []Spec{
	{Token, "KORMEER_TOKEN_SECRET", 24 * time.Hour,
		"HS256 key for API tokens (≥32 bytes); generated and stored in the database when empty", false},
	{Outbox, "KORMEER_OUTBOX_KEY", 7 * 24 * time.Hour,
		"key sealing outbox message bodies (≥32 bytes); generated and stored in the database when empty", false},
	{AccessCode, "KORMEER_ACCESS_CODE_KEY", 48 * time.Hour,
		"HMAC key of stored access-code hashes (≥32 bytes); generated and stored in the database when empty", false},
	{Upload, "KORMEER_UPLOAD_KEY", time.Hour,
		"HMAC key of signed upload URLs (≥32 bytes); generated and stored in the database when empty", false},
	{TOTP, "KORMEER_TOTP_KEY", 0,
		"key sealing the accounts' TOTP secrets and hashing recovery codes (≥32 bytes); generated and stored in the database when empty; not rotated", true},
}

// MasterEnv is the variable of the master key that seals stored keys.
const MasterEnv = "KORMEER_MASTER_KEY"

// MinLength is the shortest key accepted from outside, in bytes.
const MinLength = 32

// SpecFor returns the spec of a key name.
func SpecFor(name string) (Spec, bool) {
	for _, s := range Specs {
		if s.Name == name {
			return s, true
		}
	}
	return Spec{}, false
}

// Generate returns a fresh key: 32 random bytes, base64url-encoded (the form keys have always
// been stored in, which AES256 recognises).
func Generate() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic("secrets: crypto/rand failed: " + err.Error()) // never happens on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// KeyID names a key without revealing it: the first 32 bits of an HMAC under the key itself.
// Tokens and sealed bodies carry it so the verifier tries the right version first.
func KeyID(secret []byte) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("kormeer key id"))
	return hex.EncodeToString(m.Sum(nil)[:4])
}

// AES256 turns a key into an AES-256 key for purpose. A generated key (base64url of 32 bytes) is
// used as it decodes, as the outbox always did, so bodies sealed before keys could come from
// outside still open; any other key, such as a passphrase-like one given from outside, goes
// through HKDF-SHA256.
func AES256(secret []byte, purpose string) []byte {
	if b, err := base64.RawURLEncoding.DecodeString(string(secret)); err == nil && len(b) == 32 {
		return b
	}
	k, err := hkdf.Key(sha256.New, secret, nil, "kormeer "+purpose, 32)
	if err != nil {
		panic("secrets: hkdf: " + err.Error()) // only for lengths SHA-256 cannot produce
	}
	return k
}
