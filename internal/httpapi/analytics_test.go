package httpapi

import (
	"encoding/csv"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

func TestAnalytics(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		psp := e.mustPSP("premium-wallet")
		officer := e.mustUser("o@example.so", domain.RoleCBSLOfficer, nil)
		staff := e.mustUser("s@example.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = psp })
		other := e.mustUser("x@example.so", domain.RoleMNOAdmin, func(u *domain.User) { u.Institution = e.mustPSP("elsewhere") })
		day := time.Now().UTC().AddDate(0, 0, -2)
		seedTransactions(t, e, 12, psp, day) // half of them the PSP's
		o := e.client()
		e.signIn(o, officer.Email)
		res := e.do(o, "GET", "/api/analytics", nil)
		d := res.json(t)
		daily, _ := d["daily"].([]any)
		modes, _ := d["modes"].([]any)
		if res.status != 200 || len(daily) == 0 || len(modes) != 2 || d["topInstitutions"] == nil {
			t.Fatalf("analytics: %d %s", res.status, res.body)
		}
		var total float64
		for _, row := range daily {
			total += row.(map[string]any)["count"].(float64)
		}
		if total != 12 {
			t.Fatalf("daily counts add to %v, want 12", total)
		}
		count := func(token string) float64 {
			d := e.do(nil, "GET", "/api/analytics", nil, "Authorization", "Bearer "+token).json(t)
			var n float64
			for _, row := range d["daily"].([]any) {
				n += row.(map[string]any)["count"].(float64)
			}
			return n
		}
		if count(e.token(staff)) != 6 || count(e.token(other)) != 0 {
			t.Fatal("staff see another institution's figures")
		}
		csvRes := e.do(o, "GET", "/api/analytics/export?section=modes", nil)
		rows, _ := csv.NewReader(strings.NewReader(string(csvRes.body))).ReadAll()
		if csvRes.status != 200 || len(rows) != 3 || rows[0][0] != "mode" {
			t.Fatalf("export: %d %v", csvRes.status, rows)
		}
		for _, q := range []string{"from=yesterday", "from=2026-01-01&to=2025-01-01", "from=2020-01-01&to=2026-01-01"} {
			if res := e.do(o, "GET", "/api/analytics?"+q, nil); res.status != 400 {
				t.Errorf("%s: %d", q, res.status)
			}
		}
		if res := e.do(o, "GET", "/api/analytics/export?section=secrets", nil); res.status != 400 {
			t.Fatalf("unknown section: %d", res.status)
		}
	})
}
