package httpapi

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/auth"
	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// sessionCookie names the browser session cookie. It holds only a random session id; the
// session itself lives in the sessions table, so signing out ends it on the server.
const sessionCookie = "kormeer_session"

// userJSON is the current user as GET /api/auth/user answers it (000 §3).
type userJSON struct {
	ID                  string      `json:"id"`
	Email               string      `json:"email"`
	FirstName           string      `json:"firstName"`
	LastName            string      `json:"lastName"`
	Role                domain.Role `json:"role"`
	ProfileImageURL     *string     `json:"profileImageUrl"`
	IsGuest             bool        `json:"isGuest"`
	GuestUnitsRemaining int         `json:"guestUnitsRemaining"`
	Institution         *string     `json:"institution"`
	MustChangePassword  bool        `json:"mustChangePassword"`
	Language            string      `json:"language"`
	TOTPEnabled         bool        `json:"totpEnabled"`
	// MustEnrollTOTP is set by currentUser: the configuration holds this account to the
	// two-step verification set-up.
	MustEnrollTOTP bool `json:"mustEnrollTotp"`
}

func toUserJSON(u *domain.User) userJSON {
	return userJSON{ID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName, Role: u.Role,
		ProfileImageURL: optional(u.ProfileImageURL), IsGuest: u.IsGuest, GuestUnitsRemaining: u.GuestUnitsRemaining,
		Institution: optional(u.Institution), MustChangePassword: u.MustChangePassword, Language: u.Language,
		TOTPEnabled: u.TOTPEnabled}
}

// loginPage sends a browser that navigates to /api/login to the web app's sign-in page, or home
// when it is signed in already.
func (s *Server) loginPage(w http.ResponseWriter, r *http.Request) error {
	target := "/login"
	if principalFrom(r.Context()) != nil {
		target = "/"
	}
	http.Redirect(w, r, target, http.StatusFound)
	return nil
}

type credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

func (c credentials) validate(loginField, reason, login string) error {
	fields := map[string]domain.Fault{}
	if strings.TrimSpace(login) == "" {
		fields[loginField] = domain.F(domain.CodeRequired)
	}
	if c.Password == "" {
		fields["password"] = domain.F(domain.CodeRequired)
	} else if len(c.Password) > 4*domain.MaxPasswordLen {
		fields["password"] = domain.F(domain.CodeTooLong)
	}
	if len(fields) > 0 {
		return domain.Invalid(reason, fields)
	}
	return nil
}

// signedIn is the answer of a browser sign-in: the account and a message.
type signedIn struct {
	User    userJSON `json:"user"`
	Message string   `json:"message"`
}

// login signs a browser in with email and password (POST /api/login).
func (s *Server) login(w http.ResponseWriter, r *http.Request) error {
	var c credentials
	if err := decodeJSON(w, r, &c); err != nil {
		return err
	}
	if err := c.validate("email", CodeSignInFields, c.Email); err != nil {
		return err
	}
	u, _, err := s.signIn(w, r, c.Email, c.Password, false)
	if err != nil || u == nil {
		return err
	}
	writeJSON(w, http.StatusOK, signedIn{User: toUserJSON(u), Message: "Signed in"})
	return nil
}

// tokenLogin is POST /api/auth/login: a sign-in that answers an API token (and also starts a
// browser session, so the test page's sign-in behaves like the portal's).
func (s *Server) tokenLogin(w http.ResponseWriter, r *http.Request) error {
	var c credentials
	if err := decodeJSON(w, r, &c); err != nil {
		return err
	}
	if err := c.validate("email", CodeSignInFields, c.Email); err != nil {
		return err
	}
	u, sid, err := s.signIn(w, r, c.Email, c.Password, false)
	if err != nil || u == nil {
		return err
	}
	return s.writeToken(w, r, http.StatusOK, u, sessionRef(sid), "Login successful")
}

// guestCredentials is the request body of guestLogin.
type guestCredentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// guestLogin is POST /api/auth/guest-login: only guest accounts may sign in here.
func (s *Server) guestLogin(w http.ResponseWriter, r *http.Request) error {
	var in guestCredentials
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := (credentials{Password: in.Password}).validate("username", CodeGuestSignInFields, in.Username); err != nil {
		return err
	}
	u, sid, err := s.signIn(w, r, in.Username, in.Password, true)
	if err != nil || u == nil {
		return err
	}
	return s.writeToken(w, r, http.StatusOK, u, sessionRef(sid), "Guest login successful: "+strconv.Itoa(u.GuestUnitsRemaining)+" units remaining")
}

// tokenAnswer is the answer of a token sign-in (001 §7 names its fields in snake case).
type tokenAnswer struct {
	AccessToken string   `json:"access_token"`
	TokenType   string   `json:"token_type"`
	Message     string   `json:"message"`
	User        userJSON `json:"user"`
}

// writeToken issues an API token for u and records it (see store.RecordToken), linked to the
// browser session the same sign-in started (sessionRef, or "" when none), so that signing that
// session out revokes the token too.
func (s *Server) writeToken(w http.ResponseWriter, r *http.Request, status int, u *domain.User, sessionRef, message string) error {
	token, c, err := s.tokens.Issue(u.ID, u.TokenVersion)
	if err != nil {
		return err
	}
	rec := store.TokenRecord{ID: c.ID, UserID: u.ID, SessionRef: sessionRef, TokenVersion: u.TokenVersion,
		IPAddress: s.clientIP(r), UserAgent: userAgent(r), IssuedAt: c.IssuedAt.Time, ExpiresAt: c.ExpiresAt.Time}
	a := s.audit(r, "", "")
	a.UserID = u.ID
	if err := s.store.RecordToken(r.Context(), rec, a); err != nil {
		return err
	}
	writeJSON(w, status, tokenAnswer{AccessToken: token, TokenType: "Bearer", Message: message, User: toUserJSON(u)})
	return nil
}

// signIn checks credentials, throttling guessing per account and per address, and on success
// starts a new browser session (a fresh id every time, and the previous one ended) and returns
// the account and the new session's id. Unknown and known logins get the same answer and take
// the same time. When the account has two-step verification on, a right password starts no
// session: signIn answers the second-factor challenge itself and returns a nil user, and the
// caller writes nothing more.
func (s *Server) signIn(w http.ResponseWriter, r *http.Request, login, password string, guestOnly bool) (*domain.User, string, error) {
	ctx := r.Context()
	key := domain.NormalizeEmail(login)
	ip := s.clientIP(r)
	if err := s.checkSignInFailures(w, r, key, ip); err != nil {
		return nil, "", err
	}
	u, err := s.store.UserByLogin(ctx, login)
	if err != nil && domain.ErrorCode(err) != domain.ENOTFOUND {
		return nil, "", err
	}
	hash := s.dummyHash
	if u != nil {
		hash = u.PasswordHash
	}
	match, err := s.hasher.VerifyContext(ctx, password, hash)
	if err != nil {
		return nil, "", err
	}
	if u == nil || !match || !u.IsActive || (guestOnly && !u.IsGuest) {
		a := s.audit(r, "auth.login_failed", "session")
		a.Details = map[string]any{"login": key, "guestLogin": guestOnly}
		if u != nil {
			a.UserID = u.ID
		}
		if err := s.store.RecordLoginFailure(ctx, key, ip, a); err != nil {
			return nil, "", err
		}
		if guestOnly {
			return nil, "", domain.E(domain.EUNAUTHORIZED, CodeBadGuestCredentials)
		}
		return nil, "", domain.E(domain.EUNAUTHORIZED, CodeBadCredentials)
	}
	if u.TOTPEnabled {
		return nil, "", s.challengeSecondFactor(w, r, u, key, guestOnly)
	}
	a := s.audit(r, "auth.login", "session")
	a.UserID = u.ID
	a.Details = map[string]any{"email": key, "guestLogin": guestOnly}
	sid, err := s.startSession(w, r, u, a, func(sid string, data store.SessionData, expire time.Time, a store.Audit) error {
		return s.store.CreateSession(ctx, sid, data, expire, a)
	})
	return u, sid, err
}

// checkSignInFailures refuses with 429 and Retry-After once the login or the client address has too
// many failed sign-ins (wrong passwords and wrong second-factor codes alike) in the window.
func (s *Server) checkSignInFailures(w http.ResponseWriter, r *http.Request, key, ip string) error {
	byAccount, byIP, err := s.store.LoginFailures(r.Context(), key, ip, s.store.Now().Add(-s.opts.LoginWindow))
	if err != nil {
		return err
	}
	if byAccount >= s.opts.MaxFailuresPerAccount || byIP >= s.opts.MaxFailuresPerIP {
		minutes := int(s.opts.LoginWindow.Round(time.Minute) / time.Minute)
		w.Header().Set("Retry-After", strconv.Itoa(int(s.opts.LoginWindow.Seconds())))
		return domain.E(domain.ETOOMANY, CodeTooManySignIns, "minutes", strconv.Itoa(minutes))
	}
	return nil
}

// startSession ends the request's browser session, if any, stores a new one with create (which
// commits the audit row a with it), sets its cookie and returns its id.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, u *domain.User, a store.Audit,
	create func(sid string, data store.SessionData, expire time.Time, a store.Audit) error) (string, error) {
	if err := s.endBrowserSession(r); err != nil {
		return "", err
	}
	sid := auth.RandomToken(32)
	expire := s.store.Now().Add(s.opts.SessionTTL)
	a.ResourceID = sessionRef(sid)
	if err := create(sid, store.SessionData{UserID: u.ID, IPAddress: s.clientIP(r), UserAgent: userAgent(r)}, expire, a); err != nil {
		return "", err
	}
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: sid, Path: "/", Expires: expire,
		MaxAge: int(s.opts.SessionTTL.Seconds()), HttpOnly: true, Secure: s.isTLS(r), SameSite: http.SameSiteLaxMode})
	return sid, nil
}

// sessionRef is how audit rows name a session: a prefix of its id, enough to tell sessions apart
// in the log without making the log a list of usable session ids.
func sessionRef(sid string) string { return sid[:8] }

// endBrowserSession deletes the session named by the request's cookie, if any.
func (s *Server) endBrowserSession(r *http.Request) error {
	c, err := r.Cookie(sessionCookie)
	if err != nil || c.Value == "" {
		return nil
	}
	a := s.audit(r, "auth.logout", "session")
	if len(c.Value) >= 8 {
		a.ResourceID = sessionRef(c.Value)
	}
	return s.store.DeleteSession(r.Context(), c.Value, a)
}

// messageJSON is the answer of an action that has nothing to return but a sentence to show.
type messageJSON struct {
	Message string `json:"message"`
}

// logout is POST /api/logout and POST /api/auth/logout: it ends what the request signed in with.
// A browser session ends on the server (revoking the tokens its sign-in issued) and its cookie
// is cleared; a Bearer token is revoked. It is a POST behind the cross-origin check: a GET could
// be triggered by any page.
func (s *Server) logout(w http.ResponseWriter, r *http.Request) error {
	if id := tokenIDFrom(r.Context()); id != "" {
		if err := s.store.RevokeToken(r.Context(), principalFrom(r.Context()).ID, id, "signed out", s.audit(r, "", "")); err != nil {
			return err
		}
	}
	if err := s.endBrowserSession(r); err != nil {
		return err
	}
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true,
		Secure: s.isTLS(r), SameSite: http.SameSiteLaxMode})
	writeJSON(w, http.StatusOK, messageJSON{"Signed out"})
	return nil
}

func (s *Server) currentUser(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	out := toUserJSON(u)
	out.MustEnrollTOTP = s.mustEnrolTOTP(u)
	writeJSON(w, http.StatusOK, out)
	return nil
}

// accessGranted is the answer of the protected test endpoints.
type accessGranted struct {
	Message  string   `json:"message"`
	Endpoint string   `json:"endpoint"`
	User     userJSON `json:"user"`
}

// profile answers the protected test endpoints (001 §7) with the caller's profile; the route
// table decides who gets this far.
func (s *Server) profile(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	writeJSON(w, http.StatusOK, accessGranted{Message: "Access granted", Endpoint: r.URL.Path, User: toUserJSON(u)})
	return nil
}
