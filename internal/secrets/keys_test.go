package secrets_test

import (
	"context"
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/auth"
	"github.com/kormeer/kormeer/internal/notify"
	"github.com/kormeer/kormeer/internal/secrets"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

var (
	masterA = strings.Repeat("A", 40)
	masterB = strings.Repeat("B", 40)
)

func mustMaster(t *testing.T, current, previous string) *secrets.Master {
	t.Helper()
	m, err := secrets.NewMaster(current, previous)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func mustOpen(t *testing.T, st *store.Store, opts secrets.Options) *secrets.Keys {
	t.Helper()
	k, err := secrets.Open(context.Background(), st, opts)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// candidates is everything a database reader could try as a key: each stored value whole, after
// its prefix, each part between colons, and those parts base64-decoded.
func candidates(t *testing.T, st *store.Store) [][]byte {
	t.Helper()
	stored, err := st.ServerKeys(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for _, s := range stored {
		out = append(out, []byte(s.Value))
		for _, part := range strings.Split(s.Value, ":") {
			out = append(out, []byte(part))
			for _, enc := range []*base64.Encoding{base64.RawStdEncoding, base64.StdEncoding, base64.RawURLEncoding} {
				if b, err := enc.DecodeString(part); err == nil {
					out = append(out, b)
				}
			}
		}
	}
	return out
}

// TestDatabaseThiefGetsNothingUsable reads server_key_versions as a database thief would and
// tries everything in it as the token key (to accept a token the server issued, which is what
// forging needs) and as the outbox key (to open a sealed body). With keys in clear (the default
// when nothing is configured) the thief succeeds; with a master key, or with every key given from
// outside, nothing in the database works.
func TestDatabaseThiefGetsNothingUsable(t *testing.T) {
	external := map[string]secrets.External{}
	for _, spec := range secrets.Specs {
		external[spec.Name] = secrets.External{Current: "outside-" + spec.Name + strings.Repeat("x", 32)}
	}
	cases := []struct {
		name      string
		opts      func(t *testing.T) secrets.Options
		thiefWins bool
	}{
		{"no external keys", func(*testing.T) secrets.Options { return secrets.Options{} }, true},
		{"master key only", func(t *testing.T) secrets.Options { return secrets.Options{Master: mustMaster(t, masterA, "")} }, false},
		{"all keys external", func(*testing.T) secrets.Options { return secrets.Options{External: external} }, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			storetest.Run(t, func(t *testing.T, b storetest.Backend) {
				st := storetest.MustOpen(t, b)
				keys := mustOpen(t, st, c.opts(t))
				token, _, err := auth.NewTokensWithKeys(keys.Ring(secrets.Token), time.Hour, nil).Issue("user-1", 1)
				if err != nil {
					t.Fatal(err)
				}
				sealed := notify.NewSealerWithKeys(keys.Ring(secrets.Outbox), nil).Seal("access code 3JQH6P3D")
				forged, opened := false, false
				for _, k := range candidates(t, st) {
					if tok, err := auth.NewTokens(k, time.Hour, nil); err == nil {
						if _, err := tok.Verify(token); err == nil {
							forged = true
						}
					}
					if s, err := notify.NewSealer(k); err == nil {
						if _, err := s.Open(sealed); err == nil {
							opened = true
						}
					}
				}
				if forged != c.thiefWins || opened != c.thiefWins {
					t.Fatalf("a database reader forges tokens: %v, opens the outbox: %v; want %v", forged, opened, c.thiefWins)
				}
				if stored, _ := st.ServerKeys(context.Background()); c.name == "all keys external" && len(stored) != 0 {
					t.Fatalf("keys given from outside, yet %d versions are stored", len(stored))
				}
			})
		})
	}
}

// TestMasterKeySealsAndGuards: keys stored in clear are sealed when a master key is first
// configured (the same keys: tokens issued before still verify); a wrong or missing master key
// stops the start and never writes new keys; a previous master key's values are sealed again
// under the new one.
func TestMasterKeySealsAndGuards(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		st := storetest.MustOpen(t, b)
		plain := mustOpen(t, st, secrets.Options{})
		token, _, _ := auth.NewTokensWithKeys(plain.Ring(secrets.Token), time.Hour, nil).Issue("u", 1)

		sealed := mustOpen(t, st, secrets.Options{Master: mustMaster(t, masterA, "")})
		if _, err := auth.NewTokensWithKeys(sealed.Ring(secrets.Token), time.Hour, nil).Verify(token); err != nil {
			t.Fatalf("sealing changed the token key: %v", err)
		}
		before, _ := st.ServerKeys(ctx)
		if len(before) != len(secrets.Specs) {
			t.Fatalf("%d stored versions, want %d", len(before), len(secrets.Specs))
		}
		for _, s := range before {
			if !s.Sealed() {
				t.Fatalf("%s is still in clear", s.Name)
			}
		}
		for _, bad := range []struct {
			opts secrets.Options
			want string
		}{
			{secrets.Options{Master: mustMaster(t, masterB, "")}, "wrong master key"},
			{secrets.Options{}, "KORMEER_MASTER_KEY is not set"},
		} {
			if _, err := secrets.Open(ctx, st, bad.opts); err == nil || !strings.Contains(err.Error(), bad.want) {
				t.Fatalf("opened with a bad master: %v, want %q", err, bad.want)
			}
			if _, err := secrets.Rotate(ctx, st, bad.opts, secrets.Token, 0, time.Hour); err == nil {
				t.Fatal("rotated with a bad master")
			}
		}
		after, _ := st.ServerKeys(ctx)
		if len(after) != len(before) {
			t.Fatalf("a failed start wrote keys: %d versions, then %d", len(before), len(after))
		}
		for i := range after {
			if after[i] != before[i] {
				t.Fatalf("a failed start changed %s", after[i].Name)
			}
		}

		moved := mustOpen(t, st, secrets.Options{Master: mustMaster(t, masterB, masterA)})
		if _, err := auth.NewTokensWithKeys(moved.Ring(secrets.Token), time.Hour, nil).Verify(token); err != nil {
			t.Fatalf("a new master key changed the token key: %v", err)
		}
		mustOpen(t, st, secrets.Options{Master: mustMaster(t, masterB, "")}) // everything is under B now
		if _, err := secrets.Open(ctx, st, secrets.Options{Master: mustMaster(t, masterA, "")}); err == nil {
			t.Fatal("the replaced master key still opens the stored keys")
		}
	})
}

// TestRotation: `keys rotate` adds a version that every instance accepts before it signs; a token
// issued under the replaced version verifies during the grace period and not after (its own
// expiry is later), and an outbox body sealed under it opens during the grace period. After
// the grace period the replaced version is deleted.
func TestRotation(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		now := time.Now().UTC().Truncate(time.Millisecond)
		clock := func() time.Time { return now }
		st := storetest.MustOpen(t, b)
		st.SetClock(clock)
		opts := secrets.Options{Master: mustMaster(t, masterA, "")}
		keys := mustOpen(t, st, opts)
		tokens := auth.NewTokensWithKeys(keys.Ring(secrets.Token), 48*time.Hour, clock)
		sealer := notify.NewSealerWithKeys(keys.Ring(secrets.Outbox), clock)
		old, _, _ := tokens.Issue("u", 1)
		oldBody := sealer.Seal("sealed before the rotation")

		for _, name := range []string{secrets.Token, secrets.Outbox} {
			if _, err := secrets.Rotate(ctx, st, opts, name, 2*time.Minute, time.Hour); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := secrets.Rotate(ctx, st, opts, "nonsense", 0, 0); err == nil {
			t.Fatal("rotated an unknown key")
		}
		if err := keys.Refresh(ctx); err != nil {
			t.Fatal(err)
		}
		if again, _, _ := tokens.Issue("u", 1); headerOf(t, again) != headerOf(t, old) {
			t.Fatal("the new version signs before its activation time")
		}
		now = now.Add(3 * time.Minute) // the new version signs
		fresh, _, _ := tokens.Issue("u", 1)
		if headerOf(t, fresh) == headerOf(t, old) {
			t.Fatal("the new version does not sign after its activation time")
		}
		if _, err := tokens.Verify(old); err != nil {
			t.Fatalf("a token of the replaced key within the grace period: %v", err)
		}
		if body, err := sealer.Open(oldBody); err != nil || body != "sealed before the rotation" {
			t.Fatalf("an outbox body of the replaced key: %q %v", body, err)
		}

		now = now.Add(time.Hour) // past the grace period (2 min + 1 h after the rotation)
		if err := keys.Refresh(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := tokens.Verify(old); err == nil {
			t.Fatal("a token of the replaced key verifies after the grace period")
		}
		if _, err := tokens.Verify(fresh); err != nil {
			t.Fatalf("a token of the new key: %v", err)
		}
		stored, _ := st.ServerKeys(ctx)
		for _, s := range stored {
			if s.Seq == 1 && (s.Name == secrets.Token || s.Name == secrets.Outbox) {
				t.Fatalf("%s version 1 is still stored after its grace period", s.Name)
			}
		}
	})
}

// TestExternalKeyReplacesStoredOne: a key given from outside signs at once; the stored one it
// replaces keeps verifying for the key's grace period, then is deleted from the database.
func TestExternalKeyReplacesStoredOne(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		now := time.Now().UTC().Truncate(time.Millisecond)
		clock := func() time.Time { return now }
		st := storetest.MustOpen(t, b)
		st.SetClock(clock)
		stored := mustOpen(t, st, secrets.Options{})
		old, _, _ := auth.NewTokensWithKeys(stored.Ring(secrets.Token), 48*time.Hour, clock).Issue("u", 1)

		ext := secrets.External{Current: strings.Repeat("n", 32), Previous: strings.Repeat("p", 32)}
		keys := mustOpen(t, st, secrets.Options{External: map[string]secrets.External{secrets.Token: ext}})
		tokens := auth.NewTokensWithKeys(keys.Ring(secrets.Token), 48*time.Hour, clock)
		if _, err := tokens.Verify(old); err != nil {
			t.Fatalf("a token of the stored key right after the switch: %v", err)
		}
		fresh, _, _ := tokens.Issue("u", 1)
		if byCurrent, _ := auth.NewTokens([]byte(ext.Current), time.Hour, clock); mustVerify(byCurrent, fresh) != nil {
			t.Fatal("new tokens are not signed by the key given from outside")
		}
		previous, _ := auth.NewTokens([]byte(ext.Previous), time.Hour, clock)
		byPrevious, _, _ := previous.Issue("u", 1)
		if _, err := tokens.Verify(byPrevious); err != nil {
			t.Fatalf("a token of the _PREVIOUS key: %v", err)
		}
		spec, _ := secrets.SpecFor(secrets.Token)
		now = now.Add(spec.Grace + time.Minute)
		if err := keys.Refresh(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := tokens.Verify(old); err == nil {
			t.Fatal("a token of the replaced stored key verifies after the grace period")
		}
		all, _ := st.ServerKeys(ctx)
		for _, s := range all {
			if s.Name == secrets.Token {
				t.Fatalf("the token key is still stored (version %d) although it is given from outside", s.Seq)
			}
		}
	})
}

func mustVerify(tok *auth.Tokens, token string) error {
	_, err := tok.Verify(token)
	return err
}

// headerOf returns a token's header segment (its algorithm and key id).
func headerOf(t *testing.T, token string) string {
	t.Helper()
	h, _, ok := strings.Cut(token, ".")
	if !ok {
		t.Fatalf("not a token: %q", token)
	}
	return h
}
