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

// reasonArg is, for each constructor of errors and faults, the position of its catalogue code.
var reasonArg = map[string]int{"E": 1, "Invalid": 0, "InvalidWith": 0, "F": 0, "Named": 0}

// TestErrorsNameCatalogueCodes walks the program's code (not its tests) so that every error
// answer stays in the reader's language (issue 17): an error or fault is made with E, Invalid,
// InvalidWith, F or Named and a code constant, never with text written in place (a string
// literal or a sum of them, which the catalogue would not know), and no package builds an
// Error of its own, whose message would be English only.
func TestErrorsNameCatalogueCodes(t *testing.T) {
	var bad []string
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
			switch n := n.(type) {
			case *ast.CompositeLit:
				if sel, ok := n.Type.(*ast.SelectorExpr); ok && !inDomain && sel.Sel.Name == "Error" {
					if x, ok := sel.X.(*ast.Ident); ok && x.Name == "domain" {
						bad = append(bad, fset.Position(n.Pos()).String()+": a domain.Error built in place")
					}
				}
			case *ast.CallExpr:
				name := domainFunc(n.Fun, inDomain)
				i, ok := reasonArg[name]
				if ok && i < len(n.Args) && writtenText(n.Args[i]) {
					bad = append(bad, fset.Position(n.Pos()).String()+": "+name+" with text instead of a code constant")
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) > 0 {
		t.Errorf("errors without a catalogue code (add one to errcodes.go and internal/i18n):\n%s", strings.Join(bad, "\n"))
	}
}

// domainFunc is the name of the package domain's function that fun calls, or "".
func domainFunc(fun ast.Expr, inDomain bool) string {
	switch fun := fun.(type) {
	case *ast.SelectorExpr:
		if x, ok := fun.X.(*ast.Ident); ok && x.Name == "domain" {
			return fun.Sel.Name
		}
	case *ast.Ident:
		if inDomain {
			return fun.Name
		}
	}
	return ""
}

// writtenText reports whether e is a string literal or built from some.
func writtenText(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.BasicLit:
		return e.Kind == token.STRING
	case *ast.BinaryExpr:
		return writtenText(e.X) || writtenText(e.Y)
	case *ast.ParenExpr:
		return writtenText(e.X)
	}
	return false
}
