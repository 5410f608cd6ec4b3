package sanctions

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Bounds that keep screening cost fixed whatever a caller sends: no real name part is longer than
// maxTokenRunes letters and no real name has more than maxTokens parts, so a pasted paragraph is cut
// rather than allowed to make the token alignment quadratic in its length.
const (
	maxTokenRunes = 32
	maxTokens     = 12
)

// token is one normalised name part. canon is the comparison key (Latin, Somali and Arabic spellings
// of the same name meet here); skel is canon without vowels, the phonetic key used for blocking and,
// for parts transliterated from Arabic script (which writes no short vowels), for scoring too.
type token struct {
	canon  string
	skel   string
	arabic bool   // transliterated from Arabic script without a dictionary spelling
	known  bool   // a name of the dictionary (or an Abd… compound of one): see tokenSim
	form   string // the spelling rules' form before the dictionary, for typos of known names
}

// Normalize returns the normalised tokens of a name: case and diacritics folded, punctuation
// removed, honorifics and particles dropped, compound names joined (Abdi Rahman = Abdirahman) and
// Somali, Arabic-script and English spellings brought to one key (Maxamed = Mohamed = محمد).
func Normalize(name string) []string {
	toks := tokenize(name)
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.canon
	}
	return out
}

// tokenize is Normalize with the phonetic skeleton kept for the index and the scorer.
func tokenize(name string) []token {
	words := splitWords(name)
	toks := tokenizeWords(words, true)
	if len(toks) == 0 { // a name made only of titles ("Sheikh Haji") keeps them
		toks = tokenizeWords(words, false)
	}
	return toks
}

func tokenizeWords(words []word, drop bool) []token {
	var toks []token
	for i := 0; i < len(words) && len(toks) < maxTokens; i++ {
		w := words[i]
		if drop && dropWord(w) {
			continue
		}
		// "Abu Bakr" and "Abubakar" are one name; so are "Abdi Rahman", "Abd al-Rahman" and
		// "Abdirahman". Join the prefix with the part that follows (skipping an article).
		if isAbu(w) || isAbd(w) {
			j := i + 1
			for j < len(words) && isArticle(words[j].folded) {
				j++
			}
			if j < len(words) {
				if t, ok := joinCompound(w, words[j]); ok {
					toks = append(toks, t)
					i = j
					continue
				}
			}
		}
		toks = append(toks, w.token())
	}
	return toks
}

// word is one raw name part before canonicalisation.
type word struct {
	folded string // lower case, diacritics and apostrophes removed (Latin), or Arabic letters only
	arabic bool
}

// splitWords cuts a name at anything that is not a letter or digit, folding Latin letters to ASCII
// and stripping Arabic vowel marks. Apostrophes and the ayn/hamza signs vanish inside a word
// (Sa'id = Said, Ma'alim = Maalim) instead of splitting it.
func splitWords(name string) []word {
	var words []word
	var b strings.Builder
	arabic, n := false, 0
	flush := func() {
		if b.Len() > 0 {
			words = append(words, word{folded: b.String(), arabic: arabic})
		}
		b.Reset()
		arabic, n = false, 0
	}
	for _, r := range name {
		switch {
		case r == '\'' || r == '’' || r == '‘' || r == 'ʿ' || r == 'ʾ' || r == 'ʻ' || r == '`' || r == '´':
			continue
		case isArabicMark(r) || unicode.Is(unicode.Mn, r): // vowel signs and combining accents
			continue
		case isArabicLetter(r):
			if b.Len() > 0 && !arabic {
				flush()
			}
			arabic = true
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if arabic {
				flush()
			}
		default:
			flush()
			continue
		}
		if n >= maxTokenRunes {
			continue
		}
		n++
		if arabic {
			b.WriteRune(r)
			continue
		}
		if f, ok := latinFold[r]; ok {
			b.WriteString(f)
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	flush()
	return words
}

// dropWord reports honorifics and particles that say nothing about who a person is.
func dropWord(w word) bool {
	if w.arabic {
		return arabicParticles[w.folded]
	}
	return honorifics[w.folded] || isArticle(w.folded)
}

func isArticle(s string) bool { return s == "al" || s == "el" || s == "ul" || s == "ال" }

func isAbu(w word) bool {
	if w.arabic {
		return w.folded == "ابو" || w.folded == "أبو"
	}
	return w.folded == "abu" || w.folded == "abuu" || w.folded == "abou" || w.folded == "abo" || w.folded == "aboo"
}

func isAbd(w word) bool {
	if w.arabic {
		return w.folded == "عبد"
	}
	for _, p := range abdPrefixes {
		if w.folded == p {
			return true
		}
	}
	return false
}

// joinCompound joins "Abu" or "Abd…" with the next part into one token. After a bare "Abdi" the
// next part joins only when it cannot be a father's name on its own (Abdi Rahman, not Abdi Nur).
func joinCompound(prefix, next word) (token, bool) {
	t := next.token()
	if isAbu(prefix) {
		t2 := latinToken("abu" + t.canon)
		t2.arabic = t.arabic
		return t2, true
	}
	if d, ok := divineName(t.canon); ok {
		if standaloneDivine[d] && (prefix.folded == "abdi" || prefix.folded == "cabdi") {
			return token{}, false
		}
		return abdToken(d, spellingRules(prefix.folded)+t.form), true
	}
	if prefix.arabic && t.arabic { // an Arabic compound with an unknown second half
		return token{canon: "abd" + t.canon, skel: "bd" + t.skel, arabic: true}, true
	}
	return token{}, false
}

// abdPrefixes are the spellings of "servant of" that begin compound names, longest first so that
// "abdul" wins over "abd" when both fit.
var abdPrefixes = []string{"cabdul", "cabdil", "cabdel", "cabdi", "cabdu", "cabd", "abdul", "abdel", "abdal", "abdil", "abdur", "abdir", "abdi", "abdu", "abde", "abd"}

// token canonicalises one word.
func (w word) token() token {
	if w.arabic {
		s := strings.TrimPrefix(w.folded, "ال")
		if s == "" {
			s = w.folded
		}
		if c, ok := arabicNames[w.folded]; ok {
			return word{folded: c}.token()
		}
		if c, ok := arabicNames[s]; ok {
			return word{folded: c}.token()
		}
		if strings.HasPrefix(s, "عبد") && len(s) > len("عبد") { // عبدالرحمن written as one word
			rest := strings.TrimPrefix(strings.TrimPrefix(s, "عبد"), "ال")
			t := latinToken(transliterate(rest))
			if c, ok := arabicNames[rest]; ok {
				t = latinToken(c)
			}
			if d, ok := divineName(t.canon); ok {
				return abdToken(d, "abd"+t.form)
			}
			return token{canon: "abd" + t.canon, skel: "bd" + t.skel, arabic: true}
		}
		t := latinToken(transliterate(s))
		t.arabic = true
		return t
	}
	// Latin compounds written as one word: Abdirahman, Cabdiraxmaan, Abdurrahman, Abdullahi.
	for _, p := range abdPrefixes {
		if len(w.folded) > len(p)+1 && strings.HasPrefix(w.folded, p) {
			if d, ok := divineName(spellingRules(w.folded[len(p):])); ok {
				return abdToken(d, spellingRules(w.folded))
			}
		}
	}
	return latinToken(w.folded)
}

func abdToken(divine, form string) token {
	c := "abd" + divine
	return token{canon: c, skel: skeleton(c), known: true, form: form}
}

// latinToken canonicalises a folded Latin word (or a transliteration) and looks it up in the name
// dictionary.
func latinToken(s string) token {
	form := spellingRules(s)
	if form == "" { // "C" alone: the rules would leave nothing to compare
		form = s
	}
	c, known := nameVariants[form]
	if !known {
		c = form
	}
	return token{canon: c, skel: skeleton(c), known: known, form: form}
}

// divineName recognises the second half of an Abd… compound (Rahman, Kadir, Allah…), returning its
// canonical form: a spelling of the dictionary, or one within a letter of it (Kaadir, Latiif).
func divineName(c string) (string, bool) {
	strips := []string{"", "a", "u", "i", "e", "al", "ul", "il", "el", "ar", "ur", "ir"}
	for _, strip := range strips {
		if len(c) > len(strip)+1 && strings.HasPrefix(c, strip) {
			if d, ok := divineNames[c[len(strip):]]; ok {
				return d, true
			}
		}
	}
	if len(c) < 4 {
		return "", false
	}
	best, bs := "", divineFuzzy
	for v, d := range divineNames {
		if s := jaroWinkler(c, v); s > bs || (s == bs && best != "" && d < best) {
			best, bs = d, s
		}
	}
	return best, best != ""
}

// divineFuzzy is the similarity at which an unknown second half is taken for a divine name: high
// enough that Rahman and Rahim (0.88) stay apart.
const divineFuzzy = 0.92

// spellingRules maps the spelling differences between Somali Latin orthography, English and French
// transliterations of Arabic names to one form. Rules (docs/SANCTIONS.md lists them with examples):
//
//	kh→h gh→g ch→sh ph→f dh→d th→t ck→k   Khadija=Hadija, Dhuhulow=Duhulow, Othman=Otman, Cherif=Sherif
//	x→h                                   Somali x is the Arabic ḥ: Xasan=Hasan, Maxamed=Mahamed
//	c→(nothing)                           Somali c is the ayn English omits: Cabdi=Abdi, Cali=Ali
//	q→k z→s                               Qaasim=Kasim, Zakariye=Sakariye (Somali writes no z)
//	o→u, ai/ay/ei/ey→e before a consonant  Arabic has no o: Omar=Umar, Hussein=Husayn=Husen
//	doubled letters once                  Cabdullaahi=Abdulahi, Hassan=Hasan, Mohammed=Mohamed
//	final ah→a                            Fatimah=Fatima, Abdallah=Abdalla
func spellingRules(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		next := at(s, i+1)
		switch {
		case next == 'h' && (c == 'k' || c == 'g' || c == 'd' || c == 't'):
			b = append(b, digraph(c))
			i++
			continue
		case c == 'c' && next == 'h':
			b = append(b, 's', 'h')
			i++
			continue
		case c == 'p' && next == 'h':
			b = append(b, 'f')
			i++
			continue
		}
		switch c {
		case 'x':
			c = 'h'
		case 'c':
			continue
		case 'q':
			c = 'k'
		case 'z':
			c = 's'
		case 'o':
			c = 'u'
		}
		b = append(b, c)
	}
	b = collapse(b)
	// Diphthongs after the consonant rules, so that Saciid (said) and Said meet before both become
	// "sed", like Faisal, Faysal and Feisal.
	out := b[:0]
	for i := 0; i < len(b); i++ {
		c, next := b[i], byte(0)
		if i+1 < len(b) {
			next = b[i+1]
		}
		if (c == 'a' || c == 'e') && (next == 'i' || next == 'y') && i+2 < len(b) && !isVowel(b[i+2]) && b[i+2] != 'y' {
			out = append(out, 'e')
			i++
			continue
		}
		out = append(out, c)
	}
	out = collapse(out)
	if n := len(out); n > 2 && out[n-1] == 'h' && out[n-2] == 'a' {
		out = out[:n-1]
	}
	return string(out)
}

// collapse writes doubled ASCII letters once, in place.
func collapse(b []byte) []byte {
	out := b[:0]
	for i, c := range b {
		if i > 0 && c == b[i-1] && c < utf8.RuneSelf {
			continue
		}
		out = append(out, c)
	}
	return out
}

func digraph(c byte) byte {
	switch c {
	case 'k':
		return 'h'
	case 'g':
		return 'g'
	case 'd':
		return 'd'
	}
	return 't'
}

func at(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

func isVowel(c byte) bool { return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u' }

// skeleton drops the vowels (and y/w between them, which Arabic writes as long vowels) and doubled
// consonants: the phonetic key shared by Hasan, Hassan, Xasan and حسن.
func skeleton(c string) string {
	b := make([]byte, 0, len(c))
	for i := 0; i < len(c); i++ {
		ch := c[i]
		if isVowel(ch) || ch == 'y' || ch == 'w' {
			continue
		}
		if len(b) > 0 && b[len(b)-1] == ch && ch < utf8.RuneSelf {
			continue
		}
		b = append(b, ch)
	}
	if len(b) == 0 {
		return c
	}
	return string(b)
}

func isArabicLetter(r rune) bool {
	return (r >= 0x0621 && r <= 0x064A) || (r >= 0x0671 && r <= 0x06D3) || (r >= 0xFB50 && r <= 0xFDFF) || (r >= 0xFE70 && r <= 0xFEFC)
}

// isArabicMark: short-vowel signs, shadda, sukun, superscript alef and tatweel, which lists write
// inconsistently and which carry no consonant.
func isArabicMark(r rune) bool {
	return (r >= 0x064B && r <= 0x065F) || r == 0x0670 || r == 0x0640
}

// transliterate writes Arabic letters in the Latin spelling the rules above expect: consonants as
// the Somali orthography would, ayn and hamza dropped, alif/waw/ya as long vowels.
func transliterate(s string) string {
	var b strings.Builder
	for _, r := range s {
		if t, ok := arabicLatin[r]; ok {
			b.WriteString(t)
		}
	}
	if b.Len() == 0 {
		return s
	}
	return b.String()
}

var arabicLatin = map[rune]string{
	'ا': "a", 'أ': "a", 'إ': "i", 'آ': "a", 'ٱ': "a", 'ى': "a", 'ة': "a",
	'ب': "b", 'ت': "t", 'ث': "t", 'ج': "j", 'ح': "h", 'خ': "h", 'د': "d", 'ذ': "d",
	'ر': "r", 'ز': "s", 'س': "s", 'ش': "sh", 'ص': "s", 'ض': "d", 'ط': "t", 'ظ': "s",
	'ع': "", 'غ': "g", 'ف': "f", 'ق': "k", 'ك': "k", 'ل': "l", 'م': "m", 'ن': "n",
	'ه': "h", 'و': "u", 'ي': "i", 'ئ': "i", 'ؤ': "u", 'ء': "",
	'پ': "p", 'چ': "sh", 'ژ': "s", 'ک': "k", 'گ': "g", 'ی': "i", 'ے': "e", 'ہ': "h",
}

// latinFold maps the accented and special Latin letters that appear in transliterations to ASCII
// (ā→a, ḥ→h, ş→s, ø→o, ß→ss).
var latinFold = func() map[rune]string {
	groups := map[string]string{
		"a":  "ÀÁÂÃÄÅàáâãäåĀāĂăĄąǍǎȀȁȂȃȦȧẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặ",
		"ae": "Ææ", "c": "ÇçĆćĈĉĊċČč", "d": "ĎďĐđḌḍḎḏ", "e": "ÈÉÊËèéêëĒēĔĕĖėĘęĚěẸẹẺẻẼẽẾếỀềỂểỄễỆệ",
		"g": "ĜĝĞğĠġĢģǦǧ", "h": "ĤĥĦħḤḥḪḫẖ", "i": "ÌÍÎÏìíîïĨĩĪīĬĭĮįİıǏǐỈỉỊị", "j": "Ĵĵ", "k": "ĶķḲḳ",
		"l": "ĹĺĻļĽľĿŀŁł", "n": "ÑñŃńŅņŇňṆṇ", "o": "ÒÓÔÕÖØòóôõöøŌōŎŏŐőǑǒỌọỎỏỐốỒồỔổỖỗỘộ", "oe": "Œœ",
		"r": "ŔŕŖŗŘřṚṛ", "s": "ŚśŜŝŞşŠšṢṣȘș", "ss": "ß", "t": "ŢţŤťŦŧṬṭȚț", "th": "Þþ",
		"u": "ÙÚÛÜùúûüŨũŪūŬŭŮůŰűŲųǓǔỤụỦủ", "w": "Ŵŵ", "y": "ÝýÿŶŷŸỲỳ", "z": "ŹźŻżŽžẒẓ",
	}
	m := map[rune]string{}
	for ascii, letters := range groups {
		for _, r := range letters {
			m[r] = ascii
		}
	}
	return m
}()
