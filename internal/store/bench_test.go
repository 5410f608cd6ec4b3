package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// BenchmarkAMLHistory times the sender history every transfer reads before it is scored, on a
// table with full planner statistics (as datagen and a restore leave it): 20,000 transactions
// of 2,000 senders over two days, read by a store opened after they were gathered. On SQLite
// those statistics make a prepared statement re-plan at every new sender unless its parameters
// are behind a unary plus (sqlAMLHistorySQLite); figures in docs/PERFORMANCE.md.
func BenchmarkAMLHistory(b *testing.B) {
	for _, backend := range storetest.Backends() {
		b.Run(backend.Name, func(b *testing.B) {
			ctx := context.Background()
			url := backend.URL(b)
			s := storetest.MustOpenURL(b, url)
			now := time.Now().UTC()
			if err := s.BulkLoad(ctx, historyRows("TXN-BENCH", now)); err != nil {
				b.Fatal(err)
			}
			if err := s.AnalyzeTransactions(ctx); err != nil {
				b.Fatal(err)
			}
			// A portal started on the loaded database: its connections read the statistics as they open.
			s = storetest.MustOpenURL(b, url)
			th := domain.DefaultAMLThresholds()
			err := s.Write(ctx, func(tx *store.Tx) error {
				i := 0
				for b.Loop() {
					h, err := store.AMLHistory(tx, ctx, fmt.Sprintf("+25265%07d", i%2_000), now, th)
					if err != nil {
						return err
					}
					if len(h.Sent) == 0 {
						return fmt.Errorf("sender %d: no history", i%2_000)
					}
					i++
				}
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
		})
	}
}

// BenchmarkKeepHistoryVisible times the VACUUM a portal on PostgreSQL runs after every 10,000
// transfers, here after each 100 rows loaded into a table of 20,000: mostly what PostgreSQL
// does whatever the number of new pages, which is what PARALLEL 0 cut (it started two
// background workers for the indexes). The rows are loaded outside the timer, and the lag is
// set below zero, so each call vacuums without waiting for PostgreSQL's counters. SQLite has
// nothing to vacuum.
func BenchmarkKeepHistoryVisible(b *testing.B) {
	for _, backend := range storetest.Backends() {
		if backend.Name == "sqlite" {
			continue
		}
		b.Run(backend.Name, func(b *testing.B) {
			ctx := context.Background()
			s := storetest.MustOpen(b, backend)
			now := time.Now().UTC()
			if err := s.BulkLoad(ctx, historyRows("TXN-VIS", now)); err != nil {
				b.Fatal(err)
			}
			defer store.SetHistoryVacuumLag(-1)()
			if err := s.KeepHistoryVisible(ctx); err != nil {
				b.Fatal(err)
			}
			var rows []*store.NewTransaction // not loaded yet, 100 at a time
			for i := 0; b.Loop(); i++ {
				b.StopTimer()
				if len(rows) == 0 {
					rows = historyRows(fmt.Sprintf("TXN-VIS%04d", i), now)
				}
				if err := s.BulkLoad(ctx, rows[:100]); err != nil {
					b.Fatal(err)
				}
				rows = rows[100:]
				b.StartTimer()
				if err := s.KeepHistoryVisible(ctx); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
