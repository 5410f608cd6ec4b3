package store

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// Every request reads who is calling (the token's or session's account) and a transfer reads
// its institution, before any work of its own: at thousands of requests a second these reads
// were a tenth of the portal's CPU on PostgreSQL (docs/PERFORMANCE.md). Their answers change only
// through Store.Write (sign-outs, revocations, account and licence changes), never through the
// transfers of writeGrouped, so they are kept in memory until the next Write commits, and for
// readCacheTTL at most.
//
// Each Write bumps the epoch after its commit; an answer read under an older epoch is not used.
// An answer is recorded with the epoch read BEFORE the database was, so a Write that commits
// while the read runs makes it stale at once. Other instances learn of a Write through a
// PostgreSQL notification sent with its commit (alerts_notify.go); readCacheTTL bounds what a
// lost notification, or a change made around the portal, can cost: a revoked token or a
// suspended licence works at most that long on another instance.
const readCacheTTL = time.Second

// readCacheMax bounds the entries; when full the cache starts again empty (the entries of one
// second of traffic are what it holds, so a full cache means an unusual burst of callers).
const readCacheMax = 20000

type readCache struct {
	// ttl is readCacheTTL, or what a test sets.
	ttl     time.Duration
	epoch   atomic.Uint64
	mu      sync.Mutex
	entries map[string]cached
}

type cached struct {
	epoch uint64
	at    time.Time
	value any
}

// invalidate makes every cached answer stale: a Write has committed, here or on another instance.
func (c *readCache) invalidate() { c.epoch.Add(1) }

// cachedRead returns the answer of read for key, from the cache when it is current. Errors are
// not cached. read's answer must be a value the caller may not change (a copy is made by the
// caller where it would).
func cachedRead[T any](ctx context.Context, s *Store, key string, read func(context.Context) (T, error)) (T, error) {
	c := &s.cache
	now := s.Now()
	epoch := c.epoch.Load()
	c.mu.Lock()
	e, ok := c.entries[key]
	c.mu.Unlock()
	ttl := c.ttl
	if ttl == 0 {
		ttl = readCacheTTL
	}
	if ok && e.epoch == epoch && now.Sub(e.at) < ttl && !now.Before(e.at) {
		return e.value.(T), nil
	}
	v, err := read(ctx)
	if err != nil {
		return v, err
	}
	c.mu.Lock()
	if c.entries == nil || len(c.entries) >= readCacheMax {
		c.entries = make(map[string]cached)
	}
	c.entries[key] = cached{epoch: epoch, at: now, value: v}
	c.mu.Unlock()
	return v, nil
}

// cachedUser is cachedRead for the account a token or session belongs to: no such account is
// EUNAUTHORIZED, and each caller gets a copy of its own (authorization writes into it).
func cachedUser(ctx context.Context, s *Store, key string, read func(context.Context) (*domain.User, error)) (*domain.User, error) {
	u, err := cachedRead(ctx, s, key, func(ctx context.Context) (domain.User, error) {
		u, err := read(ctx)
		if err != nil {
			return domain.User{}, err
		}
		return *u, nil
	})
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.E(domain.EUNAUTHORIZED, domain.CodeSignInRequired)
	}
	if err != nil {
		return nil, err
	}
	return &u, nil
}
