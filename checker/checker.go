// Package checker grades the course's exercises: it puts a learner's
// function in the engine's table of replaceable functions (runtime.Hooks),
// runs batteries of tests, and says where the learner's scheduler first
// decided differently from Go 1.26's.
//
// A battery is one kind of evidence: properties (the learner's function
// called directly on prepared queues and compared with the reference, in
// the style of the runtime's export_test.go queue tests: no G lost or
// duplicated, order, bounds, and exhaustively over small state spaces),
// the lesson's scenarios, generated scenarios across GOMAXPROCS values up
// to 64 and seeds, and an instructor's hidden scenarios. Each scenario
// runs twice, with the engine's own rules and with the learner's function,
// and the two runs are compared event by event and, in the steps where
// the learner's code ran, queue by queue after every event; the feedback
// is the first divergence with both event lines, both boards side by side
// (drawn by view.Board) and the command that opens the run in the
// debugger.
//
// Learner code is called under recover and a time limit: a panic, a
// corrupt ring (refused by the engine where it is made), a broken
// invariant or a blocked goroutine (its wait reason) fails that test with
// a message and the learner's frames of the stack, and the checker
// carries on. An endless loop (one call's HangBudget of CPU time) or a
// goroutine of the learner's still alive when its test ends fails that
// test too, and the exercise's other tests do not run beside a goroutine
// nothing can stop. Scores are by rule (rules.go): each exercise lists
// its rules, and a rule holds when all its tests pass.
//
// What a learner's folder may hold is checked before any of its code runs
// (refuse.go), under go test as under gmplab grade, whose grading
// processes package sandbox confines.
package checker

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gmplab/gmplab/runtime"

	// The sandbox confines a grading process in its init, when gmplab
	// grade asks: every learner package imports this one (exercise.go),
	// so Go initialises the sandbox first, before any learner code runs.
	_ "github.com/gmplab/gmplab/checker/sandbox"
)

// Exercise is one exercise as the checker runs it.
type Exercise struct {
	Name      string   // its folder under exercises/: "02-runqput"
	Funcs     []string // the functions the learner writes
	batteries []battery
	// notStarted, if set, reports an untouched stub without running it
	// (scenario exercises); function exercises find out from rt.TODO.
	notStarted func() bool
	// hooks are the learner's functions in the engine's table (nil for
	// scenario exercises).
	hooks *runtime.Hooks
	// firstFailOnly skips the rest of a battery after its first failure
	// (the wrong solutions' golden tests, to keep them fast).
	firstFailOnly bool
	// stopAtFirst ends the whole run at the first failure (gmplab check
	// --watch, for feedback as soon as possible).
	stopAtFirst bool
}

type battery struct {
	name  string
	tests []test
}

// test runs and returns "" when it passes, else the feedback.
type test struct {
	name string
	run  func() string
}

// Result is the outcome of an exercise, shaped like exercism's
// results.json (version 2) with the battery and partial credit added.
type Result struct {
	Version  int          `json:"version"`
	Exercise string       `json:"exercise"`
	Status   string       `json:"status"` // pass, fail, error, not-started
	Message  string       `json:"message,omitempty"`
	Score    int          `json:"score"` // rules that hold (rules.go)
	Total    int          `json:"total"` // rules
	Rules    []RuleResult `json:"rules,omitempty"`
	Tests    []TestResult `json:"tests"`
	// Stopped: the run ended at the first failure (EnvFirstFailure).
	Stopped bool `json:"stopped,omitempty"`
	// Events is how many events the agreeing scenario runs compared.
	Events int64 `json:"events,omitempty"`
}

// TestResult is one test's outcome.
type TestResult struct {
	Name    string `json:"name"` // battery/test
	Status  string `json:"status"`
	Message string `json:"message,omitempty"`
}

// Statuses.
const (
	StatusPass       = "pass"
	StatusFail       = "fail"
	StatusError      = "error"
	StatusNotStarted = "not-started"
)

// Hooks returns the engine's table with the learner's functions in
// place, for gmplab step --with; nil for a scenario exercise.
func (ex *Exercise) Hooks() *runtime.Hooks { return ex.hooks }

// Run runs every battery of ex.
func (ex *Exercise) Run() *Result {
	r := &Result{Version: 2, Exercise: ex.Name, Status: StatusPass}
	before := eventsCompared.Load()
	defer func() { r.Events = eventsCompared.Load() - before }()
	if ex.notStarted != nil && ex.notStarted() {
		r.Status, r.Message = StatusNotStarted, notStartedMsg(ex)
		return r
	}
	stuckAt := "" // the test that left a learner's function running
	for _, b := range ex.batteries {
		failed := false
		for _, t := range b.tests {
			if failed && ex.firstFailOnly {
				break
			}
			if stuckAt != "" {
				// Beside a function that still spins, every test would
				// be slower and most would hang too: they count as
				// failed, without running.
				r.Tests = append(r.Tests, TestResult{Name: b.name + "/" + t.name, Status: StatusFail,
					Message: "not run: your function did not return in " + stuckAt + " and still runs (nothing can stop it)"})
				continue
			}
			msg, notStarted, stuck := guard(t.run, b.name == directBattery)
			if notStarted {
				m := notStartedMsg(ex)
				if msg != "" && len(ex.Funcs) > 1 {
					m = "not started: exercises/" + ex.Name + " still calls rt.TODO in its " + msg + "; see its README.md"
				}
				return &Result{Version: 2, Exercise: ex.Name, Status: StatusNotStarted, Message: m}
			}
			tr := TestResult{Name: b.name + "/" + t.name, Status: StatusPass}
			if msg != "" {
				tr.Status, tr.Message = StatusFail, msg
				r.Status = StatusFail
				failed = true
			}
			r.Tests = append(r.Tests, tr)
			if stuck {
				stuckAt = tr.Name
			}
			if failed && ex.stopAtFirst {
				scoreRules(r)
				r.Message = tr.Name + ": " + firstLine(tr.Message)
				r.Stopped = true
				return r
			}
		}
	}
	scoreRules(r)
	if r.Status == StatusFail {
		for _, t := range r.Tests {
			if t.Status == StatusFail {
				r.Message = t.Name + ": " + firstLine(t.Message)
				break
			}
		}
	}
	return r
}

// directBattery is the battery whose tests call the learner's functions
// themselves, not through the engine (guard's direct).
const directBattery = "properties"

func notStartedMsg(ex *Exercise) string {
	return "not started: exercises/" + ex.Name + " still calls rt.TODO (or keeps its NOT STARTED line); see its README.md"
}

// TestsPassed counts the tests that passed.
func (r *Result) TestsPassed() int {
	n := 0
	for _, t := range r.Tests {
		if t.Status == StatusPass {
			n++
		}
	}
	return n
}

// Scores returns the tests passed per battery, in order.
func (r *Result) Scores() []string {
	var out []string
	var cur string
	pass, total := 0, 0
	flush := func() {
		if cur != "" {
			out = append(out, fmt.Sprintf("%s %d/%d", cur, pass, total))
		}
	}
	for _, t := range r.Tests {
		b, _, _ := strings.Cut(t.Name, "/")
		if b != cur {
			flush()
			cur, pass, total = b, 0, 0
		}
		total++
		if t.Status == StatusPass {
			pass++
		}
	}
	flush()
	return out
}

// EnvReport names the environment variable that makes Test write the
// Result as JSON into that directory (gmplab check and gmplab grade read it).
const EnvReport = "GMPLAB_REPORT"

// EnvFirstFailure names the environment variable that makes Test stop at
// the first failing test (gmplab check --watch).
const EnvFirstFailure = "GMPLAB_FIRST_FAILURE"

// RunForTest runs ex for package checktest's Test (under go test): it
// stops at the first failing test when EnvFirstFailure is set, and writes
// the Result as JSON into EnvReport's directory when that is set.
func (ex *Exercise) RunForTest() (*Result, error) {
	ex.stopAtFirst = os.Getenv(EnvFirstFailure) != ""
	r := ex.Run()
	if dir := os.Getenv(EnvReport); dir != "" {
		b, _ := json.MarshalIndent(r, "", "  ")
		if err := os.WriteFile(filepath.Join(dir, ex.Name+".json"), append(b, '\n'), 0o644); err != nil {
			return r, fmt.Errorf("writing the report: %v", err)
		}
	}
	return r, nil
}

// ResultPrefix starts the line checktest.Test prints with the result as JSON, under
// go test -v and -json.
const ResultPrefix = "gmplab-result "

// EnvResultKey names the environment variable holding a key the result
// line is signed with (HMAC-SHA256 of the JSON), so that a learner's
// function printing a line of the same shape cannot pass for the
// checker's: learner code cannot read the environment (it may not import
// os). gmplab grade --from-json --key checks it.
const EnvResultKey = "GMPLAB_RESULT_KEY"

// ResultLine is the line checktest.Test prints: ResultPrefix, the signature (or
// "-" without a key), the result as JSON.
func ResultLine(r *Result) string {
	b, _ := json.Marshal(r)
	return ResultPrefix + Sign(os.Getenv(EnvResultKey), b) + " " + string(b)
}

// Sign is the hex HMAC-SHA256 of b with key, or "-" without one.
func Sign(key string, b []byte) string {
	if key == "" {
		return "-"
	}
	m := hmac.New(sha256.New, []byte(key))
	m.Write(b)
	return hex.EncodeToString(m.Sum(nil))
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimLeft(s, "\n"), "\n")
	return s
}
