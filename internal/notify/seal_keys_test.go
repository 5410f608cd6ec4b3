package notify

import (
	"crypto/aes"
	"crypto/cipher"
	"encoding/base64"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/secrets"
)

// TestSealedBodiesAcrossRotation: a body sealed before the outbox key rotated (or before bodies
// named their key version) opens during the replaced version's grace period and not after.
func TestSealedBodiesAcrossRotation(t *testing.T) {
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	oldKey, newKey := []byte(secrets.Generate()), []byte(secrets.Generate())
	ring := secrets.Fixed(oldKey)
	s := NewSealerWithKeys(ring, func() time.Time { return now })
	named := s.Seal("named")
	// The legacy form of a sealed body, which stored bodies may still have: base64 of nonce and
	// ciphertext under the generated key's decoded bytes.
	raw, _ := base64.RawURLEncoding.DecodeString(string(oldKey))
	block, _ := aes.NewCipher(raw)
	aead, _ := cipher.NewGCM(block)
	nonce := make([]byte, aead.NonceSize())
	legacy := base64.StdEncoding.EncodeToString(aead.Seal(nonce, nonce, []byte("legacy"), nil))

	ring.Set(secrets.Key{ID: secrets.KeyID(oldKey), Secret: oldKey, RetireAt: now.Add(time.Hour)},
		secrets.Key{ID: secrets.KeyID(newKey), Secret: newKey, ActiveFrom: now})
	for want, body := range map[string]string{"named": named, "legacy": legacy} {
		if got, err := s.Open(body); err != nil || got != want {
			t.Errorf("%s body within the grace period: %q %v", want, got, err)
		}
	}
	fresh := s.Seal("fresh")
	if got, err := NewSealerWithKeys(secrets.Fixed(newKey), nil).Open(fresh); err != nil || got != "fresh" {
		t.Fatalf("new bodies are not sealed by the new version: %v", err)
	}
	now = now.Add(2 * time.Hour)
	if _, err := s.Open(named); err == nil {
		t.Fatal("a body of the replaced version opens after its grace period")
	}
	for _, bad := range []string{"", "abc.", "zz.!!!", secrets.KeyID(newKey) + ".AAAA"} {
		if _, err := s.Open(bad); err == nil {
			t.Errorf("malformed body %q opened", bad)
		}
	}
}
