package objects

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/secrets"
)

// Signer makes and checks short-lived upload URLs. A URL names the object id the server chose,
// its expiry, and (inside the MAC) the account allowed to upload, so it cannot be reused by
// someone else, for another object, or later. URLs signed before a rotation of the upload key
// still verify during its grace period.
type Signer struct {
	keys *secrets.Ring
	ttl  time.Duration
	now  func() time.Time
}

// NewSigner returns a signer with one key whose URLs are valid for ttl.
func NewSigner(key []byte, ttl time.Duration, now func() time.Time) *Signer {
	return NewSignerWithKeys(secrets.Fixed(key), ttl, now)
}

// NewSignerWithKeys returns a signer over the upload key's ring whose URLs are valid for ttl.
func NewSignerWithKeys(keys *secrets.Ring, ttl time.Duration, now func() time.Time) *Signer {
	if now == nil {
		now = time.Now
	}
	return &Signer{keys: keys, ttl: ttl, now: now}
}

func mac(key []byte, objectID, exp, userID string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(objectID + "|" + exp + "|" + userID))
	return m.Sum(nil)
}

// Sign returns the token for uploading objectID as userID.
func (s *Signer) Sign(objectID, userID string) string {
	now := s.now()
	exp := strconv.FormatInt(now.Add(s.ttl).Unix(), 10)
	enc := base64.RawURLEncoding
	return enc.EncodeToString([]byte(objectID+"|"+exp)) + "." + enc.EncodeToString(mac(s.keys.Signing(now).Secret, objectID, exp, userID))
}

// Verify returns the object id of a token signed for userID and not yet expired.
func (s *Signer) Verify(token, userID string) (string, error) {
	bad := domain.E(domain.EFORBIDDEN, domain.CodeUploadLinkInvalid)
	payload, sig, ok := strings.Cut(token, ".")
	if !ok {
		return "", bad
	}
	enc := base64.RawURLEncoding
	p, err1 := enc.DecodeString(payload)
	sum, err2 := enc.DecodeString(sig)
	if err1 != nil || err2 != nil {
		return "", bad
	}
	objectID, exp, ok := strings.Cut(string(p), "|")
	if !ok || !s.signed(sum, objectID, exp, userID) {
		return "", bad
	}
	unix, err := strconv.ParseInt(exp, 10, 64)
	if err != nil || s.now().Unix() > unix {
		return "", bad
	}
	return objectID, nil
}

// signed reports whether sum is the MAC of the fields under an accepted version of the key.
func (s *Signer) signed(sum []byte, objectID, exp, userID string) bool {
	for _, k := range s.keys.Verifying(s.now()) {
		if hmac.Equal(sum, mac(k.Secret, objectID, exp, userID)) {
			return true
		}
	}
	return false
}
