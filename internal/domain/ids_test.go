package domain

import (
	"regexp"
	"testing"
	"time"
)

var (
	txnPattern  = regexp.MustCompile(`^TXN-\d{8}-[2-9A-HJ-NP-Z]{12}$`)
	npssPattern = regexp.MustCompile(`^NPSS\d{22}$`)
)

// References sort as the moments they were made, a tenth of a second apart or more, across the
// day's end too: that keeps their unique indexes growing at one end (ids.go).
func TestReferencesSortInTimeOrder(t *testing.T) {
	start := time.Date(2026, 11, 24, 23, 59, 58, 0, time.UTC)
	prevTXN, prevNPSS := "", ""
	for i := range 40 {
		at := start.Add(time.Duration(i) * 100 * time.Millisecond)
		txn, npss := NewTransactionID(at), NewNPSSReference(at)
		if !txnPattern.MatchString(txn) || !npssPattern.MatchString(npss) {
			t.Fatalf("at %s: %q, %q do not have the documented form", at, txn, npss)
		}
		if txn <= prevTXN || npss <= prevNPSS {
			t.Fatalf("at %s: %q after %q, %q after %q: not in time order", at, txn, prevTXN, npss, prevNPSS)
		}
		prevTXN, prevNPSS = txn, npss
	}
	// The day's first and last tenths: the four time digits span the alphabet's ends.
	first, last := time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC), time.Date(2026, 11, 25, 23, 59, 59, 950_000_000, time.UTC)
	if got := NewTransactionID(first)[13:17]; got != "2222" {
		t.Errorf("midnight's time digits %q, want 2222", got)
	}
	if got := NewTransactionID(last)[13:17]; got != "UDRZ" { // 863,999 = 26·32³ + 11·32² + 23·32 + 31
		t.Errorf("the last tenth's time digits %q, want UDRZ", got)
	}
	if got := NewNPSSReference(last.In(time.FixedZone("EAT", 3*3600)))[4:16]; got != "261125863999" {
		t.Errorf("NPSS date and tenth %q, want the UTC date and 863999", got)
	}
}

// Within one tenth of a second the references are random: ten thousand made at one moment are
// all different and do not follow each other in order.
func TestReferencesRandomWithinATenth(t *testing.T) {
	at := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	seen := map[string]bool{}
	ascending := 0
	prev := ""
	for range 10_000 {
		txn := NewTransactionID(at)
		if seen[txn] {
			t.Fatalf("%q made twice", txn)
		}
		seen[txn] = true
		if txn > prev {
			ascending++
		}
		prev = txn
		if npss := NewNPSSReference(at); seen[npss] {
			t.Fatalf("%q made twice", npss)
		} else {
			seen[npss] = true
		}
	}
	if ascending > 5_500 || ascending < 4_500 {
		t.Errorf("%d of 10,000 references at one moment followed the one before in order, want about half", ascending)
	}
}
