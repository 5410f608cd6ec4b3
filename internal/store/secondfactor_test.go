package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

func TestSecondFactorEnrolment(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		s, ctx := storetest.MustOpen(t, b), context.Background()
		u := mustUser(t, s, "officer@cbsl.so", nil)
		if _, err := s.TOTP(ctx, u.ID); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("no second factor yet: %v", err)
		}
		if err := s.StartTOTP(ctx, u.ID, "sealed-1", store.Audit{}); err != nil {
			t.Fatal(err)
		}
		if err := s.StartTOTP(ctx, u.ID, "sealed-2", store.Audit{}); err != nil {
			t.Fatalf("restarting a waiting enrolment: %v", err)
		}
		// Confirming the replaced secret fails: the code was checked against another one.
		if err := s.EnableTOTP(ctx, u.ID, "sealed-1", 5, nil, "", store.Audit{}); domain.ErrorCode(err) != domain.ECONFLICT {
			t.Fatalf("enable with a stale secret: %v", err)
		}
		if got, _ := s.UserByID(ctx, u.ID); got.TOTPEnabled {
			t.Fatal("enabled before confirmation")
		}
		if err := s.EnableTOTP(ctx, u.ID, "sealed-2", 5, []string{"h1", "h2"}, "", store.Audit{}); err != nil {
			t.Fatal(err)
		}
		st, err := s.TOTP(ctx, u.ID)
		if err != nil || !st.Enabled || st.Secret != "sealed-2" || st.LastStep != 5 || st.RecoveryLeft != 2 {
			t.Fatalf("state %+v, %v", st, err)
		}
		got, _ := s.UserByID(ctx, u.ID)
		if !got.TOTPEnabled || got.TokenVersion != u.TokenVersion+1 {
			t.Fatalf("user after enabling: TOTPEnabled=%v tokenVersion=%d", got.TOTPEnabled, got.TokenVersion)
		}
		if err := s.StartTOTP(ctx, u.ID, "sealed-3", store.Audit{}); domain.ErrorCode(err) != domain.ECONFLICT {
			t.Fatalf("a new enrolment over an enabled one: %v", err)
		}
		if err := s.DisableTOTP(ctx, u.ID, store.Audit{}); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.UserByID(ctx, u.ID); got.TOTPEnabled {
			t.Fatal("still enabled after disabling")
		}
		if err := s.DisableTOTP(ctx, u.ID, store.Audit{}); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("disabling twice: %v", err)
		}
		for _, action := range []string{"auth.totp_enroll_started", "auth.totp_enabled", "auth.totp_disabled"} {
			if rows, _ := s.AuditLog(ctx, action, 10); len(rows) == 0 {
				t.Errorf("no %s audit row", action)
			}
		}
	})
}

func TestLoginChallenges(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		s, ctx := storetest.MustOpen(t, b), context.Background()
		u := mustUser(t, s, "admin@cbsl.so", nil)
		if err := s.StartTOTP(ctx, u.ID, "sealed", store.Audit{}); err != nil {
			t.Fatal(err)
		}
		if err := s.EnableTOTP(ctx, u.ID, "sealed", 100, []string{"r1"}, "", store.Audit{}); err != nil {
			t.Fatal(err)
		}
		challenge := func(id string) *store.LoginChallenge {
			t.Helper()
			c := store.LoginChallenge{ID: id, UserID: u.ID, Expires: s.Now().Add(5 * time.Minute)}
			if err := s.CreateLoginChallenge(ctx, c, store.Audit{Action: "auth.totp_challenge"}); err != nil {
				t.Fatal(err)
			}
			got, err := s.FindLoginChallenge(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			return got
		}
		login := store.Audit{Action: "auth.login", Details: map[string]any{"email": u.Email}}
		data := store.SessionData{UserID: u.ID}
		exp := s.Now().Add(time.Hour)

		c := challenge("c1")
		if err := s.CompleteLoginChallenge(ctx, c, store.SecondFactorProof{Step: 100}, "sid-0", data, exp, login); !store.IsCodeRefused(err) {
			t.Fatalf("the step that enabled TOTP was accepted again: %v", err)
		}
		if err := s.CompleteLoginChallenge(ctx, c, store.SecondFactorProof{Step: 101}, "sid-1", data, exp, login); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SessionUser(ctx, "sid-1"); err != nil {
			t.Fatalf("no session after completing: %v", err)
		}
		if err := s.CompleteLoginChallenge(ctx, c, store.SecondFactorProof{Step: 102}, "sid-2", data, exp, login); domain.ErrorCode(err) != domain.EUNAUTHORIZED || store.IsCodeRefused(err) {
			t.Fatalf("a used challenge completed again: %v", err)
		}
		if _, err := s.FindLoginChallenge(ctx, "c1"); domain.ErrorCode(err) != domain.EUNAUTHORIZED {
			t.Fatalf("used challenge still found: %v", err)
		}

		// One recovery code, two challenges racing with it: exactly one sign-in.
		c2, c3 := challenge("c2"), challenge("c3")
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, ch := range []*store.LoginChallenge{c2, c3} {
			wg.Go(func() {
				errs[i] = s.CompleteLoginChallenge(ctx, ch, store.SecondFactorProof{RecoveryHash: "r1"}, "sid-r"+ch.ID, data, exp,
					login, store.Audit{Action: "auth.recovery_code_used"})
			})
		}
		wg.Wait()
		if (errs[0] == nil) == (errs[1] == nil) {
			t.Fatalf("racing recovery code: %v / %v, want exactly one success", errs[0], errs[1])
		}
		if st, _ := s.TOTP(ctx, u.ID); st.RecoveryLeft != 0 {
			t.Fatalf("recovery codes left %d, want 0", st.RecoveryLeft)
		}

		// Wrong codes: the challenge ends at the limit, and each counts as a failed sign-in.
		challenge("c4")
		for i := 1; i <= 3; i++ {
			left, err := s.FailLoginChallenge(ctx, "c4", u.Email, "10.0.0.1", 3, store.Audit{Action: "auth.totp_failed"})
			if err != nil || left != 3-i {
				t.Fatalf("failure %d: left %d, %v", i, left, err)
			}
		}
		if _, err := s.FindLoginChallenge(ctx, "c4"); domain.ErrorCode(err) != domain.EUNAUTHORIZED {
			t.Fatalf("challenge still usable after the limit: %v", err)
		}
		byAccount, byIP, _ := s.LoginFailures(ctx, u.Email, "10.0.0.1", s.Now().Add(-time.Minute))
		if byAccount != 3 || byIP != 3 {
			t.Fatalf("failed sign-ins counted %d/%d, want 3/3", byAccount, byIP)
		}

		// An expired challenge is gone.
		challenge("c5")
		s.SetClock(func() time.Time { return time.Now().Add(6 * time.Minute) })
		if _, err := s.FindLoginChallenge(ctx, "c5"); domain.ErrorCode(err) != domain.EUNAUTHORIZED {
			t.Fatalf("expired challenge found: %v", err)
		}
	})
}
