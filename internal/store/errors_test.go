package store_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// A store error names what failed, and the code or sentinel it carries still reaches the caller
// through errors.As and errors.Is.
func TestErrorsSayWhatFailed(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		_, err := s.UserByID(ctx, "00000000-0000-4000-8000-000000000001")
		if domain.ErrorCode(err) != domain.ENOTFOUND || !strings.HasPrefix(err.Error(), "read user by id: ") {
			t.Fatalf("unknown user: %v", err)
		}
		if b.Name == "postgres" {
			if err := s.Backup(ctx, t.TempDir()+"/copy.db"); !errors.Is(err, store.ErrBackupPostgres) || !strings.HasPrefix(err.Error(), "backup: ") {
				t.Fatalf("PostgreSQL backup: %v", err)
			}
		}
		cancelled, cancel := context.WithCancel(ctx)
		cancel()
		if _, err := s.UserByLogin(cancelled, "someone@example.org"); !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "read user by login: ") {
			t.Fatalf("query with a cancelled context: %v", err)
		}
	})
}
