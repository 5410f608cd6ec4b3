package httpapi

import "github.com/kormeer/kormeer/internal/domain"

// routes is the whole API: every endpoint, who may call it, and its handler. A route cannot be
// added without an access rule, and TestRouteAccess walks this table for every role.
func (s *Server) routes() []route {
	admin := domain.RoleCBSLAdmin
	return []route{
		// Browser sign-in (000 §7): a page, a JSON post, a sign-out navigation, the current user.
		{"GET /api/login", public(), s.loginPage},
		{"POST /api/login", public(), s.login},
		{"GET /api/logout", public(), s.logout},
		{"GET /api/auth/user", anyAccount(), s.currentUser},

		// The token API (001 §7).
		{"POST /api/auth/register", public(), s.register},
		{"POST /api/auth/login", public(), s.tokenLogin},
		{"POST /api/auth/guest-login", public(), s.guestLogin},
		{"GET /api/auth/profile", anyAccount(), s.profile},
		{"GET /api/auth/admin-only", staff(admin), s.profile},
		{"GET /api/auth/cbsl-only", staff(regulators...), s.profile},
		{"GET /api/auth/psp-only", staff(domain.RolePSPAdmin), s.profile},
		{"GET /api/auth/mno-only", staff(domain.RoleMNOAdmin), s.profile},

		// Summary figures for the landing page's carousel: aggregates only, so public.
		{"GET /api/metrics", public(), s.summaryMetrics},

		// Reads that guests may make, one unit each.
		{"GET /api/transactions", staff(allRoles...).metered(), s.listTransactions},
	}
}
