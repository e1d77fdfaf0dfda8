// Package bug words gmplab's own failures: an internal compiler error, a
// broken invariant of the engine, a panic anywhere in gmplab. They are
// gmplab's fault, not the program's, so they must not look like a Go
// program's panic (exit status 2) or a compile error (1): they exit with
// ExitCode and a message that says so and what to send with a report.
package bug

import (
	"fmt"
	"runtime/debug"
	"strings"
)

// ExitCode is the exit status of a gmplab bug: 70, EX_SOFTWARE of BSD's
// sysexits.h ("an internal software error has been detected"). A Go
// program's panic or fatal error exits with 2, a compile error or a
// limit with 1, a bad command line with 2 (cmd/gmplab/cli).
const ExitCode = 70

// IssuesURL is where gmplab's bugs are reported.
const IssuesURL = "https://github.com/gmplab/gmplab/issues"

// Report is the message for a bug: what failed (one line), the details
// (a panic's value and stack, the last event), and what to attach to a
// report.
func Report(what, details string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "gmplab: internal error: %s\n", what)
	b.WriteString("This is a bug in gmplab, not in your program.\n")
	fmt.Fprintf(&b, "Please report it at %s and attach:\n", IssuesURL)
	b.WriteString("  - the Go program you ran (the .go file),\n")
	b.WriteString("  - the whole command line (its flags and --seed) and the environment's GOMAXPROCS and GODEBUG,\n")
	b.WriteString("  - this whole message, with the version below.\n")
	fmt.Fprintf(&b, "gmplab version: %s\n", Version())
	if details = strings.TrimRight(details, "\n"); details != "" {
		b.WriteString("\n" + details + "\n")
	}
	return b.String()
}

// Panic is the Report of a recovered panic r: its value and the stack
// where it was raised (call Panic from the deferred function that
// recovered it, so that debug.Stack still holds the panicking frames).
func Panic(where string, r any, context string) string {
	details := fmt.Sprintf("panic: %v\n", r)
	if context != "" {
		details = context + "\n" + details
	}
	return Report(where, details+"\n"+string(debug.Stack()))
}

// Version is gmplab's version as the binary records it: the module's
// version, the VCS revision and whether the tree was modified, and the Go
// toolchain that built it.
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown (no build information in the binary)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, modified string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = " (modified)"
			}
		}
	}
	if rev != "" {
		v += " " + rev + modified
	}
	return v + ", built with " + bi.GoVersion
}
