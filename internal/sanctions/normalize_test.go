package sanctions

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestNormalizeRules: one table row per normalisation rule (docs/SANCTIONS.md), each with the
// spellings that must meet and, where the rule could overreach, a spelling that must not.
func TestNormalizeRules(t *testing.T) {
	same := []struct {
		rule  string
		names []string
	}{
		{"case and spaces", []string{"MOHAMED ABDI", "mohamed   abdi", " Mohamed Abdi "}},
		{"diacritics", []string{"Muḥammad ʿAbdī", "Muhammad Abdi", "Mühammad Abdï"}},
		{"punctuation and apostrophes", []string{"Sa'id Hassan", "Said, Hassan.", "Sa’id-Hassan"}},
		{"c for ayn (Cabdi)", []string{"Cabdi", "Abdi"}},
		{"c for ayn (Cali)", []string{"Cali", "Ali"}},
		{"c for ayn inside (Ismaaciil)", []string{"Ismaaciil", "Ismail", "Ismael"}},
		{"x for h (Xasan)", []string{"Xasan", "Hassan", "Hasan"}},
		{"x for h (Maxamed)", []string{"Maxamed", "Mohamed"}},
		{"doubled vowels", []string{"Cabdullaahi", "Abdullahi"}},
		{"doubled consonants", []string{"Hassan", "Hasan"}},
		{"dh for d", []string{"Dhuule", "Duule"}},
		{"kh for h", []string{"Khadija", "Hadija", "Xadiija"}},
		{"ch for sh", []string{"Cherif", "Sharif", "Shariif"}},
		{"q for k", []string{"Qaasim", "Kasim", "Qasim"}},
		{"z for s (Somali writes no z)", []string{"Zakariye", "Sakariye"}},
		{"o for u", []string{"Omar", "Umar", "Cumar"}},
		{"diphthongs", []string{"Hussein", "Husayn", "Hussain", "Xuseen"}},
		{"diphthongs (Faisal)", []string{"Faisal", "Faysal", "Feisal"}},
		{"final h", []string{"Fatimah", "Fatima", "Faadumo"}},
		{"spellings of Mohamed", []string{"Mohamed", "Mohammed", "Muhammad", "Maxamed", "Mohamad", "Muhammed", "Mahamed", "Mohd"}},
		{"spellings of Mahmoud", []string{"Mohamud", "Maxamuud", "Mahmoud", "Mahmud"}},
		{"Somali forms of Arabic names", []string{"Daahir", "Tahir"}},
		{"Arabic script", []string{"محمد عبدي حسن", "Mohamed Abdi Hassan"}},
		{"Arabic vowel marks", []string{"مُحَمَّد", "محمد"}},
		{"Arabic article", []string{"الشريف", "Sharif"}},
		{"honorific Sheikh", []string{"Sheikh Ali Jama", "Sh. Ali Jama", "Shaykh Ali Jama", "Ali Jama"}},
		{"honorific Haji", []string{"Haji Ali Jama", "Xaaji Ali Jama", "Al-Hajj Ali Jama", "Ali Jama"}},
		{"particle bin", []string{"Ali bin Jama", "Ali ibn Jama", "Ali Jama", "علي بن جامع"}},
		{"article al-/el-", []string{"Ali al-Jama", "Ali el-Jama", "Ali Jama"}},
		{"Abu joined", []string{"Abu Bakr", "Abubakar", "Abuubakar", "أبو بكر"}},
		{"Abd compounds", []string{"Abdirahman", "Abdi Rahman", "Abdul Rahman", "Abd al-Rahman", "Cabdiraxmaan", "Abdurrahman", "عبد الرحمن", "عبدالرحمن"}},
		{"Abd compounds (Allah)", []string{"Abdullahi", "Abdallah", "Abdulla", "Cabdilaahi", "عبدالله", "عبد الله"}},
		{"Abd compounds (Somali n for m)", []string{"Cabdikariin", "Abdikarim", "Abdul Karim"}},
		{"legal forms of entities", []string{"Barako Trading Company Ltd", "Barako Trading"}},
	}
	for _, c := range same {
		want := Normalize(c.names[0])
		if len(want) == 0 {
			t.Errorf("%s: %q normalises to nothing", c.rule, c.names[0])
		}
		for _, n := range c.names[1:] {
			if got := Normalize(n); !slices.Equal(got, want) {
				t.Errorf("%s: %q -> %q, %q -> %q", c.rule, c.names[0], want, n, got)
			}
		}
	}
	different := []struct{ rule, a, b string }{
		{"Hassan is not Hussein", "Hassan", "Hussein"},
		{"Mohamed is not Mohamud", "Mohamed", "Mohamud"},
		{"Abdirahman is not Abdirahim", "Abdirahman", "Abdirahim"},
		{"Abdi is not Abdullahi", "Abdi", "Abdullahi"},
		{"Abdulle is not Abdullahi", "Abdulle", "Abdullahi"},
		{"Abdi Nur stays two names (Abdi son of Nur)", "Abdi Nur", "Abdinur"},
		{"a name made only of an honorific keeps it", "Haji", ""},
		{"a name made only of titles keeps them", "Sheikh Haji", ""},
	}
	for _, c := range different {
		if a, b := Normalize(c.a), Normalize(c.b); slices.Equal(a, b) {
			t.Errorf("%s: both %q", c.rule, a)
		}
	}
}

func TestNormalizeBounds(t *testing.T) {
	long := strings.Repeat("Maxamed ", 100) + strings.Repeat("x", 500)
	toks := Normalize(long)
	if len(toks) != maxTokens {
		t.Errorf("%d tokens, want the cap %d", len(toks), maxTokens)
	}
	for _, s := range []string{"", "   ", "--", "\x00\xff", "李小龍", "Влади́мир Пу́тин", "🙂🙂", "ء ع"} {
		for _, tok := range Normalize(s) {
			if tok == "" || !utf8.ValidString(tok) {
				t.Errorf("Normalize(%q) gave %q", s, tok)
			}
		}
	}
	if got := Normalize("Влади́мир"); len(got) != 1 {
		t.Errorf("Cyrillic name: %q", got)
	}
}

func TestNameDictionaryHasNoCollisions(t *testing.T) {
	seen := map[string]string{}
	for _, g := range nameGroups {
		f := strings.Fields(g)
		for _, v := range f {
			r := spellingRules(v)
			if prev, ok := seen[r]; ok && prev != f[0] {
				t.Errorf("%q (group %s) and group %s share the form %q", v, f[0], prev, r)
			}
			seen[r] = f[0]
		}
	}
	for ar, latin := range arabicNames {
		if len(Normalize(latin)) == 0 {
			t.Errorf("%s -> %q normalises to nothing", ar, latin)
		}
	}
}

func TestJaroWinkler(t *testing.T) {
	cases := []struct {
		a, b string
		want float64
	}{
		{"martha", "marhta", 0.961}, {"dixon", "dicksonx", 0.813}, {"jellyfish", "smellyfish", 0.896},
		{"abc", "abc", 1}, {"", "abc", 0}, {"abc", "xyz", 0},
	}
	for _, c := range cases {
		if got := round3(jaroWinkler(c.a, c.b)); got != c.want {
			t.Errorf("jw(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
		if jaroWinkler(c.a, c.b) != jaroWinkler(c.b, c.a) {
			t.Errorf("jw(%q, %q) is not symmetric", c.a, c.b)
		}
	}
	if got := jaroWinkler("حسن", "حسين"); got < 0.8 || got >= 1 {
		t.Errorf("runes: %v", got)
	}
}
