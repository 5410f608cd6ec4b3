package httpapi

import (
	"context"
	"net/http"
	"slices"
	"strings"

	"github.com/kormeer/kormeer/internal/domain"
)

// route is one line of the route table: pattern ("METHOD /path/{id}"), who may call it and
// the handler.
type route struct {
	pattern string
	access  access
	handle  handlerFunc
}

// guestRule says what a guest account may do on a route.
type guestRule int

const (
	guestDenied  guestRule = iota // guests get 403
	guestAllowed                  // guests may call it freely (their own profile, signing out)
	guestMetered                  // guests may read, one unit per call (transactions and reports)
)

// access is a route's authorization rule. The zero value admits nobody, so a route must say
// who may call it.
type access struct {
	public bool          // anyone, signed in or not
	roles  []domain.Role // signed-in non-guest accounts with one of these roles
	guest  guestRule
	// passwordChange admits accounts that must change their password first; every other
	// signed-in route refuses them until they have.
	passwordChange bool
	// throttle names the rate limit of an anonymous expensive route (see ratelimit.go).
	throttle throttle
	// totpEnrolment admits regulators that --require-totp holds until they set up two-step
	// verification; every other signed-in route refuses them until they have.
	totpEnrolment bool
	// scope is the API key scope that lets a key call the route; "" admits no key.
	scope string
}

var allRoles = domain.Roles

// Constructors for the access rules the route table uses.
func public() access                    { return access{public: true} }
func anyAccount() access                { return access{roles: allRoles, guest: guestAllowed} }
func staff(roles ...domain.Role) access { return access{roles: roles} }

var regulators = []domain.Role{domain.RoleCBSLAdmin, domain.RoleCBSLOfficer}

// staffAndRegulators are the roles that may read registries: regulators all of them, PSP and
// MNO staff their own institution's entry.
var staffAndRegulators = []domain.Role{domain.RoleCBSLAdmin, domain.RoleCBSLOfficer, domain.RolePSPAdmin, domain.RoleMNOAdmin}

// transferRoles originate transfers: citizens from their own wallet, PSP and MNO staff for their
// institution, and the central bank's officers (its operations desk). Not the administrator: who
// sets and approves the AML rules and the accounts does not also move money (docs/DECISIONS.md,
// "Who originates transfers").
var transferRoles = []domain.Role{domain.RoleCitizen, domain.RolePSPAdmin, domain.RoleMNOAdmin, domain.RoleCBSLOfficer}

// duringPasswordChange keeps the route open to an account whose password was reset.
func (a access) duringPasswordChange() access { a.passwordChange = true; return a }

// duringTOTPEnrolment keeps the route open to an account that must set up two-step verification.
func (a access) duringTOTPEnrolment() access { a.totpEnrolment = true; return a }

// metered lets guests call the route too, each call taking one of their units.
func (a access) metered() access { a.guest = guestMetered; return a }

// scoped lets API keys with the scope call the route too (as their institution's staff).
func (a access) scoped(scope string) access { a.scope = scope; return a }

// limited puts the route under a rate limit per client address and overall.
func (a access) limited(t throttle) access { a.throttle = t; return a }

type principalKey struct{}

// principalFrom returns the signed-in account of the request, or nil.
func principalFrom(ctx context.Context) *domain.User {
	u, _ := ctx.Value(principalKey{}).(*domain.User)
	return u
}

// authenticate finds the caller and, for a Bearer token, the token's id: a Bearer token wins
// over the session cookie, so that the token test page reports on the token it sends and not on
// the browser's session. No credentials is not an error (nil principal); bad credentials are. A
// token is accepted only while its record is unrevoked and unexpired and the account active with
// the same token version, all read in one query (store.TokenUser).
func (s *Server) authenticate(r *http.Request) (*domain.User, string, error) {
	if h := r.Header.Get("Authorization"); h != "" {
		scheme, token, _ := strings.Cut(h, " ")
		if !strings.EqualFold(scheme, "Bearer") || token == "" {
			return nil, "", domain.E(domain.EUNAUTHORIZED, domain.CodeSignInRequired)
		}
		token = strings.TrimSpace(token)
		if id, secret, ok := domain.ParseAPIKey(token); ok {
			u, err := s.store.APIKeyUser(r.Context(), id, secret)
			return u, "", err
		}
		claims, err := s.tokens.Verify(token)
		if err != nil {
			return nil, "", domain.E(domain.EUNAUTHORIZED, domain.CodeSignInRequired)
		}
		u, err := s.store.TokenUser(r.Context(), claims.ID, claims.Subject)
		if domain.ErrorCode(err) == domain.EUNAUTHORIZED || (err == nil && (!u.IsActive || u.TokenVersion != claims.TokenVersion)) {
			return nil, "", domain.E(domain.EUNAUTHORIZED, domain.CodeSignInRequired)
		}
		if err != nil {
			return nil, "", err
		}
		return u, claims.ID, nil
	}
	c, err := r.Cookie(sessionCookie)
	if err != nil || c.Value == "" {
		return nil, "", nil
	}
	u, err := s.store.SessionUser(r.Context(), c.Value)
	if domain.ErrorCode(err) == domain.EUNAUTHORIZED {
		return nil, "", nil // an expired or ended session is the same as none
	}
	return u, "", err
}

type tokenIDKey struct{}

// tokenIDFrom returns the id of the Bearer token the request was authenticated with, or "".
func tokenIDFrom(ctx context.Context) string {
	id, _ := ctx.Value(tokenIDKey{}).(string)
	return id
}

// authorize applies a route's rule to the caller, consuming a guest unit on metered routes.
func (s *Server) authorize(ctx context.Context, a access, p *domain.User) error {
	if a.public {
		return nil
	}
	if p == nil {
		return domain.E(domain.EUNAUTHORIZED, domain.CodeSignInRequired)
	}
	if p.Key != nil {
		if a.scope == "" {
			return domain.E(domain.EFORBIDDEN, CodeAPIKeyNotAllowed)
		}
		if !slices.Contains(p.Key.Scopes, a.scope) {
			return domain.E(domain.EFORBIDDEN, CodeAPIKeyScope, "scope", a.scope)
		}
	}
	if p.MustChangePassword && !a.passwordChange {
		return domain.E(domain.EFORBIDDEN, CodePasswordChangeRequired)
	}
	if !p.MustChangePassword && !a.totpEnrolment && s.mustEnrolTOTP(p) {
		return errEnrolFirst
	}
	if p.IsGuest {
		switch a.guest {
		case guestAllowed:
			return nil
		case guestMetered:
			left, err := s.store.ConsumeGuestUnit(ctx, p.ID)
			p.GuestUnitsRemaining = left
			return err
		}
		return domain.E(domain.EFORBIDDEN, CodeGuestReadOnly)
	}
	if slices.Contains(a.roles, p.Role) {
		return nil
	}
	return domain.E(domain.EFORBIDDEN, CodeRoleForbidden, "role", string(p.Role))
}
