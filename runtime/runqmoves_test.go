package runtime

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"slices"
	"testing"
)

// runqWriters reads the engine's source (hooks.go and startup.go aside:
// an exercise's hooks set the queues a learner's function returns, and
// the start-up builds the queues main.main starts with) and returns, for
// each place, the functions that put a G there: runnext (an assignment
// to a runnext other than nilIdx), the ring (an assignment to a runq
// element) or the global queue (gqPushBack or gqPushFront on sched.runq);
// and, for each place, the functions that take a G from it: runnext (an
// assignment of nilIdx to it), the ring (runqhead moved on) or the
// global queue (gqPop on sched.runq). calls is each function's callees.
func runqWriters(t *testing.T) (into, from map[runqPlace][]string, calls map[string][]string) {
	into, from, calls = map[runqPlace][]string{}, map[runqPlace][]string{}, map[string][]string{}
	add := func(m map[runqPlace][]string, q runqPlace, fn string) {
		if !slices.Contains(m[q], fn) {
			m[q] = append(m[q], fn)
		}
	}
	global := func(e ast.Expr) bool { // &mc.sched.runq
		u, ok := e.(*ast.UnaryExpr)
		if !ok {
			return false
		}
		sel, ok := u.X.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "runq" {
			return false
		}
		in, ok := sel.X.(*ast.SelectorExpr)
		return ok && in.Sel.Name == "sched"
	}
	engineFuncs(t, func(fset *token.FileSet, fn *ast.FuncDecl) {
		if f := filepath.Base(fset.Position(fn.Pos()).Filename); f == "hooks.go" || f == "startup.go" {
			return
		}
		name := fn.Name.Name
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					switch l := l.(type) {
					case *ast.SelectorExpr:
						if l.Sel.Name == "runnext" && i < len(n.Rhs) {
							if id, ok := n.Rhs[i].(*ast.Ident); ok && id.Name == "nilIdx" {
								add(from, qRunnext, name)
							} else {
								add(into, qRunnext, name)
							}
						}
						if l.Sel.Name == "runqhead" {
							add(from, qRing, name)
						}
					case *ast.IndexExpr:
						if sel, ok := l.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "runq" {
							add(into, qRing, name)
						}
					}
				}
			case *ast.IncDecStmt:
				if sel, ok := n.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "runqhead" && n.Tok == token.INC {
					add(from, qRing, name)
				}
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				calls[name] = append(calls[name], sel.Sel.Name)
				switch sel.Sel.Name {
				case "gqPushBack", "gqPushFront":
					if global(n.Args[0]) {
						add(into, qGlobal, name)
					}
				case "gqPop":
					if global(n.Args[0]) {
						add(from, qGlobal, name)
					}
				}
			}
			return true
		})
	})
	return into, from, calls
}

// The run queues' figure (runqMoves) is what the engine's source does:
// every function that puts a G into runnext, a ring or the global queue
// is a move into that place, and every move's function puts the G where
// the move ends, itself or through a function that does; a move to
// running takes the G from where it starts (runnext, the ring's head, the
// global queue's, or another P's through runqgrab).
func TestRunqMovesAreTheCallSites(t *testing.T) {
	into, from, calls := runqWriters(t)
	does := func(m map[runqPlace][]string, q runqPlace, fn string) bool {
		if slices.Contains(m[q], fn) {
			return true
		}
		for _, c := range calls[fn] {
			if slices.Contains(m[q], c) {
				return true
			}
		}
		return false
	}
	table := map[runqPlace][]string{}
	for _, r := range runqMoves {
		for _, s := range r.by {
			if !slices.Contains(table[r.to], s.fn) {
				table[r.to] = append(table[r.to], s.fn)
			}
			switch {
			case r.to != qRunning && !does(into, r.to, s.fn):
				t.Errorf("runqMoves has %s → %s by %s, which puts no G in %s", r.from, r.to, s.fn, r.to)
			case r.to == qRunning && r.from == qOtherP && !slices.Contains(calls[s.fn], "runqgrab"):
				t.Errorf("runqMoves has %s → running by %s, which does not call runqgrab", r.from, s.fn)
			case r.to == qRunning && r.from != qOtherP && !does(from, r.from, s.fn):
				t.Errorf("runqMoves has %s → running by %s, which takes no G from %s", r.from, s.fn, r.from)
			}
		}
	}
	for _, q := range []runqPlace{qRunnext, qRing, qGlobal} {
		for _, fn := range into[q] {
			if !slices.Contains(table[q], fn) {
				t.Errorf("%s puts a G in %s, a move runqMoves (runtime/runqmoves.go) does not have", fn, q)
			}
		}
	}
	sm := RunqMoves()
	if want := []string{"made runnable", "runnext", "ring", "global queue", "another P", "running"}; !slices.Equal(sm.States, want) {
		t.Errorf("RunqMoves().States = %v, want %v", sm.States, want)
	}
	for _, e := range sm.Edges {
		for _, f := range e.By {
			if f.Own {
				t.Errorf("%s → %s by %s: the run queues' moves are all the real runtime's", e.From, e.To, f.Name)
			}
		}
	}
}
