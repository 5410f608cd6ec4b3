package domain

import (
	"encoding/json"
	"os"
	"testing"
	"time"
)

// TestAlertText shows the English title and description of each alert code, built from the
// params ScoreAML gives.
func TestAlertText(t *testing.T) {
	th := DefaultAMLThresholds()
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	threeHours := now.Add(-3*time.Hour - 20*time.Minute)
	old := now.Add(-30 * 24 * time.Hour)
	sent := func(n int, amount Minor, every time.Duration) []PastTransfer {
		var out []PastTransfer
		for i := 1; i <= n; i++ {
			out = append(out, PastTransfer{Amount: amount, Currency: USD, At: now.Add(-time.Duration(i) * every)})
		}
		return out
	}
	tests := []struct {
		name        string
		in          AMLInput
		h           AMLHistory
		code        string
		title, desc string
	}{
		{"large value from a new wallet", AMLInput{Amount: 14_791_00, Currency: USD, Mode: ModeOnline, At: now},
			AMLHistory{FirstSeen: threeHours}, RuleLargeValue,
			"Large transfer: 14,791.00 USD from a wallet first seen 3 hours before",
			"The amount is at or above the 10,000.00 USD large-value threshold. 14,791.00 USD moved within 24 hours by a wallet first seen 3 hours before."},
		{"structuring", AMLInput{Amount: 9_500_00, Currency: USD, Mode: ModeOnline, At: now},
			AMLHistory{Sent: sent(2, 9_400_00, time.Hour), FirstSeen: old}, RuleStructuring,
			"Possible structuring: 9,500.00 USD just under the reporting threshold",
			"3 transfers from this sender within 24 hours were each between 80% of the 10,000.00 USD threshold and the threshold."},
		{"velocity", AMLInput{Amount: 10_00, Currency: USD, Mode: ModeOnline, At: now},
			AMLHistory{Sent: sent(11, 10_00, 5*time.Minute), FirstSeen: old}, RuleVelocity,
			"Many transfers in a short time: 12 within 1 hour",
			"The sender made 12 transfers within 1 hour."},
		{"round amount in shillings", AMLInput{Amount: 3_000_000_00, Currency: SHS, Mode: ModeOnline, At: now},
			AMLHistory{FirstSeen: old}, RuleRoundAmount,
			"Round-amount transfer: 3,000,000 SHS",
			"The amount is an exact multiple of 1,000,000 SHS."},
		{"pass-through", AMLInput{Amount: 800_00, Currency: USD, Mode: ModeOnline, At: now},
			AMLHistory{ReceivedUSD: 900_00, FirstSeen: old}, RulePassThrough,
			"Money passed straight through: 800.00 USD",
			"The sender received 900.00 USD within 15 minutes before sending 800.00 USD on."},
		{"offline by USSD", AMLInput{Amount: 1_500_00, Currency: USD, Mode: "ussd", At: now},
			AMLHistory{FirstSeen: old}, RuleOfflineHighValue,
			"High-value offline transfer: 1,500.00 USD",
			"1,500.00 USD was sent by USSD, at or above the 1,000.00 USD limit for offline transfers."},
		{"offline", AMLInput{Amount: 2_000_50, Currency: USD, Mode: ModeOffline, At: now},
			AMLHistory{FirstSeen: old}, RuleOfflineHighValue,
			"High-value offline transfer: 2,000.50 USD",
			"2,000.50 USD was sent by an offline channel, at or above the 1,000.00 USD limit for offline transfers."},
		{"a wallet never seen", AMLInput{Amount: 6_000_00, Currency: USD, Mode: ModeOnline, At: now},
			AMLHistory{}, RuleNewWalletVolume,
			"High volume from a new wallet: 6,000.00 USD",
			"6,000.00 USD moved within 24 hours by a wallet never seen before."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := ScoreAML(tc.in, tc.h, th)
			// Only the rule under test's text matters: score the leading rule regardless of level.
			var lead []RuleHit
			for _, r := range res.Rules {
				if r.Rule == tc.code {
					lead = append([]RuleHit{r}, lead...)
				} else if r.Rule == RuleNewWalletVolume {
					lead = append(lead, r)
				}
			}
			res.Rules = lead
			code, p := res.AMLAlert(tc.in.Amount, tc.in.Currency)
			if code != tc.code {
				t.Fatalf("code %q, want %q (rules %+v)", code, tc.code, res.Rules)
			}
			title, desc := AlertText(code, p)
			if title != tc.title || desc != tc.desc {
				t.Errorf("got\n  %q\n  %q\nwant\n  %q\n  %q", title, desc, tc.title, tc.desc)
			}
		})
	}
}

// TestAlertTextVectors: the English of each case of testdata/alert_texts.json, which the web
// app's tests hold its own English to as well.
func TestAlertTextVectors(t *testing.T) {
	raw, err := os.ReadFile("../../testdata/alert_texts.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []struct {
			Name        string      `json:"name"`
			Code        string      `json:"code"`
			Params      AlertParams `json:"params"`
			Title       string      `json:"title"`
			Description string      `json:"description"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(raw, &file); err != nil || len(file.Cases) == 0 {
		t.Fatalf("%d cases, %v", len(file.Cases), err)
	}
	for _, c := range file.Cases {
		if title, desc := AlertText(c.Code, c.Params); title != c.Title || desc != c.Description {
			t.Errorf("%s: got %q %q", c.Name, title, desc)
		}
	}
}

// TestAlertTextUnknownCode: a code this build does not know gives a generic title, no error.
func TestAlertTextUnknownCode(t *testing.T) {
	if title, desc := AlertText("something_new", AlertParams{}); title != "Compliance alert" || desc != "" {
		t.Errorf("unknown code: %q %q", title, desc)
	}
}

func TestDurationText(t *testing.T) {
	for secs, want := range map[int64]string{0: "0 minutes", 60: "1 minute", 15 * 60: "15 minutes", 3600: "1 hour",
		24 * 3600: "24 hours", 47*3600 + 59*60: "47 hours", 48 * 3600: "2 days", 7 * 86400: "7 days"} {
		if got := DurationText(secs); got != want {
			t.Errorf("DurationText(%d) = %q, want %q", secs, got, want)
		}
	}
}
