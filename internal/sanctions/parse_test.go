package sanctions

import (
	"errors"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
)

func readFixture(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestParseUNXML(t *testing.T) {
	l, err := ParseUNXML(strings.NewReader(readFixture(t, "un_consolidated.xml")))
	if err != nil {
		t.Fatal(err)
	}
	if l.Source != "un" || len(l.Entries) != 7 {
		t.Fatalf("source %q, %d entries", l.Source, len(l.Entries))
	}
	e := l.Entries[0]
	if e.Ref != "SOi.901" || e.Kind != "individual" || e.Listed != "2012-04-12" || !strings.Contains(e.Remarks, "Financier") {
		t.Errorf("entry: %+v", e)
	}
	// Primary name from the name parts, the original script, then the aliases (the empty one skipped).
	wantNames := []Name{
		{Full: "MAXAMED CABDI XASAN", Parts: []string{"MAXAMED", "CABDI", "XASAN"}, Script: "latin", Quality: "primary"},
		{Full: "محمد عبدي حسن", Parts: []string{"محمد", "عبدي", "حسن"}, Script: "arabic", Quality: "good"},
		{Full: "Mohamed Abdi Hassan", Parts: []string{"Mohamed", "Abdi", "Hassan"}, Script: "latin", Quality: "good"},
		{Full: "Muhammad Abdi Hasan Warsame", Parts: []string{"Muhammad", "Abdi", "Hasan", "Warsame"}, Script: "latin", Quality: "good"},
		{Full: "Abu Hamza", Parts: []string{"Abu", "Hamza"}, Script: "latin", Quality: "low"},
	}
	if len(e.Names) != len(wantNames) {
		t.Fatalf("names: %+v", e.Names)
	}
	for i, n := range wantNames {
		g := e.Names[i]
		if g.Full != n.Full || !slices.Equal(g.Parts, n.Parts) || g.Script != n.Script || g.Quality != n.Quality {
			t.Errorf("name %d: %+v, want %+v", i, g, n)
		}
	}
	if !slices.Equal(e.DatesOfBirth, []string{"1974-03-15"}) || !slices.Equal(e.Nationalities, []string{"SO"}) {
		t.Errorf("dob %v nationality %v", e.DatesOfBirth, e.Nationalities)
	}
	if got := l.Entries[1]; !slices.Equal(got.DatesOfBirth, []string{"1968"}) || !slices.Equal(got.Nationalities, []string{"SO", "KE"}) {
		t.Errorf("year-only date and two nationalities: %v %v", got.DatesOfBirth, got.Nationalities)
	}
	if got := l.Entries[2]; !slices.Equal(got.DatesOfBirth, []string{"1979", "1980", "1981"}) || got.Names[0].Full != "HUSSEIN ISMAIL OSMAN FARAH" {
		t.Errorf("range of years, four name parts: %v %q", got.DatesOfBirth, got.Names[0].Full)
	}
	if got := l.Entries[4]; len(got.DatesOfBirth) != 2 || got.Nationalities[0] != "YE" {
		t.Errorf("two dates of birth: %v %v", got.DatesOfBirth, got.Nationalities)
	}
	ent := l.Entries[5]
	if ent.Kind != "entity" || ent.Ref != "SOe.901" || len(ent.Names) != 4 || ent.Names[3].Quality != "good" || ent.Names[1].Script != "arabic" {
		t.Errorf("entity: %+v", ent)
	}
}

func TestParseUNXMLRefusesBadFiles(t *testing.T) {
	good := readFixture(t, "un_consolidated.xml")
	cut := good[:strings.Index(good, "<FIRST_NAME>FAADUMO")+5] // inside a tag
	cases := []struct {
		name, in, element string
		line              int
	}{
		{"truncated", cut, "INDIVIDUAL", 63},
		{"truncated between elements", good[:strings.Index(good, "<ENTITIES>")], "CONSOLIDATED_LIST", 0},
		{"mismatched tag", strings.Replace(good, "</SECOND_NAME>", "</SECOND_NAMEX>", 1), "SECOND_NAME", 10},
		{"not XML", "ref,kind,name\n1,2,3\n", "", 0},
		{"wrong root", `<LIST><INDIVIDUALS/></LIST>`, "LIST", 1},
		{"no entries", `<CONSOLIDATED_LIST><INDIVIDUALS/><ENTITIES/></CONSOLIDATED_LIST>`, "CONSOLIDATED_LIST", 1},
		{"empty file", "", "", 0},
		{"entry without reference", strings.Replace(good, "<REFERENCE_NUMBER>SOi.902</REFERENCE_NUMBER>", "", 1), "INDIVIDUAL", 31},
		{"entry without a name", strings.Replace(good, "<FIRST_NAME>FAADUMO</FIRST_NAME>\n      <SECOND_NAME>YUUSUF</SECOND_NAME>\n      <THIRD_NAME>AADAN</THIRD_NAME>", "", 1), "INDIVIDUAL", 0},
		{"bad date", strings.Replace(good, "1974-03-15", "15/03/1974", 1), "DATE", 0},
		{"duplicate reference", strings.Replace(good, "SOi.902", "SOi.901", 1), "REFERENCE_NUMBER", 37},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l, err := ParseUNXML(strings.NewReader(c.in))
			var pe *ParseError
			if !errors.As(err, &pe) || l != nil {
				t.Fatalf("got %v, %v; want a ParseError and no list", l, err)
			}
			if c.element != "" && pe.Element != c.element {
				t.Errorf("element %q, want %q (%v)", pe.Element, c.element, err)
			}
			if c.line != 0 && pe.Line != c.line {
				t.Errorf("line %d, want %d (%v)", pe.Line, c.line, err)
			}
			if pe.Error() == "" {
				t.Error("empty message")
			}
		})
	}
}

func TestParseDomesticCSV(t *testing.T) {
	l, err := ParseDomesticCSV(strings.NewReader("\ufeff" + readFixture(t, "domestic.csv")))
	if err != nil {
		t.Fatal(err)
	}
	if l.Source != "domestic" || len(l.Entries) != 4 {
		t.Fatalf("%q %d", l.Source, len(l.Entries))
	}
	e := l.Entries[0]
	if e.Ref != "CBS-2024-001" || e.Kind != "individual" || len(e.Names) != 3 || e.Names[0].Quality != "primary" || e.Names[2].Full != "Abdurahman Mahmoud Farah" {
		t.Errorf("entry: %+v", e)
	}
	if got := l.Entries[1]; !slices.Equal(got.Nationalities, []string{"SO", "KE"}) || !slices.Equal(got.DatesOfBirth, []string{"1990"}) {
		t.Errorf("%v %v", got.Nationalities, got.DatesOfBirth)
	}
	if got := l.Entries[2]; got.Kind != "entity" || got.Remarks != "Fictional company, name, with commas" || len(got.DatesOfBirth) != 0 {
		t.Errorf("entity: %+v", got)
	}
	if got := l.Entries[3]; got.Nationalities[0] != "ET" || got.Names[2].Script != "arabic" || len(got.DatesOfBirth) != 2 {
		t.Errorf("%+v", got)
	}
}

func TestParseDomesticCSVRefusesBadFiles(t *testing.T) {
	header := "ref,kind,name,aliases,date_of_birth,nationality,listed_on,remarks\n"
	row := "CBS-1,individual,Ali Jama,,1970,SO,2024-01-01,\n"
	cases := []struct {
		name, in, element string
		line              int
	}{
		{"empty", "", "", 1},
		{"header only", header, "", 2},
		{"wrong header", "id,kind,name,aliases,date_of_birth,nationality,listed_on,remarks\n" + row, "id", 1},
		{"missing column", "ref,kind,name\n", "", 1},
		{"short row", header + row + "CBS-2,individual,Ali\n", "", 3},
		{"bad kind", header + row + "CBS-2,person,Ali Jama,,,,,\n", "kind", 3},
		{"empty name", header + row + "CBS-2,individual,,,,,,\n", "name", 3},
		{"empty ref", header + ",individual,Ali,,,,,\n", "ref", 2},
		{"bad date of birth", header + row + "CBS-2,individual,Ali Jama,,02/03/1970,,,\n", "date_of_birth", 3},
		{"duplicate ref", header + row + row, "ref", 3},
		{"bad quoting", header + row + "CBS-2,individual,\"Ali,,,,,\n", "", 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l, err := ParseDomesticCSV(strings.NewReader(c.in))
			var pe *ParseError
			if !errors.As(err, &pe) || l != nil {
				t.Fatalf("got %v, %v; want a ParseError and no list", l, err)
			}
			if pe.Element != c.element || pe.Line != c.line {
				t.Errorf("line %d element %q, want line %d element %q (%v)", pe.Line, pe.Element, c.line, c.element, err)
			}
		})
	}
}

// FuzzParseLists feeds arbitrary bytes to both parsers: a list with entries or a *ParseError, never
// a panic or another error. Part of `make fuzz`.
func FuzzParseLists(f *testing.F) {
	f.Add(readFixture(f, "un_consolidated.xml"))
	f.Add(readFixture(f, "domestic.csv"))
	f.Add("<CONSOLIDATED_LIST><INDIVIDUALS><INDIVIDUAL><FIRST_NAME>A</FIRST_NAME>")
	f.Fuzz(func(t *testing.T, in string) {
		for _, parse := range []func(r io.Reader) (*List, error){ParseUNXML, ParseDomesticCSV} {
			l, err := parse(strings.NewReader(in))
			var pe *ParseError
			switch {
			case err != nil && !errors.As(err, &pe):
				t.Fatalf("error %T %v", err, err)
			case err == nil && (l == nil || len(l.Entries) == 0):
				t.Fatal("no error and no entries")
			}
		}
	})
}
