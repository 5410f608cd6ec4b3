package httpapi

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"time"

	"github.com/kormeer/kormeer/internal/auth"
	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/i18n"
	"github.com/kormeer/kormeer/internal/store"
)

// Second-factor sign-in: how long a right password waits for its code, and how many wrong codes
// one challenge takes before the password must be given again.
const (
	challengeTTL         = 5 * time.Minute
	maxChallengeFailures = 5
)

// challengeID is how a challenge is stored: its SHA-256, so the table alone completes nothing.
func challengeID(challenge string) string {
	sum := sha256.Sum256([]byte(challenge))
	return hex.EncodeToString(sum[:])
}

// totpChallenge is the 401 of a sign-in whose password was right and whose second factor is
// still to come: the challenge goes with the code to the /totp route.
type totpChallenge struct {
	TOTPRequired bool   `json:"totpRequired"`
	Challenge    string `json:"challenge"`
	ExpiresIn    int    `json:"expiresIn"`
	// Code and Message say it as errors do: a code a client recognises, a text in the reader's
	// language.
	Code    string `json:"code"`
	Message string `json:"message"`
}

// challengeSecondFactor answers a right password of an account with two-step verification:
// 401 {"totpRequired": true, "challenge": ...}. The challenge is random, single-use, short-lived
// and stored server-side; no session starts and no token is issued until the code comes.
func (s *Server) challengeSecondFactor(w http.ResponseWriter, r *http.Request, u *domain.User, login string, guestOnly bool) error {
	challenge := auth.RandomToken(32)
	a := s.audit(r, "auth.totp_challenge", "user")
	a.UserID, a.ResourceID = u.ID, u.ID
	a.Details = map[string]any{"login": login, "guestLogin": guestOnly}
	c := store.LoginChallenge{ID: challengeID(challenge), UserID: u.ID, Login: login, GuestOnly: guestOnly,
		Expires: s.store.Now().Add(challengeTTL)}
	if err := s.store.CreateLoginChallenge(r.Context(), c, a); err != nil {
		return err
	}
	// A step of signing in rather than a refusal, it still has a code beside its message, as every
	// 401 does, so that a client recognises it without reading the text.
	msg, _ := i18n.T(readerLanguage(r), CodeSecondFactorRequired, nil)
	writeJSON(w, http.StatusUnauthorized, totpChallenge{TOTPRequired: true, Challenge: challenge,
		ExpiresIn: int(challengeTTL.Seconds()), Code: CodeSecondFactorRequired, Message: msg})
	return nil
}

// loginTOTP is POST /api/login/totp {challenge, code}: the second step of a browser sign-in.
func (s *Server) loginTOTP(w http.ResponseWriter, r *http.Request) error {
	u, _, err := s.completeSecondFactor(w, r)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, signedIn{User: toUserJSON(u), Message: "Signed in"})
	return nil
}

// tokenLoginTOTP is POST /api/auth/login/totp {challenge, code}: the second step of the token
// sign-in (and of the guest sign-in), answering the token.
func (s *Server) tokenLoginTOTP(w http.ResponseWriter, r *http.Request) error {
	u, sid, err := s.completeSecondFactor(w, r)
	if err != nil {
		return err
	}
	return s.writeToken(w, r, http.StatusOK, u, sessionRef(sid), "Login successful")
}

// secondFactorInput is the request body of completeSecondFactor.
type secondFactorInput struct {
	Challenge string `json:"challenge"`
	Code      string `json:"code"`
}

// completeSecondFactor checks the code (a TOTP code or a recovery code) against the challenge's
// account and starts the session. A wrong code counts against the challenge and, as a failed
// sign-in, against the login and the address, so new challenges bring no new guesses. It returns
// the account and the new session's id.
func (s *Server) completeSecondFactor(w http.ResponseWriter, r *http.Request) (*domain.User, string, error) {
	var in secondFactorInput
	if err := decodeJSON(w, r, &in); err != nil {
		return nil, "", err
	}
	fields := map[string]domain.Fault{}
	if in.Challenge == "" || len(in.Challenge) > 100 {
		fields["challenge"] = domain.F(CodePasswordFirst)
	}
	if in.Code == "" {
		fields["code"] = domain.F(domain.CodeRequired)
	} else if len(in.Code) > 32 {
		fields["code"] = domain.F(domain.CodeTooLong)
	}
	if len(fields) > 0 {
		return nil, "", domain.Invalid(CodeSecondFactorFields, fields)
	}
	ctx := r.Context()
	c, err := s.store.FindLoginChallenge(ctx, challengeID(in.Challenge))
	if err != nil {
		return nil, "", err
	}
	ip := s.clientIP(r)
	if err := s.checkSignInFailures(w, r, c.Login, ip); err != nil {
		return nil, "", err
	}
	u, err := s.store.UserByID(ctx, c.UserID)
	if err != nil || !u.IsActive {
		return nil, "", domain.E(domain.EUNAUTHORIZED, domain.CodeSignInExpired)
	}
	st, err := s.store.TOTP(ctx, u.ID)
	if err != nil || !st.Enabled {
		return nil, "", domain.E(domain.EUNAUTHORIZED, domain.CodeSignInExpired)
	}
	var proof store.SecondFactorProof
	factor, ok := "totp", true
	if auth.LooksLikeRecoveryCode(in.Code) {
		factor, proof.RecoveryHash = "recovery", s.second.RecoveryHash(u.ID, in.Code)
	} else {
		secret, err := s.second.Open(u.ID, st.Secret)
		if err != nil {
			return nil, "", err
		}
		proof.Step, ok = auth.VerifyTOTP(secret, in.Code, s.store.Now(), st.LastStep)
	}
	if ok {
		login := s.audit(r, "auth.login", "session")
		login.UserID = u.ID
		login.Details = map[string]any{"email": c.Login, "guestLogin": c.GuestOnly, "secondFactor": factor}
		used := s.audit(r, "auth.recovery_code_used", "user")
		used.UserID, used.ResourceID, used.Details = u.ID, u.ID, map[string]any{"remaining": st.RecoveryLeft - 1}
		sid, err := s.startSession(w, r, u, login, func(sid string, data store.SessionData, expire time.Time, a store.Audit) error {
			audits := []store.Audit{a}
			if factor == "recovery" {
				audits = append(audits, used)
			}
			return s.store.CompleteLoginChallenge(ctx, c, proof, sid, data, expire, audits...)
		})
		if err == nil {
			return u, sid, nil
		}
		if !store.IsCodeRefused(err) {
			return nil, "", err
		}
	}
	a := s.audit(r, "auth.totp_failed", "user")
	a.UserID, a.ResourceID = u.ID, u.ID
	a.Details = map[string]any{"login": c.Login, "kind": factor}
	left, err := s.store.FailLoginChallenge(ctx, c.ID, c.Login, ip, maxChallengeFailures, a)
	if err != nil {
		return nil, "", err
	}
	if left == 0 {
		return nil, "", domain.E(domain.EUNAUTHORIZED, CodeTooManyWrongCodes)
	}
	e := domain.E(domain.EUNAUTHORIZED, CodeSecondFactorWrong)
	e.Fields = map[string]domain.Fault{"code": domain.F(CodeNotRight)}
	return nil, "", e
}
