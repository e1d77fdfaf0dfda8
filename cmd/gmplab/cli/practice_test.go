package cli

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/lessons"
)

func practice(t *testing.T, answers string, args ...string) (string, string, int) {
	t.Helper()
	freshProgress(t)
	var out, errb bytes.Buffer
	code := Run(append([]string{"quiz"}, args...), strings.NewReader(answers), &out, &errb)
	return out.String(), errb.String(), code
}

var practiceAnswer = regexp.MustCompile(`(?m)^(?:Right: |Not quite: the answer is ([a-e])\) )`)

// rightLetters reads, from a practice transcript answered with a's, the
// letter of each question's right answer.
func rightLetters(t *testing.T, out string) []string {
	t.Helper()
	var ls []string
	for _, m := range practiceAnswer.FindAllStringSubmatch(out, -1) {
		if m[1] == "" {
			ls = append(ls, "a")
		} else {
			ls = append(ls, m[1])
		}
	}
	return ls
}

// The same seed asks the same questions, another seed others; the score
// counts the right letters; and the right letters spread over the choices.
func TestPracticeSeededAndScored(t *testing.T) {
	args := []string{"lesson-06", "--practice", "--seed", "11", "--count", "8"}
	out1, errs, code := practice(t, strings.Repeat("a\n", 8), args...)
	if code != 0 {
		t.Fatalf("gmplab quiz %s: exit %d: %s", strings.Join(args, " "), code, errs)
	}
	out2, _, _ := practice(t, strings.Repeat("a\n", 8), args...)
	if out1 != out2 {
		t.Errorf("the same seed asked different questions:\n%s\n---\n%s", out1, out2)
	}
	other, _, _ := practice(t, strings.Repeat("a\n", 8), "lesson-06", "--practice", "--seed", "12", "--count", "8")
	if strings.SplitN(other, "\n", 3)[2] == strings.SplitN(out1, "\n", 3)[2] {
		t.Errorf("seeds 11 and 12 asked the same questions")
	}
	right := rightLetters(t, out1)
	if len(right) != 8 {
		t.Fatalf("%d answers in the transcript, want 8:\n%s", len(right), out1)
	}
	distinct := map[string]bool{}
	for _, l := range right {
		distinct[l] = true
	}
	if len(distinct) < 3 {
		t.Errorf("the right answers of 8 questions are only %v: they should spread over the sources", right)
	}
	all, _, code := practice(t, strings.Join(right, "\n")+"\n", args...)
	if code != 0 || !strings.Contains(all, "Score: 8/8.") {
		t.Errorf("answering %v: exit %d, want Score: 8/8:\n%s", right, code, all)
	}
	for _, want := range []string{"Practice for lesson-06", "with seed 11", "just before event", "status M runs runnext",
		"whose schedtick is", "Where does that goroutine come from?", "e) the network poller", "See it: gmplab step lessons/06-netpoll/"} {
		if !strings.Contains(strings.Join(strings.Fields(out1), " "), want) { // wrapped to the width
			t.Errorf("the transcript has no %q:\n%s", want, out1)
		}
	}
}

// Each practice answer is the engine's: the event that produced the
// goroutine agrees with what execute's own why says about where it came
// from, for every decision of every lesson's scenarios that practice uses.
func TestPracticeAnswerIsTheEngines(t *testing.T) {
	ls, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	says := map[source][]string{
		srcRunnext: {"from runnext", "readied by another P's timer, run by this thief"},
		srcRing:    {"from the ring's head"},
		srcGlobal:  {"from the global queue"},
		srcSteal:   {"stolen"},
		srcNetpoll: {"ready on the network"},
	}
	x := NewCellExecutor()
	x.Root = repoRoot
	seen := map[source]int{}
	for _, l := range ls {
		if len(practiceChoices(l.Layers())) < 2 {
			continue
		}
		for _, sc := range l.Scenarios {
			args := []string{"lessons/" + l.Dir + "/" + sc, "--gomaxprocs", strconv.Itoa(l.GOMAXPROCS), "--seed", "1", "--layers", l.Layers().String()}
			out, code := x.Run(append(append([]string{}, args...), "--format", "json"))
			if code != 0 {
				continue
			}
			ds, err := decisions(args, out)
			if err != nil {
				t.Fatalf("%s: %v", sc, err)
			}
			for _, d := range ds {
				seen[d.answer]++
				ok := false
				for _, w := range says[d.answer] {
					ok = ok || strings.HasPrefix(d.exec.Why, w)
				}
				if !ok {
					t.Errorf("%s event %d: practice says %q, execute's why says %q", sc, d.exec.Seq, sourceChoice[d.answer], d.exec.Why)
				}
				// The schedtick the question shows is the one findRunnable
				// read: when the fairness rule took the goroutine, a
				// multiple of 61.
				tick := d.exec.Tick - (1 - d.exec.Inherit)
				if strings.HasPrefix(d.src.Details, "1 by the schedtick%61 rule") && tick%61 != 0 {
					t.Errorf("%s event %d: taken by the schedtick%%61 rule, but the question shows schedtick %d", sc, d.exec.Seq, tick)
				}
			}
		}
	}
	for s := source(0); s < nSources; s++ {
		if seen[s] == 0 {
			t.Errorf("no lesson scenario takes a goroutine from %s: practice cannot ask about it", sourceChoice[s])
		}
	}
}

// Lessons before the P ask nothing, and --seed without --practice is a
// usage error.
func TestPracticeRefuses(t *testing.T) {
	_, errs, code := practice(t, "", "lesson-00", "--practice")
	if code != 1 || !strings.Contains(errs, "has no practice questions") || !strings.Contains(errs, "practice starts with lesson 02") {
		t.Errorf("lesson-00 --practice: exit %d, %q", code, errs)
	}
	_, errs, code = practice(t, "", "lesson-03", "--seed", "4")
	if code != 2 || !strings.Contains(errs, "--seed and --count are for --practice") {
		t.Errorf("--seed without --practice: exit %d, %q", code, errs)
	}
	_, errs, code = practice(t, "", "lesson-03", "--practice", "--count", "0")
	if code != 2 || !strings.Contains(errs, "--count 0") {
		t.Errorf("--count 0: exit %d, %q", code, errs)
	}
}
