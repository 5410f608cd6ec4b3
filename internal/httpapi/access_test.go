package httpapi

import (
	"net/http"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// Callers the access test tries every route as.
const (
	anon    = "anonymous"
	guest   = "guest"
	citizen = "citizen"
	psp     = "psp_admin"
	mno     = "mno_admin"
	officer = "cbsl_officer"
	admin   = "cbsl_admin"
)

var callers = []string{anon, guest, citizen, psp, mno, officer, admin}

// expectedAccess is written out by hand, independently of routes.go: who may call each route.
// A route missing here fails the test, so a new route cannot ship without a decided rule.
var expectedAccess = map[string][]string{
	"GET /api/login":                                     callers,
	"POST /api/login":                                    callers,
	"POST /api/logout":                                   callers,
	"POST /api/login/totp":                               callers,
	"POST /api/auth/login/totp":                          callers,
	"GET /api/profile/totp":                              {guest, citizen, psp, mno, officer, admin},
	"POST /api/profile/totp":                             {guest, citizen, psp, mno, officer, admin},
	"POST /api/profile/totp/confirm":                     {guest, citizen, psp, mno, officer, admin},
	"DELETE /api/profile/totp":                           {guest, citizen, psp, mno, officer, admin},
	"GET /api/auth/user":                                 {guest, citizen, psp, mno, officer, admin},
	"POST /api/auth/register":                            callers,
	"POST /api/auth/confirm-email":                       callers,
	"POST /api/auth/login":                               callers,
	"POST /api/auth/guest-login":                         callers,
	"POST /api/auth/logout":                              callers,
	"GET /api/auth/profile":                              {guest, citizen, psp, mno, officer, admin},
	"GET /api/auth/admin-only":                           {admin},
	"GET /api/auth/cbsl-only":                            {officer, admin},
	"GET /api/auth/psp-only":                             {psp},
	"GET /api/auth/mno-only":                             {mno},
	"GET /api/alerts":                                    {citizen, psp, mno, officer, admin},
	"GET /api/alerts/summary":                            {citizen, psp, mno, officer, admin},
	"GET /api/alerts/{id}":                               {citizen, psp, mno, officer, admin},
	"PATCH /api/alerts/{id}/read":                        {citizen, psp, mno, officer, admin},
	"PATCH /api/alerts/{id}/resolve":                     {officer, admin},
	"POST /api/alerts/{id}/actions":                      {officer, admin},
	"POST /api/compliance-reports":                       {officer, admin},
	"GET /api/compliance-reports":                        {guest, citizen, psp, mno, officer, admin},
	"POST /api/compliance-reports/{id}/publish":          {officer, admin},
	"GET /api/compliance-reports/{id}/pdf":               {guest, citizen, psp, mno, officer, admin},
	"GET /api/compliance-reports/{id}/csv":               {guest, citizen, psp, mno, officer, admin},
	"POST /api/compliance-audits":                        {officer, admin},
	"GET /api/compliance-audits":                         {psp, mno, officer, admin},
	"POST /api/compliance-audits/{id}/complete":          {officer, admin},
	"GET /api/compliance/export":                         {officer, admin},
	"GET /api/mobile/users":                              {officer, admin},
	"GET /api/audit":                                     {officer, admin},
	"GET /api/audit/export":                              {officer, admin},
	"GET /api/audit/verify":                              {admin},
	"POST /api/mobile/users":                             callers,
	"PATCH /api/mobile/users/{id}/status":                {officer, admin},
	"POST /api/admin/mobile-access/generate":             {officer, admin},
	"GET /api/admin/mobile-access/codes":                 {officer, admin},
	"POST /api/admin/mobile-access/expire":               {officer, admin},
	"GET /api/admin/notifications":                       {officer, admin},
	"POST /api/mobile/access/redeem":                     callers,
	"POST /api/kyc":                                      {citizen, psp, mno, officer, admin},
	"GET /api/kyc":                                       {citizen, psp, mno, officer, admin},
	"GET /api/kyc-applications":                          {citizen, psp, mno, officer, admin},
	"GET /api/kyc/summary":                               {citizen, psp, mno, officer, admin},
	"GET /api/kyc-applications/summary":                  {citizen, psp, mno, officer, admin},
	"PATCH /api/kyc-applications/{id}/review":            {officer, admin},
	"GET /api/users":                                     {admin},
	"POST /api/users":                                    {admin},
	"PATCH /api/users/{id}":                              {admin},
	"POST /api/users/{id}/reset-password":                {admin},
	"GET /api/approvals":                                 {admin},
	"POST /api/approvals/{id}/approve":                   {admin},
	"POST /api/approvals/{id}/reject":                    {admin},
	"PATCH /api/profile":                                 {citizen, psp, mno, officer, admin},
	"PUT /api/profile-images":                            {citizen, psp, mno, officer, admin},
	"POST /api/profile/password":                         {citizen, psp, mno, officer, admin},
	"GET /api/profile/sessions":                          {citizen, psp, mno, officer, admin},
	"DELETE /api/profile/sessions/{id}":                  {citizen, psp, mno, officer, admin},
	"GET /api/profile/tokens":                            {citizen, psp, mno, officer, admin},
	"DELETE /api/profile/tokens/{id}":                    {citizen, psp, mno, officer, admin},
	"GET /api/settings/aml":                              {officer, admin},
	"POST /api/settings/aml/proposals":                   {officer, admin},
	"GET /api/settings/aml/proposals/{version}/backtest": {officer, admin},
	"POST /api/settings/aml/proposals/{version}/approve": {admin},
	"POST /api/settings/aml/proposals/{version}/reject":  {admin},
	"GET /api/analytics":                                 {psp, mno, officer, admin},
	"GET /api/analytics/export":                          {psp, mno, officer, admin},
	"GET /health":                                        callers,
	"GET /api/openapi.json":                              callers,
	"GET /api/docs":                                      callers,
	"GET /api/docs/viewer.js":                            callers,
	"GET /livez":                                         callers,
	"GET /api/api-keys":                                  {psp, mno, officer, admin},
	"POST /api/api-keys":                                 {psp, mno, officer, admin},
	"DELETE /api/api-keys/{id}":                          {psp, mno, officer, admin},
	"GET /readyz":                                        callers,
	"GET /metrics-system":                                {officer, admin},
	"GET /ws":                                            {guest, citizen, psp, mno, officer, admin},
	"GET /api/metrics":                                   {officer, admin},
	"GET /api/public/summary":                            callers,
	"GET /api/transactions":                              {guest, citizen, psp, mno, officer, admin},

	"GET /api/transactions/search":                    {guest, citizen, psp, mno, officer, admin},
	"GET /api/transactions/export":                    {citizen, psp, mno, officer, admin},
	"GET /api/transactions/{id}":                      {guest, citizen, psp, mno, officer, admin},
	"POST /api/transactions/batch":                    {psp, mno, officer, admin},
	"POST /api/transfer":                              {citizen, psp, mno, officer},
	"GET /api/transfer/institutions":                  {citizen, psp, mno, officer},
	"GET /api/transfer/quote":                         {citizen, psp, mno, officer},
	"POST /api/objects/upload":                        {citizen, psp, mno, officer, admin},
	"PUT /api/objects/upload/{token}":                 {citizen, psp, mno, officer, admin},
	"PUT /api/institution-logos":                      {citizen, psp, mno, officer, admin},
	"GET /objects/{kind}/{file}":                      callers,
	"POST /api/institution-applications":              {citizen, psp, mno, officer, admin},
	"GET /api/institution-applications":               {citizen, psp, mno, officer, admin},
	"GET /api/institution-applications/{id}":          {citizen, psp, mno, officer, admin},
	"POST /api/institution-applications/{id}/approve": {officer, admin},
	"POST /api/institution-applications/{id}/reject":  {officer, admin},
	"GET /api/onboarding":                             {officer, admin},
	"PATCH /api/onboarding/{id}/status":               {officer, admin},
	"GET /api/psps":                                   {psp, mno, officer, admin},
	"GET /api/mnos":                                   {psp, mno, officer, admin},
	"PATCH /api/psps/{id}/license":                    {officer, admin},
	"PATCH /api/mnos/{id}/license":                    {officer, admin},
	"PATCH /api/psps/{id}/compliance":                 {officer, admin},
	"PATCH /api/mnos/{id}/compliance":                 {officer, admin},
	"GET /api/psps/{id}/compliance":                   {psp, mno, officer, admin},
	"GET /api/mnos/{id}/compliance":                   {psp, mno, officer, admin},
	"POST /api/psps/{id}/compliance/proposal/confirm": {officer, admin},
	"POST /api/mnos/{id}/compliance/proposal/confirm": {officer, admin},
	"POST /api/psps/{id}/compliance/proposal/dismiss": {officer, admin},
	"POST /api/mnos/{id}/compliance/proposal/dismiss": {officer, admin},
	"GET /api/banks":                                  {officer, admin},
	"PATCH /api/banks/{id}/license":                   {officer, admin},
	"PATCH /api/psps/{id}/routing":                    {admin},
	"PATCH /api/banks/{id}/routing":                   {admin},
	"GET /api/public/register":                        callers,
	"POST /api/iso20022":                              {psp, mno, officer, admin},
	"GET /api/transactions/{id}/iso20022":             {psp, mno, officer, admin},
	"GET /api/switch-feed/dead-letters":               {officer, admin},
	"POST /api/switch-feed/dead-letters/{id}/retry":   {officer, admin},
	"POST /api/switch-feed/dead-letters/{id}/discard": {officer, admin},
	"POST /api/sanctions/lists/{list}":                {admin},
	"GET /api/sanctions/versions":                     {officer, admin},
	"GET /api/sanctions/versions/{id}":                {officer, admin},
	"GET /api/sanctions/matches":                      {officer, admin},
	"POST /api/sanctions/matches/{id}/decision":       {officer, admin},
	"GET /api/sanctions/search":                       {officer, admin},
	"GET /api/transactions/{id}/sanctions":            {officer, admin},
}

// TestRouteAccess walks every route of the table as every role, a guest and an anonymous caller,
// by session cookie and by Bearer token, and checks allow or deny against expectedAccess.
func TestRouteAccess(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		users := map[string]*domain.User{}
		for _, c := range callers[1:] {
			role := domain.Role(c)
			if c == guest {
				role = domain.RoleCitizen
			}
			users[c] = e.mustUser(c+"@example.so", role, func(u *domain.User) {
				u.IsGuest = c == guest
				u.GuestUnitsRemaining = 1000
				if role.IsInstitutionStaff() {
					u.Institution = "inst-1"
				}
			})
		}
		srv, _ := New(Deps{Store: e.store, Tokens: e.tokens, Hasher: testHasher}, DefaultOptions())
		seen := map[string]bool{}
		for _, rt := range srv.routes() {
			seen[rt.pattern] = true
			allowed, ok := expectedAccess[rt.pattern]
			if !ok {
				t.Errorf("route %s has no entry in expectedAccess: decide who may call it", rt.pattern)
				continue
			}
			method, path, _ := strings.Cut(rt.pattern, " ")
			path = strings.NewReplacer("{id}", store.NewID(), "{version}", "999", "{kind}", "logos", "{file}", "x.png").Replace(path)
			for _, c := range callers {
				want := contains(allowed, c)
				for _, via := range []string{"cookie", "token"} {
					if c == anon && via == "token" {
						continue
					}
					client := e.client()
					var headers []string
					if c != anon {
						if via == "cookie" {
							e.signIn(client, users[c].Email)
						} else {
							headers = []string{"Authorization", "Bearer " + e.token(users[c])}
						}
					}
					uploadToken := "x"
					if c != anon {
						uploadToken = e.uploads.Sign(store.NewID(), users[c].ID)
					}
					path := strings.ReplaceAll(path, "{token}", uploadToken)
					var body any
					if method != http.MethodGet {
						body = map[string]any{}
					}
					res := e.do(client, method, path, body, headers...)
					denied := res.status == http.StatusUnauthorized || res.status == http.StatusForbidden
					if want == denied {
						t.Errorf("%s as %s by %s: status %d (%s); want allowed=%v", rt.pattern, c, via, res.status, res.body, want)
					}
					if !want && c == anon && res.status != http.StatusUnauthorized {
						t.Errorf("%s anonymous: status %d, want 401", rt.pattern, res.status)
					}
					if !want && c != anon && res.status != http.StatusForbidden {
						t.Errorf("%s as %s: status %d, want 403", rt.pattern, c, res.status)
					}
				}
			}
		}
		for p := range expectedAccess {
			if !seen[p] {
				t.Errorf("expectedAccess names %s, which is not a route", p)
			}
		}
	})
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// TestZeroAccessAdmitsNobody guards the rule that a route must say who may call it.
func TestZeroAccessAdmitsNobody(t *testing.T) {
	s := &Server{}
	for _, u := range []*domain.User{nil, {Role: domain.RoleCBSLAdmin}, {Role: domain.RoleCitizen, IsGuest: true}} {
		if err := s.authorize(t.Context(), access{}, u); err == nil {
			t.Errorf("zero access admitted %+v", u)
		}
	}
}
