package runtime

// The state machines the diagrams draw (gstates.go, pstates.go,
// mstates.go, and runqmoves.go's moves between the run queues): each is
// one table of edges, every edge labelled with the
// engine's functions that make it, and each function with the real
// runtime's function that makes the same change, or none where the change
// is gmplab's own (the model's start-up, its instant stop of the world for
// runtime.GOMAXPROCS). The engine refuses a change its table does not
// have, as a gmplab bug, and the tests hold each table to the engine's
// source (TestGTransitionsAreTheCallSites, TestPTransitionsAreTheCallSites,
// TestMTransitions…) and its real names to Go 1.26's runtime
// (TestStateMachinesNameRealFunctions).

// site is one function of the engine's that makes a change (fn, the name
// the tests read in the engine's source) and the real runtime's function
// that makes the same change (real; "" where the change is gmplab's own).
type site struct{ fn, real, own string }

// rt is an engine function named after the runtime function it models.
func rt(fn string) site { return site{fn: fn, real: fn} }

// as is an engine function that models the runtime's function real.
func as(fn, real string) site { return site{fn: fn, real: real} }

// own is an engine function whose change the real runtime does not make
// (or makes by a longer path the model does not take); the diagrams name
// it by name, one of ownWhy's.
func own(fn, name string) site { return site{fn: fn, own: name} }

// ownWhy says what each of gmplab's own changes is (the diagrams'
// legends).
var ownWhy = map[string]string{
	"startup":      "the model's start-up, which builds the state main.main starts in (runtime/startup.go) where the real one runs runtime.main",
	"stopTheWorld": "the model's instant stop of the world for runtime.GOMAXPROCS, where the real stopTheWorldWithSema preempts each G and makes each P _Pgcstop",
}

// StateMachine is one of the runtime's state machines as the engine
// declares it: its states (the names gmplab prints) and its edges.
type StateMachine struct {
	Key    string // the name a diagram cell gives: g, p, m
	Name   string // "goroutine", "P", "M"
	Title  string // the figure's title
	Intro  string // a sentence that says what the edges are
	Source string // the engine's file that declares it
	Prefix string // the real runtime's constants' prefix ("_G", "_P"); "" for the M, which has no status field
	Setter string // the one function of the engine's that makes every change (casgstatus…)
	Boxes  string // what the boxes are, as the text form names them: "States", "Places" for the run queues
	States []string
	Edges  []Transition
}

// StateMachines returns the goroutine, P and M state machines and the run
// queues' moves (runqmoves.go), which the diagrams draw the same way.
func StateMachines() []StateMachine {
	return []StateMachine{GStateMachine(), PStateMachine(), MStateMachine(), RunqMoves()}
}

// Transition is one edge of a state machine, From → To, with the
// functions that make it.
type Transition struct {
	From, To string
	By       []Fn
}

// Fn is a function that makes a change: Name is the real runtime's
// function (runtime/proc.go and its neighbours), or, when Own, the
// engine's own (a change the real runtime does not make that way);
// Engine is the engine's function.
type Fn struct {
	Name, Engine string
	Own          bool
	Why          string // for gmplab's own: what the change is
}

// Names returns the functions' names, each once, in order.
func (t Transition) Names() []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range t.By {
		if !seen[f.Name] {
			seen[f.Name] = true
			out = append(out, f.Name)
		}
	}
	return out
}

// transitions builds a machine's exported edges from its table.
func transitions[S ~uint8](name func(S) string, rows []stateRow[S]) (states []string, edges []Transition) {
	used := map[S]bool{}
	var max S
	for _, r := range rows {
		used[r.from], used[r.to] = true, true
		if r.from > max {
			max = r.from
		}
		if r.to > max {
			max = r.to
		}
		t := Transition{From: name(r.from), To: name(r.to)}
		for _, s := range r.by {
			f := Fn{Name: s.real, Engine: s.fn}
			if s.own != "" {
				f = Fn{Name: s.own, Engine: s.fn, Own: true, Why: ownWhy[s.own]}
			}
			t.By = append(t.By, f)
		}
		edges = append(edges, t)
	}
	for s := S(0); s <= max; s++ {
		if used[s] {
			states = append(states, name(s))
		}
	}
	return states, edges
}

// stateRow is one row of a state machine's table: from → to, made by the
// functions by.
type stateRow[S ~uint8] struct {
	from, to S
	by       []site
}

// edgeSet indexes a table: e[from][to] is the row's index plus one (0: no
// such edge).
func edgeSet[S ~uint8](n int, rows []stateRow[S]) [][]int {
	e := make([][]int, n)
	for i := range e {
		e[i] = make([]int, n)
	}
	for i, r := range rows {
		e[r.from][r.to] = i + 1
	}
	return e
}
