package httpapi

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// Guests see parties masked (•••007). Searching by a party's number would unmask it: the match
// and its count tell that the number took part. Guests may only search by the references they
// see in full (transaction id, NPSS reference); an identifying term is refused, and a reference
// search never matches a party.
func TestGuestsCannotUnmaskPartiesThroughSearch(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		seedTransactions(t, e, 12, store.NewID(), time.Date(2026, 11, 1, 8, 0, 0, 0, time.UTC))
		// A party whose account number looks like a reference.
		err := e.store.Write(context.Background(), func(tx *store.Tx) error {
			nt := &store.NewTransaction{}
			nt.TransactionID, nt.NPSSReference = "TXN-OTHER-0001", "NPSS1111111111111111"
			nt.Amount, nt.Currency, nt.Status, nt.Type, nt.TransferMode = 500, domain.USD, "completed", "transfer", "online"
			nt.Sender, nt.Recipient, nt.RiskLevel = "NPSS0000000000000007", "TXN-SEED-0007", "low"
			nt.SenderName, nt.RecipientName = "Hodan Warsame", "Ayaan Duale"
			_, err := tx.InsertTransaction(context.Background(), nt)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		e.mustUser("guest@example.so", domain.RoleCitizen, func(u *domain.User) {
			u.IsGuest, u.GuestUnitsRemaining = true, 100
		})
		e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		guest, officer := e.client(), e.client()
		e.signIn(guest, "guest@example.so")
		e.signIn(officer, "officer@example.so")
		search := func(c *http.Client, term string) response {
			return e.do(c, "GET", "/api/transactions/search?search="+url.QueryEscape(term), nil)
		}
		// The officer finds the party by number; that is what a guest must not be able to do.
		if res := search(officer, "+252650000007"); res.status != 200 || len(res.jsonList(t)) != 1 {
			t.Fatalf("officer search by phone: %d %s", res.status, res.body)
		}
		for _, term := range []string{"+252650000007", "252650000007", "+25265", "+252 65 0000007", "0650000007", "=HYPERLINK", "Hodan", "ayaan"} {
			res := search(guest, term)
			if res.status != http.StatusForbidden || !strings.Contains(res.json(t)["message"].(string), "transaction id or NPSS reference") {
				t.Errorf("guest search %q: %d %s (X-Total-Count %q), want 403", term, res.status, res.body, res.header.Get("X-Total-Count"))
			}
		}
		// References they see work, and never match a party that looks like one.
		for term, want := range map[string]int{"txn-seed-0007": 1, "NPSS0000000000000007": 1, "TXN-SEED-000": 10, "TXN-OTHER": 1} {
			res := search(guest, term)
			if res.status != 200 || len(res.jsonList(t)) != want || res.header.Get("X-Total-Count") != strconv.Itoa(want) {
				t.Errorf("guest search %q: %d, %d results (X-Total-Count %q), want %d", term, res.status, len(res.jsonList(t)),
					res.header.Get("X-Total-Count"), want)
			}
			for _, tx := range res.jsonList(t) {
				if tx["sender"] == "NPSS0000000000000007" || tx["senderName"] != "" {
					t.Errorf("guest sees a party: %v", tx)
				}
			}
		}
	})
}
