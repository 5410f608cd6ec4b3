// Package arch holds the tests that keep Kormeer's layers apart: the domain is plain Go that
// every other package may use, and storage knows nothing of how alerts travel to browsers or how
// requests arrive. A change that couples them fails here, not in a later review.
package arch

import (
	"go/build"
	"strings"
	"testing"
)

const module = "github.com/kormeer/kormeer/"

// deps lists every package of this module that pkg imports, directly or not, and reports
// whether it also imports anything outside the standard library.
func deps(t *testing.T, pkg string) (internal []string, nonStd []string) {
	t.Helper()
	seen := map[string]bool{}
	var walk func(path, from string)
	walk = func(path, from string) {
		if path == "C" {
			return
		}
		// The importer's directory resolves the standard library's own vendored packages.
		p, err := build.Default.Import(path, from, 0)
		if err != nil {
			t.Fatalf("import %s: %v", path, err)
		}
		if path = p.ImportPath; seen[path] {
			return
		}
		seen[path] = true
		if path != pkg {
			switch {
			case strings.HasPrefix(path, module):
				internal = append(internal, path)
			case !p.Goroot:
				nonStd = append(nonStd, path)
			}
		}
		for _, imp := range p.Imports {
			walk(imp, p.Dir)
		}
	}
	walk(pkg, ".")
	return internal, nonStd
}

// TestDomainImportsOnlyTheStandardLibrary: the domain may name its failures' English texts through
// the message catalogue (internal/i18n), a leaf of pure data that itself imports only the standard
// library; nothing else of this module and nothing outside the standard library.
func TestDomainImportsOnlyTheStandardLibrary(t *testing.T) {
	for _, pkg := range []string{"internal/i18n", "internal/domain"} {
		internal, nonStd := deps(t, module+pkg)
		for _, p := range internal {
			if p != module+"internal/i18n" || pkg == "internal/i18n" {
				t.Errorf("%s must import only the standard library (and the catalogue); it imports %s", pkg, p)
			}
		}
		if len(nonStd) > 0 {
			t.Errorf("%s must import only the standard library; it imports %v", pkg, nonStd)
		}
	}
}

func TestStoreKnowsNoTransport(t *testing.T) {
	internal, _ := deps(t, module+"internal/store")
	for _, p := range internal {
		for _, banned := range []string{"internal/realtime", "internal/httpapi"} {
			if strings.HasSuffix(p, banned) {
				t.Errorf("internal/store depends on %s: storage hands alerts to a sink and knows no transport", p)
			}
		}
	}
}
