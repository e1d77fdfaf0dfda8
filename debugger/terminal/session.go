package terminal

import (
	"github.com/gmplab/gmplab/debugger"
	"github.com/gmplab/gmplab/runtime"
)

// Session is what the commands drive: the simulator's *debugger.Session
// (gmplab step) or a session on the real runtime under Delve (package
// real, gmplab real). It is the set of methods the command table calls,
// no more, so that both backends answer the same commands with the same
// words; a backend that cannot do something (the real runtime cannot go
// backwards) returns an error that says so and what to use instead.
type Session interface {
	// Position and motions.
	Pos() int64
	When() string
	Step(n int64) (debugger.Stop, error)
	Next() (debugger.Stop, error)
	StepOut() (debugger.Stop, error)
	Continue() (debugger.Stop, error)
	Restart(seed *uint64) (debugger.Stop, error)
	Goto(n int64) (debugger.Stop, error)
	RevStep(n int64) (debugger.Stop, error)
	RevNext() (debugger.Stop, error)
	RevStepOut() (debugger.Stop, error)
	RevContinue() (debugger.Stop, error)
	Interrupt()
	// Recover puts the session back at pos after a command panicked.
	Recover(pos int64)
	ExitInfo() *runtime.Exit
	Config() runtime.Config

	// Breakpoints.
	AddBreakpoint(spec string) (*debugger.Breakpoint, error)
	LineNote(bp *debugger.Breakpoint) string
	SetCondition(id int, cond string) (*debugger.Breakpoint, error)
	Breakpoints() []*debugger.Breakpoint
	ClearBreakpoint(id int) (*debugger.Breakpoint, error)
	ClearAll() int

	// Looking.
	Why() string
	Board(width int) string
	Goroutines(group string) (string, error)
	Goroutine(g int64) (string, error)
	Selected() int64
	SelectG(g int64) error
	Procs() string
	Threads() string
	Print(expr string) (string, error)
	List(loc string) (string, error)
	Stack() (string, error)
	Schedtrace() string
	Displays() []string
	AddDisplay(expr string) error
	RemoveDisplay(n int) error
}

// The simulator's session is one.
var _ Session = (*debugger.Session)(nil)

// restartDescriber is a session that says itself what a restart started
// (the real runtime has no seed or layers to print).
type restartDescriber interface {
	RestartLine() string
}
