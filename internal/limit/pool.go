// Package limit bounds expensive work (password hashing, image decoding) so that a flood of
// requests slows only itself: at most Size jobs run at once, at most Queue more wait, and anything
// beyond is refused at once instead of piling up memory and goroutines.
package limit

import (
	"context"
	"sync/atomic"

	"github.com/kormeer/kormeer/internal/domain"
)

// ErrBusy is answered when every slot is taken and the queue is full: a 429 the caller may retry.
var ErrBusy = domain.E(domain.ETOOMANY, domain.CodeServerBusy)

// Pool is a counting semaphore with a bounded queue. The zero value is not usable; use NewPool.
type Pool struct {
	slots   chan struct{}
	queue   int64
	waiting atomic.Int64
	running atomic.Int64
	peak    atomic.Int64
}

// NewPool returns a pool running at most size jobs at once with at most queue waiting.
func NewPool(size, queue int) *Pool {
	if size < 1 {
		size = 1
	}
	if queue < 0 {
		queue = 0
	}
	return &Pool{slots: make(chan struct{}, size), queue: int64(queue)}
}

// Do runs fn in a slot. It waits for a slot while ctx lives (a client that goes away leaves the
// queue), and answers ErrBusy at once when the queue is full.
func (p *Pool) Do(ctx context.Context, fn func() error) error {
	if err := p.acquire(ctx); err != nil {
		return err
	}
	defer p.release()
	return fn()
}

func (p *Pool) acquire(ctx context.Context) error {
	select {
	case p.slots <- struct{}{}:
	default:
		if p.waiting.Add(1) > p.queue {
			p.waiting.Add(-1)
			return ErrBusy
		}
		defer p.waiting.Add(-1)
		select {
		case p.slots <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	n := p.running.Add(1)
	for {
		old := p.peak.Load()
		if n <= old || p.peak.CompareAndSwap(old, n) {
			break
		}
	}
	return nil
}

func (p *Pool) release() {
	p.running.Add(-1)
	<-p.slots
}

// Size is how many jobs may run at once.
func (p *Pool) Size() int { return cap(p.slots) }

// Running is how many jobs run now.
func (p *Pool) Running() int { return int(p.running.Load()) }

// Peak is the most jobs that ever ran at once: tests assert that it never passes Size.
func (p *Pool) Peak() int { return int(p.peak.Load()) }
