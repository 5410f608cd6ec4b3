package domain

import "testing"

func TestSettlementByMode(t *testing.T) {
	for _, c := range []struct{ mode, settlement, settled string }{
		{ModeOnline, SettleRealTime, TxCompleted},
		{ModeOffline, SettleBatch, TxProcessing},
		{"ussd", SettleBatch, TxCompleted},
	} {
		if got := SettlementMode(c.mode); got != c.settlement {
			t.Errorf("SettlementMode(%q) = %q, want %q", c.mode, got, c.settlement)
		}
		if got := SettledStatus(c.mode); got != c.settled {
			t.Errorf("SettledStatus(%q) = %q, want %q", c.mode, got, c.settled)
		}
	}
}

func TestHolds(t *testing.T) {
	for _, c := range []struct {
		status          string
		highRisk, match bool
		aml, sanctions  string
		held            bool
	}{
		{TxCompleted, true, true, TxPending, TxPending, true},
		{TxCompleted, false, false, TxCompleted, TxCompleted, false},
		{TxProcessing, true, true, TxProcessing, TxPending, true},
		{TxPending, true, true, TxPending, TxPending, true},
		{TxFailed, true, true, TxFailed, TxFailed, false},
		{TxRejected, true, true, TxRejected, TxRejected, false},
		{TxApproved, true, true, TxApproved, TxApproved, false},
		{TxProcessing, false, false, TxProcessing, TxProcessing, false},
	} {
		if got := AMLHold(c.status, c.highRisk); got != c.aml {
			t.Errorf("AMLHold(%q, %v) = %q, want %q", c.status, c.highRisk, got, c.aml)
		}
		got, held := SanctionsHold(c.status, c.match)
		if got != c.sanctions || held != c.held {
			t.Errorf("SanctionsHold(%q, %v) = %q, %v, want %q, %v", c.status, c.match, got, held, c.sanctions, c.held)
		}
	}
}

func TestTxAdvances(t *testing.T) {
	for _, c := range []struct {
		from, to string
		ok       bool
	}{
		{TxPending, TxProcessing, true},
		{TxPending, TxApproved, true},
		{TxPending, TxCompleted, true},
		{TxPending, TxRejected, true},
		{TxProcessing, TxCompleted, true},
		{TxApproved, TxFailed, true},
		{TxProcessing, TxApproved, false},
		{TxProcessing, TxPending, false},
		{TxCompleted, TxProcessing, false},
		{TxCompleted, TxRejected, false},
		{TxRejected, TxCompleted, false},
		{TxPending, TxPending, false},
	} {
		if got := TxAdvances(c.from, c.to); got != c.ok {
			t.Errorf("TxAdvances(%q, %q) = %v, want %v", c.from, c.to, got, c.ok)
		}
	}
	for _, s := range TxStatuses {
		if _, ok := txStatusRank[s]; !ok {
			t.Errorf("status %q has no rank", s)
		}
	}
}
