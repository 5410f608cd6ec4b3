// Package notify delivers the outbox: e-mail through SMTP and SMS through an HTTP gateway, from a
// background worker with retries and backoff. Bodies wait in the database sealed with a server
// key, because they may carry access codes that a database reader must not recover.
package notify

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
)

// Sealer encrypts outbox bodies with AES-256-GCM.
type Sealer struct{ aead cipher.AEAD }

// NewSealer returns a sealer for a 32-byte key.
func NewSealer(key []byte) (*Sealer, error) {
	if len(key) != 32 {
		return nil, errors.New("notify: the outbox key must be 32 bytes")
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Sealer{aead: aead}, nil
}

// Seal encrypts text; the nonce travels with the result.
func (s *Sealer) Seal(text string) string {
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		panic("notify: crypto/rand failed: " + err.Error())
	}
	return base64.StdEncoding.EncodeToString(s.aead.Seal(nonce, nonce, []byte(text), nil))
}

// Open decrypts what Seal produced.
func (s *Sealer) Open(sealed string) (string, error) {
	b, err := base64.StdEncoding.DecodeString(sealed)
	if err != nil || len(b) < s.aead.NonceSize() {
		return "", errors.New("notify: malformed sealed body")
	}
	plain, err := s.aead.Open(nil, b[:s.aead.NonceSize()], b[s.aead.NonceSize():], nil)
	if err != nil {
		return "", errors.New("notify: sealed body does not open with this key")
	}
	return string(plain), nil
}
