package checker

import (
	"embed"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/runtime"
)

//go:embed scenarios/*.go
var scenarioFiles embed.FS

// generated is a scenario of checker/scenarios, run across GOMAXPROCS
// values and seeds.
func generated(name string) scenario {
	src, err := scenarioFiles.ReadFile("scenarios/" + name)
	if err != nil {
		panic("checker: no scenario " + name)
	}
	return scenario{path: "checker/scenarios/" + name, src: src}
}

// lessonScenarios are the scenarios of lesson num, with the lesson's
// configuration.
func lessonScenarios(num int) ([]scenario, runCfg, error) {
	ls, err := lessons.All()
	if err != nil {
		return nil, runCfg{}, err
	}
	for _, l := range ls {
		if l.Num != num {
			continue
		}
		var out []scenario
		for _, s := range l.Scenarios {
			src, err := l.Source(s)
			if err != nil {
				return nil, runCfg{}, err
			}
			out = append(out, scenario{path: l.Path(s), src: src})
		}
		return out, runCfg{gomaxprocs: l.GOMAXPROCS, seed: l.Seed, layers: l.Layers()}, nil
	}
	return nil, runCfg{}, fmt.Errorf("no lesson %d", num)
}

// lessonSkipped are lesson scenarios the batteries leave out where their
// twin, a generated scenario that tests the same rules for a fraction of
// the time, runs instead (an exercise whose generated battery lacks the
// twin runs the lesson's).
// Lesson 05's coop.go interprets two loops of 4 million calls (192 million
// instructions, about 1.5 s of CPU time per run, three quarters of a
// 05-preempt or 05-preemptone grading process and a third of a class's
// time) for the one cooperative preemption it shows: checker/scenarios'
// coop.go makes three, with the same calls' prologue checks, in about 30 ms,
// and runs at every GOMAXPROCS of the exercises' generated batteries.
// Lesson 09's service.go makes 09-startcycle's worker decision once a
// cycle, in runs of 0.8 s (GOMAXPROCS=4) and 1.9 s (2) of CPU, in which
// the interpreter allocates the heap's every word: gcalloc.go makes the
// same decision at GOMAXPROCS 1 to 8 in a fraction of that.
var lessonSkipped = map[string]string{
	"lessons/05-preempt/coop.go": "coop.go",
	"lessons/09-gc/service.go":   "gcalloc.go",
}

// oneSeed are generated scenarios run with one seed at every GOMAXPROCS.
// gcalloc.go tests 09-startcycle's worker decision, which depends on
// GOMAXPROCS and the cycle's kind, not on the order in which a seed runs
// its allocators; at 0.3 s of CPU a run (16,000 1 KB buffers), its three
// seeds at 1-4 Ps were 2.4 s of each 09-startcycle grading process and
// took a class of 100 past 5 minutes.
var oneSeed = map[string]bool{"gcalloc.go": true}

// scenarioBatteries are the two scenario batteries of an exercise: the
// lesson's scenarios at the lesson's settings (and the lesson's layers
// with GOMAXPROCS 2 and 4, where the lesson has one P), and the generated
// scenarios at every GOMAXPROCS in procs and seeds 1-3.
func scenarioBatteries(ex string, lesson int, gen []string, procs []int, hooks *runtime.Hooks) []battery {
	lb := battery{name: "lesson"}
	lsc, lcfg, err := lessonScenarios(lesson)
	if err != nil {
		lb.tests = []test{{name: "scenarios", run: func() string { return "the lesson's scenarios cannot be read (a checker bug): " + err.Error() }}}
	}
	cfgs := []runCfg{lcfg}
	for _, n := range []int{2, 4} {
		if n != lcfg.gomaxprocs {
			cfgs = append(cfgs, runCfg{gomaxprocs: n, seed: lcfg.seed, layers: lcfg.layers})
		}
	}
	for _, sc := range lsc {
		for _, c := range cfgs {
			if twin, skip := lessonSkipped[sc.path]; skip && slices.Contains(gen, twin) {
				continue
			}
			sc, c := sc, c
			lb.tests = append(lb.tests, test{
				name: fmt.Sprintf("%s@%d", strings.TrimSuffix(sc.path[strings.LastIndex(sc.path, "/")+1:], ".go"), c.gomaxprocs),
				run:  func() string { return compareRun(ex, sc, c, hooks) },
			})
		}
	}
	gb := battery{name: "generated"}
	base := Seed()
	for _, g := range gen {
		sc := generated(g)
		for _, n := range procs {
			seeds := uint64(3)
			if n > 4 || oneSeed[g] {
				seeds = 1 // many Ps: one seed each, to bound the time
			}
			for seed := base; seed < base+seeds; seed++ {
				c := runCfg{gomaxprocs: n, seed: seed, layers: runtime.AllLayers}
				gb.tests = append(gb.tests, test{
					name: fmt.Sprintf("%s@%d/seed%d", strings.TrimSuffix(g, ".go"), n, seed),
					run:  func() string { return compareRun(ex, sc, c, hooks) },
				})
			}
		}
	}
	out := []battery{lb, gb}
	if hb := hiddenBattery(ex, hooks); len(hb.tests) > 0 {
		out = append(out, hb)
	}
	return out
}

// EnvSeed names the environment variable that moves the generated
// scenarios' seeds (1-3 without it): an instructor who sets it per run
// (gmplab grade --seed) grades on scenarios a submission cannot have been
// tuned to. The feedback names the seed, so the learner can replay it.
const EnvSeed = "GMPLAB_SEED"

// Seed is the first seed of the generated scenarios.
func Seed() uint64 {
	if n, err := strconv.ParseUint(os.Getenv(EnvSeed), 10, 64); err == nil && n > 0 {
		return n
	}
	return 1
}

// EnvHidden names the environment variable holding an instructor's
// folder of hidden scenarios, not in the learners' repository: every
// program DIR/*.go and DIR/NN-name/*.go is run with the learner's
// functions at GOMAXPROCS 1, 2, 4 and 16 and compared with Go's, as the
// generated scenarios are (a battery "hidden").
const EnvHidden = "GMPLAB_HIDDEN"

func hiddenBattery(ex string, hooks *runtime.Hooks) battery {
	hb := battery{name: "hidden"}
	dir := os.Getenv(EnvHidden)
	if dir == "" {
		return hb
	}
	var files []string
	for _, pat := range []string{filepath.Join(dir, "*.go"), filepath.Join(dir, ex, "*.go")} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	sort.Strings(files)
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		sc := scenario{path: f, src: src}
		for _, n := range []int{1, 2, 4, 16} {
			c := runCfg{gomaxprocs: n, seed: Seed(), layers: runtime.AllLayers}
			hb.tests = append(hb.tests, test{
				name: fmt.Sprintf("%s@%d", strings.TrimSuffix(filepath.Base(f), ".go"), n),
				run:  func() string { return compareRun(ex, sc, c, hooks) },
			})
		}
	}
	return hb
}
