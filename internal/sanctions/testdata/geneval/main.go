// Command geneval writes the labelled evaluation pairs of the sanctions matcher
// (internal/sanctions/testdata/eval_pairs.csv). It is deterministic (fixed seed): the checked-in file
// is its output, reviewed by hand; rerun it only to grow the set, and review the difference.
//
//	go run ./internal/sanctions/testdata/geneval > internal/sanctions/testdata/eval_pairs.csv
//
// People are drawn as Somali names are built (given name, father's, grandfather's, each a given name
// of its own) from a pool of names with the spellings found on lists, in Somali orthography, English,
// French and Arabic script. The spellings deliberately include forms the matcher's dictionary does
// not list (Mukhammad, Abdourahmane, Youssouf, Ousmane...), and typos, so the set measures the rules
// and Jaro-Winkler as well as the dictionary. See docs/SANCTIONS.md for the categories.
package main

import (
	"encoding/csv"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
)

type spec struct {
	key      string
	variants []string
	arabic   string
}

var men = []spec{
	{"mohamed", []string{"Mohamed", "Mohammed", "Muhammad", "Maxamed", "Mohamad", "Muhammed", "Mahamed", "Mouhamed", "Mukhammad", "Mohammad"}, "محمد"},
	{"ahmed", []string{"Ahmed", "Ahmad", "Axmed", "Ahmet", "Achmed"}, "أحمد"},
	{"mahmoud", []string{"Mohamud", "Maxamuud", "Mahmoud", "Mahmud", "Mahamud", "Mahmood"}, "محمود"},
	{"hassan", []string{"Hassan", "Hasan", "Xasan", "Xassan", "Hassane"}, "حسن"},
	{"hussein", []string{"Hussein", "Husein", "Xuseen", "Hussain", "Husayn", "Houssein"}, "حسين"},
	{"ali", []string{"Ali", "Cali", "Aly", "Alí"}, "علي"},
	{"abdi", []string{"Abdi", "Cabdi"}, "عبدي"},
	{"abdullahi", []string{"Abdullahi", "Cabdullaahi", "Abdullah", "Abdallah", "Abdulahi", "Abdillahi", "Abdalla"}, "عبدالله"},
	{"abdirahman", []string{"Abdirahman", "Cabdiraxmaan", "Abdurahman", "Abdulrahman", "Abdourahmane", "Abderrahmane", "Abdul Rahman"}, "عبد الرحمن"},
	{"abdirahim", []string{"Abdirahim", "Cabdiraxiim", "Abdulrahim", "Abdurahim", "Abdul Rahim"}, "عبد الرحيم"},
	{"abdikadir", []string{"Abdikadir", "Cabdulqaadir", "Abdulkadir", "Abdulqadir", "Abdelkader", "Abdiqadir"}, "عبد القادر"},
	{"abdulle", []string{"Abdulle", "Cabdulle"}, ""},
	{"omar", []string{"Omar", "Cumar", "Umar", "Omer", "Oumar"}, "عمر"},
	{"osman", []string{"Osman", "Cusmaan", "Usman", "Othman", "Ousmane", "Uthman"}, "عثمان"},
	{"yusuf", []string{"Yusuf", "Yuusuf", "Yousef", "Youssouf", "Yousuf", "Yussuf"}, "يوسف"},
	{"ibrahim", []string{"Ibrahim", "Ibraahim", "Ebrahim", "Ibrahima", "Ibraahin"}, "إبراهيم"},
	{"ismail", []string{"Ismail", "Ismaaciil", "Ismael", "Ismaïl", "Esmail"}, "إسماعيل"},
	{"farah", []string{"Farah", "Faarax", "Farax"}, "فارح"},
	{"jama", []string{"Jama", "Jaamac", "Jamac"}, "جامع"},
	{"aden", []string{"Aden", "Aadan", "Adan", "Adam"}, "آدم"},
	{"nur", []string{"Nur", "Nuur", "Noor", "Nour"}, "نور"},
	{"hersi", []string{"Hersi", "Xirsi", "Hirsi"}, "حرسي"},
	{"warsame", []string{"Warsame", "Warsama"}, ""},
	{"dahir", []string{"Dahir", "Daahir", "Tahir", "Taahir"}, "طاهر"},
	{"yasin", []string{"Yasin", "Yaasiin", "Yassin", "Yaseen"}, "ياسين"},
	{"said", []string{"Said", "Saciid", "Saeed", "Saïd"}, "سعيد"},
	{"khalid", []string{"Khalid", "Khaalid", "Xaalid", "Khaled"}, "خالد"},
	{"bashir", []string{"Bashir", "Bashiir", "Beshir"}, "بشير"},
	{"mustafa", []string{"Mustafa", "Mustafe", "Mustapha", "Moustafa"}, "مصطفى"},
	{"abukar", []string{"Abukar", "Abubakar", "Abu Bakr", "Abuubakar"}, "أبوبكر"},
	{"isse", []string{"Isse", "Ciise", "Issa", "Isa"}, "عيسى"},
	{"musa", []string{"Musa", "Muuse", "Moussa", "Mousa"}, "موسى"},
	{"gedi", []string{"Geedi", "Gedi"}, ""},
	{"guled", []string{"Guuleed", "Guled", "Guleed"}, ""},
	{"samatar", []string{"Samatar", "Samater"}, ""},
	{"egal", []string{"Cigaal", "Egal", "Igaal"}, ""},
	{"elmi", []string{"Cilmi", "Elmi", "Ilmi"}, ""},
	{"awil", []string{"Cawil", "Awil"}, ""},
	{"roble", []string{"Roble", "Rooble"}, ""},
	{"shire", []string{"Shire", "Shiire"}, ""},
	{"dirie", []string{"Dirie", "Diriye", "Diiriye"}, ""},
	{"jamal", []string{"Jamal", "Jamaal"}, "جمال"},
	{"yunis", []string{"Yunis", "Yoonis", "Younis"}, "يونس"},
	{"usama", []string{"Usama", "Osama"}, "أسامة"},
	{"faraj", []string{"Faraj", "Farej"}, "فرج"},
	{"saad", []string{"Saad", "Sacad"}, "سعد"},
	{"adnan", []string{"Adnan", "Cadnaan"}, "عدنان"},
	{"khalif", []string{"Khalif", "Khaliif", "Xaliif"}, "خليف"},
	{"hamud", []string{"Hamud", "Xamuud", "Hamoud"}, "حمود"},
}

var women = []spec{
	{"fatima", []string{"Fatima", "Faadumo", "Fadumo", "Fatuma"}, "فاطمة"},
	{"hawa", []string{"Hawa", "Xaawo", "Hawo"}, "حواء"},
	{"khadija", []string{"Khadija", "Khadiija", "Xadiija", "Hadija"}, "خديجة"},
	{"aisha", []string{"Aisha", "Caasha", "Ayesha", "Aïcha"}, "عائشة"},
	{"hodan", []string{"Hodan", "Hoodan"}, ""},
	{"ayan", []string{"Ayaan", "Ayan"}, ""},
	{"sahra", []string{"Sahra", "Saxra", "Zahra"}, ""},
	{"maryan", []string{"Maryan", "Maryam", "Mariam"}, "مريم"},
	{"asli", []string{"Asli", "Casli"}, ""},
}

// confusable: different names a careless matcher takes for spellings of one another.
var confusable = [][2]string{
	{"hassan", "hussein"}, {"mohamed", "mahmoud"}, {"abdirahman", "abdirahim"}, {"abdullahi", "abdulle"},
	{"abdi", "abdirahman"}, {"abdi", "abdullahi"}, {"jama", "jamal"}, {"yusuf", "yunis"}, {"osman", "usama"},
	{"farah", "faraj"}, {"aden", "adnan"}, {"said", "saad"}, {"khalid", "khalif"}, {"mahmoud", "hamud"},
	{"abdikadir", "abdirahman"}, {"ali", "abdi"}, {"omar", "osman"}, {"ahmed", "mohamed"},
}

var byKey = map[string]spec{}

var rng = rand.New(rand.NewPCG(20, 2026))

func pick[T any](s []T) T { return s[rng.IntN(len(s))] }

func spell(k string) string { return pick(byKey[k].variants) }

// person draws a lineage: a given name (a woman's one time in four) and two men's names.
func person(n int) []string {
	seen := map[string]bool{}
	var out []string
	for len(out) < n {
		pool := men
		if len(out) == 0 && rng.IntN(4) == 0 {
			pool = women
		}
		k := pick(pool).key
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

func spellAll(keys []string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = spell(k)
	}
	return out
}

func join(parts []string) string { return strings.Join(parts, " ") }

func hasArabic(keys []string) bool {
	for _, k := range keys {
		if byKey[k].arabic == "" {
			return false
		}
	}
	return true
}

// typo changes one letter after the first of the longest part: a substitution, a deletion, a
// doubled letter or two letters swapped.
func typo(parts []string) []string {
	out := append([]string(nil), parts...)
	li := 0
	for i, p := range out {
		if len(p) > len(out[li]) {
			li = i
		}
	}
	r := []rune(out[li])
	if len(r) < 5 {
		return out
	}
	i := 1 + rng.IntN(len(r)-2)
	switch rng.IntN(4) {
	case 0:
		r[i] = rune("aeiounmrstl"[rng.IntN(11)])
	case 1:
		r = append(r[:i], r[i+1:]...)
	case 2:
		r = append(r[:i+1], r[i:]...)
	default:
		r[i], r[i+1] = r[i+1], r[i]
	}
	out[li] = string(r)
	return out
}

var honor = []func([]string) []string{
	func(p []string) []string {
		return append([]string{pick([]string{"Sheikh", "Sh.", "Shaykh", "Sheekh"})}, p...)
	},
	func(p []string) []string {
		return append([]string{pick([]string{"Haji", "Xaaji", "Hajji", "Al-Hajj"})}, p...)
	},
	func(p []string) []string {
		return append([]string{pick([]string{"Dr.", "Imam", "Ustaad", "Macallin"})}, p...)
	},
	func(p []string) []string {
		b := pick([]string{"bin", "ibn", "Bin"})
		out := []string{p[0]}
		for _, x := range p[1:] {
			out = append(out, b, x)
		}
		return out
	},
	func(p []string) []string {
		out := append([]string(nil), p...)
		out[len(out)-1] = pick([]string{"al-", "Al-", "el-"}) + out[len(out)-1]
		return out
	},
}

// honorific adds a title or particle; the article al- only to a last name of Arabic origin.
func honorific(keys, parts []string) []string {
	choices := honor
	if byKey[keys[len(keys)-1]].arabic == "" {
		choices = honor[:len(honor)-1]
	}
	return pick(choices)(parts)
}

var brands = []string{"Barako", "Hodan", "Nasiib", "Tayo", "Dalmar", "Sahan", "Guul", "Horseed", "Ubax", "Barwaaqo", "Caafi", "Midnimo", "Iftiin", "Wadani", "Hiigsi", "Kaalmo"}
var kinds = []string{"Express", "Money Transfer", "Remittance", "General Trading", "Exchange", "Hawala Services", "Import Export"}

type pair struct{ q, e, label, cat string }

func main() {
	for _, s := range append(append([]spec(nil), men...), women...) {
		byKey[s.key] = s
	}
	seen := map[string]bool{}
	var pairs []pair
	add := func(q, e, label, cat string) {
		if q == e || seen[q+"|"+e] {
			return
		}
		seen[q+"|"+e] = true
		pairs = append(pairs, pair{q, e, label, cat})
	}
	count := func(cat string) int {
		n := 0
		for _, p := range pairs {
			if p.cat == cat {
				n++
			}
		}
		return n
	}
	fill := func(cat string, n int, gen func() (string, string, bool)) {
		for tries := 0; count(cat) < n && tries < n*50; tries++ {
			q, e, ok := gen()
			if !ok {
				continue
			}
			label := "match"
			if strings.HasPrefix(cat, "neg_") {
				label = "no_match"
			}
			add(q, e, label, cat)
		}
	}

	fill("spelling", 90, func() (string, string, bool) {
		p := person(3)
		return join(spellAll(p)), join(spellAll(p)), true
	})
	fill("order", 40, func() (string, string, bool) {
		p := person(3)
		q := spellAll(p)
		switch rng.IntN(3) {
		case 0:
			q[1], q[2] = q[2], q[1]
		case 1:
			q = []string{strings.ToUpper(q[2]) + ",", q[0], q[1]}
		default:
			q = []string{q[2], q[0], q[1]}
		}
		return join(q), join(spellAll(p)), true
	})
	fill("missing_part", 50, func() (string, string, bool) {
		if rng.IntN(2) == 0 {
			p := person(3)
			return join(spellAll(p[:2])), join(spellAll(p)), true
		}
		p := person(4)
		return join(spellAll(p)), join(spellAll(p[:3])), true
	})
	fill("arabic_script", 45, func() (string, string, bool) {
		p := person(3)
		if !hasArabic(p) {
			return "", "", false
		}
		ar := make([]string, 3)
		for i, k := range p {
			ar[i] = byKey[k].arabic
		}
		if rng.IntN(2) == 0 {
			return join(ar), join(spellAll(p)), true
		}
		return join(spellAll(p)), join(ar), true
	})
	fill("honorific", 45, func() (string, string, bool) {
		p := person(3)
		return join(honorific(p, spellAll(p))), join(spellAll(p)), true
	})
	fill("typo", 40, func() (string, string, bool) {
		p := person(3)
		return join(typo(spellAll(p))), join(spellAll(p)), true
	})
	fill("format", 20, func() (string, string, bool) {
		p := person(3)
		q := spellAll(p)
		switch rng.IntN(3) {
		case 0:
			return strings.ToUpper(join(q)), join(spellAll(p)), true
		case 1:
			return q[0] + " " + q[1] + "-" + q[2], join(spellAll(p)), true
		default:
			r := strings.NewReplacer("h", "ḥ", "a", "ā", "i", "ī")
			return r.Replace(q[0]) + "  " + q[1] + " " + q[2], join(spellAll(p)), true
		}
	})
	fill("entity", 20, func() (string, string, bool) {
		b, k := pick(brands), pick(kinds)
		q := b + " " + k
		e := strings.ToUpper(b + " " + strings.ReplaceAll(k, "Hawala", "Xawaalad"))
		switch rng.IntN(3) {
		case 0:
			e += " Ltd"
		case 1:
			q = "The " + q + " Company"
		}
		return q, e, true
	})

	fill("neg_shared_two", 100, func() (string, string, bool) {
		p := person(3)
		other := pick(men).key
		if other == p[0] || other == p[1] || other == p[2] || related(other, p[2]) {
			return "", "", false
		}
		q := spellAll(p)
		e := spellAll([]string{p[0], p[1], other})
		if rng.IntN(3) == 0 { // the differing part elsewhere: a brother
			e = spellAll([]string{other, p[1], p[2]})
			if related(other, p[0]) {
				return "", "", false
			}
		}
		return join(q), join(e), true
	})
	fill("neg_confusable", 90, func() (string, string, bool) {
		c := pick(confusable)
		p := person(3)
		slot := rng.IntN(3)
		for _, k := range p {
			if k == c[0] || k == c[1] {
				return "", "", false
			}
		}
		a, b := append([]string(nil), p...), append([]string(nil), p...)
		a[slot], b[slot] = c[0], c[1]
		if rng.IntN(2) == 0 {
			a, b = b, a
		}
		return join(spellAll(a)), join(spellAll(b)), true
	})
	fill("neg_shared_given", 40, func() (string, string, bool) {
		p, o := person(3), person(3)
		if p[1] == o[1] || p[2] == o[2] || p[1] == o[2] || p[2] == o[1] || related(p[1], o[1]) || related(p[2], o[2]) {
			return "", "", false
		}
		o[0] = p[0]
		return join(spellAll(p)), join(spellAll(o)), true
	})
	fill("neg_entity", 25, func() (string, string, bool) {
		b1, b2, k := pick(brands), pick(brands), pick(kinds)
		if b1 == b2 {
			return "", "", false
		}
		return b1 + " " + k, b2 + " " + k, true
	})

	w := csv.NewWriter(os.Stdout)
	_ = w.Write([]string{"query", "entry", "label", "category"})
	for _, p := range pairs {
		_ = w.Write([]string{p.q, p.e, p.label, p.cat})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// related: names listed as confusable with each other (a negative must differ by more than that,
// or it belongs in the confusable category).
func related(a, b string) bool {
	for _, c := range confusable {
		if (c[0] == a && c[1] == b) || (c[0] == b && c[1] == a) {
			return true
		}
	}
	return false
}
