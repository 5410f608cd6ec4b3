// Package doccheck holds the tests that keep the documentation true to the code: every reference
// to the specification names a section of docs/spec, and docs/ARCHITECTURE.md names every package.
package doccheck

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// root is the repository's top directory, from this package's.
const root = "../.."

// specRef is a citation of the specification: a document (000 or 001) and one or more of its
// sections ("001 §2, §4 and §9", "001 §5/§8"). issueRef is a section of an issue ("issue 16 §6"),
// which is not the specification's.
var (
	specRef    = regexp.MustCompile(`\b(000|001) (§\d+(?:(?:, | and |/)§\d+)*)`)
	issueRef   = regexp.MustCompile(`(?i)\bissue \d+ §\d+`)
	sectionNum = regexp.MustCompile(`§(\d+)`)
	heading    = regexp.MustCompile(`(?m)^## (\d+)\. `)
)

// sourceFile reports whether a file of this extension is read for references.
func sourceFile(path string) bool {
	switch filepath.Ext(path) {
	case ".go", ".ts", ".tsx", ".js", ".mjs", ".md", ".sql", ".yaml", ".yml", ".sh":
		return true
	}
	return false
}

// skippedDir reports whether a directory holds no file of ours to check: dependencies, builds,
// the specification itself, and this package, whose patterns spell the § alone.
func skippedDir(rel string) bool {
	switch filepath.Base(rel) {
	case "node_modules", "dist", ".git", "bin", "test-results", "playwright-report":
		return true
	}
	return rel == filepath.Join("docs", "spec") || rel == filepath.Join("internal", "doccheck")
}

// TestSpecReferencesResolve: each "000 §N" or "001 §N" in the code and the docs names a section
// that docs/spec/000.md or 001.md has, and no "§" stands without the document it belongs to, so
// a reader can always follow a reference (docs/spec/README.md).
func TestSpecReferencesResolve(t *testing.T) {
	sections := map[string]map[string]bool{}
	for _, doc := range []string{"000", "001"} {
		b, err := os.ReadFile(filepath.Join(root, "docs", "spec", doc+".md"))
		if err != nil {
			t.Fatal(err)
		}
		sections[doc] = map[string]bool{}
		for _, m := range heading.FindAllStringSubmatch(string(b), -1) {
			sections[doc][m[1]] = true
		}
		if len(sections[doc]) < 9 {
			t.Fatalf("docs/spec/%s.md has %d numbered sections; expected its nine", doc, len(sections[doc]))
		}
	}
	refs := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if rel != "." && skippedDir(rel) {
				return filepath.SkipDir
			}
			return nil
		}
		if !sourceFile(path) {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(b), "\n") {
			if !strings.Contains(line, "§") {
				continue
			}
			for _, m := range specRef.FindAllStringSubmatch(line, -1) {
				for _, n := range sectionNum.FindAllStringSubmatch(m[2], -1) {
					refs++
					if !sections[m[1]][n[1]] {
						t.Errorf("%s:%d: %q names §%s, which docs/spec/%s.md does not have", rel, i+1, m[0], n[1], m[1])
					}
				}
			}
			rest := issueRef.ReplaceAllString(specRef.ReplaceAllString(line, ""), "")
			if strings.Contains(rest, "§") {
				t.Errorf("%s:%d: a § without its document (write 000 §N or 001 §N): %s", rel, i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if refs < 100 {
		t.Fatalf("only %d references found: the walk missed the sources", refs)
	}
}

// TestArchitectureNamesEveryPackage: docs/ARCHITECTURE.md draws every package under internal/,
// so a new package cannot join the code without a place in the picture.
func TestArchitectureNamesEveryPackage(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "docs", "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Join(root, "internal"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && !strings.Contains(string(b), "internal/"+e.Name()) {
			t.Errorf("docs/ARCHITECTURE.md does not name internal/%s", e.Name())
		}
	}
}
