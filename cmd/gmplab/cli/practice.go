package cli

import (
	"bufio"
	crand "crypto/rand"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/gmplab/gmplab/notebook"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
)

// gmplab quiz N --practice: "predict the next decision" questions that
// the engine makes anew for each attempt. It runs the lesson's scenarios
// with the lesson's settings, and each question stops a run just before a
// P's next goroutine is chosen (runtime/proc.go: findRunnable) and asks
// where that goroutine comes from. The answer is the engine's own: the
// event that produced the goroutine (runqget from runnext or from the
// ring, globrunqget, runqsteal, netpoll); the other choices are the other
// places findRunnable looks, as far as the lesson's layers have them.

// A source is one of the places findRunnable takes a goroutine from.
type source int

const (
	srcRunnext source = iota
	srcRing
	srcGlobal
	srcSteal
	srcNetpoll
	nSources
)

// sourceChoice is how each source is offered as a choice, in the order
// findRunnable looks at them (the global queue first every 61st tick).
var sourceChoice = [nSources]string{
	srcRunnext: "its own P's runnext slot",
	srcRing:    "the head of its own P's ring",
	srcGlobal:  "the global run queue",
	srcSteal:   "stolen from another P's run queue",
	srcNetpoll: "the network poller (netpoll): a goroutine whose I/O is ready",
}

// sourceLayer is the layer a source needs: without it findRunnable never
// takes a goroutine from there, so it is no plausible choice.
var sourceLayer = [nSources]runtime.Layer{
	srcRunnext: runtime.LayerProcs,
	srcRing:    runtime.LayerProcs,
	srcGlobal:  runtime.LayerStacks,
	srcSteal:   runtime.LayerSteal,
	srcNetpoll: runtime.LayerNetpoll,
}

// practiceEvent is the part of gmplab run --format json's event a
// question reads.
type practiceEvent struct {
	Seq     int64  `json:"seq"`
	T       int64  `json:"t"`
	Kind    string `json:"kind"`
	M       int    `json:"m"`
	P       int    `json:"p"`
	G       int    `json:"g"`
	Inherit int    `json:"inherit_time"`
	Tick    int    `json:"schedtick"` // execute: P's schedtick after it
	Details string `json:"details"`
	Why     string `json:"why"`
}

// decision is one question: in scenario args, the event src (on M m)
// produced the goroutine that exec then runs on its P.
type decision struct {
	args      []string // gmplab run/step arguments: the scenario and its flags
	src, exec practiceEvent
	answer    source
}

// classify returns the source a goroutine-producing event stands for.
func classify(ev practiceEvent) (source, bool) {
	switch ev.Kind {
	case "runqget":
		if ev.Inherit == 1 {
			return srcRunnext, true
		}
		return srcRing, true
	case "globrunqget":
		return srcGlobal, true
	case "runqsteal":
		return srcSteal, true
	case "netpoll":
		return srcNetpoll, true
	}
	return 0, false
}

// decisions reads a run's events and returns every execute whose
// goroutine came from one of findRunnable's sources on the same M: the
// last such event on that M since its previous execute. The start-up's
// first execute (main, from runnext, fitted rather than chosen) is left
// out.
func decisions(args []string, jsonOut string) ([]decision, error) {
	last := map[int]practiceEvent{} // per M: its latest source event since its last execute
	var ds []decision
	for _, line := range strings.Split(jsonOut, "\n") {
		if !strings.HasPrefix(line, "{") {
			continue
		}
		var ev practiceEvent
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			return nil, fmt.Errorf("reading the run's events: %v", err)
		}
		if _, ok := classify(ev); ok {
			last[ev.M] = ev
			continue
		}
		if ev.Kind != "execute" {
			continue
		}
		src, ok := last[ev.M]
		delete(last, ev.M)
		if !ok || src.Seq <= 1 || ev.P < 0 {
			continue
		}
		s, _ := classify(src)
		ds = append(ds, decision{args: args, src: src, exec: ev, answer: s})
	}
	return ds, nil
}

// practiceChoices are the sources a lesson's layers make plausible, in
// findRunnable's order.
func practiceChoices(layers runtime.Layers) []source {
	var cs []source
	for s := source(0); s < nSources; s++ {
		if layers.Has(sourceLayer[s]) {
			cs = append(cs, s)
		}
	}
	return cs
}

// pickDecisions chooses n questions with the seed: a source first, among
// those that have decisions left (so that the right answers spread over
// the choices however often each source occurs), then one of its
// decisions.
func pickDecisions(ds []decision, n int, seed uint64) []decision {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	by := make([][]decision, nSources)
	for _, d := range ds {
		by[d.answer] = append(by[d.answer], d)
	}
	var out []decision
	for len(out) < n {
		var have []source
		for s := range by {
			if len(by[s]) > 0 {
				have = append(have, source(s))
			}
		}
		if len(have) == 0 {
			break
		}
		s := have[r.IntN(len(have))]
		i := r.IntN(len(by[s]))
		out = append(out, by[s][i])
		by[s] = append(by[s][:i], by[s][i+1:]...)
	}
	return out
}

// practiceArgs are a scenario's gmplab run/step arguments with the
// lesson's settings.
func practiceArgs(nb *notebook.Notebook, scenario string) []string {
	l := nb.Lesson
	return []string{nb.Path(scenario), "--gomaxprocs", strconv.Itoa(l.GOMAXPROCS),
		"--seed", strconv.FormatUint(l.Seed, 10), "--layers", l.Layers().String()}
}

// newPracticeSeed is a seed for an attempt that gave none: a new one each
// time (the command line's, never the engine's, randomness), printed so
// that the attempt can be taken again.
func newPracticeSeed() uint64 {
	var b [8]byte
	if _, err := crand.Read(b[:]); err != nil {
		return 1
	}
	return binary.LittleEndian.Uint64(b[:])%1_000_000 + 1
}

// boardBefore is the debugger's board just before event seq.
func boardBefore(x *CellExecutor, args []string, seq int64) string {
	out, _ := x.Step(args, []string{"goto " + strconv.FormatInt(seq-1, 10), "board"})
	const mark = "(gmplab) board\n"
	i := strings.LastIndex(out, mark)
	if i < 0 {
		return ""
	}
	out = strings.TrimRight(out[i+len(mark):], " \n")
	return strings.TrimRight(strings.TrimSuffix(out, "(gmplab)"), " \n") + "\n"
}

func runPractice(o *QuizOptions) error {
	nb, err := loadLesson(o.Target)
	if err != nil {
		return lessonError("gmplab quiz", err)
	}
	l := nb.Lesson
	if o.Count < 1 {
		return &ExitError{Code: 2, Msg: fmt.Sprintf("gmplab quiz: --count %d: want at least 1 question", o.Count)}
	}
	layers := l.Layers()
	choices := practiceChoices(layers)
	if len(choices) < 2 {
		return &ExitError{Code: 1, Msg: "gmplab quiz: " + l.Name() + " has no practice questions: its runs (the GM model, layers " +
			layers.String() + ") take every goroutine from the one global queue, so there is no choice to predict; practice starts with lesson 02"}
	}
	x := o.exec
	if x == nil {
		x = NewCellExecutor()
		if l.Disk != "" {
			x.Root = ""
		}
	}
	var all []decision
	for _, sc := range l.Scenarios {
		args := practiceArgs(nb, sc)
		out, code := x.Run(append(append([]string{}, args...), "--format", "json"))
		if code != 0 {
			continue // a scenario that fails or exits non-zero on purpose asks nothing
		}
		ds, err := decisions(args, out)
		if err != nil {
			return &ExitError{Code: 70, Msg: fmt.Sprintf("gmplab quiz: a bug in gmplab: %s: %v", sc, err)}
		}
		all = append(all, ds...)
	}
	seed := o.Seed
	if seed == 0 {
		seed = newPracticeSeed()
	}
	qs := pickDecisions(all, o.Count, seed)
	if len(qs) == 0 {
		return &ExitError{Code: 1, Msg: "gmplab quiz: " + l.Name() + "'s scenarios make no scheduling decision to practise on"}
	}

	w := bufio.NewWriter(o.Out)
	defer w.Flush()
	in := answersOf(o.In)
	width := 100
	tty := isTerminalW(o.Out)
	if tty {
		width = proseWidth(o.Out)
	}
	// fill folds a line to the terminal's width; into a pipe the lines
	// stay as they are (the fixed form).
	fill := func(s string) string {
		if tty {
			return view.Fill(s, width)
		}
		return s
	}
	if tty {
		x.Width = width // the boards, laid out for the terminal
	}
	w.WriteString(fill(fmt.Sprintf("Practice for %s: %s, %s made from its scenarios with seed %d\n", l.Name(), l.Title, plural(len(qs), "question"), seed)))
	w.WriteString(fill(fmt.Sprintf("(gmplab quiz %s --practice --seed %d asks them again; the score is not recorded).\n", l.Name(), seed)))
	if in.keys() {
		w.WriteString(fill("Press a choice's letter (no Enter needed); q leaves.\n"))
	}
	score := 0
	for i, d := range qs {
		step := "gmplab step " + strings.Join(d.args, " ")
		w.WriteString("\n" + hang(fmt.Sprintf("%d/%d. ", i+1, len(qs)), fmt.Sprintf("%s at GOMAXPROCS=%d, just before event %d at %s:", d.args[0], l.GOMAXPROCS, d.src.Seq, fmtMs(d.src.T)), width) + "\n")
		w.WriteString(boardBefore(x, d.args, d.src.Seq))
		w.WriteString("\n" + hang("", fmt.Sprintf("M%d is about to choose the next goroutine to run on P%d, whose schedtick is %d. Where does that goroutine come from?", d.exec.M, d.exec.P, d.exec.Tick-(1-d.exec.Inherit)), width))
		right := -1
		for j, s := range choices {
			w.WriteString(fill(fmt.Sprintf("  %c) %s\n", 'a'+j, sourceChoice[s])))
			if s == d.answer {
				right = j
			}
		}
		pick, how := in.answer(w, len(choices))
		switch how {
		case inputEnded:
			fmt.Fprintf(w, "\nThe input ended at question %d of %d.\n", i+1, len(qs))
			w.Flush()
			return &ExitError{Code: 1}
		case leftQuiz:
			fmt.Fprintf(w, "\nYou left at question %d of %d (gmplab quiz %s --practice --seed %d asks them again).\n", i+1, len(qs), l.Name(), seed)
			return nil
		}
		if pick == right {
			score++
			w.WriteString(fill(fmt.Sprintf("Right: %s (G%d).\n", sourceChoice[d.answer], d.exec.G)))
		} else {
			w.WriteString(fill(fmt.Sprintf("Not quite: the answer is %c) %s (G%d).\n", 'a'+right, sourceChoice[d.answer], d.exec.G)))
		}
		w.WriteString(hang("  Why: ", fmt.Sprintf("event %d, %s on M%d: %s (%s). Then execute: %s. findRunnable (proc.go) looks at the global queue first every 61st schedtick, then runnext, the ring, the global queue, the network poller, and then steals.",
			d.src.Seq, d.src.Kind, d.src.M, d.src.Details, d.src.Why, d.exec.Why), width))
		if tty { // a command: continued after a backslash, never cut
			w.WriteString(continueCommands("  See it: "+step, width) + "\n")
		} else {
			w.WriteString("  See it: " + step + "\n")
		}
		w.WriteString(hang("          then: ", fmt.Sprintf("goto %d; board; goto %d; why", d.src.Seq-1, d.exec.Seq), width))
	}
	fmt.Fprintf(w, "\nScore: %d/%d.\n", score, len(qs))
	return nil
}

// fmtMs prints a virtual time as the event lines do (0.003779ms).
func fmtMs(ns int64) string {
	return strconv.FormatFloat(float64(ns)/1e6, 'f', 6, 64) + "ms"
}

// plural is "1 question" or "n questions".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
