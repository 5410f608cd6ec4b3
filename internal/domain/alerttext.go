package domain

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// AlertSanctionsMatch is the code of an alert raised when a party matches a sanctions list entry;
// its params are Ref, Alias, Score and Names. Every AML rule's name (RuleLargeValue, ...) is the
// code of the alerts that rule leads.
const AlertSanctionsMatch = "sanctions_match"

// AlertParams are the facts behind an alert or one of its rules, stored as JSON next to the
// alert's code. The web app builds each language's sentence from the code and these facts, so
// the stored English text (AlertText) is only for the API's existing readers and the exports.
// Amounts are in minor units of Currency; windows and ages in seconds; every field a rule does
// not use is left out of the JSON.
type AlertParams struct {
	AmountMinor    Minor    `json:"amountMinor,omitempty"`
	Currency       Currency `json:"currency,omitempty"`
	ThresholdMinor Minor    `json:"thresholdMinor,omitempty"`
	ReceivedMinor  Minor    `json:"receivedMinor,omitempty"`
	Count          int      `json:"count,omitempty"`
	Percent        int      `json:"percent,omitempty"`
	WindowSeconds  int64    `json:"windowSeconds,omitempty"`
	Mode           string   `json:"mode,omitempty"`
	// FirstSeen is when a new wallet's number first appeared and AgeSeconds how long before the
	// transfer that was; both are absent for a number never seen before.
	FirstSeen  *time.Time `json:"firstSeen,omitempty"`
	AgeSeconds *int64     `json:"ageSeconds,omitempty"`
	// Score is an AML alert's risk score (0–100) or a sanctions match's score.
	Score float64 `json:"score,omitempty"`
	// Rules are, on an AML alert, every rule that fired, the leading one first.
	Rules []AlertRule `json:"rules,omitempty"`
	// A sanctions match: the list entry's reference, the alias matched and the names screened.
	Ref   string   `json:"ref,omitempty"`
	Alias string   `json:"alias,omitempty"`
	Names []string `json:"names,omitempty"`
}

// AlertRule is one rule behind an AML alert.
type AlertRule struct {
	Code   string      `json:"code"`
	Params AlertParams `json:"params"`
}

func seconds(d time.Duration) int64 { return int64(d / time.Second) }

// AMLAlert is the code and params of the alert a high-risk result raises for a transfer of
// amount in cur: the code is the rule of the highest weight (the first of equals), and the params
// carry the amount, the score and every rule that fired with its facts, the leading rule first.
func (r AMLResult) AMLAlert(amount Minor, cur Currency) (string, AlertParams) {
	if len(r.Rules) == 0 {
		return "", AlertParams{}
	}
	lead := 0
	for i, h := range r.Rules {
		if h.Weight > r.Rules[lead].Weight {
			lead = i
		}
	}
	p := AlertParams{AmountMinor: amount, Currency: cur, Score: float64(r.Score)}
	p.Rules = append(p.Rules, AlertRule{Code: r.Rules[lead].Rule, Params: r.Rules[lead].Params})
	for i, h := range r.Rules {
		if i != lead {
			p.Rules = append(p.Rules, AlertRule{Code: h.Rule, Params: h.Params})
		}
	}
	return r.Rules[lead].Rule, p
}

// AlertText is an alert's title and description in English, as a supervisor would write them:
// "Large transfer: 14,791.00 USD from a wallet first seen 3 hours before". The web app says the
// same in every language from the code and params (web/src/features/compliance/alertText.ts);
// these are stored for the API's readers that do not, and for exports. An unknown code gives a
// generic title, never an error: codes are added by features the text may not know yet.
func AlertText(code string, p AlertParams) (title, description string) {
	var sentences []string
	for _, r := range p.Rules {
		if s := RuleEvidence(r.Code, r.Params); s != "" {
			sentences = append(sentences, s)
		}
	}
	description = strings.Join(sentences, " ")
	amount := amountText(p.AmountMinor, p.Currency)
	switch code {
	case RuleLargeValue:
		title = "Large transfer: " + amount
	case RuleStructuring:
		title = "Possible structuring: " + amount + " just under the reporting threshold"
	case RuleVelocity:
		title = "Many transfers in a short time: " + amount
		if len(p.Rules) > 0 {
			lead := p.Rules[0].Params
			title = fmt.Sprintf("Many transfers in a short time: %d within %s", lead.Count, DurationText(lead.WindowSeconds))
		}
	case RuleRoundAmount:
		title = "Round-amount transfer: " + amount
	case RulePassThrough:
		title = "Money passed straight through: " + amount
	case RuleOfflineHighValue:
		title = "High-value offline transfer: " + amount
	case RuleNewWalletVolume:
		title = "High volume from a new wallet: " + amount
	case AlertSanctionsMatch:
		title = "Possible sanctions match: " + strings.Join(p.Names, ", ")
		description = fmt.Sprintf("Matches “%s” on sanctions list entry %s (score %s).", p.Alias, p.Ref,
			strconv.FormatFloat(p.Score, 'f', -1, 64))
		return title, description
	default:
		return "Compliance alert", description
	}
	if code != RuleNewWalletVolume {
		for _, r := range p.Rules {
			if r.Code == RuleNewWalletVolume {
				title += " from " + walletText(r.Params)
			}
		}
	}
	return title, description
}

// RuleEvidence is one rule's evidence as an English sentence; "" for an unknown rule.
func RuleEvidence(code string, p AlertParams) string {
	amount, threshold := amountText(p.AmountMinor, p.Currency), amountText(p.ThresholdMinor, p.Currency)
	window := DurationText(p.WindowSeconds)
	switch code {
	case RuleLargeValue:
		return fmt.Sprintf("The amount is at or above the %s large-value threshold.", threshold)
	case RuleStructuring:
		return fmt.Sprintf("%d transfers from this sender within %s were each between %d%% of the %s threshold and the threshold.",
			p.Count, window, p.Percent, threshold)
	case RuleVelocity:
		return fmt.Sprintf("The sender made %d transfers within %s.", p.Count, window)
	case RuleRoundAmount:
		return fmt.Sprintf("The amount is an exact multiple of %s.", threshold)
	case RulePassThrough:
		return fmt.Sprintf("The sender received %s within %s before sending %s on.", amountText(p.ReceivedMinor, p.Currency), window, amount)
	case RuleOfflineHighValue:
		return fmt.Sprintf("%s was sent by %s, at or above the %s limit for offline transfers.", amount, modeText(p.Mode), threshold)
	case RuleNewWalletVolume:
		return fmt.Sprintf("%s moved within %s by %s.", amount, window, walletText(p))
	}
	return ""
}

// walletText names a new wallet by its age: "a wallet first seen 3 hours before", or "a wallet
// never seen before" when this transfer is its first.
func walletText(p AlertParams) string {
	if p.AgeSeconds == nil {
		return "a wallet never seen before"
	}
	return "a wallet first seen " + DurationText(*p.AgeSeconds) + " before"
}

func modeText(mode string) string {
	if mode == "ussd" {
		return "USSD"
	}
	return "an offline channel"
}

// DurationText says a span the way a person does: minutes under an hour, hours under two days,
// then days, each rounded down ("24 hours", "1 minute", "3 days").
func DurationText(secs int64) string {
	n, unit := secs/60, "minute"
	switch {
	case secs >= 48*3600:
		n, unit = secs/86400, "day"
	case secs >= 3600:
		n, unit = secs/3600, "hour"
	}
	if n != 1 {
		unit += "s"
	}
	return strconv.FormatInt(n, 10) + " " + unit
}

// amountText is an amount with thousands separators and its currency, as the web app shows
// money (DESIGN "Money"): cents for USD ("14,791.00 USD"), whole shillings rounded half up for
// SHS ("3,000,000 SHS").
func amountText(m Minor, cur Currency) string {
	s := m.String()
	sign := ""
	if s[0] == '-' {
		sign, s = "-", s[1:]
	}
	whole, frac, _ := strings.Cut(s, ".")
	if cur == SHS {
		n := (max(m, -m) + 50) / 100
		whole, frac = strconv.FormatInt(int64(n), 10), ""
	}
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if frac != "" {
		b.WriteString("." + frac)
	}
	return strings.TrimSpace(sign + b.String() + " " + string(cur))
}

// The reasons a transaction's log gives for not completing (issue 17 part 3): held for AML
// review, or one of FailureReasons its institution reported when it failed or was rejected, or
// ReasonNotStated when the institution said none. The web app says each in the reader's language.
const (
	ReasonAMLHold   = "aml_hold"
	ReasonNotStated = "not_stated"
	// ReasonSanctionsHold: held because a name matched a sanctions list entry strongly (no
	// params: which entry is for regulators only); ReasonSanctionsReleased: released when a
	// regulator dismissed the match as a false positive.
	ReasonSanctionsHold     = "sanctions_hold"
	ReasonSanctionsReleased = "sanctions_released"
)

// FailureReasons are the reasons an institution may give for a failed or rejected transaction
// in its data feed (failureReason).
var FailureReasons = []string{"insufficient_funds", "recipient_unreachable", "limit_exceeded", "operator_unavailable",
	"timeout", "cancelled_by_sender", "invalid_account"}
