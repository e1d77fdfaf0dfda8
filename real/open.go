// Package real is gmplab real: the same program as gmplab step, built
// with the real toolchain and run on the real Go runtime under Delve (used
// as a library, github.com/go-delve/delve/pkg/proc), stopped at the real
// scheduler's decisions. A Session answers the commands of gmplab step's
// REPL (debugger/terminal.Session): each stop is turned into a
// runtime.Event and printed by view.FormatEvent, the real runtime's
// structures (allp, allm, allgs, sched) are read into a runtime.State so
// that board, procs, goroutines and print say what they say on the
// simulator, and breakpoints are parsed and matched by package debugger.
//
// This is the only package that imports Delve, and only cmd/gmplab-full
// imports it: the gmplab binary runs gmplab real by running gmplab-full,
// which it builds on first use, so that gmplab's own build does not pay
// for Delve's (see cmd/gmplab-full). Linux only (amd64, arm64): Delve's
// native backend stops threads with ptrace.
package real

import (
	"time"

	"github.com/gmplab/gmplab/debugger/terminal"
)

// Debugger is what gmplab real's command line drives: the REPL's session,
// with a banner and an end.
type Debugger interface {
	terminal.Session
	// Banner says what runs and that stopping it changes it.
	Banner() string
	// Close kills the program.
	Close() error
}

// Options say what to run.
type Options struct {
	// File is the scenario's Go file; Name says what runs, for messages.
	File, Name string
	// ModuleDir is the folder the file builds in (default: the one
	// gobuild.Where picks, trying the clone of gmplab that holds the
	// current folder, then the one gmplab was built from, for a program
	// that imports gmplab's sim package).
	ModuleDir string
	// GOMAXPROCS for the run (0: the machine's).
	GOMAXPROCS int
	// Go is the go command (default: from PATH).
	Go string
	// Timeout interrupts a motion (continue, next, …) that has not
	// stopped after this long, as Ctrl-C does, so that a script or a
	// notebook cell never hangs on a program that runs on (0: never).
	Timeout time.Duration
}
