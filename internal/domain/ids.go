package domain

import (
	"crypto/rand"
	"fmt"
	"math/big"
	"time"
)

// Human-facing references are generated from a cryptographically secure source, so they can be
// neither guessed nor enumerated. Each begins with the moment it was made, to the tenth of a
// second, and only then its random part: a reference sorts after those of every earlier tenth of
// a second, so the unique index on it grows at its end, like the index on the creation time, instead of at a
// random place of the whole index. Random keys made each transfer rewrite a page of the index
// picked at random, a tenth of the bytes a transfer writes and of the portal's CPU per transfer
// (docs/PERFORMANCE.md, "Tenth session: references in time order"). The time adds nothing to
// what a reader learns (the transaction shows its creation time beside it); the random part
// behind it is larger than the one it replaced per moment, so a guess finds a reference no more
// often than before (docs/SECURITY.md, "References").
//
// The alphabet, without 0/O or 1/I to misread, is in byte order so that its base-32 time digits
// sort as the time does (identifiers compare byte by byte on both databases).
const refAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

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

// tenthsOfDay is the number of whole tenths of a second since the UTC day of at began
// (0 to 863,999).
func tenthsOfDay(at time.Time) int {
	at = at.UTC()
	midnight := time.Date(at.Year(), at.Month(), at.Day(), 0, 0, 0, 0, time.UTC)
	return int(at.Sub(midnight) / (100 * time.Millisecond))
}

// NewTransactionID returns a transaction reference such as TXN-20261122-C7QKM2ZP9AXR: the UTC
// date, four base-32 digits of the tenth of a second within it, then 40 random bits.
func NewTransactionID(at time.Time) string {
	b := []byte("TXN-" + at.UTC().Format("20060102") + "-0000")
	for i, t := len(b)-1, tenthsOfDay(at); i >= len(b)-4; i, t = i-1, t/32 {
		b[i] = refAlphabet[t%32]
	}
	return string(b) + randomString(refAlphabet, 8)
}

// NewNPSSReference returns a national payment switch reference such as
// NPSS2611224312054829301746: the UTC date (YYMMDD), the tenth of a second within it (six
// digits), then ten random digits.
func NewNPSSReference(at time.Time) string {
	at = at.UTC()
	return "NPSS" + at.Format("060102") + fmt.Sprintf("%06d", tenthsOfDay(at)) + randomString("0123456789", 10)
}

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
