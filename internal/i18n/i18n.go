// Package i18n is the server's message catalogue: what the server itself writes for a person to
// read (error messages, the access-code SMS and e-mail, report headings), in English, Somali and
// French. Messages are found by a stable code and take named parameters, so that clients can rely
// on the code and people read the text in their own language. It does no I/O and knows nothing of
// the domain, so every package can use it.
package i18n

import (
	"sort"
	"strconv"
	"strings"
)

// Lang is a language the server writes in.
type Lang string

// The languages of the catalogue; English is the fallback for every other language and for a
// message a language lacks.
const (
	EN Lang = "en"
	SO Lang = "so"
	FR Lang = "fr"
)

// Langs are the catalogue's languages, the fallback first.
var Langs = []Lang{EN, SO, FR}

// Match answers the catalogue language of a language tag ("so", "so-SO", "FR-fr") and whether the
// tag named one; anything else is English, so an unknown language never fails a request.
func Match(tag string) (Lang, bool) {
	base, _, _ := strings.Cut(strings.TrimSpace(tag), "-")
	base, _, _ = strings.Cut(base, "_")
	for _, l := range Langs {
		if strings.EqualFold(base, string(l)) {
			return l, true
		}
	}
	return EN, false
}

// FromAcceptLanguage answers the catalogue language an Accept-Language header prefers most (by
// its q-values, in order on ties), or English when it names none of them.
func FromAcceptLanguage(header string) Lang {
	best, bestQ := EN, 0.0
	for _, part := range strings.Split(header, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q="); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil || f < 0 || f > 1 {
				continue
			}
			q = f
		}
		if l, ok := Match(tag); ok && q > bestQ {
			best, bestQ = l, q
		}
	}
	return best
}

// Args are a message's named parameters, written {name} in its templates.
type Args map[string]string

// text is one message in every language of the catalogue.
type text struct{ en, so, fr string }

// T answers the message with the given code in lang, its {name} parameters filled from args.
// A language that lacks the message falls back to English; an unknown code answers "" and false.
func T(lang Lang, code string, args Args) (string, bool) {
	m, ok := catalog[code]
	if !ok {
		return "", false
	}
	s := m.en
	switch {
	case lang == SO && m.so != "":
		s = m.so
	case lang == FR && m.fr != "":
		s = m.fr
	}
	return fill(s, lang, args), true
}

// LabelArg is the parameter that names a field in a message ("{label} is required"): its value
// is the catalogue code of the field's name, written in the message's language.
const LabelArg = "label"

// fill replaces each {name} in s by args[name] (the label by its text in lang); a name without a
// value is left as written, so a missing parameter shows instead of vanishing.
func fill(s string, lang Lang, args Args) string {
	if len(args) == 0 || !strings.Contains(s, "{") {
		return s
	}
	pairs := make([]string, 0, 2*len(args))
	for k, v := range args {
		if k == LabelArg {
			if name, ok := T(lang, v, nil); ok {
				v = name
			}
		}
		pairs = append(pairs, "{"+k+"}", v)
	}
	return strings.NewReplacer(pairs...).Replace(s)
}

// Codes answers every code of the catalogue, sorted, for the tests that walk it.
func Codes() []string {
	out := make([]string, 0, len(catalog))
	for c := range catalog {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// Text answers the raw templates of a code in each language ("" where one is missing), for the
// tests that check the catalogue is complete and its parameters agree.
func Text(code string) map[Lang]string {
	m := catalog[code]
	return map[Lang]string{EN: m.en, SO: m.so, FR: m.fr}
}
