package domain

import (
	"fmt"
	"strconv"
)

// Currency is one of the two currencies of the payment system.
type Currency string

// The currencies (spec 000 §9: default SHS).
const (
	SHS Currency = "SHS"
	USD Currency = "USD"
)

// SHSPerUSD is the conversion rate the spec fixes for the fee cap (150 USD = 1,725,000 SHS); the
// summary figures use it too, to add SHS and USD volumes.
const SHSPerUSD = 11500

// Minor is an amount in minor units (cents). Money is never a float.
type Minor int64

// String renders the amount as a decimal with two places ("1234.50"), the JSON form of money.
func (m Minor) String() string {
	sign := ""
	if m < 0 {
		sign, m = "-", -m
	}
	return fmt.Sprintf("%s%d.%02d", sign, m/100, m%100)
}

// USDMinor converts an amount in cur to USD minor units, rounding half away from zero.
func USDMinor(m Minor, cur Currency) Minor {
	if cur == USD {
		return m
	}
	return (m + SHSPerUSD/2) / SHSPerUSD
}

// CompactUSD formats a USD amount the way the overview figures show it: "$1.8M", "$58.0K",
// "$950", "$2.1B".
func CompactUSD(m Minor) string {
	dollars := float64(m) / 100 // display only: the amount itself stays integral
	switch {
	case dollars >= 1e9:
		return "$" + strconv.FormatFloat(dollars/1e9, 'f', 1, 64) + "B"
	case dollars >= 1e6:
		return "$" + strconv.FormatFloat(dollars/1e6, 'f', 1, 64) + "M"
	case dollars >= 1e3:
		return "$" + strconv.FormatFloat(dollars/1e3, 'f', 1, 64) + "K"
	}
	return "$" + strconv.FormatFloat(dollars, 'f', 0, 64)
}

// MaskAccount hides all but the last three characters of a wallet or account number, for readers
// (guests) who may see that payments happen but not who made them.
func MaskAccount(s string) string {
	r := []rune(s)
	if len(r) <= 3 {
		return "•••"
	}
	return "•••" + string(r[len(r)-3:])
}
