package limit

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Rate is a token bucket's size and refill: N requests at once, then N more spread over Per.
// The zero Rate is no limit.
type Rate struct {
	N   int
	Per time.Duration
}

// ParseRate reads "30/m", "600/h", "5/s" or "0" (no limit).
func ParseRate(s string) (Rate, error) {
	s = strings.TrimSpace(s)
	if s == "0" {
		return Rate{}, nil
	}
	num, unit, ok := strings.Cut(s, "/")
	n, err := strconv.Atoi(num)
	per := map[string]time.Duration{"s": time.Second, "m": time.Minute, "h": time.Hour}[unit]
	if !ok || err != nil || n < 1 || per == 0 {
		return Rate{}, fmt.Errorf("want a rate such as 30/m (per s, m or h) or 0 for none, got %q", s)
	}
	return Rate{N: n, Per: per}, nil
}

// String is the rate as ParseRate reads it.
func (r Rate) String() string {
	if r.N == 0 {
		return "0"
	}
	unit := map[time.Duration]string{time.Second: "s", time.Minute: "m", time.Hour: "h"}[r.Per]
	if unit == "" {
		return fmt.Sprintf("%d/%s", r.N, r.Per)
	}
	return fmt.Sprintf("%d/%s", r.N, unit)
}

func (r Rate) limiter() *rate.Limiter {
	return rate.NewLimiter(rate.Limit(float64(r.N)/r.Per.Seconds()), r.N)
}

// maxKeys bounds the per-key buckets kept in memory; beyond it, idle buckets are forgotten.
const maxKeys = 100_000

// Limiter is a token bucket per key (a client address) and one for everybody, so that one client
// cannot take more than its share and many clients together cannot take more than the server's.
// Buckets live in this process: several instances each allow the overall rate.
type Limiter struct {
	perKey Rate
	total  *rate.Limiter
	now    func() time.Time
	mu     sync.Mutex
	keys   map[string]*rate.Limiter
}

// NewLimiter returns a limiter allowing perKey per key and total overall (zero rates: no limit).
func NewLimiter(perKey, total Rate) *Limiter {
	l := &Limiter{perKey: perKey, now: time.Now, keys: map[string]*rate.Limiter{}}
	if total.N > 0 {
		l.total = total.limiter()
	}
	return l
}

// Allow takes one token for key, or reports how long to wait before asking again.
func (l *Limiter) Allow(key string) (ok bool, retryAfter time.Duration) {
	now := l.now()
	if l.perKey.N > 0 {
		if d := reserve(l.bucket(key, now), now); d > 0 {
			return false, d
		}
	}
	if l.total != nil {
		if d := reserve(l.total, now); d > 0 {
			return false, d
		}
	}
	return true, 0
}

// reserve takes a token if one is there now, and otherwise answers the wait without taking any.
func reserve(b *rate.Limiter, now time.Time) time.Duration {
	r := b.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return d
	}
	return 0
}

func (l *Limiter) bucket(key string, now time.Time) *rate.Limiter {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.keys[key]
	if b == nil {
		if len(l.keys) >= maxKeys {
			for k, v := range l.keys { // a full bucket is one nobody has used lately
				if v.TokensAt(now) >= float64(l.perKey.N) {
					delete(l.keys, k)
				}
			}
			if len(l.keys) >= maxKeys {
				clear(l.keys)
			}
		}
		b = l.perKey.limiter()
		l.keys[key] = b
	}
	return b
}
