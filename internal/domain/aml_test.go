package domain

import (
	"testing"
	"time"
)

// TestAMLRules shows each rule firing and not firing.
func TestAMLRules(t *testing.T) {
	th := DefaultAMLThresholds()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	old := now.Add(-30 * 24 * time.Hour) // an established wallet
	ago := func(d time.Duration) time.Time { return now.Add(-d) }
	sent := func(n int, amount Minor, cur Currency, every time.Duration) []PastTransfer {
		var out []PastTransfer
		for i := 1; i <= n; i++ {
			out = append(out, PastTransfer{Amount: amount, Currency: cur, At: ago(time.Duration(i) * every)})
		}
		return out
	}
	tests := []struct {
		name  string
		in    AMLInput
		h     AMLHistory
		fires []string
	}{
		{"ordinary payment", AMLInput{Amount: 123_45, Currency: USD, Mode: ModeOnline, At: now}, AMLHistory{FirstSeen: old}, nil},
		{"large value USD", AMLInput{Amount: 10_000_00, Currency: USD, Mode: ModeOnline, At: now}, AMLHistory{FirstSeen: old},
			[]string{RuleLargeValue, RuleRoundAmount}},
		{"just under large value", AMLInput{Amount: 9_999_99, Currency: USD, Mode: ModeOnline, At: now}, AMLHistory{FirstSeen: old}, nil},
		{"large value SHS", AMLInput{Amount: 120_000_123_00, Currency: SHS, Mode: ModeOnline, At: now}, AMLHistory{FirstSeen: old},
			[]string{RuleLargeValue}},
		{"structuring", AMLInput{Amount: 9_500_00, Currency: USD, Mode: ModeOnline, At: now},
			AMLHistory{Sent: sent(2, 9_400_00, USD, time.Hour), FirstSeen: old}, []string{RuleStructuring}},
		{"two near-threshold transfers are not structuring", AMLInput{Amount: 9_500_00, Currency: USD, Mode: ModeOnline, At: now},
			AMLHistory{Sent: sent(1, 9_400_00, USD, time.Hour), FirstSeen: old}, nil},
		{"near-threshold transfers outside the window", AMLInput{Amount: 9_500_00, Currency: USD, Mode: ModeOnline, At: now},
			AMLHistory{Sent: sent(2, 9_400_00, USD, 25*time.Hour), FirstSeen: old}, nil},
		{"velocity", AMLInput{Amount: 10_00, Currency: USD, Mode: ModeOnline, At: now},
			AMLHistory{Sent: sent(9, 10_00, USD, 5*time.Minute), FirstSeen: old}, []string{RuleVelocity}},
		{"nine in an hour is not velocity", AMLInput{Amount: 10_00, Currency: USD, Mode: ModeOnline, At: now},
			AMLHistory{Sent: sent(8, 10_00, USD, 5*time.Minute), FirstSeen: old}, nil},
		{"round amount", AMLInput{Amount: 3_000_00, Currency: USD, Mode: ModeOnline, At: now}, AMLHistory{FirstSeen: old},
			[]string{RuleRoundAmount}},
		{"not round", AMLInput{Amount: 3_000_50, Currency: USD, Mode: ModeOnline, At: now}, AMLHistory{FirstSeen: old}, nil},
		{"rapid pass-through", AMLInput{Amount: 2_000_10, Currency: USD, Mode: ModeOnline, At: now},
			AMLHistory{ReceivedUSD: 1_900_00, FirstSeen: old}, []string{RulePassThrough}},
		{"received too little to be pass-through", AMLInput{Amount: 2_000_10, Currency: USD, Mode: ModeOnline, At: now},
			AMLHistory{ReceivedUSD: 1_000_00, FirstSeen: old}, nil},
		{"high-value offline", AMLInput{Amount: 1_500_25, Currency: USD, Mode: ModeOffline, At: now}, AMLHistory{FirstSeen: old},
			[]string{RuleOfflineHighValue}},
		{"high-value online is not offline", AMLInput{Amount: 1_500_25, Currency: USD, Mode: ModeOnline, At: now}, AMLHistory{FirstSeen: old}, nil},
		{"new wallet first-day volume", AMLInput{Amount: 3_000_25, Currency: USD, Mode: ModeOnline, At: now},
			AMLHistory{Sent: sent(1, 2_500_00, USD, time.Hour), FirstSeen: ago(2 * time.Hour)}, []string{RuleNewWalletVolume}},
		{"old wallet same volume", AMLInput{Amount: 3_000_25, Currency: USD, Mode: ModeOnline, At: now},
			AMLHistory{Sent: sent(1, 2_500_00, USD, time.Hour), FirstSeen: old}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := ScoreAML(tt.in, tt.h, th)
			got := map[string]bool{}
			sum := 0
			for _, r := range res.Rules {
				got[r.Rule] = true
				sum += r.Weight
				if r.Evidence == "" {
					t.Errorf("%s fired without evidence", r.Rule)
				}
			}
			if len(got) != len(tt.fires) {
				t.Fatalf("fired %v, want %v", res.Rules, tt.fires)
			}
			for _, f := range tt.fires {
				if !got[f] {
					t.Errorf("%s did not fire; fired %v", f, res.Rules)
				}
			}
			if res.Score != min(sum, 100) || res.RuleVersion != th.Version {
				t.Errorf("score %d for weights %d, version %d", res.Score, sum, res.RuleVersion)
			}
		})
	}
}

func TestAMLLevels(t *testing.T) {
	th := DefaultAMLThresholds()
	now := time.Now()
	// Structuring alone (70) is high risk.
	res := ScoreAML(AMLInput{Amount: 9_500_00, Currency: USD, Mode: ModeOnline, At: now},
		AMLHistory{Sent: []PastTransfer{{9_400_00, USD, now.Add(-time.Hour)}, {9_300_00, USD, now.Add(-2 * time.Hour)}},
			FirstSeen: now.AddDate(0, -1, 0)}, th)
	if res.Score != 70 || res.Level != "high" || !res.HighRisk() || res.AlertSeverity(th) != "high" {
		t.Fatalf("got %+v", res)
	}
	res = ScoreAML(AMLInput{Amount: 10_000_00, Currency: USD, Mode: ModeOnline, At: now}, AMLHistory{FirstSeen: now.AddDate(0, -1, 0)}, th)
	if res.Score != 50 || res.Level != "medium" || res.HighRisk() {
		t.Fatalf("large round value: %+v", res)
	}
	res = ScoreAML(AMLInput{Amount: 20_000_00, Currency: USD, Mode: ModeOffline, At: now},
		AMLHistory{ReceivedUSD: 20_000_00}, th) // 40+10+30+20+20 = 120 → 100
	if res.Score != 100 || res.AlertSeverity(th) != "critical" {
		t.Fatalf("everything at once: %+v", res)
	}
}
