package domain

import "time"

// AML rule names, stored with each transaction's score so an analyst sees why it was flagged.
const (
	RuleLargeValue       = "large_value"
	RuleStructuring      = "structuring"
	RuleVelocity         = "velocity"
	RuleRoundAmount      = "round_amount"
	RulePassThrough      = "rapid_pass_through"
	RuleOfflineHighValue = "offline_high_value"
	RuleNewWalletVolume  = "new_wallet_volume"
)

// AMLThresholds configure the AML rules. Amounts are in minor units of the named currency, or
// in USD minor units where the rule compares across currencies. Version identifies the rule set
// that scored a transaction.
type AMLThresholds struct {
	Version int `json:"version"`
	// Large value: at or above this amount, per currency.
	LargeValue map[Currency]Minor `json:"largeValue"`
	// Structuring: StructuringCount or more transfers by one sender within StructuringWindow,
	// each between StructuringFloorPct % of the large-value threshold and the threshold itself.
	StructuringCount    int           `json:"structuringCount"`
	StructuringWindow   time.Duration `json:"structuringWindow"`
	StructuringFloorPct int           `json:"structuringFloorPct"`
	// Velocity: VelocityCount or more transfers by one sender within VelocityWindow.
	VelocityCount  int           `json:"velocityCount"`
	VelocityWindow time.Duration `json:"velocityWindow"`
	// Round amounts: whole multiples of RoundUnit, per currency.
	RoundUnit map[Currency]Minor `json:"roundUnit"`
	// Rapid pass-through: the sender received at least PassThroughPct % of this amount within
	// PassThroughWindow before sending it on, for amounts of at least PassThroughMinUSD.
	PassThroughWindow time.Duration `json:"passThroughWindow"`
	PassThroughPct    int           `json:"passThroughPct"`
	PassThroughMinUSD Minor         `json:"passThroughMinUsd"`
	// High-value offline/USSD: offline transfers of at least this many USD minor units.
	OfflineHighValueUSD Minor `json:"offlineHighValueUsd"`
	// New wallet: a sender first seen within NewWalletAge moving at least NewWalletVolumeUSD.
	NewWalletAge       time.Duration `json:"newWalletAge"`
	NewWalletVolumeUSD Minor         `json:"newWalletVolumeUsd"`
	// Weights per rule; the score is their sum, at most 100.
	Weights map[string]int `json:"weights"`
	// Risk levels: medium from MediumAt, high from HighAt; alerts are critical from CriticalAt.
	MediumAt   int `json:"mediumAt"`
	HighAt     int `json:"highAt"`
	CriticalAt int `json:"criticalAt"`
}

// DefaultAMLThresholds are version 1 of the rules: the large-value line at 10,000 USD (and its
// SHS equivalent) follows common cash-transaction reporting practice. Structuring alone is high
// risk, because splitting payments to stay under the line has no innocent purpose; a large
// payment alone is only medium. The rest are starting points a supervisor tunes.
func DefaultAMLThresholds() AMLThresholds {
	return AMLThresholds{
		Version:             1,
		LargeValue:          map[Currency]Minor{USD: 10_000_00, SHS: 10_000 * SHSPerUSD * 100},
		StructuringCount:    3,
		StructuringWindow:   24 * time.Hour,
		StructuringFloorPct: 80,
		VelocityCount:       10,
		VelocityWindow:      time.Hour,
		RoundUnit:           map[Currency]Minor{USD: 1_000_00, SHS: 1_000_000_00},
		PassThroughWindow:   15 * time.Minute,
		PassThroughPct:      80,
		PassThroughMinUSD:   500_00,
		OfflineHighValueUSD: 1_000_00,
		NewWalletAge:        24 * time.Hour,
		NewWalletVolumeUSD:  5_000_00,
		Weights: map[string]int{RuleLargeValue: 40, RuleStructuring: 70, RuleVelocity: 25, RuleRoundAmount: 10,
			RulePassThrough: 30, RuleOfflineHighValue: 20, RuleNewWalletVolume: 20},
		MediumAt: 40, HighAt: 70, CriticalAt: 90,
	}
}

// PastTransfer is one of a sender's earlier transfers.
type PastTransfer struct {
	Amount   Minor
	Currency Currency
	At       time.Time
}

// AMLHistory is what the rules need to know about the sender beyond the transfer itself; the
// store reads it inside the transfer's own database transaction.
type AMLHistory struct {
	// Sent are the sender's transfers within the longest rule window, newest first.
	Sent []PastTransfer
	// ReceivedUSD is what the sender received within the pass-through window, in USD minor units.
	ReceivedUSD Minor
	// FirstSeen is when the sender's number first appeared in any transaction; zero if never.
	FirstSeen time.Time
}

// AMLInput is the transfer being scored.
type AMLInput struct {
	Amount   Minor
	Currency Currency
	Mode     string // online, offline or ussd
	At       time.Time
}

// RuleHit is one rule that fired, with the evidence an analyst needs: Params are the facts,
// from which every language's sentence is built (alerttext.go); Evidence is that sentence in
// English, kept for the API's existing readers and the exports.
type RuleHit struct {
	Rule     string      `json:"rule"`
	Weight   int         `json:"weight"`
	Evidence string      `json:"evidence"`
	Params   AlertParams `json:"params"`
}

// AMLResult is a transaction's risk: score 0–100, level and the rules that fired.
type AMLResult struct {
	Score       int       `json:"score"`
	Level       string    `json:"level"`
	Rules       []RuleHit `json:"rules"`
	RuleVersion int       `json:"ruleVersion"`
}

// HighRisk reports whether the result calls for an alert.
func (r AMLResult) HighRisk() bool { return r.Level == "high" }

// AlertSeverity maps a high-risk score to the alert's severity.
func (r AMLResult) AlertSeverity(th AMLThresholds) string {
	if r.Score >= th.CriticalAt {
		return "critical"
	}
	return "high"
}

// ScoreAML applies every rule to a transfer and its sender's history. It is pure: the same
// input always gives the same score, which is what makes a backtest of new thresholds honest.
func ScoreAML(in AMLInput, h AMLHistory, th AMLThresholds) AMLResult {
	res := AMLResult{Rules: []RuleHit{}, RuleVersion: th.Version}
	hit := func(rule string, p AlertParams) {
		res.Rules = append(res.Rules, RuleHit{Rule: rule, Weight: th.Weights[rule], Evidence: RuleEvidence(rule, p), Params: p})
		res.Score += th.Weights[rule]
	}
	usd := USDMinor(in.Amount, in.Currency)
	large := th.LargeValue[in.Currency]

	if large > 0 && in.Amount >= large {
		hit(RuleLargeValue, AlertParams{AmountMinor: in.Amount, Currency: in.Currency, ThresholdMinor: large})
	}

	// Structuring: amounts kept just under the threshold, repeatedly.
	inBand := func(a Minor, c Currency) bool {
		t := th.LargeValue[c]
		return t > 0 && a < t && a*100 >= t*Minor(th.StructuringFloorPct)
	}
	if inBand(in.Amount, in.Currency) {
		n := 1
		for _, p := range h.Sent {
			if in.At.Sub(p.At) <= th.StructuringWindow && inBand(p.Amount, p.Currency) {
				n++
			}
		}
		if n >= th.StructuringCount {
			hit(RuleStructuring, AlertParams{AmountMinor: in.Amount, Currency: in.Currency, ThresholdMinor: large, Count: n,
				Percent: th.StructuringFloorPct, WindowSeconds: seconds(th.StructuringWindow)})
		}
	}

	recent := 1
	var dayVolume Minor = usd
	for _, p := range h.Sent {
		if in.At.Sub(p.At) <= th.VelocityWindow {
			recent++
		}
		if in.At.Sub(p.At) <= th.NewWalletAge {
			dayVolume += USDMinor(p.Amount, p.Currency)
		}
	}
	if recent >= th.VelocityCount {
		hit(RuleVelocity, AlertParams{Count: recent, WindowSeconds: seconds(th.VelocityWindow)})
	}

	if unit := th.RoundUnit[in.Currency]; unit > 0 && in.Amount >= unit && in.Amount%unit == 0 {
		hit(RuleRoundAmount, AlertParams{AmountMinor: in.Amount, Currency: in.Currency, ThresholdMinor: unit})
	}

	if usd >= th.PassThroughMinUSD && h.ReceivedUSD*100 >= usd*Minor(th.PassThroughPct) {
		hit(RulePassThrough, AlertParams{AmountMinor: usd, Currency: USD, ReceivedMinor: h.ReceivedUSD,
			WindowSeconds: seconds(th.PassThroughWindow)})
	}

	if in.Mode != ModeOnline && usd >= th.OfflineHighValueUSD {
		hit(RuleOfflineHighValue, AlertParams{AmountMinor: usd, Currency: USD, Mode: in.Mode, ThresholdMinor: th.OfflineHighValueUSD})
	}

	if (h.FirstSeen.IsZero() || in.At.Sub(h.FirstSeen) <= th.NewWalletAge) && dayVolume >= th.NewWalletVolumeUSD {
		p := AlertParams{AmountMinor: dayVolume, Currency: USD, WindowSeconds: seconds(th.NewWalletAge)}
		if !h.FirstSeen.IsZero() {
			first, age := h.FirstSeen.UTC(), seconds(in.At.Sub(h.FirstSeen))
			p.FirstSeen, p.AgeSeconds = &first, &age
		}
		hit(RuleNewWalletVolume, p)
	}

	res.Score = min(res.Score, 100)
	switch {
	case res.Score >= th.HighAt:
		res.Level = "high"
	case res.Score >= th.MediumAt:
		res.Level = "medium"
	default:
		res.Level = "low"
	}
	return res
}

// Window is the longest history the rules look at.
func (th AMLThresholds) Window() time.Duration {
	return max(th.StructuringWindow, th.VelocityWindow, th.NewWalletAge)
}
