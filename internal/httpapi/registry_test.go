package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// seeded is the id of an institution of the market the migrations seed (docs/REGISTRY.md).
func (e *testEnv) seeded(kind, name string) string {
	e.t.Helper()
	list, err := e.store.Registry(context.Background(), kind, store.RegistryFilter{Query: name})
	for _, in := range list {
		if in.Name == name {
			return in.ID
		}
	}
	e.t.Fatalf("no seeded %s %q (%v)", kind, name, err)
	return ""
}

// transferNames are the names GET /api/transfer/institutions answers, as "wallet:Name".
func (e *testEnv) transferNames(tok string) map[string]domain.TransferInstitution {
	e.t.Helper()
	res := e.do(nil, "GET", "/api/transfer/institutions", nil, "Authorization", "Bearer "+tok)
	var list []domain.TransferInstitution
	if err := json.Unmarshal(res.body, &list); err != nil || res.status != 200 {
		e.t.Fatalf("transfer institutions: %d %s", res.status, res.body)
	}
	out := map[string]domain.TransferInstitution{}
	for _, in := range list {
		out[in.Type+":"+in.Name] = in
	}
	return out
}

// TestRegistryDrivesTransfers: the transfer engine takes its operators and banks from the licence
// registry. A fresh database holds the market of 001 §9; a suspended operator or a revoked bank
// is refused by POST /api/transfer and in a batch with a message naming it, reinstating makes the
// operator usable at once (the read cache is dropped by the licence change), and an unknown
// institution is refused.
func TestRegistryDrivesTransfers(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		premium, waafi, dahabshiil := e.seeded("psp", "Premium-Wallet"), e.seeded("psp", "Waafi"), e.seeded("bank", "Dahabshiil")
		admin := e.token(e.mustUser("admin@example.so", domain.RoleCBSLAdmin, nil))
		citizen := e.token(e.mustUser("citizen@example.so", domain.RoleCitizen, nil))
		staff := e.token(e.mustUser("staff@example.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = premium }))
		auth := func(tok string) []string { return []string{"Authorization", "Bearer " + tok} }

		market := e.transferNames(citizen)
		if len(market) != 9 {
			t.Fatalf("fresh market: %d institutions %v, want the 4 operators and 5 banks of 001 §9", len(market), market)
		}
		zaad, bank := market["wallet:Zaad"], market["bank:Dahabshiil"]
		if strings.Join(zaad.Modes, ",") != "offline" || zaad.USSDCode != "*712#" || strings.Join(zaad.NumberPrefixes, ",") != "+252 63" ||
			bank.AccountPrefix != "DBI-" || bank.ID != dahabshiil || zaad.LicenseStatus != "active" {
			t.Fatalf("routing attributes: %+v %+v", zaad, bank)
		}
		if res := e.do(nil, "GET", "/api/transfer/institutions?type=bank", nil, auth(citizen)...); res.status != 400 {
			t.Fatalf("unknown filter: %d %s", res.status, res.body)
		}

		toWaafi := map[string]any{"senderNumber": "+252 65 1234567", "receiverNumber": "+252 63 7654321", "amount": "25",
			"currency": "USD", "mode": "online", "senderInstitution": "Premium-Wallet", "receiverInstitution": "Waafi",
			"senderType": "wallet", "receiverType": "wallet"}
		transfer := func(body map[string]any) response {
			return e.do(nil, "POST", "/api/transfer", body, auth(citizen)...)
		}
		batchItem := func(ext, sender, receiver string) batchResult {
			t.Helper()
			line := fmt.Sprintf(`{"externalId":%q,"amount":"10","currency":"USD","senderNumber":"+252 65 1111111","receiverNumber":"+252 63 2222222","senderInstitution":%q,"receiverInstitution":%q}`,
				ext, sender, receiver)
			res := e.do(nil, "POST", "/api/transactions/batch", line, append(auth(staff), "Content-Type", "application/x-ndjson")...)
			var ans batchAnswer
			if err := json.Unmarshal(res.body, &ans); err != nil || res.status != 200 || len(ans.Results) != 1 {
				t.Fatalf("batch: %d %s", res.status, res.body)
			}
			return ans.Results[0]
		}
		license := func(kind, id, action string) {
			t.Helper()
			if res := e.do(nil, "PATCH", "/api/"+kind+"s/"+id+"/license", map[string]string{"action": action, "reason": "Inspection " + action},
				auth(admin)...); res.status != 200 {
				t.Fatalf("%s %s: %d %s", action, kind, res.status, res.body)
			}
		}
		refused := func(res response, field, want string) {
			t.Helper()
			var body errorBody
			json.Unmarshal(res.body, &body)
			if res.status != 400 || body.Fields[field].Message != want || body.Message == "" {
				t.Fatalf("want 400 with %s = %q, got %d %s", field, want, res.status, res.body)
			}
		}

		if res := transfer(toWaafi); res.status != 201 {
			t.Fatalf("transfer to Waafi while licensed: %d %s", res.status, res.body)
		}
		if r := batchItem("B-1", "Premium-Wallet", "Waafi"); r.Result != "created" {
			t.Fatalf("batch item to Waafi while licensed: %+v", r)
		}

		license("psp", waafi, "suspend")
		refused(transfer(toWaafi), "receiverInstitution", "Receiver Institution: Waafi may not move money: its licence is suspended")
		if r := batchItem("B-2", "Premium-Wallet", "Waafi"); r.Result != "rejected" ||
			r.Errors["receiverInstitution"] != "Waafi may not move money: its licence is suspended" {
			t.Fatalf("batch item to a suspended operator: %+v", r)
		}
		if _, ok := e.transferNames(citizen)["wallet:Waafi"]; ok {
			t.Fatal("a suspended operator is still offered to the transfer form")
		}

		license("psp", waafi, "reinstate")
		if res := transfer(toWaafi); res.status != 201 {
			t.Fatalf("transfer to Waafi after reinstatement: %d %s", res.status, res.body)
		}
		if r := batchItem("B-3", "Premium-Wallet", "Waafi"); r.Result != "created" {
			t.Fatalf("batch item after reinstatement: %+v", r)
		}
		if _, ok := e.transferNames(citizen)["wallet:Waafi"]; !ok {
			t.Fatal("a reinstated operator is not offered again")
		}

		license("bank", dahabshiil, "revoke")
		refused(transfer(transferBody("10")), "receiverInstitution", "Receiver Institution: Dahabshiil may not move money: its licence is revoked")
		if r := batchItem("B-4", "Dahabshiil", ""); r.Result != "rejected" ||
			r.Errors["senderInstitution"] != "Dahabshiil may not move money: its licence is revoked" {
			t.Fatalf("batch item from a revoked bank: %+v", r)
		}

		unknown := map[string]any{}
		for k, v := range toWaafi {
			unknown[k] = v
		}
		unknown["receiverInstitution"] = "Hawala Express"
		refused(transfer(unknown), "receiverInstitution", "Receiver Institution: unknown wallet operator Hawala Express")
		if r := batchItem("B-5", "Hawala Express", "Waafi"); r.Result != "rejected" ||
			r.Errors["senderInstitution"] != "Unknown wallet operator or bank Hawala Express" {
			t.Fatalf("batch item from an unknown institution: %+v", r)
		}
		if n := e.auditCount("institution.license_revoke"); n != 1 {
			t.Fatalf("bank revocation audit rows = %d", n)
		}
	})
}

// TestNewlyLicensedOperator: a PSP licensed after the seed takes part in transfers once an
// administrator gives it routing attributes; bad attributes are refused with every fault and
// change nothing; each change is audited.
func TestNewlyLicensedOperator(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		sahal := e.mustPSP("Sahal-Pay")
		admin := e.token(e.mustUser("admin@example.so", domain.RoleCBSLAdmin, nil))
		officer := e.token(e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil))
		citizen := e.token(e.mustUser("citizen@example.so", domain.RoleCitizen, nil))
		auth := func(tok string) []string { return []string{"Authorization", "Bearer " + tok} }
		body := map[string]any{"senderNumber": "+252 62 1234567", "receiverNumber": "+252 65 7654321", "amount": "40",
			"currency": "USD", "mode": "online", "senderInstitution": "Sahal-Pay", "receiverInstitution": "Premium-Wallet",
			"senderType": "wallet", "receiverType": "wallet"}

		if _, ok := e.transferNames(citizen)["wallet:Sahal-Pay"]; ok {
			t.Fatal("a PSP without routing is offered to the transfer form")
		}
		if res := e.do(nil, "POST", "/api/transfer", body, auth(citizen)...); res.status != 400 ||
			!strings.Contains(string(res.body), "unknown wallet operator Sahal-Pay") {
			t.Fatalf("transfer through a PSP without routing: %d %s", res.status, res.body)
		}

		routing := func(tok, kind, id string, r map[string]any) response {
			return e.do(nil, "PATCH", "/api/"+kind+"s/"+id+"/routing", r, auth(tok)...)
		}
		bad := routing(admin, "psp", sahal, map[string]any{"modes": []string{"online", "sms"}, "ussdCode": "220", "numberPrefixes": []string{"62"}})
		if bad.status != 400 || bad.fieldMessage(t, "modes") == "" || bad.fieldMessage(t, "ussdCode") == "" || bad.fieldMessage(t, "numberPrefixes") == "" {
			t.Fatalf("bad routing: %d %s", bad.status, bad.body)
		}
		if res := routing(admin, "psp", sahal, map[string]any{"modes": []string{"online"}, "unknown": 1}); res.status != 400 {
			t.Fatalf("unknown field: %d", res.status)
		}
		if res := routing(admin, "psp", store.NewID(), map[string]any{"modes": []string{}}); res.status != 404 {
			t.Fatalf("routing of no institution: %d %s", res.status, res.body)
		}
		if res := routing(officer, "psp", sahal, map[string]any{"modes": []string{"online"}, "numberPrefixes": []string{"+252 62"}}); res.status != 403 {
			t.Fatalf("an officer set routing: %d", res.status)
		}
		if n := e.auditCount("institution.routing_change"); n != 0 {
			t.Fatalf("refused changes wrote %d audit rows", n)
		}

		res := routing(admin, "psp", sahal, map[string]any{"modes": []string{"online", "offline"}, "ussdCode": "*220#", "numberPrefixes": []string{"+25262"}})
		got := res.json(t)
		r, _ := got["routing"].(map[string]any)
		if res.status != 200 || r == nil || fmt.Sprint(r["modes"]) != "[offline online]" || fmt.Sprint(r["numberPrefixes"]) != "[+252 62]" || r["ussdCode"] != "*220#" {
			t.Fatalf("routing set: %d %s", res.status, res.body)
		}
		if in, ok := e.transferNames(citizen)["wallet:Sahal-Pay"]; !ok || in.ID != sahal {
			t.Fatal("the newly licensed operator is not offered to the transfer form")
		}
		created := e.do(nil, "POST", "/api/transfer", body, auth(citizen)...)
		if created.status != 201 {
			t.Fatalf("transfer through the newly licensed operator: %d %s", created.status, created.body)
		}
		offline := map[string]any{}
		for k, v := range body {
			offline[k] = v
		}
		offline["mode"] = "offline"
		if res := e.do(nil, "POST", "/api/transfer", offline, auth(citizen)...); res.status != 201 || res.json(t)["ussdCode"] != "*220#" {
			t.Fatalf("offline transfer takes the operator's USSD code: %d %s", res.status, res.body)
		}

		// A bank's account prefix; an empty set of modes takes it out of the transfer form.
		amal := e.seeded("bank", "Amal")
		if res := routing(admin, "bank", amal, map[string]any{"modes": []string{"online"}, "accountPrefix": "A1-"}); res.status != 400 {
			t.Fatalf("bad account prefix: %d %s", res.status, res.body)
		}
		if res := routing(admin, "bank", amal, map[string]any{"modes": []string{}}); res.status != 200 {
			t.Fatalf("withdraw a bank: %d %s", res.status, res.body)
		}
		if _, ok := e.transferNames(citizen)["bank:Amal"]; ok {
			t.Fatal("a withdrawn bank is still offered")
		}
		if n := e.auditCount("institution.routing_change"); n != 2 {
			t.Fatalf("routing audit rows = %d, want 2", n)
		}
	})
}
