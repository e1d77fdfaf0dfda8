// Package replay steps through a real execution trace in gmplab step's
// debugger: `gmplab replay trace.out` opens a trace written by Go 1.22 or
// later (go test -trace, runtime/trace.Start, trace.FlightRecorder, or
// gmplab run --format trace) with the same commands, the same line format
// and the same breakpoints as gmplab step, forwards and backwards.
//
// A trace records what executed: goroutines created, started, blocked,
// made runnable, system calls, Ps started and stopped, the GC's phases,
// the program's annotations. It does not record the run queues. The model
// (model.go, apply.go) fills them in with Go 1.26's rules, each in a
// function named after the runtime's, and says for every start which rule
// of findRunnable took the G; where the trace does what the rules would
// not, that is a finding. The latency lens (latency.go) splits a
// goroutine's wait to run by cause; the report (report.go) lists the
// longest waits of the trace.
//
// Files by concern:
//
//	read.go      the trace library's events (golang.org/x/exp/trace) to records; bad input to errors
//	record.go    the records, encoded in blocks of varints, and a cursor over them
//	index.go     the first pass: the model's snapshots every so many records, the findings, the longest waits
//	model.go     the model's state and its queue rules (runqput, globrunqgetbatch, runqsteal)
//	apply.go     what each record does to the model, and which rule took a G that starts
//	events.go    a record as the simulator's runtime.Event (its kind from the event specs) and its why
//	state.go     the model as a runtime.State, for the board, goroutines and print
//	session.go   the motions: step, next, continue, goto, the rev motions
//	inspect.go   the looking commands and the breakpoints
//	latency.go   why-waited: a wait, split by cause
//	report.go    the banner, --report and findings
//
// Design. The reader is golang.org/x/exp/trace, the public copy of the
// toolchain's internal/trace: it checks the format and orders events
// across threads, which no hand-written decoder of the wire format should
// redo. Reading once keeps every event, a dozen bytes each, and a clone of
// the model every few thousand events; a position is the nearest clone
// plus the records after it. Rejected: re-reading a generation of the file
// for every motion (a generation holds a second of events, too many to
// decode per step), and a struct per event in memory (40 bytes each: a
// hundred-megabyte trace would need a gigabyte).
//
// The model simplifies: it cannot know what the queues held when the trace
// began; schedtick counts the starts the trace shows, so the
// schedtick%61 rule is named but never checked; the network poller's and
// the runtime's own wake-ups are told apart from the others by the wait
// reason; findRunnable's order between a G readied by the scheduler and
// the local queue is taken from the trace (docs/assumptions.md).
package replay
