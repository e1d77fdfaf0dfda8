package checker

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
)

// Shared reference runs. Every scenario test runs a scenario twice, with
// the engine's own rules (the reference) and with the learner's functions,
// and the reference run does not depend on the submission. A class's
// grading therefore records each reference run once (gmplab grade runs
// RecordReferences in a grading process of its own before the
// submissions) into a folder that every submission's process reads
// (EnvRefs): compareRun then steps only the learner's run and compares it
// with the record. The record holds what compareRun compares: each event
// (without its Why) and a hash of the run queues right after it, and which
// events began an engine step (the live reference records its queues per
// step, from the step after the learner's code first ran: the record
// replays that, so that the first difference found, and so the feedback,
// is the same with or without a record). A divergence is run again live,
// with the reasons, as before: the feedback never comes from the record.
// A scenario without a record (a hidden scenario the recording did not
// see, a record that fails to load) is compared live.
//
// The recording also writes each scenario's compiled program (KEY.prog,
// progKey), which every grading process reads instead of compiling the
// scenario itself: compiling means type-checking the standard library's
// sources the front end builds on (about 50 ms and most of what a small
// exercise's process does). A program is plain data (vm.Program: no
// pointers, functions or unexported fields; TestProgramGob), so the one
// read is the one the recording compiled; a scenario without one (the
// learner's own, in a scenario exercise) is compiled as before.

// EnvRefs names the environment variable holding a folder of recorded
// reference runs (RecordReferences).
const EnvRefs = "GMPLAB_REFS"

// refRun is a recorded reference run.
type refRun struct {
	Events []refEvent
}

// refEvent is one event of a reference run: the fields sameEvent
// compares, the hash of the queues after it (QueuesAt), and whether it
// was the first event of an engine step.
type refEvent struct {
	Seq, T     int64
	Kind       runtime.EvKind
	M, P       int32
	G          int64
	Arg1, Arg2 int64
	Text       string
	Q          uint64
	Start      bool
}

func (e *refEvent) event() runtime.Event {
	return runtime.Event{Seq: e.Seq, T: e.T, Kind: e.Kind, M: e.M, P: e.P, G: e.G, Arg1: e.Arg1, Arg2: e.Arg2, Text: e.Text}
}

// refKey names a reference run: the scenario's path and source, the
// configuration and the step limit.
func refKey(sc scenario, rc runCfg) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%d\x00%d\x00%d\x00%d\x00", sc.path, rc.gomaxprocs, rc.seed, rc.layers, maxSteps)
	h.Write(sc.src)
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// hashQueues is the hash of a QueuesAt picture: FNV-1a's constants over
// whole words, each word mixed (a queue picture differs from another in a
// word, not a byte).
func hashQueues(q []int64) uint64 {
	h := uint64(14695981039346656037) ^ uint64(len(q))
	for _, v := range q {
		h = (h ^ uint64(v)) * 1099511628211
		h ^= h >> 29
	}
	return h
}

// recordRun runs sc with the engine's rules alone and records it.
func recordRun(sc scenario, rc runCfg) (*refRun, error) {
	prog, err := compile(sc)
	if err != nil {
		return nil, err
	}
	m, err := runtime.New(prog, runtime.Config{GOMAXPROCS: rc.gomaxprocs, Seed: rc.seed, Layers: rc.layers, MaxSteps: maxSteps})
	if err != nil {
		return nil, err
	}
	m.RecordQueues(true)
	rr := new(refRun)
	for {
		start := m.BetweenSteps()
		ev, ok := m.Step()
		if !ok {
			return rr, nil
		}
		q := m.QueuesAt(ev.Seq)
		if q == nil {
			return nil, fmt.Errorf("event %d of %s has no queues recorded (a checker bug)", ev.Seq, sc.path)
		}
		rr.Events = append(rr.Events, refEvent{Seq: ev.Seq, T: ev.T, Kind: ev.Kind, M: ev.M, P: ev.P, G: ev.G,
			Arg1: ev.Arg1, Arg2: ev.Arg2, Text: ev.Text, Q: hashQueues(q), Start: start})
	}
}

var (
	refsOnce sync.Once
	refsDir  string
	refsMu   sync.Mutex
	refsRead = map[string]*refRun{} // key → run, nil: none
	refsUsed atomic.Int64           // scenario tests compared with a record
)

// loadRef returns the recorded reference run of sc at rc, or nil.
func loadRef(sc scenario, rc runCfg) *refRun {
	refsOnce.Do(func() { refsDir = os.Getenv(EnvRefs) })
	if refsDir == "" {
		return nil
	}
	key := refKey(sc, rc)
	refsMu.Lock()
	defer refsMu.Unlock()
	if rr, ok := refsRead[key]; ok {
		return rr
	}
	var rr *refRun
	if b, err := os.ReadFile(filepath.Join(refsDir, key+".gob")); err == nil {
		rr = new(refRun)
		if gob.NewDecoder(bytes.NewReader(b)).Decode(rr) != nil {
			rr = nil
		}
	}
	refsRead[key] = rr
	return rr
}

// recordable are the exercises whose scenario batteries RecordReferences
// runs, built without learner functions (their scenario tests only
// compile and run the engine when recording).
var recordable = map[string]func() *Exercise{
	"01-newstack":    func() *Exercise { return Newstack(nil) },
	"02-runqput":     func() *Exercise { return Runqput(nil) },
	"02-runqget":     func() *Exercise { return Runqget(nil, nil) },
	"02-gfree":       func() *Exercise { return Gfree(nil, nil) },
	"03-runqgrab":    func() *Exercise { return Runqgrab(nil) },
	"03-wakep":       func() *Exercise { return Wakep(nil, nil, nil, nil) },
	"04-retake":      func() *Exercise { return Retake(nil, nil) },
	"04-exitsyscall": func() *Exercise { return Exitsyscall(nil, nil, nil) },
	"04-sysmon":      func() *Exercise { return Sysmon(nil, nil) },
	"05-preempt":     func() *Exercise { return Preempt(nil, nil, nil) },
	"05-preemptone":  func() *Exercise { return Preemptone(nil, nil) },
	"06-injectglist": func() *Exercise { return Injectglist(nil) },
	"06-findrunnable": func() *Exercise {
		return Findrunnable(nil, nil, nil, nil)
	},
	"07-scheduler":  func() *Exercise { return Scheduler(SchedulerFuncs{}) },
	"09-startcycle": func() *Exercise { return StartCycle(nil) },
}

// recording, when not nil, turns compareRun into a recorder: it records
// the reference run into it instead of comparing.
var recording *recorder

type recorder struct {
	dir  string
	seen map[string]bool // the runs' keys, and "prog KEY" for the programs
	runs int
	err  error
}

func (r *recorder) record(sc scenario, rc runCfg) {
	key := refKey(sc, rc)
	if r.err != nil || r.seen[key] {
		return
	}
	r.seen[key] = true
	r.runs++
	rr, err := recordRun(sc, rc)
	if err != nil {
		r.err = err
		return
	}
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(rr); err != nil {
		r.err = err
		return
	}
	tmp := filepath.Join(r.dir, key+".tmp")
	if err := os.WriteFile(tmp, b.Bytes(), 0o444); err != nil {
		r.err = err
		return
	}
	if r.err = os.Rename(tmp, filepath.Join(r.dir, key+".gob")); r.err != nil {
		return
	}
	r.err = r.writeProg(sc)
}

// writeProg writes sc's compiled program into the record, once.
func (r *recorder) writeProg(sc scenario) error {
	key := progKey(sc)
	if r.seen["prog "+key] {
		return nil
	}
	r.seen["prog "+key] = true
	prog, err := compile(sc)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(prog); err != nil {
		return err
	}
	tmp := filepath.Join(r.dir, key+".tmp")
	if err := os.WriteFile(tmp, b.Bytes(), 0o444); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(r.dir, key+".prog"))
}

// progKey names a scenario's compiled program in a record: its path and
// source.
func progKey(sc scenario) string {
	h := sha256.New()
	fmt.Fprintf(h, "prog\x00%s\x00", sc.path)
	h.Write(sc.src)
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// progsRead counts the programs read from a record instead of compiled.
var progsRead atomic.Int64

// loadProg returns sc's compiled program from the record, or nil.
func loadProg(sc scenario) *vm.Program {
	refsOnce.Do(func() { refsDir = os.Getenv(EnvRefs) })
	refsMu.Lock()
	dir := refsDir
	refsMu.Unlock()
	if dir == "" {
		return nil
	}
	b, err := os.ReadFile(filepath.Join(dir, progKey(sc)+".prog"))
	if err != nil {
		return nil
	}
	p := new(vm.Program)
	if gob.NewDecoder(bytes.NewReader(b)).Decode(p) != nil {
		return nil
	}
	progsRead.Add(1)
	return p
}

// RecordReferences records into dir the reference run of every scenario
// test of the named exercises (every exercise with scenario tests when
// names is empty), each once, and returns how many it recorded. It reads
// EnvSeed and EnvHidden as the grading processes do, so that the
// scenarios it records are theirs.
func RecordReferences(dir string, names []string) (int, error) {
	if len(names) == 0 {
		for n := range recordable {
			names = append(names, n)
		}
		sort.Strings(names)
	}
	r := &recorder{dir: dir, seen: map[string]bool{}}
	recording = r
	defer func() { recording = nil }()
	for _, n := range names {
		mk, ok := recordable[n]
		if !ok {
			continue // a scenario exercise, or none: nothing to record
		}
		for _, b := range mk().batteries {
			if b.name != "lesson" && b.name != "generated" && b.name != "hidden" {
				continue
			}
			for _, t := range b.tests {
				t.run()
				if r.err != nil {
					return r.runs, fmt.Errorf("recording the reference runs of %s: %w", n, r.err)
				}
			}
		}
	}
	return r.runs, nil
}

// compareRecorded is compareRun against a recorded reference run rr: the
// learner's run is stepped and compared with the record as compareRun
// compares it with the live reference, which it replays: when the live
// reference would turn its queue recording on and off (RecordQueues), and
// so which events' queues it would compare. start makes both live runs,
// for the feedback.
func compareRecorded(ex string, sc scenario, rc runCfg, prog *vm.Program, hooks *runtime.Hooks, rr *refRun, start func(bool) (*runtime.Machine, *runtime.Machine, *calls, error)) string {
	refsUsed.Add(1)
	c := new(calls)
	yours, err := runtime.New(prog, runtime.Config{GOMAXPROCS: rc.gomaxprocs, Seed: rc.seed, Layers: rc.layers, MaxSteps: maxSteps,
		Hooks: instrument(hooks, c), Check: true, CheckHooked: true})
	if err != nil {
		return "the scenario does not start (a checker bug): " + err.Error()
	}
	c.m = yours
	pos := &runPos{path: sc.path, rc: rc}
	current.Store(pos)
	defer current.CompareAndSwap(pos, nil)
	differ := int64(-1)
	refAt := int64(0)               // events the live reference would have handed out
	refRec := false                 // the live reference's RecordQueues
	stepRec := false                // its current engine step recorded its queues
	refStep := func(i int64) bool { // the live reference's Step for event i
		if i >= int64(len(rr.Events)) {
			return false
		}
		if rr.Events[i].Start {
			stepRec = refRec
		}
		return true
	}
	for n := int64(0); ; n++ {
		pos.n.Store(n)
		ey, oky, bad := safeStep(yours)
		if bad != nil {
			return corrupted(ex, sc, rc, n, bad, start)
		}
		if refAt < n && !c.everCalled {
			if !oky {
				eventsCompared.Add(n)
				return "" // the learner's code never ran
			}
			continue
		}
		for ; refAt < n; refAt++ {
			refStep(refAt)
		}
		if c.called {
			refRec = true
		}
		okw := refStep(n)
		refAt++
		if !okw && !oky {
			eventsCompared.Add(n)
			return ""
		}
		var ew runtime.Event
		if okw {
			ew = rr.Events[n].event()
		}
		diverged := okw != oky || !sameEvent(ew, ey)
		if !diverged && c.called {
			qy := yours.QueuesAt(ey.Seq)
			switch {
			case !stepRec || qy == nil: // before the learner's call: the same
			case hashQueues(qy) == rr.Events[n].Q:
				differ = -1
			case differ < 0:
				differ = n
			}
			if yours.BetweenSteps() {
				if differ >= 0 {
					diverged, n = true, differ
				}
				c.called = false
				refRec = false
				yours.RecordQueues(false)
			}
		}
		if diverged {
			return feedbackAt(ex, sc, rc, n, start)
		}
	}
}
