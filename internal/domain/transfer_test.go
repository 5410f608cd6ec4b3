package domain

import (
	"encoding/json"
	"testing"
)

// TestTransferVectors runs testdata/transfers.json, shared with the web tests.
func TestTransferVectors(t *testing.T) {
	for _, c := range loadVectors(t, "transfers.json", "base") {
		t.Run(c.Name, func(t *testing.T) {
			var req TransferRequest
			if err := json.Unmarshal(c.Input, &req); err != nil {
				t.Fatal(err)
			}
			tr, err := ValidateTransfer(req)
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
