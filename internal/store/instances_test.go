package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// holdKey starts a transfer with key on s whose group stays open, holding the key uncommitted
// as a busy instance does, until release is called; release returns the transfer's outcome.
func holdKey(s *store.Store, userID, key string) (release func() (*store.TransferResult, error)) {
	inside, released := make(chan struct{}), make(chan struct{})
	type outcome struct {
		res *store.TransferResult
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		w := idemTransfer(userID, key, "TXN-HELD-"+key)
		w.Respond = func(t *store.NewTransaction, _ domain.AMLResult) ([]byte, error) {
			close(inside)
			<-released
			return []byte(`{"transactionId":"` + t.TransactionID + `"}`), nil
		}
		res, err := s.CreateTransfer(context.Background(), w)
		done <- outcome{res, err}
	}()
	<-inside
	return func() (*store.TransferResult, error) {
		close(released)
		o := <-done
		return o.res, o.err
	}
}

func idemTransfer(userID, key, txnID string) *store.TransferWrite {
	w := &store.TransferWrite{IdempotencyKey: key, RequestHash: "h-" + key, UserID: userID,
		Scoring: store.Scoring{Thresholds: domain.DefaultAMLThresholds()}, Audit: store.Audit{UserID: userID},
		Respond: func(t *store.NewTransaction, _ domain.AMLResult) ([]byte, error) {
			return []byte(`{"transactionId":"` + t.TransactionID + `"}`), nil
		}}
	w.Tx = *onlineTransfer(txnID, 2000)
	return w
}

// TestIdempotencyKeyHeldByAnotherInstance: on PostgreSQL, a transfer whose idempotency key
// another instance's group holds waits for that group without blocking its own, then replays the
// answer it committed; a key held longer than a client should wait is a 409 (conflict), and the
// key's one transaction is the other instance's.
func TestIdempotencyKeyHeldByAnotherInstance(t *testing.T) {
	backends := storetest.Backends()
	if len(backends) < 2 {
		t.Log("PostgreSQL not configured (KORMEER_TEST_POSTGRES_URL); the cross-instance path runs in CI")
		return
	}
	ctx := context.Background()
	url := backends[1].URL(t)
	a, b := storetest.MustOpenURL(t, url), storetest.MustOpenURL(t, url)
	u := mustUser(t, a, "idem@example.so", nil)

	release := holdKey(b, u.ID, "k-slow")
	start := time.Now()
	if _, err := a.CreateTransfer(ctx, idemTransfer(u.ID, "k-slow", "TXN-A-1")); domain.ErrorCode(err) != domain.ECONFLICT {
		t.Fatalf("key held past the patience: %v after %s, want a conflict", err, time.Since(start))
	}
	held, err := release()
	if err != nil {
		t.Fatal(err)
	}
	again, err := a.CreateTransfer(ctx, idemTransfer(u.ID, "k-slow", "TXN-A-2"))
	if err != nil || !again.Replayed || string(again.Response) != string(held.Response) {
		t.Fatalf("retry after the commit: %+v %v, want %s replayed", again, err, held.Response)
	}

	release = holdKey(b, u.ID, "k-brief")
	time.AfterFunc(50*time.Millisecond, func() { release() })
	res, err := a.CreateTransfer(ctx, idemTransfer(u.ID, "k-brief", "TXN-A-3"))
	if err != nil || !res.Replayed || string(res.Response) != `{"transactionId":"TXN-HELD-k-brief"}` {
		t.Fatalf("key held briefly: %+v %v, want the other instance's answer replayed", res, err)
	}
	var stored int
	if err := a.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM transactions`).Scan(&stored); err != nil || stored != 2 {
		t.Fatalf("%d transactions stored (err %v), want 2: one per key", stored, err)
	}
}
