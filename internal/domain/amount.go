package domain

import (
	"encoding/json"
	"strings"
)

// Amount messages: the spec's (001 §5) for amounts not above zero, and two that say what else is
// wrong, so an institution whose feed writes "1_000" or "0x10" learns how to write it.
var (
	MsgAmount         = F(CodeAmountNotPositive).Message
	MsgAmountFormat   = F(CodeAmountFormat).Message
	MsgAmountTooLarge = F(CodeAmountTooLarge).Message
)

// maxAmount bounds a single transfer or reported transaction (10^13 minor units): far above any
// real payment, far below overflow.
const maxAmount Minor = 10_000_000_000_000

// maxAmountDigits bounds the integer part ParseAmount reads, so that the value times 100 always
// fits in an int64.
const maxAmountDigits = 15

// DecimalString is an amount as JSON: "12.50" or 12.50, read exactly into text without going
// through float64. A JSON string is unescaped; a JSON number is kept as written. Either then has
// to be a plain decimal number (ParseAmount), so strings and numbers follow one grammar. Other
// JSON values are kept as their text, which no amount matches, so the caller reports the amount
// field with every other fault at once.
type DecimalString string

// UnmarshalJSON implements json.Unmarshaler.
func (d *DecimalString) UnmarshalJSON(b []byte) error {
	s := strings.TrimSpace(string(b))
	switch {
	case s == "null":
		*d = ""
	case strings.HasPrefix(s, `"`):
		var text string
		if err := json.Unmarshal(b, &text); err != nil {
			return err
		}
		*d = DecimalString(text)
	default:
		// Another JSON value (a number, or an object a client sent by mistake) is kept as its text
		// for validation to refuse by name; bytes that are not UTF-8 become U+FFFD, as they would
		// in any string this text is written back into (FuzzDecodeJSON found the round trip differ).
		*d = DecimalString(strings.ToValidUTF8(s, "\uFFFD"))
	}
	return nil
}

// plainDecimal reports whether s is a plain decimal number: ASCII digits without a leading zero
// (a lone 0 before the point is fine), then optionally a point and one or two digits. No sign,
// spaces, exponent, underscores, separators, base prefixes or hexadecimal floats (finding 6 of
// issue 14: big.Rat read "0x10", "0b101", "0o17", "1_000" and "0x1p4"). It also returns the
// integer digits and the (padded) two decimal digits.
func plainDecimal(s string) (whole, cents string, ok bool) {
	whole, frac, hasPoint := strings.Cut(s, ".")
	if whole == "" || !allDigits(whole) || (len(whole) > 1 && whole[0] == '0') {
		return "", "", false
	}
	if hasPoint && (len(frac) < 1 || len(frac) > 2 || !allDigits(frac)) {
		return "", "", false
	}
	return whole, (frac + "00")[:2], true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// ParseAmount reads a plain decimal number (see plainDecimal) into minor units. Zero is an
// amount here (a search filter may use it); CheckAmount is the rule for a payment's amount.
func ParseAmount(s string) (Minor, bool) {
	whole, cents, ok := plainDecimal(s)
	if !ok || len(whole) > maxAmountDigits {
		return 0, false
	}
	var m Minor
	for _, c := range whole + cents {
		m = m*10 + Minor(c-'0')
	}
	return m, true
}

// CheckAmount is the rule for the amount of a transfer or a reported transaction: a plain
// decimal number from 0.01 to 100000000000.00. It returns the amount, or the field message
// saying why it is refused ("" when it is not).
func CheckAmount(s string) (Minor, string) {
	m, f := AmountFault(s)
	if f != nil {
		return 0, f.Message
	}
	return m, ""
}

// AmountFault is CheckAmount with the fault's code, for an error answer.
func AmountFault(s string) (Minor, *Fault) {
	whole, _, ok := plainDecimal(strings.TrimPrefix(s, "-"))
	switch {
	case !ok:
		return 0, fault(CodeAmountFormat)
	case strings.HasPrefix(s, "-"):
		return 0, fault(CodeAmountNotPositive)
	case len(whole) > maxAmountDigits:
		return 0, fault(CodeAmountTooLarge)
	}
	m, _ := ParseAmount(s)
	switch {
	case m < 1:
		return 0, fault(CodeAmountNotPositive)
	case m > maxAmount:
		return 0, fault(CodeAmountTooLarge)
	}
	return m, nil
}
