package domain

import (
	"encoding/json"
	"os"
	"testing"
)

// amountVectors is testdata/amounts.json, shared with the web tests.
type amountVectors struct {
	Accepted map[string]Minor  `json:"accepted"`
	Refused  map[string]string `json:"refused"`
}

func loadAmountVectors(t testing.TB) amountVectors {
	t.Helper()
	raw, err := os.ReadFile("../../testdata/amounts.json")
	if err != nil {
		t.Fatal(err)
	}
	var v amountVectors
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// amountReasons maps a vector's reason to the field message a transfer answers.
var amountReasons = map[string]string{"format": MsgAmountFormat, "positive": MsgAmount, "tooLarge": MsgAmountTooLarge}

// TestAmountVectors: only plain decimal numbers with at most two places are amounts (finding 6:
// "0x10", "0b101", "0o17", "1_000" and "0x1p4" were read as 16, 5, 15, 1000 and 16).
func TestAmountVectors(t *testing.T) {
	v := loadAmountVectors(t)
	for s, want := range v.Accepted {
		if got, ok := ParseAmount(s); !ok || got != want {
			t.Errorf("ParseAmount(%q) = %d, %v; want %d", s, got, ok, want)
		}
		if want < 1 {
			continue
		}
		if got, msg := CheckAmount(s); msg != "" || got != want {
			t.Errorf("CheckAmount(%q) = %d, %q; want %d", s, got, msg, want)
		}
	}
	for _, s := range []string{"0x10", "0b101", "0o17", "1_000", "0x1p4"} {
		if v.Refused[s] != "format" {
			t.Fatalf("the vectors lose finding 6's %q", s)
		}
	}
	for s, reason := range v.Refused {
		want, ok := amountReasons[reason]
		if !ok {
			t.Fatalf("%q: unknown reason %q", s, reason)
		}
		if got, msg := CheckAmount(s); msg != want {
			t.Errorf("CheckAmount(%q) = %d, %q; want %q", s, got, msg, want)
		}
		if _, inAccepted := v.Accepted[s]; reason == "format" || (reason == "positive" && !inAccepted) {
			if got, ok := ParseAmount(s); ok {
				t.Errorf("ParseAmount(%q) accepted as %d", s, got)
			}
		}
	}
}

// TestDecimalStringJSON: a JSON string is unescaped, a JSON number is kept as written, and both
// then meet the same grammar; other JSON values are kept as text that no amount matches.
func TestDecimalStringJSON(t *testing.T) {
	for raw, want := range map[string]string{`"12.50"`: "12.50", `12.34`: "12.34", `"\u0031"`: "1", `null`: "",
		`1e3`: "1e3", `-5`: "-5", `true`: "true", `"0x10"`: "0x10", `" 7"`: " 7"} {
		var d DecimalString
		if err := json.Unmarshal([]byte(raw), &d); err != nil || string(d) != want {
			t.Errorf("%s read as %q, %v; want %q", raw, d, err, want)
		}
	}
	for _, raw := range []string{`1e3`, `1.005`, `true`, `[1]`, `{"a":1}`, `"0x10"`} {
		var d DecimalString
		_ = json.Unmarshal([]byte(raw), &d)
		if _, msg := CheckAmount(string(d)); msg != MsgAmountFormat {
			t.Errorf("%s: %q", raw, msg)
		}
	}
}
