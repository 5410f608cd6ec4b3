package httpapi

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// premiumWallet is the wallet operator the sample documents' debtor agent names (its code,
// PREMIUM-WALLET, from migration 0026).
const premiumWallet = "647c0be4-738c-4c00-813d-284d6b0e2d81"

// isoDoc reads a sample document of internal/iso20022/testdata, dated an hour ago.
func isoDoc(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("../iso20022/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Now().UTC().Add(-time.Hour).Format(time.RFC3339)
	return strings.NewReplacer("2026-11-24T09:30:00Z", at, "2026-11-24T09:31:00Z", at, "2026-11-24T09:30:05Z", at,
		"2026-11-24T09:30:04Z", at).Replace(string(b))
}

type isoAnswer struct {
	Summary map[string]int `json:"summary"`
	Results []struct {
		Path, Kind, Result, Status, UETR string
		ID                               string `json:"id"`
		TransactionID                    string `json:"transactionId"`
		EndToEndID                       string `json:"endToEndId"`
	} `json:"results"`
}

func postISO(t *testing.T, e *testEnv, tok, ct, body string) (int, isoAnswer, map[string]any) {
	t.Helper()
	res := e.do(nil, "POST", "/api/iso20022", body, "Authorization", "Bearer "+tok, "Content-Type", ct)
	var ans isoAnswer
	var raw map[string]any
	_ = json.Unmarshal(res.body, &ans)
	_ = json.Unmarshal(res.body, &raw)
	return res.status, ans, raw
}

// TestISO20022Feed: a regulator posts the switch's credit transfers and status reports; each
// becomes or updates a transaction, redeliveries are duplicates, a status report that comes
// first waits as an orphan, and one that comes late does not move a settled transaction back.
func TestISO20022Feed(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		officer := e.token(e.mustUser("officer@cb.so", domain.RoleCBSLOfficer, nil))
		as := []string{"Authorization", "Bearer " + officer}

		status, ans, raw := postISO(t, e, officer, "application/xml", isoDoc(t, "pacs.008.001.08.xml"))
		if status != 200 || ans.Summary["created"] != 2 {
			t.Fatalf("pacs.008: %d %v", status, raw)
		}
		first, second := ans.Results[0], ans.Results[1]
		detail := e.do(nil, "GET", "/api/transactions/"+first.ID, nil, as...).json(t)
		for k, want := range map[string]any{"amount": "125.50", "currency": "USD", "status": "pending", "sender": "+252651234567",
			"receiver": "DBI-12345", "receiverInstitution": "Dahabshiil", "senderName": "Amina Yusuf", "recipientName": "Hodan Ali", "pspId": premiumWallet} {
			if detail[k] != want {
				t.Errorf("transaction %s = %v, want %v", k, detail[k], want)
			}
		}
		if status, ans, _ = postISO(t, e, officer, "application/xml", isoDoc(t, "pacs.008.001.08.xml")); status != 200 ||
			ans.Summary["duplicate"] != 2 || ans.Results[0].ID != first.ID {
			t.Fatalf("redelivery: %d %+v", status, ans)
		}

		// The status report settles the first and rejects the second; sent again, it is a duplicate.
		if status, ans, raw = postISO(t, e, officer, "text/xml", isoDoc(t, "pacs.002.001.10.xml")); status != 200 || ans.Summary["applied"] != 2 {
			t.Fatalf("pacs.002: %d %v", status, raw)
		}
		if ans.Results[0].Status != "completed" || ans.Results[1].Status != "rejected" || ans.Results[1].ID != second.ID {
			t.Fatalf("statuses %+v", ans.Results)
		}
		if _, ans, _ = postISO(t, e, officer, "application/xml", isoDoc(t, "pacs.002.001.10.xml")); ans.Summary["duplicate"] != 2 {
			t.Fatalf("status redelivery %+v", ans.Summary)
		}
		iso := e.do(nil, "GET", "/api/transactions/"+first.ID+"/iso20022", nil, as...).json(t)
		if iso["uetr"] != "eb6305c9-1f7f-49de-aed0-16487c27b42d" || iso["endToEndId"] != "E2E-PW-0001" || iso["msgId"] != "SWITCH-20261124-000001" ||
			iso["messageType"] != "pacs.008.001.08" || iso["debtorAgent"] != "PREMIUM-WALLET" || len(iso["history"].([]any)) != 1 {
			t.Fatalf("ISO detail %v", iso)
		}
		for _, q := range []string{"E2E-PW-0001", "EB6305C9-1F7F-49DE-AED0-16487C27B42D"} {
			if found := e.do(nil, "GET", "/api/transactions/search?search="+q, nil, as...).jsonList(t); len(found) != 1 || found[0]["id"] != first.ID {
				t.Fatalf("search by %s: %v", q, found)
			}
		}
		logs := e.do(nil, "GET", "/api/transactions/"+second.ID, nil, as...).json(t)["logs"].([]any)
		if last := logs[len(logs)-1].(map[string]any); last["newStatus"] != "rejected" || last["reasonCode"] != "invalid_account" {
			t.Fatalf("rejection log %v", last)
		}

		// A settlement report that comes before its transfer waits, then applies; a late
		// acceptance is kept in the history but does not undo the settlement.
		uetr := "5f0c9a7e-2b1d-4c3e-8f4a-0b1c2d3e4f5a"
		report := func(msgID, code string) string {
			return `{"MsgDefIdr":"pacs.002.001.12","Document":{"FIToFIPmtStsRpt":{"GrpHdr":{"MsgId":"` + msgID +
				`","CreDtTm":"` + time.Now().UTC().Format(time.RFC3339) + `"},"TxInfAndSts":[{"OrgnlUETR":"` + uetr + `","TxSts":"` + code + `"}]}}}`
		}
		if _, ans, raw = postISO(t, e, officer, "application/json", report("STS-EARLY", "ACSC")); ans.Summary["orphan"] != 1 {
			t.Fatalf("early report %v", raw)
		}
		transfer := strings.NewReplacer("1b4a2c1e-7d2f-4a56-9b1c-2d3e4f5a6b7c", uetr).Replace(isoDoc(t, "pacs.008.001.08.json"))
		if _, ans, raw = postISO(t, e, officer, "application/json", transfer); ans.Summary["created"] != 1 || ans.Results[0].Status != "completed" {
			t.Fatalf("transfer after its report %v", raw)
		}
		late := ans.Results[0].ID
		if _, ans, raw = postISO(t, e, officer, "application/json", report("STS-LATE", "ACCP")); ans.Summary["recorded"] != 1 || ans.Results[0].Status != "completed" {
			t.Fatalf("late acceptance %v", raw)
		}
		hist := e.do(nil, "GET", "/api/transactions/"+late+"/iso20022", nil, as...).json(t)["history"].([]any)
		if len(hist) != 2 || hist[0].(map[string]any)["applied"] != true || hist[1].(map[string]any)["applied"] != false {
			t.Fatalf("history %v", hist)
		}
		if n := e.auditCount("iso20022.ingest"); n != 7 {
			t.Fatalf("audit rows %d, want one per request", n)
		}
	})
}

// TestISO20022Refusals: bad documents get a 400 naming the element path and store nothing;
// an institution's key reports for its own institution only with the iso20022:submit scope.
func TestISO20022Refusals(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		officer := e.token(e.mustUser("officer@cb.so", domain.RoleCBSLOfficer, nil))
		doc := isoDoc(t, "pacs.008.001.08.xml")
		for name, c := range map[string]struct {
			body, ct, path string
			status         int
		}{
			"not XML":          {"hello", "application/xml", "/", 400},
			"wrong namespace":  {strings.Replace(doc, "pacs.008.001.08", "pain.001.001.09", 1), "application/xml", "/Document", 400},
			"missing e2e":      {strings.Replace(doc, "<EndToEndId>E2E-PW-0002</EndToEndId>", "", 1), "application/xml", "/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[2]/PmtId/EndToEndId", 400},
			"unknown debtor":   {strings.Replace(doc, "<DbtrAgt><FinInstnId><Nm>Premium-Wallet</Nm>", "<DbtrAgt><FinInstnId><Nm>Nowhere Bank</Nm>", 1), "application/xml", "/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[2]/DbtrAgt/FinInstnId", 400},
			"unknown creditor": {strings.Replace(doc, "CB-BNK-0001", "CB-BNK-9999", 1), "application/xml", "/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[1]/CdtrAgt/FinInstnId", 400},
			"bank as reporter": {strings.Replace(strings.Replace(doc, "<DbtrAgt><FinInstnId><Nm>Premium-Wallet</Nm>", "<DbtrAgt><FinInstnId><Nm>Salaam</Nm>", 1), "PREMIUM-WALLET</MmbId></ClrSysMmbId></FinInstnId></InstgAgt>", "SBS-</MmbId></ClrSysMmbId></FinInstnId></InstgAgt>", 1), "application/xml", "/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[2]/DbtrAgt/FinInstnId", 400},
			"bad JSON":         {`{"MsgDefIdr":`, "application/json", "/", 400},
			"csv":              {"a,b", "text/csv", "", 415},
		} {
			res := e.do(nil, "POST", "/api/iso20022", c.body, "Authorization", "Bearer "+officer, "Content-Type", c.ct)
			if res.status != c.status {
				t.Errorf("%s: %d %s, want %d", name, res.status, truncateForLog(res.body), c.status)
				continue
			}
			if c.path != "" {
				if fields, _ := res.json(t)["fields"].(map[string]any); fields[c.path] == nil {
					t.Errorf("%s: no fault at %s: %s", name, c.path, res.body)
				}
			}
		}
		var n int
		if err := e.store.DB().QueryRow(`SELECT COUNT(*) FROM iso_payments`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("refused documents stored %d payments (%v)", n, err)
		}

		// An institution's key: the scope is required, and the transfer is its own institution's.
		staff := e.mustUser("admin@premium.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = premiumWallet })
		keyFor := func(scope string) string {
			r := e.do(nil, "POST", "/api/api-keys", map[string]any{"name": "Switch adapter", "scopes": []string{scope}}, "Authorization", "Bearer "+e.token(staff))
			if r.status != 201 {
				t.Fatalf("create key: %d %s", r.status, r.body)
			}
			return r.json(t)["key"].(string)
		}
		if status, _, _ := postISO(t, e, keyFor(domain.ScopeSubmitTransactions), "application/xml", doc); status != 403 {
			t.Fatalf("a key without iso20022:submit: %d", status)
		}
		status, ans, raw := postISO(t, e, keyFor(domain.ScopeSubmitISO20022), "application/json", isoDoc(t, "pacs.008.001.08.json"))
		if status != 200 || ans.Summary["created"] != 1 {
			t.Fatalf("with the key: %d %v", status, raw)
		}
		citizen := e.token(e.mustUser("citizen@example.so", domain.RoleCitizen, nil))
		if status, _, _ := postISO(t, e, citizen, "application/xml", doc); status != 403 {
			t.Fatalf("citizen: %d", status)
		}
	})
}

// TestDeadLetters: a regulator lists the feed's dead letters, retries one after the fix (the
// institution it names is registered now) and discards another; a retry that still fails keeps
// the letter open with the new reason.
func TestDeadLetters(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		officer := []string{"Authorization", "Bearer " + e.token(e.mustUser("officer@cb.so", domain.RoleCBSLOfficer, nil))}
		ctx := t.Context()
		unknown := strings.Replace(isoDoc(t, "pacs.008.001.08.xml"), "CB-BNK-0001", "CB-PSP-0777", 1)
		add := func(seq int64, payload, reason string) string {
			d := &store.DeadLetter{Stream: "SWITCH", Subject: "switch.iso20022.in", StreamSeq: seq, Payload: payload, Reason: reason}
			if added, err := e.store.AddDeadLetter(ctx, d); err != nil || !added {
				t.Fatalf("add dead letter: %v %v", added, err)
			}
			return d.ID
		}
		fixable := add(1, unknown, "unknown institution")
		broken := add(2, "<Document", "Not well-formed XML")
		if again, _ := e.store.AddDeadLetter(ctx, &store.DeadLetter{Stream: "SWITCH", Subject: "s", StreamSeq: 2, Payload: "x", Reason: "r"}); again {
			t.Fatal("a redelivered dead letter was kept twice")
		}
		list := e.do(nil, "GET", "/api/switch-feed/dead-letters", nil, officer...).jsonList(t)
		if len(list) != 2 || list[0]["reason"] == "" {
			t.Fatalf("list %v", list)
		}
		if r := e.do(nil, "GET", "/api/switch-feed/dead-letters?status=lost", nil, officer...); r.status != 400 {
			t.Fatalf("bad status filter: %d", r.status)
		}
		// Still unknown: 400 with the path, the letter stays open with the new reason.
		r := e.do(nil, "POST", "/api/switch-feed/dead-letters/"+fixable+"/retry", nil, officer...)
		if fields, _ := r.json(t)["fields"].(map[string]any); r.status != 400 || fields["/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[1]/CdtrAgt/FinInstnId"] == nil {
			t.Fatalf("retry before the fix: %d %s", r.status, r.body)
		}
		if err := e.store.Write(ctx, func(tx *store.Tx) error {
			return tx.InsertInstitution(ctx, &store.Institution{Kind: "psp", Name: "Golis Pay", LicenseNumber: "CB-PSP-0777"})
		}); err != nil {
			t.Fatal(err)
		}
		r = e.do(nil, "POST", "/api/switch-feed/dead-letters/"+fixable+"/retry", nil, officer...)
		if r.status != 200 || !strings.Contains(string(r.body), `"created":2`) {
			t.Fatalf("retry after the fix: %d %s", r.status, r.body)
		}
		if r = e.do(nil, "POST", "/api/switch-feed/dead-letters/"+fixable+"/retry", nil, officer...); r.status != 409 {
			t.Fatalf("second retry: %d", r.status)
		}
		if r = e.do(nil, "POST", "/api/switch-feed/dead-letters/"+broken+"/discard", nil, officer...); r.status != 204 {
			t.Fatalf("discard: %d %s", r.status, r.body)
		}
		if list = e.do(nil, "GET", "/api/switch-feed/dead-letters", nil, officer...).jsonList(t); len(list) != 0 {
			t.Fatalf("open letters after retry and discard: %v", list)
		}
		if all := e.do(nil, "GET", "/api/switch-feed/dead-letters?status=all", nil, officer...).jsonList(t); len(all) != 2 || all[0]["attempts"] == float64(0) {
			t.Fatalf("all letters %v", all)
		}
		sys := e.do(nil, "GET", "/metrics-system", nil, officer...).json(t)["system"].(map[string]any)["switchFeed"].(map[string]any)
		if sys["enabled"] != false || sys["openDeadLetters"] != float64(0) {
			t.Fatalf("system metrics switchFeed %v", sys)
		}
		if n := e.auditCount("iso20022.dead_letter_retried") + e.auditCount("iso20022.dead_letter_discarded"); n != 2 {
			t.Fatalf("audit rows %d", n)
		}
	})
}

// TestISO20022ConcurrentRedelivery: the switch (or two of its connections) delivers the same
// credit transfers and their status report several times at once, to two instances on one
// database; each is stored once and every delivery gets a 200, the later ones as duplicates,
// never a 500 from the unique index on the UETR, and the report names its transfer.
func TestISO20022ConcurrentRedelivery(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		url := b.URL(t)
		e, other := newEnvAt(t, url, testHasher, nil), newEnvAt(t, url, testHasher, nil)
		officer := e.token(e.mustUser("officer@cb.so", domain.RoleCBSLOfficer, nil))
		const deliveries = 8
		type result struct {
			status  int
			summary map[string]int
			raw     map[string]any
		}
		results := make(chan result, deliveries)
		start := make(chan struct{})
		for i := range deliveries {
			// Alternately the transfers and their report, to one instance and the other.
			doc, to := isoDoc(t, "pacs.008.001.08.xml"), e
			if i%2 == 1 {
				doc = isoDoc(t, "pacs.002.001.10.xml")
			}
			if i%4 >= 2 {
				to = other
			}
			go func() {
				<-start
				res := to.do(nil, "POST", "/api/iso20022", doc, "Authorization", "Bearer "+officer, "Content-Type", "application/xml")
				var ans isoAnswer
				var raw map[string]any
				_ = json.Unmarshal(res.body, &ans)
				_ = json.Unmarshal(res.body, &raw)
				results <- result{res.status, ans.Summary, raw}
			}()
		}
		close(start)
		created, reported := 0, 0
		for range deliveries {
			r := <-results
			if r.status != 200 {
				t.Fatalf("a concurrent delivery got %d: %v", r.status, r.raw)
			}
			created += r.summary["created"]
			reported += r.summary["applied"] + r.summary["orphan"]
			if r.summary["created"]+r.summary["applied"]+r.summary["orphan"]+r.summary["duplicate"] != 2 {
				t.Fatalf("a delivery's summary %v", r.summary)
			}
		}
		if created != 2 || reported != 2 {
			t.Fatalf("%d transfers created and %d reports stored from %d deliveries of two each, want 2 and 2", created, reported, deliveries)
		}
		// Whichever came first, each report ends applied to its transfer.
		var orphans, applied int
		if err := e.store.DB().QueryRow(`SELECT COUNT(*) FROM iso_status_reports WHERE transaction_id IS NULL`).Scan(&orphans); err != nil {
			t.Fatal(err)
		}
		if err := e.store.DB().QueryRow(`SELECT COUNT(*) FROM iso_status_reports WHERE applied`).Scan(&applied); err != nil {
			t.Fatal(err)
		}
		if orphans != 0 || applied != 2 {
			t.Fatalf("reports: %d orphans, %d applied, want 0 and 2", orphans, applied)
		}
	})
}
