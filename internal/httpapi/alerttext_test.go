package httpapi

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// TestAlertAnswerHasCodeAndReferences: an alert raised by an institution's data feed answers its
// code and params, its transaction's TXN number and its institution's name, in the list and in
// the detail; the transaction's detail names its PSP and says why each transaction did not
// complete; a failure reason on a completed transaction or outside the list is refused.
func TestAlertAnswerHasCodeAndReferences(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		psp := e.mustPSP("Premium-Wallet")
		staff := e.mustUser("staff@example.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = psp })
		officer := e.token(e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil))
		at := time.Now().Add(-time.Hour).UTC().Format(time.RFC3339)
		lines := []string{
			fmt.Sprintf(`{"externalId":"A-1","amount":"15000.00","currency":"USD","senderNumber":"+252 65 1111111","receiverNumber":"+252 64 7654321","createdAt":%q}`, at),
			`{"externalId":"A-2","amount":"20.00","currency":"USD","status":"failed","failureReason":"insufficient_funds","senderNumber":"+252 65 2222222","receiverNumber":"+252 64 7654321"}`,
			`{"externalId":"A-3","amount":"20.00","currency":"USD","status":"failed","senderNumber":"+252 65 2222222","receiverNumber":"+252 64 7654321"}`,
			`{"externalId":"A-4","amount":"20.00","currency":"USD","failureReason":"insufficient_funds","senderNumber":"+252 65 2222222","receiverNumber":"+252 64 7654321"}`,
			`{"externalId":"A-5","amount":"20.00","currency":"USD","status":"failed","failureReason":"bad luck","senderNumber":"+252 65 2222222","receiverNumber":"+252 64 7654321"}`,
		}
		res := e.do(nil, "POST", "/api/transactions/batch", strings.Join(lines, "\n"), "Authorization", "Bearer "+e.token(staff),
			"Content-Type", "application/x-ndjson")
		var ans batchAnswer
		if err := json.Unmarshal(res.body, &ans); err != nil || res.status != 200 || ans.Summary["created"] != 3 || ans.Summary["rejected"] != 2 {
			t.Fatalf("batch: %d %s", res.status, res.body)
		}
		for _, i := range []int{3, 4} {
			if ans.Results[i].Errors["failureReason"] == "" {
				t.Errorf("item %d: %+v", i, ans.Results[i])
			}
		}
		large := ans.Results[0]

		list := e.do(nil, "GET", "/api/alerts?kind=aml", nil, "Authorization", "Bearer "+officer)
		var alerts []alertJSON
		if err := json.Unmarshal(list.body, &alerts); err != nil || list.status != 200 || len(alerts) != 1 {
			t.Fatalf("alerts: %d %s", list.status, list.body)
		}
		one := e.do(nil, "GET", "/api/alerts/"+alerts[0].ID, nil, "Authorization", "Bearer "+officer)
		var detail alertJSON
		if err := json.Unmarshal(one.body, &detail); err != nil || one.status != 200 {
			t.Fatalf("alert: %d %s", one.status, one.body)
		}
		for _, a := range []alertJSON{alerts[0], detail} {
			if a.Code == nil || *a.Code != domain.RuleLargeValue || a.Params == nil || a.Params.AmountMinor != 15_000_00 ||
				a.Params.Currency != domain.USD || len(a.Params.Rules) != 3 || a.Params.Rules[0].Params.ThresholdMinor != 10_000_00 {
				t.Fatalf("code and params: %s", one.body)
			}
			if a.RelatedTransactionNumber == nil || *a.RelatedTransactionNumber != large.TransactionID ||
				a.InstitutionName == nil || *a.InstitutionName != "Premium-Wallet" || a.InstitutionKind == nil || *a.InstitutionKind != "psp" {
				t.Fatalf("references: %s", one.body)
			}
			if a.Title != "Large transfer: 15,000.00 USD from a wallet never seen before" {
				t.Fatalf("English title %q", a.Title)
			}
		}

		reason := func(id string) (string, map[string]any) {
			res := e.do(nil, "GET", "/api/transactions/"+id, nil, "Authorization", "Bearer "+officer)
			var d struct {
				PSPName *string `json:"pspName"`
				Logs    []struct {
					ReasonCode   *string        `json:"reasonCode"`
					ReasonParams map[string]any `json:"reasonParams"`
				} `json:"logs"`
			}
			if err := json.Unmarshal(res.body, &d); err != nil || res.status != 200 || len(d.Logs) != 1 || d.Logs[0].ReasonCode == nil {
				t.Fatalf("transaction: %d %s", res.status, res.body)
			}
			if d.PSPName == nil || *d.PSPName != "Premium-Wallet" {
				t.Fatalf("PSP name: %s", res.body)
			}
			return *d.Logs[0].ReasonCode, d.Logs[0].ReasonParams
		}
		if code, p := reason(large.ID); code != domain.ReasonAMLHold || p["score"] != float64(70) {
			t.Errorf("held: %q %v", code, p)
		}
		if code, _ := reason(ans.Results[1].ID); code != "insufficient_funds" {
			t.Errorf("failed with a reason: %q", code)
		}
		if code, _ := reason(ans.Results[2].ID); code != domain.ReasonNotStated {
			t.Errorf("failed without one: %q", code)
		}
	})
}
