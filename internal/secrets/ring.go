package secrets

import (
	"sync/atomic"
	"time"
)

// Key is one version of a named key.
type Key struct {
	// ID is KeyID(Secret).
	ID     string
	Secret []byte
	// ActiveFrom is when this version starts to sign; zero means always.
	ActiveFrom time.Time
	// RetireAt is when this version stops verifying; zero means never.
	RetireAt time.Time
}

func (k Key) accepted(now time.Time) bool { return k.RetireAt.IsZero() || now.Before(k.RetireAt) }

func (k Key) active(now time.Time) bool { return k.accepted(now) && !now.Before(k.ActiveFrom) }

// Ring holds the versions of one key, oldest first. It is safe for concurrent use, and the
// loader replaces its versions in place when they change, so services built on a Ring follow a
// rotation without being rebuilt.
type Ring struct {
	versions atomic.Pointer[[]Key]
}

// NewRing returns a ring of the given versions, oldest first.
func NewRing(keys ...Key) *Ring {
	r := &Ring{}
	r.Set(keys...)
	return r
}

// Fixed returns a ring of one key that never rotates, for tests and single-key callers.
func Fixed(secret []byte) *Ring {
	return NewRing(Key{ID: KeyID(secret), Secret: secret})
}

// Set replaces the versions, oldest first: the loader's reload, and tests that rotate.
func (r *Ring) Set(keys ...Key) {
	cp := append([]Key(nil), keys...)
	r.versions.Store(&cp)
}

// Signing returns the version that signs at now: the newest one active and not retired (the
// newest of all if, through a misconfiguration, none is).
func (r *Ring) Signing(now time.Time) Key {
	keys := *r.versions.Load()
	for i := len(keys) - 1; i >= 0; i-- {
		if keys[i].active(now) {
			return keys[i]
		}
	}
	return keys[len(keys)-1]
}

// Verifying returns the versions accepted at now, the signing one first: the signing one, the
// replaced ones within their grace period, and ones that will sign soon.
func (r *Ring) Verifying(now time.Time) []Key {
	keys := *r.versions.Load()
	sign := r.Signing(now)
	out := make([]Key, 1, len(keys))
	out[0] = sign
	for _, k := range keys {
		if k.accepted(now) && string(k.Secret) != string(sign.Secret) {
			out = append(out, k)
		}
	}
	return out
}

// ByID returns the versions accepted at now whose ID is id, or all of them when id is empty
// (what was signed before IDs were carried).
func (r *Ring) ByID(id string, now time.Time) []Key {
	all := r.Verifying(now)
	if id == "" {
		return all
	}
	out := all[:0]
	for _, k := range all {
		if k.ID == id {
			out = append(out, k)
		}
	}
	return out
}
