package checker

import (
	"embed"
	"fmt"
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
			sc, c := sc, c
			lb.tests = append(lb.tests, test{
				name: fmt.Sprintf("%s@%d", strings.TrimSuffix(sc.path[strings.LastIndex(sc.path, "/")+1:], ".go"), c.gomaxprocs),
				run:  func() string { return compareRun(ex, sc, c, hooks) },
			})
		}
	}
	gb := battery{name: "generated"}
	for _, g := range gen {
		sc := generated(g)
		for _, n := range procs {
			for seed := uint64(1); seed <= 3; seed++ {
				c := runCfg{gomaxprocs: n, seed: seed, layers: runtime.AllLayers}
				gb.tests = append(gb.tests, test{
					name: fmt.Sprintf("%s@%d/seed%d", strings.TrimSuffix(g, ".go"), n, seed),
					run:  func() string { return compareRun(ex, sc, c, hooks) },
				})
			}
		}
	}
	return []battery{lb, gb}
}
