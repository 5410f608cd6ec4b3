package objects

import (
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/secrets"
)

// TestUploadURLsAcrossRotation: an upload URL signed before the upload key rotated verifies
// during the replaced version's grace period, not after.
func TestUploadURLsAcrossRotation(t *testing.T) {
	now := time.Date(2026, 11, 24, 10, 0, 0, 0, time.UTC)
	oldKey, newKey := []byte("old-upload-key"), []byte("new-upload-key")
	ring := secrets.Fixed(oldKey)
	s := NewSignerWithKeys(ring, 3*time.Hour, func() time.Time { return now })
	old := s.Sign("obj-1", "user-1")
	ring.Set(secrets.Key{ID: secrets.KeyID(oldKey), Secret: oldKey, RetireAt: now.Add(time.Hour)},
		secrets.Key{ID: secrets.KeyID(newKey), Secret: newKey, ActiveFrom: now})
	if id, err := s.Verify(old, "user-1"); err != nil || id != "obj-1" {
		t.Fatalf("a URL of the replaced version within the grace period: %q %v", id, err)
	}
	fresh := s.Sign("obj-2", "user-1")
	if _, err := NewSignerWithKeys(secrets.Fixed(newKey), time.Hour, func() time.Time { return now }).Verify(fresh, "user-1"); err != nil {
		t.Fatalf("new URLs are not signed by the new version: %v", err)
	}
	now = now.Add(2 * time.Hour)
	if _, err := s.Verify(old, "user-1"); err == nil {
		t.Fatal("a URL of the replaced version verifies after its grace period")
	}
	if _, err := s.Verify(fresh, "user-2"); err == nil {
		t.Fatal("a URL verified for another account")
	}
}
