package runtime

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// engineFuncs parses the engine's source (its non-test files) and calls
// visit with every function declaration.
func engineFuncs(t *testing.T, visit func(fset *token.FileSet, fn *ast.FuncDecl)) {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Body != nil {
				visit(fset, fn)
			}
		}
	}
}

// setpstatusSites returns every setpstatus call in the engine's source as
// "→ new by FUNC", FUNC the function it is in. A call's status must be a
// _P constant and its by the name of the function it is in, so that the
// table can be checked; nothing else assigns a P's status.
func setpstatusSites(t *testing.T) []string {
	names := map[string]pstatus{}
	for _, s := range []pstatus{_Pidle, _Prunning, _Pgcstop, _Pdead} {
		names["_P"+s.String()] = s
	}
	var sites []string
	engineFuncs(t, func(fset *token.FileSet, fn *ast.FuncDecl) {
		if fn.Name.Name == "setpstatus" {
			return
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && sel.Sel.Name == "status" {
						for _, r := range n.Rhs {
							if id, ok := r.(*ast.Ident); ok && strings.HasPrefix(id.Name, "_P") {
								t.Errorf("%s: %s assigns a P's status: use setpstatus", fset.Position(n.Pos()), fn.Name.Name)
							}
						}
					}
				}
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "setpstatus" {
					return true
				}
				id, ok := n.Args[1].(*ast.Ident)
				st, known := names[id.Name]
				if !ok || !known {
					t.Fatalf("%s: setpstatus's status must be a _P constant, so that the table can be checked: got %s", fset.Position(n.Pos()), n.Args[1])
				}
				by := ""
				if lit, ok := n.Args[2].(*ast.BasicLit); ok {
					by, _ = strconv.Unquote(lit.Value)
				}
				if by != fn.Name.Name {
					t.Errorf("%s: setpstatus's by must be the function it is in, %q", fset.Position(n.Pos()), fn.Name.Name)
				}
				sites = append(sites, "→ "+st.String()+" by "+fn.Name.Name)
			}
			return true
		})
	})
	slices.Sort(sites)
	return slices.Compact(sites)
}

// The P state machine (pTransitions) is what the engine's setpstatus calls
// make: every call's status and function is a row's destination and one
// of its functions, and every row's function has such a call (the source
// shows where a P goes and who sends it; setpstatus checks where it comes
// from as it runs). Nothing but setpstatus assigns a P's status.
func TestPTransitionsAreTheCallSites(t *testing.T) {
	sm := PStateMachine()
	var table []string
	for _, tr := range sm.Edges {
		for _, by := range tr.By {
			table = append(table, "→ "+tr.To+" by "+by.Engine)
		}
	}
	slices.Sort(table)
	table = slices.Compact(table)
	sites := setpstatusSites(t)
	for _, s := range sites {
		if !slices.Contains(table, s) {
			t.Errorf("the engine makes %s, which pTransitions (runtime/pstates.go) does not have", s)
		}
	}
	for _, s := range table {
		if !slices.Contains(sites, s) {
			t.Errorf("pTransitions has %s, which no setpstatus call in the engine makes", s)
		}
	}
	if want := []string{"idle", "running", "gcstop", "dead"}; !slices.Equal(sm.States, want) {
		t.Errorf("PStateMachine().States = %v, want %v", sm.States, want)
	}
}

// setpstatus refuses a change the state machine does not have, and one
// made by a function its row does not name, as gmplab's bugs.
func TestSetpstatusRefusesAnUndeclaredEdge(t *testing.T) {
	for _, c := range []struct {
		to   pstatus
		by   string
		want string
	}{
		{_Pdead, "pdestroy", "P1 gcstop → dead by pdestroy is not in the state machine"},
		{_Prunning, "acquirep", "P1 gcstop → running by acquirep is not in the state machine"},
	} {
		mc := newTestMachine(t, 2)
		mc.allp[1].status = _Pgcstop
		func() {
			defer func() {
				if r, _ := recover().(string); !strings.Contains(r, c.want) {
					t.Errorf("want setpstatus to refuse %q, got %q", c.want, r)
				}
			}()
			mc.setpstatus(1, c.to, c.by)
		}()
	}
}
