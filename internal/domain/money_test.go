package domain

import "testing"

func TestMoney(t *testing.T) {
	for m, want := range map[Minor]string{0: "0.00", 5: "0.05", 123450: "1234.50", -250: "-2.50"} {
		if got := m.String(); got != want {
			t.Errorf("Minor(%d) = %q, want %q", m, got, want)
		}
	}
	if got := USDMinor(1_725_000_00, SHS); got != 150_00 {
		t.Errorf("1,725,000 SHS = %d USD cents, want 15000", got)
	}
	if got := USDMinor(42, USD); got != 42 {
		t.Errorf("USD conversion changed the amount: %d", got)
	}
	for m, want := range map[Minor]string{180_000_000: "$1.8M", 5_800_000: "$58.0K", 95_000: "$950", 210_000_000_000: "$2.1B"} {
		if got := CompactUSD(m); got != want {
			t.Errorf("CompactUSD(%d) = %q, want %q", m, got, want)
		}
	}
	if MaskAccount("+252651234567") != "•••567" || MaskAccount("12") != "•••" {
		t.Error("MaskAccount shows too much")
	}
}
