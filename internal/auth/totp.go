package auth

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1"
	"crypto/subtle"
	"encoding/base32"
	"encoding/binary"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// TOTP parameters (RFC 6238): HMAC-SHA1, 30-second steps, 6 digits. These are what every
// authenticator app understands without asking; the otpauth:// URI still names them.
const (
	TOTPPeriod = 30 * time.Second
	TOTPDigits = 6
	// TOTPSkew is how many steps either side of now a code may come from, for a phone whose
	// clock is a little off and a user who types slowly.
	TOTPSkew = 1
)

// base32Key is how TOTP secrets are written for people and apps: RFC 4648 base32 without
// padding, as Google Authenticator's key URI format asks.
var base32Key = base32.StdEncoding.WithPadding(base32.NoPadding)

// NewTOTPSecret returns a fresh 160-bit secret, the length RFC 4226 recommends for HMAC-SHA1.
func NewTOTPSecret() []byte {
	b := make([]byte, 20)
	if _, err := rand.Read(b); err != nil {
		panic("auth: crypto/rand failed: " + err.Error())
	}
	return b
}

// TOTPStep is the RFC 6238 time step (T) that t falls in.
func TOTPStep(t time.Time) int64 { return t.Unix() / int64(TOTPPeriod/time.Second) }

// TOTPCode is the 6-digit code for the secret at time t.
func TOTPCode(secret []byte, t time.Time) string {
	return hotp(secret, uint64(TOTPStep(t)), TOTPDigits)
}

// hotp is RFC 4226's HOTP: HMAC-SHA1 of the counter, dynamically truncated to digits decimals.
func hotp(secret []byte, counter uint64, digits int) string {
	var msg [8]byte
	binary.BigEndian.PutUint64(msg[:], counter)
	m := hmac.New(sha1.New, secret)
	m.Write(msg[:])
	sum := m.Sum(nil)
	off := sum[len(sum)-1] & 0x0f
	bin := binary.BigEndian.Uint32(sum[off:off+4]) & 0x7fffffff
	mod := uint32(1)
	for range digits {
		mod *= 10
	}
	s := strconv.FormatUint(uint64(bin%mod), 10)
	return strings.Repeat("0", digits-len(s)) + s
}

// VerifyTOTP reports whether code is the secret's code for a step within TOTPSkew of now that is
// later than lastStep, and which step it matched. Refusing steps up to lastStep (the last one the
// account accepted) makes every code work once: a code seen over a shoulder or phished cannot be
// replayed. Every candidate is compared, in constant time, so timing says nothing about which
// step (if any) matched. Spaces are ignored; anything but six ASCII digits is refused.
func VerifyTOTP(secret []byte, code string, now time.Time, lastStep int64) (step int64, ok bool) {
	code = strings.ReplaceAll(code, " ", "")
	if len(code) != TOTPDigits || strings.Trim(code, "0123456789") != "" {
		return 0, false
	}
	current := TOTPStep(now)
	for s := current - TOTPSkew; s <= current+TOTPSkew; s++ {
		match := subtle.ConstantTimeCompare([]byte(hotp(secret, uint64(s), TOTPDigits)), []byte(code)) == 1
		if match && s > lastStep && !ok {
			step, ok = s, true
		}
	}
	return step, ok
}

// TOTPKey is the secret as a person types it into an authenticator app by hand.
func TOTPKey(secret []byte) string { return base32Key.EncodeToString(secret) }

// TOTPURI is the otpauth:// key URI an authenticator app reads from a QR code (the format Google
// Authenticator defined and every app follows): issuer and account label the entry in the app.
func TOTPURI(issuer, account string, secret []byte) string {
	q := url.Values{}
	q.Set("secret", TOTPKey(secret))
	q.Set("issuer", issuer)
	q.Set("algorithm", "SHA1")
	q.Set("digits", strconv.Itoa(TOTPDigits))
	q.Set("period", strconv.Itoa(int(TOTPPeriod/time.Second)))
	u := url.URL{Scheme: "otpauth", Host: "totp", Path: "/" + issuer + ":" + account, RawQuery: q.Encode()}
	return u.String()
}
