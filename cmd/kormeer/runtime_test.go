package main

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// TestTuneRuntime: without GOGC in the environment the collector runs at gcPercent; with it, the
// runtime's own reading of the environment stands.
func TestTuneRuntime(t *testing.T) {
	gc := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(gc) })

	tuneRuntime(func(string) string { return "" })
	if got := debug.SetGCPercent(100); got != gcPercent {
		t.Errorf("GOGC unset: the collector's target is %d, want %d", got, gcPercent)
	}
	tuneRuntime(func(k string) string { return map[string]string{"GOGC": "50"}[k] })
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC set: the collector's target is %d, want it left alone (100 here)", got)
	}
}

// TestSQLiteProcs: a portal on SQLite runs with extraProcs more Ps than the runtime chose, however
// often it is set up (tests serve many times in one process), unless the environment sets
// GOMAXPROCS.
func TestSQLiteProcs(t *testing.T) {
	t.Cleanup(func() { runtime.GOMAXPROCS(startProcs) })
	for range 2 {
		sqliteProcs(func(string) string { return "" })
		if got := runtime.GOMAXPROCS(0); got != startProcs+extraProcs {
			t.Fatalf("GOMAXPROCS unset: %d Ps, want %d", got, startProcs+extraProcs)
		}
	}
	runtime.GOMAXPROCS(startProcs)
	sqliteProcs(func(k string) string { return map[string]string{"GOMAXPROCS": "1"}[k] })
	if got := runtime.GOMAXPROCS(0); got != startProcs {
		t.Errorf("GOMAXPROCS set: %d Ps, want the runtime's %d", got, startProcs)
	}
}
