package runtime

import (
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
)

// mSeen collects the M state changes the package's tests make
// (mTransitionSeen), for TestMain's check that the table is exactly them.
var mSeen struct {
	sync.Mutex
	edges map[[2]mshow]int
}

func TestMain(m *testing.M) {
	flag.Parse()
	if !wholePackage() {
		os.Exit(m.Run())
	}
	mSeen.edges = map[[2]mshow]int{}
	mTransitionSeen = func(from, to mshow) {
		if from == mshowNone || to == mshowNone {
			return
		}
		mSeen.Lock()
		mSeen.edges[[2]mshow{from, to}]++
		mSeen.Unlock()
	}
	code := m.Run()
	if code == 0 {
		if err := mTransitionsTaken(); err != nil {
			fmt.Fprintln(os.Stderr, "FAIL: TestMain:", err)
			code = 1
		}
	}
	os.Exit(code)
}

// wholePackage reports whether every test of the package runs (no -run,
// -skip or -bench, not -short): only then does TestMain watch the Ms'
// changes (every action of every run then looks at every M).
func wholePackage() bool {
	for _, name := range []string{"test.run", "test.skip", "test.bench"} {
		if f := flag.Lookup(name); f == nil || f.Value.String() != "" {
			return false
		}
	}
	return !testing.Short()
}

// mTransitionsTaken: every row of mTransitions was taken by one of the
// package's tests. Every change they made is a row: checkMTransitions
// refuses any other.
func mTransitionsTaken() error {
	var missing []string
	for _, r := range mTransitions {
		if mSeen.edges[[2]mshow{r.from, r.to}] == 0 {
			missing = append(missing, r.from.String()+" → "+r.to.String())
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("mTransitions (runtime/mstates.go) has changes no test of the package makes: %s", strings.Join(missing, "; "))
	}
	return nil
}

// checkMTransitions refuses a change of an M's state the table does not
// have, as a gmplab bug.
func TestCheckMTransitionsRefusesAnUndeclaredEdge(t *testing.T) {
	mc := newTestMachine(t, 1)
	mi := int32(0)
	mc.allm[mi].shown = mshowIdle
	mc.allm[mi].state = mSyscall
	mc.allm[mi].p = 0
	defer func() {
		r, _ := recover().(string)
		if !strings.Contains(r, "M0 idle → syscall is not in the state machine") {
			t.Errorf("want checkMTransitions to refuse idle → syscall, got %q", r)
		}
	}()
	mc.checkMTransitions()
}

// mFields are the fields of the engine's m that mshowOf reads.
var mFields = []string{"state", "spinning", "p", "lockedPark", "exited"}

// Each function an M edge names is a function of the engine's that
// changes what mshowOf reads: it assigns one of the M's fields, or calls
// (through any depth) a function that does.
func TestMTransitionFuncsChangeAnM(t *testing.T) {
	calls := map[string][]string{}
	direct := map[string]bool{}
	engineFuncs(t, func(_ *token.FileSet, fn *ast.FuncDecl) {
		name := fn.Name.Name
		// The names the function gives an M: M := &mc.allm[mi].
		ms := map[string]bool{}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if a, ok := n.(*ast.AssignStmt); ok && len(a.Lhs) == len(a.Rhs) {
				for i, r := range a.Rhs {
					if u, ok := r.(*ast.UnaryExpr); ok && u.Op == token.AND && isAllm(u.X) {
						if id, ok := a.Lhs[i].(*ast.Ident); ok {
							ms[id.Name] = true
						}
					}
				}
			}
			return true
		})
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					if sel, ok := l.(*ast.SelectorExpr); ok && slices.Contains(mFields, sel.Sel.Name) {
						if x, ok := sel.X.(*ast.Ident); ok && ms[x.Name] || isAllm(sel.X) {
							direct[name] = true
						}
					}
				}
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
					calls[name] = append(calls[name], sel.Sel.Name)
				}
			}
			return true
		})
	})
	changes := map[string]bool{}
	for f := range direct {
		changes[f] = true
	}
	for grew := true; grew; {
		grew = false
		for f, cs := range calls {
			if changes[f] {
				continue
			}
			for _, c := range cs {
				if changes[c] {
					changes[f], grew = true, true
					break
				}
			}
		}
	}
	for _, r := range mTransitions {
		for _, s := range r.by {
			if !changes[s.fn] {
				t.Errorf("mTransitions' %s → %s names %s, which changes no M's %s in the engine's source", r.from, r.to, s.fn, strings.Join(mFields, ", "))
			}
		}
	}
	want := []string{"idle", "spinning", "running", "syscall", "syscall (no P)", "netpoll", "locked", "exited"}
	if got := MStateMachine().States; !slices.Equal(got, want) {
		t.Errorf("MStateMachine().States = %v, want %v", got, want)
	}
}

// isAllm reports whether x is mc.allm[i] (or any index of a field allm).
func isAllm(x ast.Expr) bool {
	ix, ok := x.(*ast.IndexExpr)
	if !ok {
		return false
	}
	sel, ok := ix.X.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "allm"
}
