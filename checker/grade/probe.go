package grade

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
)

// Code that runs at initialisation (func init, a package-level variable
// whose value calls) is refused before the build (checker.CheckSource),
// but what remains (a huge package-level array, say) still runs when a
// submission's grading program starts, in
// every one of its processes: one package whose init panics or loops
// would fail every exercise of that submission. So each submission's
// program is started once first (gradebin -init returns as soon as main
// runs), confined as the grading processes are (the sandbox package's
// init sets the limits before any learner package's init runs); if it
// does not start, each of its packages is tried in a program of its own, those that fail are graded 0 with the reason,
// and the submission's program is linked again without them.

// probeArg makes the grading program return at once: its packages are
// initialised, and nothing else runs.
const probeArg = "-init"

// startable makes every submission's program in bins start: it probes
// each, and relinks one that does not without the packages whose
// initialisation fails (added to broken). A program left with no package
// is dropped from bins.
func startable(ctx context.Context, o Options, tmp string, ov overlay, bins map[int]string, pkgs []gradePkg, broken map[string]string) error {
	subs := make([]int, 0, len(bins))
	for sub := range bins {
		if sub >= 0 {
			subs = append(subs, sub)
		}
	}
	sort.Ints(subs)
	why := make([]string, len(subs))
	parallel(o.Jobs, len(subs), func(i int) { why[i] = probe(ctx, o, tmp, bins[subs[i]]) })
	for i, sub := range subs {
		if why[i] == "" {
			continue
		}
		var mine []gradePkg
		for _, p := range pkgs {
			if _, bad := broken[p.path]; !bad && p.sub == sub {
				mine = append(mine, p)
			}
		}
		for _, p := range mine {
			one, err := link(ctx, o.Root, tmp, ov, "probe", []gradePkg{p}, nil)
			if err != nil {
				return err
			}
			if w := probe(ctx, o, tmp, one); w != "" {
				broken[p.path] = "its initialisation (func init, or a package-level variable's value) fails when the grading program starts, before any test: " + w
			}
		}
		left := 0
		for _, p := range mine {
			if _, bad := broken[p.path]; !bad {
				left++
			}
		}
		if left == 0 {
			delete(bins, sub)
			continue
		}
		bin, err := link(ctx, o.Root, tmp, ov, fmt.Sprintf("s%d-again", sub), mine, broken)
		if err != nil {
			return err
		}
		if w := probe(ctx, o, tmp, bin); w != "" {
			// Packages without init code cannot fail to start; if the
			// program still does not, blame them all together.
			for _, p := range mine {
				if _, bad := broken[p.path]; !bad {
					broken[p.path] = "the submission's grading program does not start, before any test: " + w
				}
			}
			delete(bins, sub)
			continue
		}
		bins[sub] = bin
	}
	return nil
}

// parallel runs f(0..n-1), jobs at a time.
func parallel(jobs, n int, f func(i int)) {
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < max(1, jobs); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}

// probe starts bin with probeArg, confined as a grading process, and says
// why it did not start, or "". Starting takes milliseconds; the limits are
// the grading processes' (CPU time, memory), and wall-clock time
// wallFactor times the CPU limit for one that blocks.
func probe(ctx context.Context, o Options, tmp, bin string) string {
	ctx, cancel := context.WithTimeout(ctx, wallFactor*o.Timeout)
	defer cancel()
	cmd, scratch, err := confined(ctx, o, tmp, bin, nil, probeArg)
	if err != nil {
		return err.Error()
	}
	defer os.RemoveAll(scratch)
	stderr := newOutput(32 << 10)
	cmd.Stderr = stderr
	err = cmd.Run()
	procStats.account(cmd.ProcessState)
	switch {
	case ctx.Err() == context.DeadlineExceeded || killedByLimit(err):
		return fmt.Sprintf("it did not return within %v of CPU time (an endless loop?; gmplab grade --timeout raises the limit)", o.Timeout)
	case err != nil:
		if d := deathLines(stderr.String()); d != "" && !strings.Contains(d, "out of memory") {
			return d
		}
		return explainDeath(err, stderr.String(), o.MemoryMB)
	}
	return ""
}
