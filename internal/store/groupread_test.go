package store_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// queueInOneGroup makes one transfer per write with CreateTransfer, each with an idempotency key
// of its own, all queued while the group writer is held, in order, so that they run as one group
// (on PostgreSQL: their senders' histories read in one statement, their rows queued for the
// commit). The writer must have started (a transfer made before).
func queueInOneGroup(t *testing.T, s *store.Store, userID string, writes []*store.TransferWrite) []error {
	t.Helper()
	for i, w := range writes {
		w.IdempotencyKey = fmt.Sprintf("g-%d", i)
		w.RequestHash = w.IdempotencyKey
	}
	release := holdWriter(s)
	errs := make([]error, len(writes))
	var wg sync.WaitGroup
	for i, w := range writes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.CreateTransfer(context.Background(), w)
		}()
		waitQueued(s, i+1)
	}
	if err := release(); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	return errs
}

// busyWallets is count transfers a minute apart from from, between three wallets that send to
// each other, in amounts near the large-value threshold and small ones: the history rules
// (structuring, velocity, pass-through) fire as the transfers accumulate.
func busyWallets(inst string, from time.Time, first, count int) []store.ISOItem {
	wallets := []string{"+252610000011", "+252610000012", "+252610000013"}
	amounts := []domain.Minor{9_500_00, 9_200_00, 120_00, 9_900_00, 6_000_00, 37_45}
	var out []store.ISOItem
	for i := range count {
		n := first + i
		out = append(out, isoTransfer(inst, n, wallets[n%3], wallets[(n+1)%3], amounts[n%len(amounts)],
			from.Add(time.Duration(i)*time.Minute)))
	}
	return out
}

// TestGroupedTransfersScoreAsOneByOne: transfers that run as one group are scored, held and
// alerted exactly as the same transfers made one at a time, the group's earlier transfers and
// those stored before it included. On PostgreSQL the group reads its senders' histories ahead in
// one statement and queues its transfers' rows for its commit, the alerts of the high-risk ones
// and their notifications included.
func TestGroupedTransfersScoreAsOneByOne(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		sc := store.Scoring{Thresholds: domain.DefaultAMLThresholds()}
		now := time.Now().UTC()
		type stored struct {
			score               int
			level, rules, state string
			high                bool
		}
		run := func(grouped bool) ([]stored, int) {
			s := storetest.MustOpen(t, b)
			u := mustUser(t, s, "group@example.so", nil)
			inst := isoPSP(t, s)
			write := func(it store.ISOItem) *store.TransferWrite {
				w := &store.TransferWrite{UserID: u.ID, Scoring: sc, Audit: store.Audit{UserID: u.ID},
					Respond: func(*store.NewTransaction, domain.AMLResult) ([]byte, error) { return []byte("{}"), nil }}
				w.Tx = *it.Tx
				w.Tx.ExternalID = "" // as the API's transfers come
				return w
			}
			for _, it := range busyWallets(inst, now.Add(-3*time.Hour), 0, 6) {
				if _, err := s.CreateTransfer(ctx, write(it)); err != nil {
					t.Fatal(err)
				}
			}
			var writes []*store.TransferWrite
			for _, it := range busyWallets(inst, now.Add(-30*time.Minute), 100, 30) {
				writes = append(writes, write(it))
			}
			if grouped {
				for i, err := range queueInOneGroup(t, s, u.ID, writes) {
					if err != nil {
						t.Fatalf("grouped transfer %d: %v", i, err)
					}
				}
			} else {
				for i, w := range writes {
					if _, err := s.CreateTransfer(ctx, w); err != nil {
						t.Fatalf("transfer %d: %v", i, err)
					}
				}
			}
			var got []stored
			for _, w := range writes {
				got = append(got, stored{w.Tx.AMLScore, w.Tx.RiskLevel, w.Tx.AMLRules, w.Tx.Status, w.Tx.IsHighRisk})
			}
			var rows, alerts int
			if err := s.DB().QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM transactions),
				(SELECT COUNT(*) FROM aml_alerts)`).Scan(&rows, &alerts); err != nil || rows != 36 {
				t.Fatalf("%d transactions stored (err %v), want 36", rows, err)
			}
			return got, alerts
		}
		want, wantAlerts := run(false)
		got, gotAlerts := run(true)
		high := 0
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("transfer %d: grouped %+v, one by one %+v", i, got[i], want[i])
			}
			if want[i].high {
				high++
			}
		}
		if gotAlerts != wantAlerts || high == 0 || high == len(want) {
			t.Errorf("alerts: grouped %d, one by one %d; %d of %d high risk (the scenario must mix both)",
				gotAlerts, wantAlerts, high, len(want))
		}
	})
}

// TestQueuedInsertFailureFailsAlone: in a group, a transfer whose row the database refuses (here
// its settlement mode is one the schema's CHECK does not know) fails alone, even when its insert
// was queued for the commit: the group runs again with a savepoint around each transfer, and the
// others are stored once, with their log and audit rows, scored as if the refused one had never
// been made. The group's transfers are 9,500 USD each from one sender, so structuring fires from
// the third in the window: one that scored high beside the refused transfer in the first run must
// not stay held in the second.
func TestQueuedInsertFailureFailsAlone(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		u := mustUser(t, s, "refused@example.so", nil)
		write := func(id string, amount domain.Minor) *store.TransferWrite { return onlineWrite(u.ID, id, amount) }
		if _, err := s.CreateTransfer(ctx, write("TXN-REFUSED-FIRST", 2000)); err != nil {
			t.Fatal(err)
		}
		const n, bad = 6, 0
		writes := make([]*store.TransferWrite, n)
		for i := range writes {
			writes[i] = write(fmt.Sprintf("TXN-REFUSED-%d", i), 9_500_00)
		}
		writes[bad].Tx.SettlementMode = "weekly"
		errs := queueInOneGroup(t, s, u.ID, writes)
		for i, err := range errs {
			var de *domain.Error
			switch {
			case i == bad && (err == nil || errors.As(err, &de)):
				t.Errorf("the transfer settled weekly: %v, want the database's refusal", err)
			case i != bad && err != nil:
				t.Errorf("transfer %d: %v", i, err)
			}
		}
		for table, want := range map[string]int{"transactions": n, "transaction_logs": n,
			"audit_logs WHERE action = 'transaction.transfer'": n} {
			var got int
			if err := s.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table).Scan(&got); err != nil || got != want {
				t.Errorf("%s: %d rows (err %v), want %d: the first transfer and the group's other five", table, got, err, want)
			}
		}
		// Without the refused one, the group's first two are the sender's first two in the
		// structuring band, the other three its third to fifth: held, high risk, alerted.
		for i, w := range writes[1:] {
			var status string
			var high bool
			var alerts int
			if err := s.DB().QueryRowContext(ctx, `SELECT status, is_high_risk,
				(SELECT COUNT(*) FROM aml_alerts a WHERE a.transaction_id = t.id)
				FROM transactions t WHERE transaction_id = $1`, w.Tx.TransactionID).Scan(&status, &high, &alerts); err != nil {
				t.Fatal(err)
			}
			wantHigh := i >= 2
			if high != wantHigh || (status == "pending") != wantHigh || (alerts == 1) != wantHigh ||
				w.Tx.Status != status || w.Tx.IsHighRisk != high {
				t.Errorf("transfer %d: stored %s, high risk %v, %d alerts (answered %s, %v); want high risk %v",
					i+1, status, high, alerts, w.Tx.Status, w.Tx.IsHighRisk, wantHigh)
			}
		}
	})
}

// TestGroupedAlertsAnnouncedOnceOnCommit: a high-risk transfer in a group, whose transaction row,
// AML alert and alert notification a PostgreSQL group queues for its commit, is stored with its
// alert, and every instance's sink hears of the alert exactly once, after the commit: also when
// the group's first run is rolled back (a transfer the database refuses) and it runs again with
// savepoints. The transfers are 9,500 USD from one sender, so structuring makes the third high
// risk.
func TestGroupedAlertsAnnouncedOnceOnCommit(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		s := storetest.MustOpenURL(t, b.URL(t))
		heard := make(chan domain.AlertEvent, 16)
		s.SetAlertSink(func(e domain.AlertEvent) { heard <- e })
		go s.ListenAlerts(ctx, slog.New(slog.DiscardHandler))
		<-s.AlertsReady()
		// Two users, as queueInOneGroup numbers its idempotency keys from 0 for each group.
		u, u2 := mustUser(t, s, "announced@example.so", nil), mustUser(t, s, "announced2@example.so", nil)
		write := func(id string, amount domain.Minor) *store.TransferWrite { return onlineWrite(u.ID, id, amount) }
		for _, id := range []string{"TXN-ANNOUNCED-1", "TXN-ANNOUNCED-2"} {
			if _, err := s.CreateTransfer(ctx, write(id, 9_500_00)); err != nil {
				t.Fatal(err)
			}
		}
		// PostgreSQL notifications reach every schema's listeners, and other tests run beside this
		// one: only the alerts of this test's transactions count.
		expectOne := func(group string, high *store.TransferWrite) {
			t.Helper()
			if !high.Tx.IsHighRisk {
				t.Fatalf("%s: %s scored %d, not high risk: the scenario needs an alert", group, high.Tx.TransactionID, high.Tx.AMLScore)
			}
			var alerts int
			if err := s.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM aml_alerts a JOIN transactions t ON t.id = a.transaction_id
				WHERE t.transaction_id = $1`, high.Tx.TransactionID).Scan(&alerts); err != nil || alerts != 1 {
				t.Errorf("%s: %d alerts stored for %s (err %v), want 1", group, alerts, high.Tx.TransactionID, err)
			}
			got, deadline := 0, time.After(5*time.Second)
			for settle := (<-chan time.Time)(nil); ; {
				select {
				case e := <-heard:
					if e.TransactionNumber == high.Tx.TransactionID && e.TransactionID == high.Tx.ID {
						if got++; got == 1 {
							settle = time.After(300 * time.Millisecond) // a second one, if it ever came
						}
					}
					continue
				case <-deadline:
				case <-settle:
				}
				break
			}
			if got != 1 {
				t.Errorf("%s: the sink heard of %s's alert %d times, want once", group, high.Tx.TransactionID, got)
			}
		}

		plain := []*store.TransferWrite{write("TXN-ANNOUNCED-3", 9_500_00), write("TXN-ANNOUNCED-4", 2_000)}
		for i, err := range queueInOneGroup(t, s, u.ID, plain) {
			if err != nil {
				t.Fatalf("transfer %d: %v", i, err)
			}
		}
		expectOne("a group that commits at once", plain[0])

		refused := onlineWrite(u2.ID, "TXN-ANNOUNCED-5", 9_500_00)
		refused.Tx.SettlementMode = "weekly" // refused by the schema's CHECK at the commit
		rerun := []*store.TransferWrite{refused, onlineWrite(u2.ID, "TXN-ANNOUNCED-6", 9_500_00), onlineWrite(u2.ID, "TXN-ANNOUNCED-7", 2_000)}
		for i, err := range queueInOneGroup(t, s, u2.ID, rerun) {
			if (err == nil) == (i == 0) {
				t.Fatalf("transfer %d: %v (want only the weekly one refused)", i, err)
			}
		}
		expectOne("a group run again after a refused transfer", rerun[1])
	})
}

// onlineWrite is a transfer request by userID of amount USD from one sender to one recipient
// (onlineTransfer), scored with the default thresholds.
func onlineWrite(userID, id string, amount domain.Minor) *store.TransferWrite {
	w := &store.TransferWrite{UserID: userID, Scoring: store.Scoring{Thresholds: domain.DefaultAMLThresholds()},
		Audit:   store.Audit{UserID: userID},
		Respond: func(*store.NewTransaction, domain.AMLResult) ([]byte, error) { return []byte("{}"), nil }}
	w.Tx = *onlineTransfer(id, amount)
	return w
}
