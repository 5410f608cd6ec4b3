package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
)

// TestWALStaysBounded: under writes that never pause, SQLite's write-ahead log is still
// checkpointed and restarted by the checkpointer, so it stays a few megabytes instead of growing
// with every write. (Without the checkpointer's pause the log restarts only at the writer's
// safety-net checkpoint, 200 MiB; before that existed it grew without bound: the log restarts
// only when a checkpoint completes between two write transactions. Measured: 171 MiB without
// the pause; with it 1 MiB under -race and up to 40 MiB without -race, where these writes append
// to the log at over 200 MiB a second.)
func TestWALStaysBounded(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "k.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 800 {
				err := s.Write(ctx, func(tx *Tx) error {
					nt := &NewTransaction{}
					nt.TransactionID, nt.Amount, nt.Currency = fmt.Sprintf("TXN-WAL-%d-%04d", w, i), domain.Minor(100+i), domain.USD
					nt.Status, nt.Type, nt.TransferMode, nt.RiskLevel = "completed", "transfer", "online", "low"
					nt.Sender, nt.Recipient = fmt.Sprintf("+25265%03d%04d", w, i), fmt.Sprintf("+25263%04d%03d", i, w)
					_, err := tx.InsertTransaction(ctx, nt)
					return err
				})
				if err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	st, err := os.Stat(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	if st.Size() > 64<<20 {
		t.Fatalf("the write-ahead log grew to %d MiB after 6,400 writes", st.Size()>>20)
	}
}
