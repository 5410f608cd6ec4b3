package store_test

import (
	"context"
	"testing"

	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// TestPersonLanguageFrench: migration 0037 lets a person's language be French on both databases
// (on SQLite by editing the CHECK in place: every connection, readers included, sees it), while the
// schema still refuses a language the interface does not ship.
func TestPersonLanguageFrench(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		u := mustUser(t, s, "hodan.fr@example.so", nil)
		fr, de := "fr", "de"
		got, err := s.UpdateProfile(ctx, u.ID, store.ProfileChange{Language: &fr}, store.Audit{})
		if err != nil || got.Language != "fr" {
			t.Fatalf("set French: %+v, %v", got, err)
		}
		read, err := s.UserByID(ctx, u.ID)
		if err != nil || read.Language != "fr" {
			t.Fatalf("read back: %+v, %v", read, err)
		}
		if _, err := s.UpdateProfile(ctx, u.ID, store.ProfileChange{Language: &de}, store.Audit{}); err == nil {
			t.Fatal("a language the interface does not ship was stored")
		}
		if read, err := s.UserByID(ctx, u.ID); err != nil || read.Language != "fr" {
			t.Fatalf("after the refused change: %+v, %v", read, err)
		}
		// The edited definition is a valid schema: the database checks out whole.
		var ok string
		if b.Name == "sqlite" {
			if err := s.DB().QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&ok); err != nil || ok != "ok" {
				t.Fatalf("integrity check: %q, %v", ok, err)
			}
		}
	})
}
