package limit

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

func TestPoolBoundsConcurrencyAndQueue(t *testing.T) {
	p := NewPool(2, 3)
	gate := make(chan struct{})
	started := make(chan struct{}, 10)
	var wg sync.WaitGroup
	errs := make(chan error, 10)
	for range 5 { // 2 run, 3 wait
		wg.Go(func() {
			errs <- p.Do(context.Background(), func() error { started <- struct{}{}; <-gate; return nil })
		})
	}
	<-started
	<-started
	for p.waiting.Load() < 3 {
		time.Sleep(time.Millisecond)
	}
	// The sixth finds the queue full and is refused at once, with a 429.
	if err := p.Do(context.Background(), func() error { return nil }); domain.ErrorCode(err) != domain.ETOOMANY {
		t.Fatalf("full queue: %v, want ETOOMANY", err)
	}
	// A waiter whose request ends leaves the queue.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := p.Do(ctx, func() error { return nil }); !errors.Is(err, context.Canceled) && domain.ErrorCode(err) != domain.ETOOMANY {
		t.Fatalf("cancelled waiter: %v", err)
	}
	close(gate)
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if p.Peak() != 2 || p.Running() != 0 {
		t.Fatalf("peak %d running %d, want 2 and 0", p.Peak(), p.Running())
	}
}
