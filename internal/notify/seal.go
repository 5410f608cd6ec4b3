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
	"strings"
	"sync"
	"time"

	"github.com/kormeer/kormeer/internal/secrets"
)

// Sealer encrypts outbox bodies with AES-256-GCM under the outbox key's signing version; a
// sealed body names that version ("<key id>.<base64>"), so bodies sealed before a rotation
// still open during its grace period.
type Sealer struct {
	keys  *secrets.Ring
	now   func() time.Time
	mu    sync.Mutex
	aeads map[string]cipher.AEAD // by key secret
}

// NewSealer returns a sealer for one key of at least 32 bytes.
func NewSealer(key []byte) (*Sealer, error) {
	if len(key) < secrets.MinLength {
		return nil, errors.New("notify: the outbox key must be at least 32 bytes")
	}
	return NewSealerWithKeys(secrets.Fixed(key), nil), nil
}

// NewSealerWithKeys returns a sealer over the outbox key's ring; now is the clock of its
// rotations (nil: time.Now).
func NewSealerWithKeys(keys *secrets.Ring, now func() time.Time) *Sealer {
	if now == nil {
		now = time.Now
	}
	return &Sealer{keys: keys, now: now, aeads: map[string]cipher.AEAD{}}
}

func (s *Sealer) aead(k secrets.Key) cipher.AEAD {
	s.mu.Lock()
	defer s.mu.Unlock()
	if a, ok := s.aeads[string(k.Secret)]; ok {
		return a
	}
	block, err := aes.NewCipher(secrets.AES256(k.Secret, "outbox"))
	if err != nil {
		panic("notify: " + err.Error()) // AES256 always returns 32 bytes
	}
	a, err := cipher.NewGCM(block)
	if err != nil {
		panic("notify: " + err.Error())
	}
	s.aeads[string(k.Secret)] = a
	return a
}

// Seal encrypts text; the key id and the nonce travel with the result.
func (s *Sealer) Seal(text string) string {
	k := s.keys.Signing(s.now())
	a := s.aead(k)
	nonce := make([]byte, a.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		panic("notify: crypto/rand failed: " + err.Error())
	}
	return k.ID + "." + base64.StdEncoding.EncodeToString(a.Seal(nonce, nonce, []byte(text), nil))
}

// Open decrypts what Seal produced, with the version it names (with every accepted version for
// a body sealed before bodies named theirs: standard base64 has no dot).
func (s *Sealer) Open(sealed string) (string, error) {
	id, body, named := strings.Cut(sealed, ".")
	if !named {
		id, body = "", sealed
	}
	b, err := base64.StdEncoding.DecodeString(body)
	if err != nil {
		return "", errors.New("notify: malformed sealed body")
	}
	for _, k := range s.keys.ByID(id, s.now()) {
		a := s.aead(k)
		if len(b) < a.NonceSize() {
			return "", errors.New("notify: malformed sealed body")
		}
		if plain, err := a.Open(nil, b[:a.NonceSize()], b[a.NonceSize():], nil); err == nil {
			return string(plain), nil
		}
	}
	return "", errors.New("notify: sealed body does not open with the outbox key")
}
