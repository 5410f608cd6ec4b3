package httpapi

import (
	"net/http"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// Redeeming a code must not tell a registered phone number from an unknown one: wrong codes for
// either get the same 401, and the sixth try the same 429 lockout with the same Retry-After.
func TestRedemptionAnswersAlikeForUnknownPhones(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		officer := e.mustUser("o@example.so", domain.RoleCBSLOfficer, nil)
		o := e.client()
		e.signIn(o, officer.Email)
		known, pending, unknown := "+252634123456", "+252634123457", "+252634999999"
		for _, phone := range []string{known, pending} {
			res := e.do(nil, "POST", "/api/mobile/users", map[string]string{"fullName": "Ayaan Duale", "phoneNumber": phone,
				"nationalId": "SL" + phone[5:], "platform": "android"})
			if res.status != 201 {
				t.Fatalf("register %s: %d %s", phone, res.status, res.body)
			}
			if phone == known {
				id := res.json(t)["id"].(string)
				if res := e.do(o, "PATCH", "/api/mobile/users/"+id+"/status", map[string]string{"status": "approved"}); res.status != 200 {
					t.Fatalf("approve: %d %s", res.status, res.body)
				}
			}
		}
		redeem := func(phone string) response {
			return e.do(nil, "POST", "/api/mobile/access/redeem", map[string]string{"phoneNumber": phone, "code": "WRONG123",
				"deviceId": "dev-1", "platform": "android"})
		}
		answers := map[string][]response{}
		for i := 0; i <= domain.MaxRedeemFailures; i++ {
			for _, phone := range []string{known, pending, unknown} {
				answers[phone] = append(answers[phone], redeem(phone))
			}
		}
		for i := 0; i <= domain.MaxRedeemFailures; i++ {
			want := http.StatusUnauthorized
			if i == domain.MaxRedeemFailures {
				want = http.StatusTooManyRequests
			}
			k := answers[known][i]
			if k.status != want {
				t.Fatalf("try %d for the registered phone: %d %s, want %d", i+1, k.status, k.body, want)
			}
			for _, phone := range []string{pending, unknown} {
				a := answers[phone][i]
				if a.status != k.status || a.sameAnswer() != k.sameAnswer() || a.header.Get("Retry-After") != k.header.Get("Retry-After") {
					t.Fatalf("try %d: %s got %d %s (Retry-After %q), the registered phone %d %s (Retry-After %q)", i+1, phone,
						a.status, a.body, a.header.Get("Retry-After"), k.status, k.body, k.header.Get("Retry-After"))
				}
			}
		}
		if ra := answers[unknown][domain.MaxRedeemFailures].header.Get("Retry-After"); ra == "" {
			t.Fatal("the lockout has no Retry-After")
		}
		// Every failure leaves one audit row, whichever the number.
		if got := e.auditCount("access_code.redeem_failed"); got != 3*domain.MaxRedeemFailures {
			t.Fatalf("redeem_failed audit rows = %d, want %d", got, 3*domain.MaxRedeemFailures)
		}
	})
}
