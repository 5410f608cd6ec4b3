package domain

import (
	"encoding/json"
	"testing"
)

// TestTransferVectors runs testdata/transfers.json, shared with the web tests.
func TestTransferVectors(t *testing.T) {
	dir := vectorInstitutions(t)
	for _, c := range loadVectors(t, "transfers.json", "base") {
		t.Run(c.Name, func(t *testing.T) {
			var req TransferRequest
			if err := json.Unmarshal(c.Input, &req); err != nil {
				t.Fatal(err)
			}
			tr, err := ValidateTransfer(req, dir)
			if c.Result == nil {
				if err == nil {
					t.Fatalf("want field errors %v, got none", c.Fields)
				}
				expectFields(t, err, c.Fields)
				return
			}
			if err != nil {
				t.Fatalf("unexpected error %v", err)
			}
			var r struct {
				Fee, Total                         int64
				FlowType, SettlementMode, UssdCode string
				Route                              string
			}
			if err := json.Unmarshal(c.Result, &r); err != nil {
				t.Fatal(err)
			}
			if int64(tr.Fee) != r.Fee || int64(tr.Total) != r.Total || tr.FlowType != r.FlowType ||
				tr.SettlementMode != r.SettlementMode || tr.USSDCode != r.UssdCode || tr.Route.ID != r.Route {
				t.Fatalf("got fee %d total %d %s %s %q route %s; want %+v", tr.Fee, tr.Total, tr.FlowType,
					tr.SettlementMode, tr.USSDCode, tr.Route.ID, r)
			}
		})
	}
}

func TestMobileBridge(t *testing.T) {
	if f := MobileBridgeFees(100_00); f.ProcessingFee != 10 || f.TotalFee != 85 {
		t.Errorf("fees on 100: %+v", f)
	}
	if f := MobileBridgeFees(1_000_000_00); f.ProcessingFee != 500 {
		t.Errorf("processing fee not capped at 5: %+v", f)
	}
	for n, want := range map[string]string{"+252 61 1234567": "Telesom", "+252 64 1": "Telesom", "+252 66 1234567": "Somtel",
		"+25268 1234567": "Hormuud", "+252 69 1234567": "", "": ""} {
		if got := NetworkOperator(n); got != want {
			t.Errorf("NetworkOperator(%q) = %q, want %q", n, got, want)
		}
	}
}

func TestValidateRouting(t *testing.T) {
	cases := []struct {
		name, typ string
		in        Routing
		want      Routing
		fields    []string
	}{
		{"operator normalized", AccountWallet, Routing{Modes: []string{"online", "offline", "online"}, USSDCode: " *770# ", NumberPrefixes: []string{"+25265", "+252 65", " +252 66"}},
			Routing{Modes: []string{"offline", "online"}, USSDCode: "*770#", NumberPrefixes: []string{"+252 65", "+252 66"}}, nil},
		{"online-only operator needs no USSD code", AccountWallet, Routing{Modes: []string{"online"}, NumberPrefixes: []string{"+252 63"}},
			Routing{Modes: []string{"online"}, NumberPrefixes: []string{"+252 63"}}, nil},
		{"withdrawn from transfers", AccountWallet, Routing{}, Routing{Modes: []string{}, NumberPrefixes: []string{}}, nil},
		{"offline needs USSD and a prefix", AccountWallet, Routing{Modes: []string{"offline"}}, Routing{}, []string{"ussdCode", "numberPrefixes"}},
		{"bad operator values", AccountWallet, Routing{Modes: []string{"sms"}, USSDCode: "770", NumberPrefixes: []string{"065"}, AccountPrefix: "DBI-"},
			Routing{}, []string{"modes", "ussdCode", "numberPrefixes", "accountPrefix"}},
		{"bank normalized", AccountBank, Routing{Modes: []string{"online"}, AccountPrefix: " dbi- "},
			Routing{Modes: []string{"online"}, NumberPrefixes: []string{}, AccountPrefix: "DBI-"}, nil},
		{"bank without prefix", AccountBank, Routing{Modes: []string{"online"}, USSDCode: "*1#", NumberPrefixes: []string{"+252 65"}},
			Routing{}, []string{"accountPrefix", "ussdCode", "numberPrefixes"}},
		{"bad bank prefix", AccountBank, Routing{Modes: []string{"online"}, AccountPrefix: "D1-"}, Routing{}, []string{"accountPrefix"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := c.in
			err := ValidateRouting(c.typ, &r)
			if c.fields == nil {
				if err != nil {
					t.Fatal(err)
				}
				if got, _ := json.Marshal(r); string(got) != string(must(json.Marshal(c.want))) {
					t.Fatalf("got %s, want %+v", got, c.want)
				}
				return
			}
			e, ok := err.(*Error)
			if !ok || len(e.Fields) != len(c.fields) {
				t.Fatalf("want faults on %v, got %v", c.fields, err)
			}
			for _, k := range c.fields {
				if e.Fields[k].Message == "" {
					t.Errorf("no fault on %s: %v", k, e.Fields)
				}
			}
		})
	}
	if err := ValidateRouting("mno", &Routing{}); err == nil {
		t.Fatal("routing for an MNO accepted")
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

func TestCheckNamedInstitution(t *testing.T) {
	dir := vectorInstitutions(t)
	for name, want := range map[string]string{
		"":            "",
		"zaad":        "",
		"Amal":        "",
		"Sahal-Pay":   "Sahal-Pay may not move money: its licence is suspended",
		"Shabelle":    "Shabelle may not move money: its licence is revoked",
		"Hawala Corp": "Unknown wallet operator or bank Hawala Corp",
	} {
		if got := CheckNamedInstitution(dir, name); got != want {
			t.Errorf("%q: got %q, want %q", name, got, want)
		}
	}
}
