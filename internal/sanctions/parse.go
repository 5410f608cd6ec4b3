package sanctions

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
)

// ParseUNXML parses the UN Security Council Consolidated List XML (CONSOLIDATED_LIST with
// INDIVIDUALS/INDIVIDUAL and ENTITIES/ENTITY). A malformed or truncated file, an entry without a
// reference or a name, or a file without entries is refused whole with the line and element at fault.
func ParseUNXML(r io.Reader) (*List, error) {
	d := xml.NewDecoder(r)
	var stack []string
	var text strings.Builder
	var cur *unEntry
	var alias *Name
	var dob unDOB
	list := &List{Source: "un"}
	seen := map[string]int{}
	line := func() int { l, _ := d.InputPos(); return l }
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				el := ""
				if len(stack) > 0 {
					el = stack[len(stack)-1]
				}
				msg := se.Msg
				if strings.Contains(msg, "unexpected EOF") {
					msg = "file ends inside <" + el + "> (truncated?)"
				}
				return nil, &ParseError{Line: se.Line, Element: el, Msg: msg}
			}
			return nil, &ParseError{Line: line(), Msg: err.Error()}
		}
		switch t := tok.(type) {
		case xml.StartElement:
			name := t.Name.Local
			if len(stack) == 0 && name != "CONSOLIDATED_LIST" {
				return nil, &ParseError{Line: line(), Element: name, Msg: "not a UN consolidated list (root element must be CONSOLIDATED_LIST)"}
			}
			stack = append(stack, name)
			text.Reset()
			switch name {
			case "INDIVIDUAL", "ENTITY":
				if len(stack) == 3 {
					cur = &unEntry{line: line()}
					cur.Kind = "individual"
					if name == "ENTITY" {
						cur.Kind = "entity"
					}
				}
			case "INDIVIDUAL_ALIAS", "ENTITY_ALIAS":
				alias = &Name{Quality: "good"}
			case "INDIVIDUAL_DATE_OF_BIRTH":
				dob = unDOB{}
			}
		case xml.CharData:
			if text.Len() < 64<<10 {
				text.Write(t)
			}
		case xml.EndElement:
			name := t.Name.Local
			stack = stack[:len(stack)-1]
			v := strings.TrimSpace(text.String())
			text.Reset()
			if cur == nil {
				continue
			}
			parent := ""
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			switch {
			case name == "INDIVIDUAL" || name == "ENTITY":
				if len(stack) != 2 {
					continue
				}
				e, err := cur.finish()
				if err != nil {
					return nil, err
				}
				if first, dup := seen[e.Ref]; dup {
					return nil, &ParseError{Line: cur.refLine, Element: "REFERENCE_NUMBER", Msg: fmt.Sprintf("reference %s already listed at line %d", e.Ref, first)}
				}
				seen[e.Ref] = cur.refLine
				list.Entries = append(list.Entries, e)
				cur = nil
			case (parent == "INDIVIDUAL" || parent == "ENTITY") && strings.HasSuffix(name, "_NAME") && name != "NAME_ORIGINAL_SCRIPT":
				if i := namePartIndex(name); i >= 0 && v != "" {
					cur.parts[i] = v
				}
			case name == "NAME_ORIGINAL_SCRIPT":
				cur.original = v
			case name == "REFERENCE_NUMBER":
				cur.Ref, cur.refLine = v, line()
			case name == "LISTED_ON":
				cur.Listed = v
			case name == "COMMENTS1":
				cur.Remarks = v
			case name == "VALUE" && parent == "NATIONALITY" && v != "":
				cur.Nationalities = append(cur.Nationalities, normalizeNationality(v))
			case name == "QUALITY" && alias != nil:
				if strings.EqualFold(v, "low") {
					alias.Quality = "low"
				}
			case name == "ALIAS_NAME" && alias != nil:
				alias.Full = v
			case (name == "INDIVIDUAL_ALIAS" || name == "ENTITY_ALIAS") && alias != nil:
				if alias.Full != "" {
					cur.aliases = append(cur.aliases, *alias)
				}
				alias = nil
			case parent == "INDIVIDUAL_DATE_OF_BIRTH":
				if err := dob.set(name, v); err != nil {
					return nil, &ParseError{Line: line(), Element: name, Msg: err.Error()}
				}
			case name == "INDIVIDUAL_DATE_OF_BIRTH":
				cur.DatesOfBirth = append(cur.DatesOfBirth, dob.dates()...)
			}
		}
	}
	if len(stack) > 0 {
		return nil, &ParseError{Line: line(), Element: stack[len(stack)-1], Msg: "file ends inside <" + stack[len(stack)-1] + "> (truncated?)"}
	}
	if len(list.Entries) == 0 {
		return nil, &ParseError{Line: line(), Element: "CONSOLIDATED_LIST", Msg: "the list has no entries"}
	}
	return list, nil
}

type unEntry struct {
	Entry
	line     int // where the entry starts
	refLine  int // where its REFERENCE_NUMBER is
	parts    [4]string
	original string
	aliases  []Name
}

func namePartIndex(el string) int {
	for i, n := range []string{"FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME"} {
		if el == n {
			return i
		}
	}
	return -1
}

func (u *unEntry) finish() (Entry, error) {
	el := strings.ToUpper(u.Kind)
	if u.Ref == "" {
		return Entry{}, &ParseError{Line: u.line, Element: el, Msg: "entry without REFERENCE_NUMBER"}
	}
	var parts []string
	for _, p := range u.parts {
		if p != "" {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 {
		return Entry{}, &ParseError{Line: u.line, Element: el, Msg: "entry " + u.Ref + " has no FIRST_NAME"}
	}
	e := u.Entry
	full := strings.Join(parts, " ")
	e.Names = append(e.Names, Name{Full: full, Parts: parts, Script: scriptOf(full), Quality: "primary"})
	if u.original != "" {
		e.Names = append(e.Names, newName(u.original, "good"))
	}
	for _, a := range u.aliases {
		e.Names = append(e.Names, newName(a.Full, a.Quality))
	}
	return e, nil
}

func newName(full, quality string) Name {
	return Name{Full: full, Parts: strings.Fields(full), Script: scriptOf(full), Quality: quality}
}

// unDOB collects one INDIVIDUAL_DATE_OF_BIRTH: an exact DATE, a YEAR, or a FROM_YEAR..TO_YEAR range.
type unDOB struct {
	date       string
	year, from int
	to         int
}

func (u *unDOB) set(el, v string) error {
	if v == "" {
		return nil
	}
	switch el {
	case "DATE":
		if !validDate(v) {
			return fmt.Errorf("date %q is not YYYY-MM-DD", v)
		}
		u.date = v[:10]
	case "YEAR", "FROM_YEAR", "TO_YEAR":
		y, err := strconv.Atoi(v)
		if err != nil || y < 1800 || y > 2100 {
			return fmt.Errorf("year %q is not a year", v)
		}
		switch el {
		case "YEAR":
			u.year = y
		case "FROM_YEAR":
			u.from = y
		default:
			u.to = y
		}
	}
	return nil
}

// dates lists an exact date, a year, or each year of a range (ranges on the list span a few years).
func (u *unDOB) dates() []string {
	switch {
	case u.date != "":
		return []string{u.date}
	case u.year != 0:
		return []string{strconv.Itoa(u.year)}
	case u.from != 0 && u.to >= u.from && u.to-u.from <= 20:
		var out []string
		for y := u.from; y <= u.to; y++ {
			out = append(out, strconv.Itoa(y))
		}
		return out
	}
	return nil
}

// validDate accepts YYYY-MM-DD (the UN list adds a time zone to some: 1965-01-01+00:00).
func validDate(v string) bool {
	if len(v) < 10 {
		return false
	}
	for i, c := range v[:10] {
		if i == 4 || i == 7 {
			if c != '-' {
				return false
			}
		} else if c < '0' || c > '9' {
			return false
		}
	}
	m, _ := strconv.Atoi(v[5:7])
	d, _ := strconv.Atoi(v[8:10])
	return m >= 1 && m <= 12 && d >= 1 && d <= 31
}

// domesticHeader is the header of the central bank's list, documented in docs/SANCTIONS.md.
var domesticHeader = []string{"ref", "kind", "name", "aliases", "date_of_birth", "nationality", "listed_on", "remarks"}

// ParseDomesticCSV parses the central bank's domestic list: UTF-8 CSV with the header
// ref,kind,name,aliases,date_of_birth,nationality,listed_on,remarks (aliases, dates of birth and
// nationalities ;-separated). A wrong header or a bad row refuses the whole file, naming the line.
func ParseDomesticCSV(r io.Reader) (*List, error) {
	br := bufio.NewReader(r)
	if b, err := br.Peek(3); err == nil && bytes.Equal(b, []byte("\xef\xbb\xbf")) {
		_, _ = br.Discard(3)
	}
	cr := csv.NewReader(br)
	cr.FieldsPerRecord = len(domesticHeader)
	header, err := cr.Read()
	if err == io.EOF {
		return nil, &ParseError{Line: 1, Msg: "the file is empty"}
	}
	if err != nil {
		return nil, csvError(err)
	}
	for i, h := range header {
		if strings.ToLower(strings.TrimSpace(h)) != domesticHeader[i] {
			return nil, &ParseError{Line: 1, Element: h, Msg: "header must be " + strings.Join(domesticHeader, ",")}
		}
	}
	list := &List{Source: "domestic"}
	seen := map[string]int{}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, csvError(err)
		}
		line, _ := cr.FieldPos(0)
		bad := func(col int, msg string) error {
			return &ParseError{Line: line, Element: domesticHeader[col], Msg: msg}
		}
		for i := range rec {
			rec[i] = strings.TrimSpace(rec[i])
		}
		e := Entry{Ref: rec[0], Kind: strings.ToLower(rec[1]), Listed: rec[6], Remarks: rec[7]}
		switch {
		case e.Ref == "":
			return nil, bad(0, "reference is empty")
		case seen[e.Ref] > 0:
			return nil, bad(0, fmt.Sprintf("reference %s already listed at line %d", e.Ref, seen[e.Ref]))
		case e.Kind != "individual" && e.Kind != "entity":
			return nil, bad(1, "kind must be individual or entity")
		case rec[2] == "":
			return nil, bad(2, "name is empty")
		}
		seen[e.Ref] = line
		e.Names = append(e.Names, newName(rec[2], "primary"))
		e.Names[0].Quality = "primary"
		for _, a := range splitList(rec[3]) {
			e.Names = append(e.Names, newName(a, "good"))
		}
		for _, d := range splitList(rec[4]) {
			if !(len(d) == 4 && isDigits(d)) && !(len(d) == 10 && validDate(d)) {
				return nil, bad(4, fmt.Sprintf("date of birth %q is not YYYY or YYYY-MM-DD", d))
			}
			e.DatesOfBirth = append(e.DatesOfBirth, d)
		}
		for _, n := range splitList(rec[5]) {
			e.Nationalities = append(e.Nationalities, normalizeNationality(n))
		}
		list.Entries = append(list.Entries, e)
	}
	if len(list.Entries) == 0 {
		return nil, &ParseError{Line: 2, Msg: "the list has no entries"}
	}
	return list, nil
}

func csvError(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &ParseError{Line: pe.Line, Msg: pe.Err.Error()}
	}
	return &ParseError{Msg: err.Error()}
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ";") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// scriptOf names the script of a name from its letters: "arabic" when any Arabic letter appears,
// "latin" when all letters are Latin, else "other".
func scriptOf(s string) string {
	script := "latin"
	for _, r := range s {
		switch {
		case isArabicLetter(r):
			return "arabic"
		case unicode.IsLetter(r) && !unicode.Is(unicode.Latin, r):
			script = "other"
		}
	}
	return script
}

// normalizeNationality turns a country as lists write it ("Somalia", "so") into its ISO 3166
// alpha-2 code when known, and otherwise keeps it as written.
func normalizeNationality(s string) string {
	s = strings.TrimSpace(s)
	if len(s) == 2 {
		return strings.ToUpper(s)
	}
	if c, ok := countryCodes[strings.ToLower(s)]; ok {
		return c
	}
	return s
}

// countryCodes: the nationalities that appear on the lists this portal screens against.
var countryCodes = map[string]string{
	"somalia": "SO", "somali": "SO", "kenya": "KE", "kenyan": "KE", "ethiopia": "ET", "ethiopian": "ET",
	"djibouti": "DJ", "eritrea": "ER", "yemen": "YE", "yemeni": "YE", "saudi arabia": "SA", "sudan": "SD",
	"south sudan": "SS", "egypt": "EG", "iraq": "IQ", "syria": "SY", "syrian arab republic": "SY",
	"afghanistan": "AF", "pakistan": "PK", "libya": "LY", "tunisia": "TN", "algeria": "DZ", "morocco": "MA",
	"mali": "ML", "niger": "NE", "nigeria": "NG", "chad": "TD", "mauritania": "MR", "jordan": "JO",
	"kuwait": "KW", "qatar": "QA", "united arab emirates": "AE", "oman": "OM", "bahrain": "BH",
	"iran (islamic republic of)": "IR", "iran": "IR", "lebanon": "LB", "turkey": "TR", "türkiye": "TR",
	"united republic of tanzania": "TZ", "tanzania": "TZ", "uganda": "UG", "indonesia": "ID",
	"philippines": "PH", "malaysia": "MY", "russian federation": "RU", "united kingdom": "GB",
	"united kingdom of great britain and northern ireland": "GB", "united states": "US",
	"united states of america": "US", "france": "FR", "germany": "DE", "sweden": "SE", "norway": "NO",
	"netherlands": "NL", "canada": "CA", "democratic republic of the congo": "CD",
	"central african republic": "CF",
}
