package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"testing"
)

// codeFiles are where the error codes are defined, once each.
var codeFiles = []string{"../domain/errcodes.go", "../httpapi/errcodes.go"}

// definedCodes reads the string constants of the code files.
func definedCodes(t *testing.T) map[string]string {
	t.Helper()
	codes := map[string]string{"internal": "domain.EINTERNAL"} // the 500's message
	for _, file := range codeFiles {
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			for i, v := range spec.Values {
				lit, ok := v.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				code, _ := strconv.Unquote(lit.Value)
				if prev, dup := codes[code]; dup {
					t.Errorf("code %q is defined twice: %s and %s", code, prev, spec.Names[i].Name)
				}
				codes[code] = spec.Names[i].Name
			}
			return true
		})
	}
	if len(codes) < 20 {
		t.Fatalf("found only %d codes in %v", len(codes), codeFiles)
	}
	return codes
}

var param = regexp.MustCompile(`\{[a-zA-Z]+\}`)

// TestCatalogueCoversEveryCode walks the codes and the catalogue: every code has a message in
// every language with the same parameters as the English one, and the catalogue holds no message
// that no code names.
func TestCatalogueCoversEveryCode(t *testing.T) {
	codes := definedCodes(t)
	for code, name := range codes {
		texts := Text(code)
		want := param.FindAllString(texts[EN], -1)
		slices.Sort(want)
		for _, l := range Langs {
			if texts[l] == "" {
				t.Errorf("%s (%q) has no %s message", name, code, l)
				continue
			}
			got := param.FindAllString(texts[l], -1)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("%s in %s has parameters %v, English has %v", code, l, got, want)
			}
		}
	}
	for _, code := range Codes() {
		if _, ok := codes[code]; !ok {
			t.Errorf("the catalogue has %q, which no code constant names", code)
		}
	}
}

func TestTFillsParametersAndFallsBack(t *testing.T) {
	for _, c := range []struct {
		lang Lang
		want string
	}{
		{EN, "Your role (citizen) may not use this function."},
		{SO, "Doorkaaga (citizen) ma isticmaali karo hawshan."},
		{FR, "Votre rôle (citizen) ne permet pas d'utiliser cette fonction."},
		{Lang("de"), "Your role (citizen) may not use this function."},
	} {
		if got, ok := T(c.lang, "role_forbidden", Args{"role": "citizen"}); !ok || got != c.want {
			t.Errorf("T(%s) = %q, %v; want %q", c.lang, got, ok, c.want)
		}
	}
	if got, ok := T(SO, "no such code", nil); ok || got != "" {
		t.Errorf("an unknown code answered %q, %v", got, ok)
	}
}

func TestLanguageOfRequests(t *testing.T) {
	for header, want := range map[string]Lang{
		"":                            EN,
		"so":                          SO,
		"so-SO,en;q=0.8":              SO,
		"de-DE,fr;q=0.7,so;q=0.9":     SO,
		"fr-FR":                       FR,
		"de, ja":                      EN, // nothing the catalogue has: English, without error
		"en;q=0.2, so;q=bad, fr;q=0.": EN, // a bad q and q=0 do not count
		"so;q=0":                      EN,
		"xx-invalid;;;":               EN,
	} {
		if got := FromAcceptLanguage(header); got != want {
			t.Errorf("FromAcceptLanguage(%q) = %s, want %s", header, got, want)
		}
	}
	if l, ok := Match("klingon"); ok || l != EN {
		t.Errorf("Match(klingon) = %s, %v", l, ok)
	}
}
