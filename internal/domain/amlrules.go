package domain

import (
	"fmt"
	"time"
)

// Validate checks that thresholds make sense before anyone may propose them: positive amounts
// and windows, weights from 0 to 100, and risk levels in order.
func (th AMLThresholds) Validate() error {
	f := map[string]Fault{}
	for _, c := range []Currency{USD, SHS} {
		if th.LargeValue[c] <= 0 {
			f["largeValue"+string(c)] = F(CodeAboveZero)
		}
		if th.RoundUnit[c] <= 0 {
			f["roundUnit"+string(c)] = F(CodeAboveZero)
		}
	}
	windows := map[string]time.Duration{"structuringWindow": th.StructuringWindow, "velocityWindow": th.VelocityWindow,
		"passThroughWindow": th.PassThroughWindow, "newWalletAge": th.NewWalletAge}
	for k, d := range windows {
		if d < time.Minute || d > 7*24*time.Hour {
			f[k] = F(CodeWindowRange)
		}
	}
	counts := map[string]int{"structuringCount": th.StructuringCount, "velocityCount": th.VelocityCount}
	for k, n := range counts {
		if n < 2 || n > 1000 {
			f[k] = F(CodeRange, "min", "2", "max", "1000")
		}
	}
	for k, p := range map[string]int{"structuringFloorPct": th.StructuringFloorPct, "passThroughPct": th.PassThroughPct} {
		if p < 1 || p > 100 {
			f[k] = F(CodeRange, "min", "1", "max", "100")
		}
	}
	for k, m := range map[string]Minor{"passThroughMinUsd": th.PassThroughMinUSD, "offlineHighValueUsd": th.OfflineHighValueUSD,
		"newWalletVolumeUsd": th.NewWalletVolumeUSD} {
		if m <= 0 {
			f[k] = F(CodeAboveZero)
		}
	}
	for _, rule := range []string{RuleLargeValue, RuleStructuring, RuleVelocity, RuleRoundAmount, RulePassThrough,
		RuleOfflineHighValue, RuleNewWalletVolume} {
		if w, ok := th.Weights[rule]; !ok || w < 0 || w > 100 {
			f["weights."+rule] = F(CodeRange, "min", "0", "max", "100")
		}
	}
	if !(0 < th.MediumAt && th.MediumAt < th.HighAt && th.HighAt <= th.CriticalAt && th.CriticalAt <= 100) {
		f["levels"] = F(CodeRiskLevels)
	}
	if len(f) > 0 {
		return Invalid(CodeThresholdsInvalid, f)
	}
	return nil
}

// BacktestTx is a stored transaction as a backtest replays it.
type BacktestTx struct {
	Sender, Recipient string
	Amount            Minor
	Currency          Currency
	Mode              string
	At                time.Time
}

// Backtest replays transactions in time order, scoring each under two rule sets with the
// history the replay itself builds, so both sets see exactly the same facts. Histories start at
// the first replayed transaction, so "new wallet" is judged within the replayed period.
type Backtest struct {
	a, b       AMLThresholds
	sent       map[string][]PastTransfer
	received   map[string][]PastTransfer
	first      map[string]time.Time
	Counts     map[string]map[string]int // "current"/"proposed" → level → count
	Total      int
	keepWindow time.Duration
}

// NewBacktest compares current with proposed.
func NewBacktest(current, proposed AMLThresholds) *Backtest {
	return &Backtest{a: current, b: proposed, sent: map[string][]PastTransfer{}, received: map[string][]PastTransfer{},
		first: map[string]time.Time{}, Counts: map[string]map[string]int{"current": {}, "proposed": {}},
		keepWindow: max(current.Window(), proposed.Window(), current.PassThroughWindow, proposed.PassThroughWindow)}
}

// Add scores one transaction under both rule sets and then adds it to the histories.
func (bt *Backtest) Add(t BacktestTx) {
	for name, th := range map[string]AMLThresholds{"current": bt.a, "proposed": bt.b} {
		h := AMLHistory{FirstSeen: bt.first[t.Sender]}
		for _, p := range bt.sent[t.Sender] {
			if t.At.Sub(p.At) <= th.Window() {
				h.Sent = append(h.Sent, p)
			}
		}
		for _, p := range bt.received[t.Sender] {
			if t.At.Sub(p.At) <= th.PassThroughWindow {
				h.ReceivedUSD += USDMinor(p.Amount, p.Currency)
			}
		}
		res := ScoreAML(AMLInput{Amount: t.Amount, Currency: t.Currency, Mode: t.Mode, At: t.At}, h, th)
		bt.Counts[name][res.Level]++
	}
	bt.Total++
	p := PastTransfer{Amount: t.Amount, Currency: t.Currency, At: t.At}
	bt.sent[t.Sender] = prune(append(bt.sent[t.Sender], p), t.At, bt.keepWindow)
	bt.received[t.Recipient] = prune(append(bt.received[t.Recipient], p), t.At, bt.keepWindow)
	for _, who := range []string{t.Sender, t.Recipient} {
		if _, ok := bt.first[who]; !ok {
			bt.first[who] = t.At
		}
	}
}

func prune(list []PastTransfer, now time.Time, keep time.Duration) []PastTransfer {
	i := 0
	for i < len(list) && now.Sub(list[i].At) > keep {
		i++
	}
	return list[i:]
}

// String summarises the comparison.
func (bt *Backtest) String() string {
	return fmt.Sprintf("%d transactions: high risk %d now, %d proposed", bt.Total, bt.Counts["current"]["high"], bt.Counts["proposed"]["high"])
}
