package domain

import (
	_ "embed"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// commonPasswordList is the bundled list of the most common passwords (see the file's header);
// it ships inside the binary so that no check depends on the network.
//
//go:embed common-passwords.txt
var commonPasswordList string

var commonOnce = sync.OnceValue(func() map[string]struct{} {
	m := make(map[string]struct{}, 16_000)
	for line := range strings.Lines(commonPasswordList) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			m[line] = struct{}{}
		}
	}
	return m
})

func commonPasswords() map[string]struct{} { return commonOnce() }

// CheckPassword returns why a password is unacceptable, or nil when it is fine. Following NIST SP
// 800-63B it checks length (8 to 128 characters), refuses the bundled list of common passwords
// whatever their case, and refuses a password that is the account's own email, the email's local
// part or its name (personal: the email address and names of the account, where known). There
// are no composition rules: they make passwords harder to remember, not to guess.
func CheckPassword(p string, personal ...string) *Fault {
	switch n := utf8.RuneCountInString(p); {
	case p == "":
		return fault(CodePasswordRequired)
	case n < MinPasswordLen:
		return fault(CodePasswordTooShort)
	case n > MaxPasswordLen:
		return fault(CodePasswordTooLong)
	}
	folded := foldPassword(p)
	if _, ok := commonPasswords()[strings.ToLower(p)]; ok {
		return fault(CodePasswordCommon)
	}
	if _, ok := commonPasswords()[folded]; ok {
		return fault(CodePasswordCommon)
	}
	var names []string
	for _, v := range personal {
		if v = strings.TrimSpace(v); v == "" {
			continue
		}
		if local, _, ok := strings.Cut(v, "@"); ok {
			if f := foldPassword(local); f == folded {
				return fault(CodePasswordPersonal)
			}
		}
		if foldPassword(v) == folded {
			return fault(CodePasswordPersonal)
		}
		if !strings.Contains(v, "@") {
			names = append(names, v)
		}
	}
	if len(names) > 1 {
		for _, order := range [][]string{names, reverse(names)} {
			if foldPassword(strings.Join(order, "")) == folded {
				return fault(CodePasswordPersonal)
			}
		}
	}
	return nil
}

// foldPassword lower-cases and drops spaces and punctuation, so "Warsame Amina" and
// "warsame.amina" compare equal to "warsameamina".
func foldPassword(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '@' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func reverse(s []string) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[len(s)-1-i] = v
	}
	return out
}
