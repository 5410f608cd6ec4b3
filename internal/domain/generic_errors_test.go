package domain

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// genericErrorSites is how many calls to Errorf and FieldError remain in the program's code:
// errors with only their kind as code and an English-only message (issue 17). It may only go
// down: convert a site to E, Invalid and F with a catalogue code, then lower the number here.
const genericErrorSites = 77

// TestNoNewGenericErrors counts the calls to Errorf and FieldError outside tests, in every
// package, and fails when the count moves from genericErrorSites: up is a new error without a
// code, down is a conversion whose number was not lowered, which would let a new one slip in.
func TestNoNewGenericErrors(t *testing.T) {
	var sites []string
	fset := token.NewFileSet()
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "web" || d.Name() == "e2e" || strings.HasPrefix(d.Name(), ".")) && path != "../.." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		inDomain := f.Name.Name == "domain"
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var name string
			switch fun := call.Fun.(type) {
			case *ast.SelectorExpr:
				if x, ok := fun.X.(*ast.Ident); ok && x.Name == "domain" {
					name = fun.Sel.Name
				}
			case *ast.Ident:
				if inDomain {
					name = fun.Name
				}
			}
			if name == "Errorf" || name == "FieldError" {
				sites = append(sites, fset.Position(call.Pos()).String())
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	switch n := len(sites); {
	case n > genericErrorSites:
		t.Errorf("%d calls to Errorf/FieldError, more than %d: give new errors a catalogue code (E, Invalid, F). Sites:\n%s",
			n, genericErrorSites, strings.Join(sites, "\n"))
	case n < genericErrorSites:
		t.Errorf("%d calls to Errorf/FieldError remain: lower genericErrorSites from %d to %d", n, genericErrorSites, n)
	}
}
