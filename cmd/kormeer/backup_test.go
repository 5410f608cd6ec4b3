package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/store"
)

// A backup taken while the portal takes transfers is consistent: the audit chain of the copy
// verifies, every transfer in it is in the source as it was, and a portal started on the copy
// serves them.
func TestBackupUnderWriteLoadRestores(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "k.db")
	base := startServe(t, map[string]string{"KORMEER_DATABASE_URL": src, "KORMEER_DATA_DIR": dir, "KORMEER_METRICS_ADDR": "",
		"KORMEER_DEMO": "true", "KORMEER_DEMO_TRANSACTIONS": "100"})
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // write load for as long as the backup runs
		defer wg.Done()
		for ctx.Err() == nil {
			Run(ctx, []string{"loadgen", "--url", base, "--email", "officer@kormeer.demo", "--password", "Officer-demo-2026",
				"--concurrency", "4", "--duration", "300ms"}, envFrom(nil), &syncBuffer{}, &syncBuffer{})
		}
	}()
	time.Sleep(500 * time.Millisecond)
	copyPath := filepath.Join(dir, "backup.db")
	code, out, errOut := runCLI(t, src, "backup", "--out", copyPath)
	cancel()
	wg.Wait()
	if code != 0 || !strings.Contains(out, "backed up") {
		t.Fatalf("backup: %d %s %s", code, out, errOut)
	}
	if code, out, errOut := runCLI(t, copyPath, "audit", "verify"); code != 0 {
		t.Fatalf("the copy's audit chain: %d %s %s", code, out, errOut)
	}
	if code, _, errOut := runCLI(t, copyPath, "backup", "--out", copyPath); code == 0 || !strings.Contains(errOut, "exists") {
		t.Fatalf("backup over the copy: %d %s", code, errOut)
	}
	ctx = context.Background()
	from, err := store.Open(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	defer from.Close()
	copied, err := store.Open(ctx, copyPath)
	if err != nil {
		t.Fatal(err)
	}
	defer copied.Close()
	type row struct{ id, amount string }
	rows := func(s *store.Store) map[string]string {
		r, err := s.DB().QueryContext(ctx, `SELECT id, CAST(amount_minor AS TEXT) FROM transactions`)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		m := map[string]string{}
		for r.Next() {
			var x row
			if err := r.Scan(&x.id, &x.amount); err != nil {
				t.Fatal(err)
			}
			m[x.id] = x.amount
		}
		return m
	}
	inCopy, inSource := rows(copied), rows(from)
	if len(inCopy) <= 100 || len(inCopy) > len(inSource) {
		t.Fatalf("the copy holds %d transfers, the source %d (100 demo ones before the load)", len(inCopy), len(inSource))
	}
	for id, amount := range inCopy {
		if inSource[id] != amount {
			t.Fatalf("transfer %s: %s in the copy, %q in the source", id, amount, inSource[id])
		}
	}
	// Restore: a portal started on the copy serves what it holds.
	restored := startServe(t, map[string]string{"KORMEER_DATABASE_URL": copyPath, "KORMEER_DATA_DIR": t.TempDir(), "KORMEER_METRICS_ADDR": ""})
	res := officerMetrics(t, restored)
	defer res.Body.Close()
	var metrics struct{ TotalTransactions int }
	if err := json.NewDecoder(res.Body).Decode(&metrics); err != nil || metrics.TotalTransactions != len(inCopy) {
		t.Fatalf("restored portal counts %d transactions (%v), the copy holds %d", metrics.TotalTransactions, err, len(inCopy))
	}
}
