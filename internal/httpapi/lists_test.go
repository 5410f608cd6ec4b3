package httpapi

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// listed is what the list tests read of an item of any of the lists paged with servePage.
type listed struct {
	ID              string    `json:"id"`
	Status          string    `json:"status"`
	Type            string    `json:"type"`
	InstitutionType string    `json:"institutionType"`
	InstitutionID   string    `json:"institutionId"`
	ReportType      string    `json:"reportType"`
	Channel         string    `json:"channel"`
	Role            string    `json:"role"`
	IsActive        bool      `json:"isActive"`
	CreatedAt       time.Time `json:"createdAt"`
}

func (l listed) pageKey() (string, time.Time) { return l.ID, l.CreatedAt }

// listCheck is one query of a list: who asks, and which seeded items (by id) it must return.
type listCheck struct {
	path, query, tok string
	want             func(id string) bool
}

// TestListsPage: every list of issue 16 not yet paged (applications, onboarding, reports, audit
// schedules, accounts, mobile users, access codes, the outbox) pages on the server past its old
// cap (5,050 mobile users, 520 accounts, 230 of the others; many rows share a timestamp, so the
// id breaks the tie), each filter selects exactly its rows with X-Total-Count saying how many,
// scopes per role and institution hold, and bad filters, limits and cursors are 400s naming
// the parameter.
func TestListsPage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		ctx := context.Background()
		instA, instB := e.mustPSP("alpha"), e.mustPSP("bravo")
		admin := e.mustUser("admin@example.so", domain.RoleCBSLAdmin, nil)
		officer := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		staffA := e.mustUser("a@alpha.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = instA })
		unlinked := e.mustUser("x@nowhere.so", domain.RoleMNOAdmin, nil)
		citizen := e.mustUser("c@example.so", domain.RoleCitizen, nil)
		tokAdmin, tokO, tokA, tokX, tokC := e.token(admin), e.token(officer), e.token(staffA), e.token(unlinked), e.token(citizen)

		now := e.store.Now()
		monthStart := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
		// attrs are each seeded row's attributes by id, per list.
		attrs := map[string]map[string]map[string]string{}
		seed := func(list, id string, kv ...string) {
			if attrs[list] == nil {
				attrs[list] = map[string]map[string]string{}
			}
			m := map[string]string{}
			for i := 0; i < len(kv); i += 2 {
				m[kv[i]] = kv[i+1]
			}
			attrs[list][id] = m
		}
		// Timestamps are bound as the text both databases store and parse (the store's layout).
		text := func(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }
		at := func(i int) string { return text(now.Add(-time.Duration(i/2) * time.Hour)) } // two an hour
		if err := e.store.Write(ctx, func(tx *store.Tx) error {
			exec := func(q string, args ...any) error { _, err := tx.ExecContext(ctx, q, args...); return err }
			var approvedUser string
			for i := range 5050 {
				id, status := store.NewID(), []string{"pending", "approved", "suspended", "revoked"}[i%4]
				if err := exec(`INSERT INTO mobile_users (id, full_name, phone_number, national_id, status, created_at, updated_at)
					VALUES ($1, $2, $3, $4, $5, $6, $6)`, id, "Mobile "+strconv.Itoa(i), "+25263"+strconv.Itoa(1000000+i),
					"N"+strconv.Itoa(i), status, at(i)); err != nil {
					return err
				}
				seed("mobile", id, "status", status)
				if status == "approved" {
					approvedUser = id
				}
			}
			for i := range 260 {
				id, stored, expires := store.NewID(), []string{"active", "active", "used", "revoked"}[i%4], now.Add(time.Hour)
				shown := stored
				if i%4 == 1 {
					expires, shown = now.Add(-time.Minute), "expired" // active but past its expiry
				}
				if err := exec(`INSERT INTO access_codes (id, code_hash, mobile_user_id, status, expires_at, created_at, updated_at)
					VALUES ($1, $2, $3, $4, $5, $6, $6)`, id, "hash-"+id, approvedUser, stored, text(expires), at(i)); err != nil {
					return err
				}
				seed("codes", id, "status", shown)
			}
			for i := range 230 {
				id, status, channel := store.NewID(), []string{"pending", "sent", "logged", "failed"}[i%4], []string{"email", "sms"}[i%2]
				if err := exec(`INSERT INTO notifications (id, channel, recipient, purpose, status, next_attempt_at, created_at)
					VALUES ($1, $2, 'someone@example.so', 'test', $3, $4, $4)`, id, channel, status, at(i)); err != nil {
					return err
				}
				seed("outbox", id, "status", status, "channel", channel)

				app := &store.InstitutionApplication{InstitutionName: "Applicant " + strconv.Itoa(i), InstitutionType: []string{"psp", "mno"}[i%2],
					LicenseNumber: "LIC-" + strconv.Itoa(i), ContactEmail: "apply@example.so", ContactPhone: "+252634000000",
					ContactPerson: "Ayaan", Address: "Hargeisa", Status: []string{"pending", "approved", "rejected"}[i%3],
					CreatedAt: now.Add(-time.Duration(i/2) * time.Hour)}
				if i%3 == 0 {
					app.SubmittedBy = citizen.ID
				}
				if err := tx.InsertInstitutionApplication(ctx, app); err != nil {
					return err
				}
				seed("applications", app.ID, "status", app.Status, "type", app.InstitutionType, "mine", strconv.FormatBool(app.SubmittedBy != ""))

				id, status = store.NewID(), []string{"draft", "published"}[i%2]
				kind, created := []string{"monthly_transaction", "aml_cft"}[i%3%2], now.Add(-time.Duration(i)*24*time.Hour)
				if err := exec(`INSERT INTO compliance_reports (id, title, report_type, period, institution_id, institution_type,
					institution_name, status, created_at, updated_at) VALUES ($1, $2, $3, '2026-01', 'CENTRAL-BANK', 'central_bank',
					'Kormeer', $4, $5, $5)`, id, "Report "+strconv.Itoa(i), kind, status, text(created)); err != nil {
					return err
				}
				seed("reports", id, "status", status, "type", kind, "thisMonth", strconv.FormatBool(!created.Before(monthStart)))

				id, status = store.NewID(), []string{"scheduled", "completed", "cancelled"}[i%3]
				inst := []string{instA, instB}[i%2]
				if err := exec(`INSERT INTO compliance_audits (id, institution_id, institution_type, institution_name, scheduled_for,
					scope, status, created_at) VALUES ($1, $2, 'psp', 'Institution', '2027-01-15', 'Annual review', $3, $4)`,
					id, inst, status, at(i)); err != nil {
					return err
				}
				seed("audits", id, "status", status, "institution", inst)
			}
			for i := range 520 {
				u := &domain.User{Email: fmt.Sprintf("user%03d@example.so", i), FirstName: "Seeded", LastName: strconv.Itoa(i),
					PasswordHash: "x", Role: []domain.Role{domain.RoleCitizen, domain.RolePSPAdmin}[i%2], IsActive: i%5 != 0}
				if err := tx.InsertUser(ctx, u); err != nil { // all share the transaction's timestamp
					return err
				}
				seed("users", u.ID, "role", string(u.Role), "active", strconv.FormatBool(u.IsActive), "email", u.Email)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		for _, u := range []*domain.User{admin, officer, staffA, unlinked, citizen} {
			seed("users", u.ID, "role", string(u.Role), "active", "true", "email", u.Email)
		}

		is := func(list, key, value string) func(string) bool {
			return func(id string) bool { return attrs[list][id][key] == value }
		}
		and := func(a, b func(string) bool) func(string) bool { return func(id string) bool { return a(id) && b(id) } }
		every := func(string) bool { return true }
		checks := []listCheck{
			{"/api/mobile/users", "", tokO, every},
			{"/api/mobile/users", "status=approved", tokAdmin, is("mobile", "status", "approved")},
			{"/api/mobile/users", "status=all", tokO, every},
			{"/api/admin/mobile-access/codes", "", tokO, every},
			{"/api/admin/mobile-access/codes", "status=active", tokO, is("codes", "status", "active")},
			{"/api/admin/mobile-access/codes", "status=expired", tokO, is("codes", "status", "expired")},
			{"/api/admin/mobile-access/codes", "status=used", tokO, is("codes", "status", "used")},
			{"/api/admin/notifications", "", tokO, every},
			{"/api/admin/notifications", "status=failed&channel=sms", tokO, and(is("outbox", "status", "failed"), is("outbox", "channel", "sms"))},
			{"/api/admin/notifications", "channel=email", tokO, is("outbox", "channel", "email")},
			{"/api/institution-applications", "", tokO, every},
			{"/api/institution-applications", "status=pending&type=mno", tokO, and(is("applications", "status", "pending"), is("applications", "type", "mno"))},
			{"/api/institution-applications", "", tokC, is("applications", "mine", "true")},
			{"/api/institution-applications", "status=approved", tokC, and(is("applications", "mine", "true"), is("applications", "status", "approved"))},
			{"/api/institution-applications", "", tokA, func(string) bool { return false }},
			{"/api/onboarding", "", tokO, is("applications", "status", "pending")},
			{"/api/onboarding", "type=psp", tokO, and(is("applications", "status", "pending"), is("applications", "type", "psp"))},
			{"/api/compliance-reports", "", tokO, every},
			{"/api/compliance-reports", "status=draft&type=aml_cft", tokO, and(is("reports", "status", "draft"), is("reports", "type", "aml_cft"))},
			{"/api/compliance-reports", "createdFrom=" + monthStart.Format(time.DateOnly), tokO, is("reports", "thisMonth", "true")},
			{"/api/compliance-reports", "", tokA, is("reports", "status", "published")},
			{"/api/compliance-reports", "status=draft", tokC, func(string) bool { return false }},
			{"/api/compliance-audits", "", tokO, every},
			{"/api/compliance-audits", "institution=" + instB + "&status=scheduled", tokO, and(is("audits", "institution", instB), is("audits", "status", "scheduled"))},
			{"/api/compliance-audits", "", tokA, is("audits", "institution", instA)},
			{"/api/compliance-audits", "status=completed", tokA, and(is("audits", "institution", instA), is("audits", "status", "completed"))},
			{"/api/compliance-audits", "institution=" + instB, tokA, func(string) bool { return false }},
			{"/api/compliance-audits", "", tokX, func(string) bool { return false }},
			{"/api/users", "", tokAdmin, every},
			{"/api/users", "role=psp_admin&status=disabled", tokAdmin, and(is("users", "role", "psp_admin"), is("users", "active", "false"))},
			{"/api/users", "q=USER04", tokAdmin, func(id string) bool { e := attrs["users"][id]["email"]; return len(e) > 6 && e[:6] == "user04" }},
		}
		lists := map[string]string{"/api/mobile/users": "mobile", "/api/admin/mobile-access/codes": "codes", "/api/admin/notifications": "outbox",
			"/api/institution-applications": "applications", "/api/onboarding": "applications", "/api/compliance-reports": "reports",
			"/api/compliance-audits": "audits", "/api/users": "users"}
		for _, c := range checks {
			list := lists[c.path]
			want := 0
			for id := range attrs[list] {
				if c.want(id) {
					want++
				}
			}
			got, total := allPages[listed](t, e, c.tok, c.path, c.query, maxPageSize, len(attrs[list]))
			for _, it := range got {
				if !c.want(it.ID) {
					t.Fatalf("%s?%s: %+v does not belong", c.path, c.query, it)
				}
			}
			wantTotal := strconv.Itoa(want)
			if want > 1000 {
				wantTotal = "1000+"
			}
			if len(got) != want || total != wantTotal {
				t.Errorf("%s?%s: %d items (X-Total-Count %q), want %d", c.path, c.query, len(got), total, want)
			}
		}

		// The default page and a capped limit.
		if got, res := listPage[listed](t, e, tokO, "/api/mobile/users", ""); len(got) != defaultPageSize || res.header.Get("X-Next-Cursor") == "" {
			t.Errorf("first page without a limit: %d, next %q", len(got), res.header.Get("X-Next-Cursor"))
		}
		if got, _ := listPage[listed](t, e, tokO, "/api/admin/notifications", "limit=100000"); len(got) != maxPageSize {
			t.Errorf("a limit above the maximum gave %d, want it capped at %d", len(got), maxPageSize)
		}

		// Bad input: 400 with a message naming the parameter, on every list.
		bad := encodeCursor(&store.Cursor{CreatedAt: now, ID: "not-an-id-but-36-characters-long-xxx"})
		for path, tok := range map[string]string{"/api/mobile/users": tokO, "/api/admin/mobile-access/codes": tokO,
			"/api/admin/notifications": tokO, "/api/institution-applications": tokC, "/api/onboarding": tokO,
			"/api/compliance-reports": tokA, "/api/compliance-audits": tokA, "/api/users": tokAdmin} {
			for _, q := range []struct{ query, field string }{
				{"cursor=garbage", "cursor"}, {"cursor=" + bad, "cursor"}, {"limit=0", "limit"}, {"limit=lots", "limit"},
				{"colour=red", "colour"}, {"status=nonsense", "status"},
			} {
				wantBadQuery(t, e, tok, path, q.query, q.field)
			}
		}
		for _, q := range []struct{ path, query, field string }{
			{"/api/institution-applications", "type=airline", "type"}, {"/api/onboarding", "type=bank-ish", "type"},
			{"/api/compliance-reports", "type=weekly", "type"}, {"/api/compliance-reports", "createdFrom=last+month", "createdFrom"},
			{"/api/compliance-audits", "institution=alpha", "institution"}, {"/api/users", "role=king", "role"},
			{"/api/admin/notifications", "channel=pigeon", "channel"},
		} {
			wantBadQuery(t, e, tokAdmin, q.path, q.query, q.field)
		}
	})
}
