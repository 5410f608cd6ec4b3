package domain

import (
	"encoding/json"
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"
)

// strictAmount is the amount grammar written independently of plainDecimal, so the fuzzer checks
// one against the other.
var strictAmount = regexp.MustCompile(`^(0|[1-9][0-9]{0,14})(\.[0-9]{1,2})?$`)

// FuzzParseAmount: whatever the text, ParseAmount and CheckAmount never panic; every accepted
// amount matches the strict grammar, prints back to the same value (Minor.String) and parses
// again to it; CheckAmount accepts exactly the parsed amounts from 0.01 to the maximum.
func FuzzParseAmount(f *testing.F) {
	v := loadAmountVectors(f)
	for s := range v.Accepted {
		f.Add(s)
	}
	for s := range v.Refused {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, ok := ParseAmount(s)
		if ok != strictAmount.MatchString(s) {
			t.Fatalf("ParseAmount(%q) ok=%v, the grammar says %v", s, ok, !ok)
		}
		checked, msg := CheckAmount(s)
		if ok {
			whole, frac, _ := strings.Cut(s, ".")
			if want := whole + "." + (frac + "00")[:2]; m.String() != want {
				t.Fatalf("ParseAmount(%q) = %s, want %s", s, m, want)
			}
			if again, ok2 := ParseAmount(m.String()); !ok2 || again != m {
				t.Fatalf("%s does not parse back: %d %v", m, again, ok2)
			}
			if (msg == "") != (m >= 1 && m <= maxAmount) || (msg == "" && checked != m) {
				t.Fatalf("CheckAmount(%q) = %d %q for parsed %d", s, checked, msg, m)
			}
			return
		}
		if msg == "" || checked != 0 {
			t.Fatalf("CheckAmount(%q) accepted %d although ParseAmount refused it", s, checked)
		}
	})
}

// FuzzValidateTransfer: any JSON body read into a TransferRequest is either refused with field
// errors (EINVALID, every field named a real request field) or gives a transfer whose numbers
// hold together: a strict amount in range, fee = 2 % capped, total = amount + fee, and a route
// of the transfer's flow type that supports its mode.
func FuzzValidateTransfer(f *testing.F) {
	raw, err := os.ReadFile("../../testdata/transfers.json")
	if err != nil {
		f.Fatal(err)
	}
	for _, c := range loadVectors(f, "transfers.json", "base") {
		f.Add(c.Input)
	}
	dir := vectorInstitutions(f)
	f.Add(raw)
	f.Add([]byte(`{"amount": 12.5, "currency": "USD", "mode": "online"}`))
	f.Add([]byte(`{"amount": "0x10", "senderType": "bank", "receiverType": "bank"}`))
	fields := map[string]bool{}
	for _, k := range []string{"senderNumber", "receiverNumber", "amount", "currency", "mode", "senderInstitution",
		"receiverInstitution", "senderType", "receiverType"} {
		fields[k] = true
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var in TransferRequest
		if json.Unmarshal(body, &in) != nil {
			return
		}
		tr, err := ValidateTransfer(in, dir)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Code != EINVALID || len(e.Fields) == 0 {
				t.Fatalf("refusal without field errors: %#v", err)
			}
			for k, f := range e.Fields {
				if msg := f.Message; !fields[k] || msg == "" || f.Code == "" {
					t.Fatalf("field %q: %q", k, msg)
				}
			}
			return
		}
		if !strictAmount.MatchString(string(in.Amount)) || tr.Amount < 1 || tr.Amount > maxAmount {
			t.Fatalf("accepted amount %q as %d", in.Amount, tr.Amount)
		}
		if tr.Fee < 0 || tr.Fee > feeCap[tr.Currency] || tr.Fee != min((tr.Amount*2+50)/100, feeCap[tr.Currency]) || tr.Total != tr.Amount+tr.Fee {
			t.Fatalf("amount %d fee %d total %d", tr.Amount, tr.Fee, tr.Total)
		}
		if tr.Route.FlowType != tr.FlowType || !contains(tr.Route.SupportedModes, in.Mode) || tr.Routes[0].ID != tr.Route.ID {
			t.Fatalf("route %+v for %s %s", tr.Route, tr.FlowType, in.Mode)
		}
	})
}
