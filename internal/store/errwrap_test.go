package store

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// Every exported method of Store and Tx that can fail says what failed: its first statement
// defers wrap, so that an internal error in the log names the query (see wrap). Close and
// Rollback are left out: their callers ignore or already name their errors.
func TestExportedMethodsWrapTheirErrors(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || !fn.Name.IsExported() || fn.Name.Name == "Close" || fn.Name.Name == "Rollback" {
				continue
			}
			star, ok := fn.Recv.List[0].Type.(*ast.StarExpr)
			if !ok || (star.X.(*ast.Ident).Name != "Store" && star.X.(*ast.Ident).Name != "Tx") {
				continue
			}
			res := fn.Type.Results
			if res == nil || len(res.List) == 0 {
				continue
			}
			if id, ok := res.List[len(res.List)-1].Type.(*ast.Ident); !ok || id.Name != "error" {
				continue
			}
			checked++
			if !defersWrap(fn.Body) {
				t.Errorf("%s: %s.%s returns an error without `defer wrap(&err, \"what it does\")` first",
					fset.Position(fn.Pos()), star.X.(*ast.Ident).Name, fn.Name.Name)
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d methods checked: the parse missed the package's files", checked)
	}
}

// defersWrap reports whether body starts with a deferred call of wrap.
func defersWrap(body *ast.BlockStmt) bool {
	if len(body.List) == 0 {
		return false
	}
	d, ok := body.List[0].(*ast.DeferStmt)
	if !ok {
		return false
	}
	id, ok := d.Call.Fun.(*ast.Ident)
	return ok && id.Name == "wrap"
}
