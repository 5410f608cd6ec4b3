package secrets

import (
	"strings"
	"testing"
	"time"
)

func TestRingSigningAndVerifying(t *testing.T) {
	t0 := time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)
	key := func(s string, from, retire time.Time) Key {
		return Key{ID: KeyID([]byte(s)), Secret: []byte(s), ActiveFrom: from, RetireAt: retire}
	}
	var zero time.Time
	cases := []struct {
		name   string
		keys   []Key
		at     time.Time
		sign   string
		verify string // secrets in order, joined
	}{
		{"one key", []Key{key("a", zero, zero)}, t0, "a", "a"},
		{"next version not yet active", []Key{key("a", zero, t0.Add(time.Hour)), key("b", t0.Add(time.Minute), zero)}, t0, "a", "ab"},
		{"next version active, old in grace", []Key{key("a", zero, t0.Add(time.Hour)), key("b", t0, zero)}, t0, "b", "ba"},
		{"old version past grace", []Key{key("a", zero, t0), key("b", t0, zero)}, t0, "b", "b"},
		{"external current after previous", []Key{key("p", zero, zero), key("c", zero, zero)}, t0, "c", "cp"},
		{"everything retired signs with the newest", []Key{key("a", zero, t0), key("b", zero, t0)}, t0, "b", "b"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := NewRing(c.keys...)
			if got := string(r.Signing(c.at).Secret); got != c.sign {
				t.Errorf("signing %q, want %q", got, c.sign)
			}
			var got strings.Builder
			for _, k := range r.Verifying(c.at) {
				got.Write(k.Secret)
			}
			if got.String() != c.verify {
				t.Errorf("verifying %q, want %q", got.String(), c.verify)
			}
		})
	}
}

func TestRingByID(t *testing.T) {
	a, b := []byte("key-a"), []byte("key-b")
	r := NewRing(Key{ID: KeyID(a), Secret: a}, Key{ID: KeyID(b), Secret: b})
	now := time.Now()
	if got := r.ByID(KeyID(a), now); len(got) != 1 || string(got[0].Secret) != "key-a" {
		t.Fatalf("by id: %v", got)
	}
	if got := r.ByID("", now); len(got) != 2 {
		t.Fatalf("no id (signed before ids) tries every version: %d", len(got))
	}
	if got := r.ByID("00000000", now); len(got) != 0 {
		t.Fatalf("unknown id: %v", got)
	}
}

// tamper changes one character of a sealed value's base64, ten from its end: one whose six bits
// all count (the last ones may not), and always to another letter (replacing the end with a
// fixed "AA" left it as it was once in a thousand runs or so: the nonce is random).
func tamper(sealed string) string {
	b := []byte(sealed)
	i := len(b) - 10
	if b[i] == 'A' {
		b[i] = 'B'
	} else {
		b[i] = 'A'
	}
	return string(b)
}

func TestMasterOpen(t *testing.T) {
	m, err := NewMaster(strings.Repeat("m", 32), "")
	if err != nil {
		t.Fatal(err)
	}
	other, _ := NewMaster(strings.Repeat("o", 32), "")
	sealed := m.seal("token_hs256", 1, []byte("the key"))
	cases := []struct {
		name   string
		master *Master
		row    string
		seq    int
		value  string
		want   string // the secret, or a part of the error
		reseal bool
	}{
		{"sealed", m, "token_hs256", 1, sealed, "the key", false},
		{"plain, with a master", m, "token_hs256", 1, "plain:the key", "the key", true},
		{"plain, without a master", nil, "token_hs256", 1, "plain:the key", "the key", false},
		{"sealed, without a master", nil, "token_hs256", 1, sealed, "is not set", false},
		{"wrong master", other, "token_hs256", 1, sealed, "wrong master key", false},
		{"copied to another key", m, "outbox_aes256", 1, sealed, "wrong master key", false},
		{"copied to another version", m, "token_hs256", 2, sealed, "wrong master key", false},
		{"tampered", m, "token_hs256", 1, tamper(sealed), "wrong master key", false},
		{"unknown form", m, "token_hs256", 1, "the key", "not in a known stored form", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			secret, reseal, err := c.master.open(c.row, c.seq, c.value)
			got := string(secret)
			if err != nil {
				got = err.Error()
			}
			if !strings.Contains(got, c.want) || reseal != c.reseal {
				t.Fatalf("open: %q reseal %v, want %q reseal %v", got, reseal, c.want, c.reseal)
			}
		})
	}
	if _, err := NewMaster("short", ""); err == nil {
		t.Fatal("a short master key was accepted")
	}
	if _, err := NewMaster("", strings.Repeat("p", 32)); err == nil {
		t.Fatal("a previous master key without a current one was accepted")
	}
}

func TestAES256KeepsGeneratedKeys(t *testing.T) {
	g := Generate()
	if got := AES256([]byte(g), "outbox"); len(got) != 32 || string(got) == g {
		t.Fatalf("generated key: %d bytes", len(got))
	}
	a, b := AES256([]byte(strings.Repeat("x", 40)), "outbox"), AES256([]byte(strings.Repeat("x", 40)), "totp")
	if len(a) != 32 || string(a) == string(b) {
		t.Fatal("derived keys must be 32 bytes and differ by purpose")
	}
}
