package httpapi

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// queueKYC is what the KYC list tests read of an application.
type queueKYC struct {
	ID            string    `json:"id"`
	Status        string    `json:"status"`
	InstitutionID *string   `json:"institutionId"`
	CreatedAt     time.Time `json:"createdAt"`
}

func (k queueKYC) pageKey() (string, time.Time) { return k.ID, k.CreatedAt }

// TestKYCQueue: the KYC list pages and filters on the server (issue 16). 600 applications (more
// than one page of the largest limit), pairs of which share a timestamp, a third through each of
// two PSPs and a third a citizen's own: paging reaches each exactly once on both routes, the status
// and institution filters select exactly their applications with X-Total-Count saying how many,
// staff and citizens keep their scope, a limit above the maximum is capped, and bad input is a 400
// that names the parameter.
func TestKYCQueue(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		ctx := context.Background()
		instA, instB := e.mustPSP("alpha"), e.mustPSP("bravo")
		officer := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		staffA := e.mustUser("a@alpha.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = instA })
		citizen := e.mustUser("c@example.so", domain.RoleCitizen, nil)
		tokO, tokA, tokC := e.token(officer), e.token(staffA), e.token(citizen)

		statuses := []string{"under_review", "pending", "compliant", "non_compliant"}
		now := e.store.Now().Truncate(time.Millisecond)
		type seeded struct{ status, psp string }
		inserted := map[string]seeded{}
		if err := e.store.Write(ctx, func(tx *store.Tx) error {
			for i := range 600 {
				k := store.KYCApplication{FullName: "Applicant " + strconv.Itoa(i), NationalID: "SO" + strconv.Itoa(100000+i),
					PhoneNumber: "+25261" + strconv.Itoa(1000000+i), Email: "k" + strconv.Itoa(i) + "@example.so", Address: "Hargeisa",
					DocumentType: "national_id", DocumentNumber: "D" + strconv.Itoa(i), Status: statuses[i%4],
					CreatedAt: now.Add(-time.Duration(i/2) * time.Minute)} // two a minute: the id breaks the tie
				psp := []string{instA, instB, ""}[i%3]
				if psp == "" {
					k.UserID = citizen.ID
				}
				if err := tx.InsertKYCApplication(ctx, &k); err != nil {
					return err
				}
				if psp != "" {
					if _, err := tx.ExecContext(ctx, `UPDATE kyc_applications SET psp_id = $2 WHERE id = $1`, k.ID, psp); err != nil {
						return err
					}
				}
				inserted[k.ID] = seeded{k.Status, psp}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}

		// Paging past the old cap on both routes: every application exactly once, newest first.
		for _, path := range []string{"/api/kyc", "/api/kyc-applications"} {
			all, total := allPages[queueKYC](t, e, tokO, path, "", maxPageSize, 600)
			if len(all) != 600 || total != "600" {
				t.Fatalf("%s: paged through %d applications (X-Total-Count %q), want all 600", path, len(all), total)
			}
		}
		if list, res := listPage[queueKYC](t, e, tokO, "/api/kyc", ""); len(list) != defaultPageSize || res.header.Get("X-Next-Cursor") == "" {
			t.Errorf("first page without a limit: %d applications, next %q", len(list), res.header.Get("X-Next-Cursor"))
		}
		if list, _ := listPage[queueKYC](t, e, tokO, "/api/kyc", "limit=5000"); len(list) != maxPageSize {
			t.Errorf("a limit above the maximum gave %d applications, want it capped at %d", len(list), maxPageSize)
		}

		// Each filter, alone and combined, on every page.
		checks := []struct {
			query string
			match func(seeded) bool
		}{
			{"status=all", func(seeded) bool { return true }},
			{"institution=" + instB, func(k seeded) bool { return k.psp == instB }},
			{"status=compliant&institution=" + instA, func(k seeded) bool { return k.status == "compliant" && k.psp == instA }},
		}
		for _, st := range statuses {
			checks = append(checks, struct {
				query string
				match func(seeded) bool
			}{"status=" + st, func(k seeded) bool { return k.status == st }})
		}
		for _, c := range checks {
			want := 0
			for _, k := range inserted {
				if c.match(k) {
					want++
				}
			}
			got, total := allPages[queueKYC](t, e, tokO, "/api/kyc", c.query, 70, 600)
			for _, k := range got {
				if !c.match(inserted[k.ID]) {
					t.Errorf("%s: application %+v does not match", c.query, k)
				}
			}
			if len(got) != want || total != strconv.Itoa(want) {
				t.Errorf("%s: %d applications (X-Total-Count %q), want %d", c.query, len(got), total, want)
			}
		}

		// Staff see their institution's applications only, a citizen their own, whatever they filter on.
		for _, sc := range []struct {
			who, tok, query, psp string
			want                 int
		}{
			{"staff of A", tokA, "", instA, 200}, {"staff of A filtering on B", tokA, "institution=" + instB, "", 0},
			{"the citizen", tokC, "", "", 200}, {"the citizen filtering on compliant", tokC, "status=compliant", "", 50},
		} {
			got, total := allPages[queueKYC](t, e, sc.tok, "/api/kyc", sc.query, 60, 600)
			if len(got) != sc.want || total != strconv.Itoa(sc.want) {
				t.Errorf("%s: %d applications (X-Total-Count %q), want %d", sc.who, len(got), total, sc.want)
			}
			for _, k := range got {
				if inserted[k.ID].psp != sc.psp {
					t.Fatalf("%s read %+v", sc.who, k)
				}
			}
		}

		// The compliance page's figures come from the server over every application in scope.
		type summary struct{ Total, Compliant, AwaitingReview, ComplianceRate int }
		for _, sc := range []struct {
			who, tok string
			want     summary
		}{
			{"the officer", tokO, summary{600, 150, 300, 25}}, {"staff of A", tokA, summary{200, 50, 100, 25}},
			{"the citizen", tokC, summary{200, 50, 100, 25}},
		} {
			res := e.do(nil, "GET", "/api/kyc-applications/summary", nil, "Authorization", "Bearer "+sc.tok)
			var got summary
			if err := json.Unmarshal(res.body, &got); res.status != 200 || err != nil || got != sc.want {
				t.Errorf("%s: /api/kyc/summary %d %s, want %+v", sc.who, res.status, res.body, sc.want)
			}
		}
		if err := e.store.Write(ctx, func(tx *store.Tx) error {
			_, err := tx.ExecContext(ctx, `UPDATE kyc_applications SET status = 'compliant' WHERE psp_id = $1`, instA)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		res := e.do(nil, "GET", "/api/kyc/summary", nil, "Authorization", "Bearer "+tokA)
		if want := `{"total":200,"compliant":200,"awaitingReview":0,"complianceRate":100,` +
			`"byStatus":{"compliant":200,"non_compliant":0,"pending":0,"under_review":0},"decided":200,"approvalRate":100}`; res.status != 200 || strings.TrimSpace(string(res.body)) != want {
			t.Errorf("staff of A after approving all: %d %s, want %s", res.status, res.body, want)
		}

		// Bad input: 400 with a message naming the parameter.
		for _, bad := range []struct{ query, field string }{
			{"cursor=garbage", "cursor"}, {"cursor=" + encodeCursor(&store.Cursor{CreatedAt: now, ID: "x"}), "cursor"},
			{"limit=0", "limit"}, {"limit=many", "limit"}, {"status=approved", "status"}, {"institution=alpha", "institution"},
			{"risk=severe", "risk"}, {"colour=red", "colour"},
		} {
			wantBadQuery(t, e, tokO, "/api/kyc", bad.query, bad.field)
		}
	})
}
