// Package sandbox confines a grading process of gmplab grade before any
// learner code in it runs: resource limits (address space, CPU time, file
// size, no core files), a Landlock ruleset (files: read only below the
// folders it is given, write only in its scratch folder; network: no TCP
// bind or connect; signals and abstract sockets scoped to the process)
// and a seccomp filter (no fork, exec, socket, kill or ptrace).
//
// It acts in its package initialisation, and only when the environment
// variable EnvConfig is set (gmplab grade sets it for each grading
// process). The checker imports this package, and every package of a
// learner's imports the checker (through the exercise's exercise.go, which
// the grader supplies), so by Go's rule that a package's imports are
// initialised before it (the spec's "Package initialization"), the limits
// and the sandbox are in force before the first line of learner code: a
// func init, a package-level variable's value.
//
// Where the kernel lacks Landlock or seccomp (another OS, an old kernel, a
// container that forbids them), that part is left out and Status says so;
// the import allowlist (checker.CheckImports) still keeps a learner's code
// away from files, the network and processes, since it cannot import os,
// syscall, net or unsafe.
package sandbox

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// EnvConfig names the environment variable holding a Config as JSON.
const EnvConfig = "GMPLAB_SANDBOX"

// Config is what a grading process is confined to.
type Config struct {
	MemoryBytes uint64   `json:"memory,omitempty"`  // address space beyond what the process holds at start
	CPUSeconds  uint64   `json:"cpu,omitempty"`     // RLIMIT_CPU; the kernel kills the process a second after it
	FileBytes   uint64   `json:"fsize,omitempty"`   // RLIMIT_FSIZE: the largest file it may write
	Read        []string `json:"read,omitempty"`    // folders and files it may read
	Scratch     string   `json:"scratch,omitempty"` // the one folder it may write in
}

// Encode returns c for EnvConfig.
func (c Config) Encode() string {
	b, _ := json.Marshal(c)
	return string(b)
}

// applied says what this process's init put in force; err, what failed.
var (
	applied []string
	failed  []string
	active  bool
	current Config
)

func init() {
	s := os.Getenv(EnvConfig)
	if s == "" {
		return
	}
	var c Config
	if err := json.Unmarshal([]byte(s), &c); err != nil {
		// A grading process that cannot read its limits must not run
		// learner code without them.
		fmt.Fprintf(os.Stderr, "gmplab sandbox: %s is not a sandbox configuration: %v (a gmplab bug)\n", EnvConfig, err)
		os.Exit(3)
	}
	active, current = true, c
	apply(c)
}

// Current returns the configuration this process was started with.
func Current() Config { return current }

// Active reports whether this process was started confined.
func Active() bool { return active }

// Status says what is in force in this process ("" when not confined):
// "limits (memory, cpu), landlock ABI 6 (files, network, signals), seccomp".
func Status() string {
	if !active {
		return ""
	}
	s := strings.Join(applied, ", ")
	if len(failed) > 0 {
		s += "; not in force: " + strings.Join(failed, "; ")
	}
	return s
}
