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
// invariant, a blocked goroutine (its wait reason) or an endless loop
// fails that test with a message and the learner's frames of the stack,
// and the checker carries on. Scores are by rule (rules.go): each
// exercise lists its rules, and a rule holds when all its tests pass.
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
	"testing"

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
	for _, b := range ex.batteries {
		failed := false
		for _, t := range b.tests {
			if failed && ex.firstFailOnly {
				break
			}
			msg, notStarted := guard(t.run)
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

// Test runs ex under go test: one subtest per test, skipped as a whole
// when the exercise is not started, with the feedback in the failures
// (go test -v and -json show it).
func Test(t *testing.T, ex *Exercise) {
	ex.stopAtFirst = os.Getenv(EnvFirstFailure) != ""
	r := ex.Run()
	if dir := os.Getenv(EnvReport); dir != "" {
		b, _ := json.MarshalIndent(r, "", "  ")
		if err := os.WriteFile(filepath.Join(dir, ex.Name+".json"), append(b, '\n'), 0o644); err != nil {
			t.Errorf("writing the report: %v", err)
		}
	}
	if testing.Verbose() {
		// go test -v and -json carry the result whole, rules and scores,
		// for gmplab grade --from-json.
		fmt.Println(ResultLine(r))
	}
	if r.Status == StatusNotStarted {
		t.Skip(r.Message)
	}
	for _, tr := range r.Tests {
		t.Run(tr.Name, func(t *testing.T) {
			if tr.Status != StatusPass {
				t.Error("\n" + tr.Message)
			}
		})
	}
	t.Logf("%s: %d/%d rules hold; tests: %s", ex.Name, r.Score, r.Total, strings.Join(r.Scores(), ", "))
	for _, rr := range r.Rules {
		if rr.Status != StatusPass {
			t.Logf("rule not holding: %s (%s)", rr.Name, strings.Join(rr.Failed, ", "))
		}
	}
}

// ResultPrefix starts the line Test prints with the result as JSON, under
// go test -v and -json.
const ResultPrefix = "gmplab-result "

// EnvResultKey names the environment variable holding a key the result
// line is signed with (HMAC-SHA256 of the JSON), so that a learner's
// function printing a line of the same shape cannot pass for the
// checker's: learner code cannot read the environment (it may not import
// os). gmplab grade --from-json --key checks it.
const EnvResultKey = "GMPLAB_RESULT_KEY"

// ResultLine is the line Test prints: ResultPrefix, the signature (or
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
