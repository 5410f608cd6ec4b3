package httpapi

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/auth"
	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// registrationTTL is how long a confirmation link works.
const registrationTTL = 24 * time.Hour

// emailMessage answers a registration step with the address it concerns and what to do next.
type emailMessage struct {
	Email   string `json:"email"`
	Message string `json:"message"`
}

// register is POST /api/auth/register. Self-registration makes a citizen and never reveals
// whether the address has an account (issue 14 finding 2): it always answers 202 "check your
// e-mail" after the same work (argon2id, one write, one e-mail). A new address gets a link that
// creates the account (confirmEmail); an address with an account gets an e-mail telling its
// owner that someone tried, and nothing else changes. Only a signed-in cbsl_admin may grant
// another role (spec README, decision 2); they are trusted, so they get the account at once and a
// clear 409 for a taken address, as development mode does for the /jwt-test page.
func (s *Server) register(w http.ResponseWriter, r *http.Request) error {
	var in domain.NewAccount
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := in.Validate(); err != nil {
		return err
	}
	caller := principalFrom(r.Context())
	isAdmin := caller != nil && caller.Role == domain.RoleCBSLAdmin && !caller.IsGuest
	if in.Role.Privileged() && !isAdmin && !s.opts.Dev {
		return domain.E(domain.EFORBIDDEN, CodePrivilegedRole, "role", string(in.Role))
	}
	if isAdmin || s.opts.Dev {
		return s.createAccountNow(w, r, in, isAdmin)
	}
	in.Institution = "" // only an administrator places an account in an institution (finding 11)
	hash, err := s.hasher.HashContext(r.Context(), in.Password)
	if err != nil {
		return err
	}
	token := auth.RandomToken(32)
	link := strings.TrimRight(s.opts.PublicURL, "/") + "/confirm-email#token=" + token
	greeting := "Hello " + in.FirstName + ",\n\n"
	confirm := store.Notification{Subject: "Confirm your Kormeer account", SealedBody: s.sealer.Seal(greeting +
		"Someone (we hope you) registered a Kormeer account with this address. Open this link within 24 hours to confirm it:\n\n" +
		link + "\n\nIf it was not you, ignore this e-mail: no account is created without the link.")}
	existing := store.Notification{Subject: "Someone tried to register with your address", SealedBody: s.sealer.Seal(
		"Hello,\n\nSomeone tried to register a new Kormeer account with this address, which already has one. Nothing was changed.\n\n" +
			"If it was you, sign in with your existing password at " + strings.TrimRight(s.opts.PublicURL, "/") + "/login. " +
			"If you have forgotten it, ask the central bank's administrator to reset it. If it was not you, you need do nothing.")}
	reg := store.Registration{Email: in.Email, FirstName: in.FirstName, LastName: in.LastName, PasswordHash: hash,
		TokenHash: tokenHash(token), ExpiresAt: s.store.Now().Add(registrationTTL)}
	if err := s.store.RequestRegistration(r.Context(), reg, confirm, existing, s.audit(r, "", "")); err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, emailMessage{Email: in.Email,
		Message: "Check your e-mail: we sent a link to " + in.Email + " to confirm your address. It works for 24 hours."})
	return nil
}

// createAccountNow creates the account at once and answers a token for it, without starting a
// browser session, so that an administrator creating accounts stays signed in as themself. An
// administrator asking for a cbsl_admin or cbsl_officer account gets a proposal (202) that a
// second administrator approves (dual control).
func (s *Server) createAccountNow(w http.ResponseWriter, r *http.Request, in domain.NewAccount, isAdmin bool) error {
	hash, err := s.hasher.HashContext(r.Context(), in.Password)
	if err != nil {
		return err
	}
	u := &domain.User{Email: in.Email, FirstName: in.FirstName, LastName: in.LastName, PasswordHash: hash,
		Role: in.Role, Institution: in.Institution, IsActive: true}
	if isAdmin {
		u.CreatedBy = principalFrom(r.Context()).ID
		if domain.NeedsDualControl(in.Role) { // dual control: a second administrator must approve
			p, err := s.store.ProposeAccount(r.Context(), u, in.Role, s.audit(r, "", ""))
			if err != nil {
				return err
			}
			return s.writeProposal(w, r, p)
		}
	}
	a := s.audit(r, "user.register", "user")
	a.Details = map[string]any{"email": in.Email, "role": in.Role, "byAdmin": isAdmin}
	if err := s.store.CreateUser(r.Context(), u, a); err != nil {
		if domain.ErrorCode(err) == domain.ECONFLICT {
			return domain.E(domain.ECONFLICT, domain.CodeEmailHasAccount)
		}
		return err
	}
	return s.writeToken(w, r, http.StatusCreated, u, "", "Registration successful")
}

// emailConfirmation is the request body of confirmEmail.
type emailConfirmation struct {
	Token string `json:"token"`
}

// confirmEmail is POST /api/auth/confirm-email {token}: the link of a registration e-mail creates
// the citizen account. The person then signs in with the password they chose.
func (s *Server) confirmEmail(w http.ResponseWriter, r *http.Request) error {
	var in emailConfirmation
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	in.Token = strings.TrimSpace(in.Token)
	if in.Token == "" || len(in.Token) > 128 {
		return domain.Invalid(CodeConfirmationIncomplete, map[string]domain.Fault{"token": domain.F(CodeTokenRequired)})
	}
	u, err := s.store.ConfirmRegistration(r.Context(), tokenHash(in.Token), s.audit(r, "", ""))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, emailMessage{Email: u.Email,
		Message: "Your e-mail address is confirmed. Sign in with it and the password you chose."})
	return nil
}

// tokenHash is how confirmation tokens are stored: 256 random bits need no slow hash.
func tokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
