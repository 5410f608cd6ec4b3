package sanctions

import (
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

func fixtureIndex(t testing.TB) *Index {
	t.Helper()
	un, err := ParseUNXML(strings.NewReader(readFixture(t, "un_consolidated.xml")))
	if err != nil {
		t.Fatal(err)
	}
	dom, err := ParseDomesticCSV(strings.NewReader(readFixture(t, "domestic.csv")))
	if err != nil {
		t.Fatal(err)
	}
	return NewIndex(un, dom)
}

func search(ix *Index, q Query) []Match { return ix.Search(q, DefaultThresholds(), 10) }

func TestSearchExplainsItself(t *testing.T) {
	ix := fixtureIndex(t)
	if ix.Len() != 11 {
		t.Fatalf("Len %d", ix.Len())
	}
	ms := search(ix, Query{Name: "Mohamed Hassan Abdi"})
	if len(ms) != 1 {
		t.Fatalf("matches: %+v", ms)
	}
	m := ms[0]
	if m.Ref != "SOi.901" || m.EntryName != "MAXAMED CABDI XASAN" || m.Strength != "strong" || m.Score < 0.95 || m.Score >= 1 {
		t.Errorf("match: %+v", m)
	}
	if !slices.Contains(m.Reasons, "order_swapped") {
		t.Errorf("reasons %v", m.Reasons)
	}
	want := []TokenMatch{{"muhamed", "muhamed", 1}, {"hasan", "hasan", 1}, {"abdi", "abdi", 1}}
	if !slices.Equal(m.Tokens, want) {
		t.Errorf("tokens %+v", m.Tokens)
	}
	if m.Alias == "" || m.AliasQuality == "" {
		t.Errorf("alias %q quality %q", m.Alias, m.AliasQuality)
	}
}

func TestSearchScenarios(t *testing.T) {
	ix := fixtureIndex(t)
	cases := []struct {
		name     string
		q        Query
		ref      string // "" = no match at all
		strength string
		reasons  []string
	}{
		{"Somali spelling of an English alias", Query{Name: "Maxamed Cabdi Xasan"}, "SOi.901", "strong", nil},
		{"Arabic script with date of birth and nationality", Query{Name: "محمد عبدي حسن", DateOfBirth: "1974-03-15", Nationality: "so"}, "SOi.901", "strong", []string{"dob_match", "nationality_match"}},
		{"grandfather's name left out", Query{Name: "Maxamed Cabdi"}, "SOi.901", "possible", []string{"missing_part"}},
		{"a different grandfather is another person", Query{Name: "Mohamed Abdi Farah"}, "", "", nil},
		{"Hassan is not Hussein", Query{Name: "Hassan Ismail Osman Farah"}, "", "", nil},
		{"Hussein in Somali spelling", Query{Name: "Xuseen Ismaaciil Cusmaan Faarax"}, "QDi.903", "strong", nil},
		{"year of birth inside a range", Query{Name: "Hussein Ismail Osman", DateOfBirth: "1980"}, "QDi.903", "strong", []string{"dob_year_match"}},
		{"Mohamud is not Mohamed", Query{Name: "Abdirahman Mohamed Sharif"}, "", "", nil},
		{"Abd al- compound and al- article", Query{Name: "Abd al-Rahman Mahmud al-Sharif"}, "QDi.905", "strong", nil},
		{"date of birth far off lowers the score", Query{Name: "Abdullahi Ali Jama", DateOfBirth: "1990-01-01"}, "SOi.902", "possible", []string{"dob_mismatch"}},
		{"nationality differing lowers the score", Query{Name: "Abdullahi Ali Jama", Nationality: "ET"}, "SOi.902", "strong", []string{"nationality_mismatch"}},
		{"honorific and particle", Query{Name: "Sheikh Cabdullaahi bin Cali Jaamac"}, "SOi.902", "strong", nil},
		{"domestic list, Arabic alias", Query{Name: "ياسين حرسي أحمد"}, "CBS-2025-004", "strong", nil},
		{"entity with legal form", Query{Name: "Barako Remittance Co.", Kind: "entity"}, "SOe.901", "strong", nil},
		{"kind filter", Query{Name: "Barako Remittance Company", Kind: "individual"}, "", "", nil},
		{"a low-quality alias never holds", Query{Name: "Abu Hamza"}, "SOi.901", "possible", []string{"low_quality_alias"}},
		{"one common name alone", Query{Name: "Mohamed"}, "", "", nil},
		{"two shared parts of four are not enough", Query{Name: "Hawa Omar Abdi Nur"}, "", "", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ms := search(ix, c.q)
			if c.ref == "" {
				if len(ms) != 0 {
					t.Fatalf("want no match, got %+v", ms)
				}
				return
			}
			if len(ms) == 0 || ms[0].Ref != c.ref || ms[0].Strength != c.strength {
				t.Fatalf("want %s %s, got %+v", c.ref, c.strength, ms)
			}
			for _, r := range c.reasons {
				if !slices.Contains(ms[0].Reasons, r) {
					t.Errorf("reason %s missing: %v", r, ms[0].Reasons)
				}
			}
		})
	}
}

func TestSearchAbdiNurMeetsAbdinur(t *testing.T) {
	ix := NewIndex(&List{Entries: []Entry{{Ref: "A", Kind: "individual", Names: []Name{{Full: "Abdinur Mohamed Ali"}}}}})
	ms := search(ix, Query{Name: "Abdi Nur Mohamed Ali"})
	if len(ms) != 1 || ms[0].Tokens[0] != (TokenMatch{"abdi", "abdnur", 1}) || ms[0].Tokens[1] != (TokenMatch{"nur", "abdnur", 1}) {
		t.Fatalf("%+v", ms)
	}
	ix = NewIndex(&List{Entries: []Entry{{Ref: "B", Kind: "individual", Names: []Name{{Full: "Abdi Nur Mohamed Ali"}}}}})
	ms = search(ix, Query{Name: "Cabdinuur Maxamed Cali"})
	if len(ms) != 1 || ms[0].Tokens[0] != (TokenMatch{"abdnur", "abdi nur", 1}) || ms[0].Score != 1 {
		t.Fatalf("%+v", ms)
	}
}

func TestSearchOrderLimitAndThresholds(t *testing.T) {
	var l List
	for i, n := range []string{"Mohamed Abdi Hassan", "Mohamed Abdi Hassan Warsame", "Mohamed Abdi", "Maxamed Cabdi Xasan Jaamac Cilmi"} {
		l.Entries = append(l.Entries, Entry{Ref: string(rune('A' + i)), Kind: "individual", Names: []Name{{Full: n, Quality: "primary"}}})
	}
	ix := NewIndex(&l)
	ms := ix.Search(Query{Name: "Mohamed Abdi Hassan"}, DefaultThresholds(), 0)
	if len(ms) < 3 || ms[0].Ref != "A" {
		t.Fatalf("%+v", ms)
	}
	for i := 1; i < len(ms); i++ {
		if ms[i].Score > ms[i-1].Score {
			t.Errorf("not best first: %+v", ms)
		}
	}
	if got := ix.Search(Query{Name: "Mohamed Abdi Hassan"}, DefaultThresholds(), 2); len(got) != 2 {
		t.Errorf("limit: %d", len(got))
	}
	strict := ix.Search(Query{Name: "Mohamed Abdi Hassan"}, Thresholds{Strong: 1, Possible: 0.99}, 0)
	if len(strict) != 1 || strict[0].Strength != "strong" {
		t.Errorf("strict thresholds: %+v", strict)
	}
	if e, ok := ix.Entry("B"); !ok || e.Names[0].Full != "Mohamed Abdi Hassan Warsame" {
		t.Errorf("Entry: %+v %v", e, ok)
	}
	if _, ok := ix.Entry("Z"); ok {
		t.Error("Entry of an unknown ref")
	}
	if NewIndex().Search(Query{Name: "Ali"}, DefaultThresholds(), 5) != nil || NewIndex(nil).Len() != 0 {
		t.Error("empty index")
	}
}

// TestSearchUsesTheBlockingIndex: a search scores the names that share keys with it, not the list.
func TestSearchUsesTheBlockingIndex(t *testing.T) {
	ix := NewIndex(SyntheticList(20000, 1))
	qt := tokenize("Yaasiin Xirsi Warsame")
	sc := ix.collect(qt, hitsFor(len(qt), 2, 0.85, 0), 0)
	touched := len(sc.touched)
	for _, id := range sc.touched {
		sc.hits[id], sc.seen[id] = 0, 0
	}
	sc.touched = sc.touched[:0]
	ix.scratch.Put(sc)
	if touched == 0 || touched > len(ix.names)/10 {
		t.Errorf("touched %d of %d names", touched, len(ix.names))
	}
}

func TestSearchConcurrently(t *testing.T) {
	ix := fixtureIndex(t)
	want := search(ix, Query{Name: "Maxamed Cabdi Xasan"})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 200 {
				if got := search(ix, Query{Name: "Maxamed Cabdi Xasan"}); len(got) != len(want) || got[0].Score != want[0].Score {
					t.Error("concurrent searches disagree")
					return
				}
				search(ix, Query{Name: "Hussein Ismail"})
			}
		})
	}
	wg.Wait()
}

// FuzzSearch screens arbitrary names (any script, any length) against the fixture lists: no panic,
// scores within 0..1, explanations in valid UTF-8. Part of `make fuzz`.
func FuzzSearch(f *testing.F) {
	for _, s := range []string{"Maxamed Cabdi Xasan", "محمد عبدي حسن", "Abdi Nur", "Sheikh", "al-", "عبد", "Abu", "\xff\xfe", "李小龍 Влади́мир", strings.Repeat("abd ", 40), "Mohamed Mohamed Mohamed"} {
		f.Add(s, "1974")
	}
	ix := fixtureIndex(f)
	f.Fuzz(func(t *testing.T, name, dob string) {
		for _, tok := range Normalize(name) {
			if tok == "" || !utf8.ValidString(tok) {
				t.Fatalf("Normalize(%q): token %q", name, tok)
			}
		}
		for _, m := range ix.Search(Query{Name: name, DateOfBirth: dob}, Thresholds{Strong: 0.9, Possible: 0}, 0) {
			if m.Score < 0 || m.Score > 1 || math.IsNaN(m.Score) || m.Ref == "" || len(m.Tokens) == 0 {
				t.Fatalf("%q: %+v", name, m)
			}
		}
	})
}
