package store_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// TestAlertEventsReachEverySink: a committed alert reaches the sink as a domain event with whom
// it targets, on the instance that wrote it and, on PostgreSQL, on another instance through the
// notification; an alert of a rolled-back transaction reaches no one.
func TestAlertEventsReachEverySink(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		url := b.URL(t)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		writer := storetest.MustOpenURL(t, url)
		instances := []*store.Store{writer}
		if b.Name != "sqlite" {
			instances = append(instances, storetest.MustOpenURL(t, url))
		}
		sinks := make([]chan domain.AlertEvent, len(instances))
		for i, s := range instances {
			ch := make(chan domain.AlertEvent, 4)
			sinks[i] = ch
			s.SetAlertSink(func(e domain.AlertEvent) { ch <- e })
			go s.ListenAlerts(ctx, slog.New(slog.DiscardHandler))
			<-s.AlertsReady()
		}
		target := mustUser(t, writer, "target@example.so", nil)
		if err := writer.Write(ctx, func(tx *store.Tx) error {
			return tx.InsertSystemAlert(ctx, &store.SystemAlert{Title: "committed", AlertType: "info", TargetUserID: target.ID})
		}); err != nil {
			t.Fatal(err)
		}
		failed := writer.Write(ctx, func(tx *store.Tx) error {
			if err := tx.InsertSystemAlert(ctx, &store.SystemAlert{Title: "never", AlertType: "info"}); err != nil {
				return err
			}
			return context.Canceled
		})
		if failed == nil {
			t.Fatal("the failing write committed")
		}
		// PostgreSQL notifications reach every schema's listeners, and other tests run beside
		// this one: only this test's alerts (by their titles) count.
		for i, ch := range sinks {
			var got []domain.AlertEvent
			deadline, settling := time.After(5*time.Second), false
		collect:
			for {
				select {
				case e := <-ch:
					if e.Title == "committed" || e.Title == "never" {
						got = append(got, e)
					}
				case <-deadline:
					break collect
				}
				if len(got) == 1 && !settling {
					settling = true
					// Give an alert of the rolled-back write time to arrive, if it ever would.
					deadline = time.After(200 * time.Millisecond)
				}
			}
			if len(got) != 1 {
				t.Fatalf("instance %d received %d of this test's alerts, want the committed one: %+v", i, len(got), got)
			}
			e := got[0]
			if e.TargetUserID != target.ID || e.Title != "committed" || e.Severity != "low" {
				t.Errorf("instance %d got %+v, want the alert targeted at %s", i, e, target.ID)
			}
			if !e.VisibleTo(domain.AlertViewer{ID: target.ID, Role: domain.RoleCitizen}) ||
				e.VisibleTo(domain.AlertViewer{ID: "someone-else", Role: domain.RoleCBSLAdmin}) {
				t.Errorf("instance %d: the event lost whom it targets", i)
			}
		}
	})
}
