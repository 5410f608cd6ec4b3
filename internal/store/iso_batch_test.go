package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/iso20022"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// isoPSP registers the wallet operator switch transfers are reported for.
func isoPSP(tb testing.TB, s *store.Store) string {
	tb.Helper()
	in := &store.Institution{Kind: "psp", Name: "Switch Test Wallet", LicenseNumber: "CB-PSP-0901"}
	if err := s.Write(context.Background(), func(tx *store.Tx) error { return tx.InsertInstitution(context.Background(), in) }); err != nil {
		tb.Fatal(err)
	}
	return in.ID
}

// isoTransfer is the n-th credit transfer of a test, mapped as the switch feed maps it.
func isoTransfer(inst string, n int, sender, recipient string, amount domain.Minor, at time.Time) store.ISOItem {
	p := &iso20022.Transfer{MsgID: fmt.Sprintf("MSG-%d", n), EndToEndID: fmt.Sprintf("E2E-%d", n),
		UETR: fmt.Sprintf("%08x-0000-4000-8000-%012x", n, n), Amount: amount, Currency: domain.USD,
		DebtorAccount: sender, CreditorAccount: recipient, DebtorName: "Amina " + sender, CreditorName: "Hodan " + recipient,
		DebtorAgent: iso20022.Agent{Name: "Premium Wallet"}, CreditorAgent: iso20022.Agent{Name: "Premium Wallet"}, CreatedAt: at}
	t := &store.NewTransaction{InstitutionType: "psp", ExternalID: p.Key(), SenderInstitution: "Premium Wallet",
		ReceiverInstitution: "Premium Wallet", SettlementMode: "real-time"}
	t.InstitutionID, t.PSPID, t.TransactionID, t.CreatedAt = inst, inst, domain.NewTransactionID(at), at
	t.Amount, t.Fee, t.Currency = amount, domain.TransferFee(amount, domain.USD), domain.USD
	t.Status, t.Type, t.TransferMode = "pending", "transfer", domain.ModeOnline
	t.Sender, t.Recipient, t.SenderName, t.RecipientName = sender, recipient, p.DebtorName, p.CreditorName
	return store.ISOItem{Definition: "pacs.008.001.08", Transfer: p, Tx: t}
}

// isoStatus is a status report entry naming the n-th transfer by its UETR.
func isoStatus(msgID string, index, n int, code string, at time.Time) store.ISOItem {
	s := &iso20022.Status{MsgID: msgID, Index: index, OrigUETR: fmt.Sprintf("%08x-0000-4000-8000-%012x", n, n), Code: code, At: at}
	if code == "RJCT" {
		s.Reason = "AC04"
	}
	return store.ISOItem{Definition: "pacs.002.001.10", Status: s}
}

// amlScenario is a sequence of transfers among a few wallets that crosses the AML rules'
// windows: structuring, velocity, large values, round amounts, pass-through and new wallets.
func amlScenario(inst string, now time.Time, first, count int) []store.ISOItem {
	wallets := []string{"+252610000001", "+252610000002", "+252610000003", "+252610000004", "+252610000005"}
	amounts := []domain.Minor{9_500_00, 120_00, 15_000_00, 9_200_00, 5_000_00, 14_000_00, 9_900_00, 37_45, 2_000_00}
	var out []store.ISOItem
	for i := first; i < first+count; i++ {
		at := now.Add(-30 * time.Hour).Add(time.Duration(i) * 23 * time.Minute)
		sender, recipient := wallets[(i*7)%len(wallets)], wallets[(i*3+1)%len(wallets)]
		if sender == recipient {
			recipient = "+25261999" + fmt.Sprint(1000+i)
		}
		out = append(out, isoTransfer(inst, i, sender, recipient, amounts[i%len(amounts)], at))
	}
	return out
}

// TestISOBatchScoresAsOneByOne: a batch stored set-wise scores, holds and alerts every transfer
// exactly as storing the same transfers one by one through RecordTransaction does, the earlier
// transfers of the batch and those stored before it included.
func TestISOBatchScoresAsOneByOne(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		sc := store.Scoring{Thresholds: domain.DefaultAMLThresholds()}
		now := time.Now().UTC()
		type stored struct {
			score  int
			level  string
			rules  string
			status string
		}
		run := func(setWise bool) ([]stored, int) {
			s := storetest.MustOpen(t, b)
			inst := isoPSP(t, s)
			// The same history before the batch, one by one.
			if err := s.Write(ctx, func(tx *store.Tx) error {
				for _, it := range amlScenario(inst, now.Add(-2*time.Hour), 0, 40) {
					if _, err := tx.RecordTransaction(ctx, it.Tx, sc); err != nil {
						return err
					}
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			items := amlScenario(inst, now, 100, 90)
			alerts := 0
			if setWise {
				out, err := s.RecordISO(ctx, store.ISOWrite{Items: items, Scoring: sc})
				if err != nil {
					t.Fatal(err)
				}
				for i, o := range out {
					if o.Result != store.ISOCreated {
						t.Fatalf("item %d: %s", i, o.Result)
					}
					if o.Alert != nil {
						alerts++
					}
				}
			} else if err := s.Write(ctx, func(tx *store.Tx) error {
				for _, it := range items {
					rec, err := tx.RecordTransaction(ctx, it.Tx, sc)
					if err != nil {
						return err
					}
					if rec.Alert != nil {
						alerts++
					}
				}
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			var got []stored
			for _, it := range items {
				got = append(got, stored{it.Tx.AMLScore, it.Tx.RiskLevel, it.Tx.AMLRules, it.Tx.Status})
			}
			return got, alerts
		}
		want, wantAlerts := run(false)
		got, gotAlerts := run(true)
		high := 0
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("transfer %d: set-wise %+v, one by one %+v", i, got[i], want[i])
			}
			if want[i].level == "high" {
				high++
			}
		}
		if gotAlerts != wantAlerts || high == 0 || high == len(want) {
			t.Fatalf("alerts: set-wise %d, one by one %d; %d of %d high risk (the scenario must have both kinds)", gotAlerts, wantAlerts, high, len(want))
		}
	})
}

// TestISOBatchOrderWithin: inside one batch, entries take effect in order: a report before its
// transfer waits as an orphan and applies when the transfer comes, a transfer or a report sent
// twice is a duplicate, statuses only move forward, and a report stored before the batch is
// matched too.
func TestISOBatchOrderWithin(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		inst := isoPSP(t, s)
		sc := store.Scoring{Thresholds: domain.DefaultAMLThresholds()}
		now := time.Now().UTC().Add(-time.Minute)
		write := func(items ...store.ISOItem) []store.ISOOutcome {
			t.Helper()
			out, err := s.RecordISO(ctx, store.ISOWrite{Items: items, Scoring: sc})
			if err != nil {
				t.Fatal(err)
			}
			return out
		}
		// An orphan stored by an earlier batch.
		if out := write(isoStatus("STS-0", 0, 3, "ACSC", now)); out[0].Result != store.ISOOrphan {
			t.Fatalf("early report: %+v", out[0])
		}
		out := write(
			isoStatus("STS-1", 0, 1, "ACSC", now),                              // 0: before its transfer
			isoTransfer(inst, 1, "+252611000001", "+252611000002", 50_00, now), // 1: applies it
			isoTransfer(inst, 1, "+252611000001", "+252611000002", 50_00, now), // 2: sent twice
			isoTransfer(inst, 2, "+252611000003", "+252611000004", 60_00, now), // 3
			isoStatus("STS-2", 0, 2, "ACCP", now),                              // 4: accepted
			isoStatus("STS-2", 0, 2, "ACCP", now),                              // 5: the same report again
			isoStatus("STS-3", 0, 2, "RJCT", now.Add(time.Second)),             // 6: rejected
			isoStatus("STS-4", 0, 2, "ACSC", now.Add(2*time.Second)),           // 7: too late: recorded only
			isoTransfer(inst, 3, "+252611000005", "+252611000006", 70_00, now), // 8: claims STS-0
		)
		want := []struct{ result, status string }{
			{store.ISOOrphan, ""}, {store.ISOCreated, "completed"}, {store.ISODuplicate, "completed"},
			{store.ISOCreated, "pending"}, {store.ISOApplied, "processing"}, {store.ISODuplicate, "processing"},
			{store.ISOApplied, "rejected"}, {store.ISORecorded, "rejected"}, {store.ISOCreated, "completed"},
		}
		for i, w := range want {
			if out[i].Result != w.result || out[i].Status != w.status {
				t.Errorf("entry %d: %s %q, want %s %q", i, out[i].Result, out[i].Status, w.result, w.status)
			}
		}
		if out[2].TransactionID != out[1].TransactionID || out[4].TransactionID != out[3].TransactionID {
			t.Fatalf("duplicates and reports name other transactions: %+v", out)
		}
		for _, c := range []struct {
			id      string
			status  string
			applied []bool
		}{{out[1].TransactionID, "completed", []bool{true}}, {out[3].TransactionID, "rejected", []bool{true, true, false}},
			{out[8].TransactionID, "completed", []bool{true}}} {
			tr, err := s.TransactionByID(ctx, store.TxScope{}, c.id)
			if err != nil || tr.Status != c.status {
				t.Fatalf("transaction %s: %+v %v, want %s", c.id, tr, err, c.status)
			}
			d, err := s.ISODetailOf(ctx, c.id)
			if err != nil || len(d.History) != len(c.applied) {
				t.Fatalf("history of %s: %+v %v", c.id, d, err)
			}
			for i, h := range d.History {
				if h.Applied != c.applied[i] {
					t.Errorf("history of %s, entry %d: applied %v", c.id, i, h.Applied)
				}
			}
		}
		// The whole batch again: every entry is a duplicate, nothing changes.
		again := write(isoTransfer(inst, 1, "+252611000001", "+252611000002", 50_00, now), isoStatus("STS-3", 0, 2, "RJCT", now))
		if again[0].Result != store.ISODuplicate || again[1].Result != store.ISODuplicate || again[1].Status != "rejected" {
			t.Fatalf("redelivery: %+v", again)
		}
	})
}

// BenchmarkISOBatch times the storage step of the switch feed alone: batches of 256 entries
// (128 credit transfers and the status reports of the previous batch's, as the consumer
// stores a fetch) stored set-wise. It reports entries (messages) per second.
func BenchmarkISOBatch(b *testing.B) {
	for _, be := range storetest.Backends() {
		b.Run(be.Name, func(b *testing.B) {
			ctx := context.Background()
			s := storetest.MustOpen(b, be)
			inst := isoPSP(b, s)
			sc := store.Scoring{Thresholds: domain.DefaultAMLThresholds()}
			now := time.Now().UTC().Add(-time.Minute)
			const transfers = 128
			entries := 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				items := make([]store.ISOItem, 0, 2*transfers)
				for k := 0; k < transfers; k++ {
					n := i*transfers + k
					items = append(items, isoTransfer(inst, n, fmt.Sprintf("+25261%07d", n%5000), fmt.Sprintf("+25262%07d", n%7000),
						domain.Minor(1000+n%50_000), now))
					if i > 0 {
						code := "ACSC"
						if k%10 == 0 {
							code = "RJCT"
						}
						items = append(items, isoStatus(fmt.Sprintf("STS-%d", i), k, n-transfers, code, now))
					}
				}
				b.StartTimer()
				if _, err := s.RecordISO(ctx, store.ISOWrite{Items: items, Scoring: sc}); err != nil {
					b.Fatal(err)
				}
				entries += len(items)
			}
			b.ReportMetric(float64(entries)/b.Elapsed().Seconds(), "msgs/s")
		})
	}
}
