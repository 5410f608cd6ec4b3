package domain

import (
	"crypto/rand"
	"math/big"
	"time"
)

// Human-facing references are generated from a cryptographically secure source, so they can be
// neither guessed nor enumerated.
const refAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789" // no 0/O or 1/I to misread

func randomString(alphabet string, n int) string {
	b := make([]byte, n)
	max := big.NewInt(int64(len(alphabet)))
	for i := range b {
		v, err := rand.Int(rand.Reader, max)
		if err != nil {
			panic("domain: crypto/rand failed: " + err.Error())
		}
		b[i] = alphabet[v.Int64()]
	}
	return string(b)
}

// NewTransactionID returns a transaction reference such as TXN-20261122-7QK4M2ZP9A (50 bits of
// randomness per day).
func NewTransactionID(at time.Time) string {
	return "TXN-" + at.UTC().Format("20060102") + "-" + randomString(refAlphabet, 10)
}

// NewNPSSReference returns a national payment switch reference such as NPSS4829301746519283.
func NewNPSSReference() string { return "NPSS" + randomString("0123456789", 16) }

// NormalizeAccount removes spaces from a wallet or account number so that one wallet written
// two ways is one wallet to the AML rules and to search.
func NormalizeAccount(s string) string {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' {
			out = append(out, s[i])
		}
	}
	return string(out)
}
