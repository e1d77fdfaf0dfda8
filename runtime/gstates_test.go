package runtime

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"
	"testing"
)

// casgstatusSites returns every casgstatus call in the engine's source (its
// non-test files) as "old → new by FUNC", FUNC the function that makes it.
func casgstatusSites(t *testing.T) []string {
	t.Helper()
	names := map[string]gstatus{}
	for s := range gstatusNames {
		if gstatusNames[s] != "" {
			names["_G"+gstatusNames[s]] = gstatus(s)
		}
	}
	var sites []string
	engineFuncs(t, func(fset *token.FileSet, fn *ast.FuncDecl) {
		if fn.Name.Name == "casgstatus" {
			return
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "casgstatus" {
				return true
			}
			if len(call.Args) != 3 {
				t.Fatalf("%s: casgstatus with %d arguments", fset.Position(call.Pos()), len(call.Args))
			}
			var st [2]gstatus
			for i, a := range call.Args[1:] {
				id, ok := a.(*ast.Ident)
				s, known := names[id.Name]
				if !ok || !known {
					t.Fatalf("%s: casgstatus's statuses must be the _G constants, so that the table can be checked: got %s", fset.Position(call.Pos()), a)
				}
				st[i] = s
			}
			sites = append(sites, st[0].String()+" → "+st[1].String()+" by "+fn.Name.Name)
			return true
		})
	})
	slices.Sort(sites)
	return slices.Compact(sites)
}

// setgstatus puts a test's G straight into status new from old: a
// shortcut to a state (a dead G for the free lists, a G in a system call
// for sysmon) that the engine reaches by a longer path, not a transition
// of the state machine.
func setgstatus(mc *Machine, gi int32, old, new gstatus) {
	if mc.allg[gi].status != old {
		panic("setgstatus: G is " + mc.allg[gi].status.String() + ", want " + old.String())
	}
	mc.allg[gi].status = new
}

// proc.go: casgstatus. The state machine (gTransitions) is exactly what
// the engine's casgstatus calls make: each call's statuses and the
// function it is in, read from the engine's source, are an edge of the
// table labelled with that function, and every edge and label of the
// table is such a call. A diagram drawn from the table therefore shows
// every change the engine can make and no other.
func TestGTransitionsAreTheCallSites(t *testing.T) {
	sm := GStateMachine()
	var table []string
	for _, tr := range sm.Edges {
		for _, by := range tr.By {
			table = append(table, tr.From+" → "+tr.To+" by "+by.Engine)
		}
	}
	slices.Sort(table)
	if n := len(table); n != len(slices.Compact(slices.Clone(table))) {
		t.Errorf("gTransitions names a function twice on one edge:\n%s", strings.Join(table, "\n"))
	}
	sites := casgstatusSites(t)
	for _, s := range sites {
		if !slices.Contains(table, s) {
			t.Errorf("the engine makes %s, which gTransitions (runtime/gstates.go) does not have", s)
		}
	}
	for _, s := range table {
		if !slices.Contains(sites, s) {
			t.Errorf("gTransitions has %s, which no casgstatus call in the engine makes", s)
		}
	}
	want := []string{"runnable", "running", "syscall", "waiting", "dead"}
	if !slices.Equal(sm.States, want) {
		t.Errorf("GStateMachine().States = %v, want %v", sm.States, want)
	}
}

// casgstatus refuses a change the state machine does not have, as a bug
// of gmplab's engine.
func TestCasgstatusRefusesAnUndeclaredEdge(t *testing.T) {
	mc := newTestMachine(t, 1)
	gi := mkG(mc)
	setgstatus(mc, gi, _Grunnable, _Gwaiting)
	defer func() {
		r, _ := recover().(string)
		if !strings.Contains(r, "waiting → dead is not in the state machine") {
			t.Errorf("want casgstatus to refuse waiting → dead, got %q", r)
		}
	}()
	mc.casgstatus(gi, _Gwaiting, _Gdead)
}

// An exercise's casgstatus (liveSched.Casgstatus) reads the same table:
// a change the state machine has is made, any other is the exercise's
// mistake.
func TestHookCasgstatusReadsTheTable(t *testing.T) {
	mc := newTestMachine(t, 1)
	gi := mkG(mc)
	setgstatus(mc, gi, _Grunnable, _Gwaiting)
	s := mc.liveSched(0, "findRunnable")
	s.Casgstatus(Guintptr(gi+1), uint32(_Gwaiting), uint32(_Grunnable))
	if st := mc.allg[gi].status; st != _Grunnable {
		t.Fatalf("after casgstatus(waiting, runnable) the G is %s", st)
	}
	for _, c := range []struct {
		old, new uint32
		want     string
	}{
		{uint32(_Grunnable), uint32(_Gdead), "runnable → dead is not a change of the goroutine state machine"},
		{uint32(_Grunnable), 40, "not a goroutine status"},
		{uint32(_Gwaiting), uint32(_Grunnable), "on a G that is runnable"},
	} {
		func() {
			defer func() {
				if r, _ := recover().(string); !strings.Contains(r, c.want) {
					t.Errorf("casgstatus(%d, %d): want a failure saying %q, got %q", c.old, c.new, c.want, r)
				}
			}()
			mc.liveSched(0, "findRunnable").Casgstatus(Guintptr(gi+1), c.old, c.new)
		}()
	}
}
