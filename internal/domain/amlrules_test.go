package domain

import (
	"testing"
	"time"
)

func TestThresholdValidation(t *testing.T) {
	if err := DefaultAMLThresholds().Validate(); err != nil {
		t.Fatalf("defaults invalid: %v", err)
	}
	bad := DefaultAMLThresholds()
	bad.HighAt = 30 // below medium
	bad.VelocityWindow = time.Second
	bad.Weights = map[string]int{RuleLargeValue: 500}
	e, ok := bad.Validate().(*Error)
	if !ok || e.Fields["levels"].Message == "" || e.Fields["velocityWindow"].Message == "" || e.Fields["weights.large_value"].Message == "" || e.Fields["weights.structuring"].Message == "" {
		t.Fatalf("got %v", bad.Validate())
	}
}

func TestBacktestComparesRuleSets(t *testing.T) {
	current := DefaultAMLThresholds()
	stricter := DefaultAMLThresholds()
	stricter.LargeValue = map[Currency]Minor{USD: 1_000_00, SHS: 1_000 * SHSPerUSD * 100}
	stricter.Weights[RuleLargeValue] = 80
	bt := NewBacktest(current, stricter)
	start := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
	for i := 0; i < 10; i++ {
		bt.Add(BacktestTx{Sender: "+25265000000" + string(rune('0'+i)), Recipient: "12345", Amount: 2_500_00, Currency: USD,
			Mode: ModeOnline, At: start.Add(time.Duration(i) * time.Hour)})
	}
	if bt.Total != 10 || bt.Counts["current"]["high"] != 0 || bt.Counts["proposed"]["high"] != 10 {
		t.Fatalf("counts %v (%s)", bt.Counts, bt)
	}
}
