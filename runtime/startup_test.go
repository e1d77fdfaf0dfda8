package runtime_test

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
)

// goidsProg starts three goroutines that block forever, so the deadlock's
// traceback lists their goids.
const goidsProg = `package main

import %s

func main() {
	c := make(chan int)
	for i := 0; i < 3; i++ {
		go func() { c <- 1 }()
	}
	%s
	select {}
}
`

var goroutineLine = regexp.MustCompile(`(?m)^goroutine (\d+) \[`)

func deadlockGoids(t *testing.T, src string, procs int) []int {
	t.Helper()
	p, err := lang.Compile("goids.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	_, ex := run(t, p, runtime.Config{GOMAXPROCS: procs, Check: true})
	var ids []int
	for _, m := range goroutineLine.FindAllStringSubmatch(ex.Msg, -1) {
		n, _ := strconv.Atoi(m[1])
		ids = append(ids, n)
	}
	return ids
}

// proc.go: main, newproc1 (_GoidCacheBatch), mgc.go: gcenable, mfinal.go:
// createfing. With one P main takes goids from P0's first batch: the
// system goroutines are 2-5 (forcegc, bgsweep, bgscavenge, the GOMAXPROCS
// updater) and 6 (the finalizer goroutine, when os is initialised through
// fmt). With more Ps main goes on on P(n-1) after gcenable and takes its
// batch 17-32: the updater is 17, the finalizer goroutine 18. These are the
// goids the real runtime prints (always with one P; in most runs with more,
// startup.go says why).
func TestStartupGoidsPerP(t *testing.T) {
	withOS := sprintf(goidsProg, `"fmt"`, `fmt.Println("start")`)
	withoutOS := sprintf(goidsProg, `"time"`, `time.Sleep(time.Millisecond)`)
	for _, tc := range []struct {
		src   string
		procs int
		want  []int
	}{
		{withOS, 1, []int{1, 7, 8, 9}},
		{withoutOS, 1, []int{1, 6, 7, 8}},
		{withOS, 2, []int{1, 19, 20, 21}},
		{withOS, 4, []int{1, 19, 20, 21}},
		{withOS, 8, []int{1, 19, 20, 21}},
		{withoutOS, 4, []int{1, 18, 19, 20}},
	} {
		if got := deadlockGoids(t, tc.src, tc.procs); !slices.Equal(got, tc.want) {
			t.Errorf("GOMAXPROCS=%d: goroutines %v in the deadlock, want %v\n%s", tc.procs, got, tc.want, tc.src)
		}
	}
}

// proc.go: main: with more than one P, main.main starts on P(n-1) with
// schedtick 3, four threads (m0, sysmon, and the two Ms that ran the system
// goroutines during gcenable), and the P the updater's wakep spun on,
// P(n-2), has run the updater and the finalizer goroutine (schedtick 2);
// P0's schedtick is the fitted 2 of startup (a GOMAXPROCS(1) that moves
// main onto P0 finds it at 1 to 7 on the real runtime).
// The real runtime's first schedtrace line is printed during runtime.main,
// so it is a snapshot of the race (on this machine at GOMAXPROCS=4, e.g.
// "idleprocs=2 threads=5 ... schedticks=[ 0 0 0 3 ]"); the model's is the
// state main.main starts in.
func TestStartupStateAtFourPs(t *testing.T) {
	p, err := lang.Compile("empty.go", []byte("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println() }\n"))
	if err != nil {
		t.Fatal(err)
	}
	mc, err := runtime.New(p, runtime.Config{GOMAXPROCS: 4, Check: true})
	if err != nil {
		t.Fatal(err)
	}
	want := "SCHED 0ms: gomaxprocs=4 idleprocs=3 threads=4 spinningthreads=0 needspinning=0 idlethreads=2 runqueue=0 [ 0 0 0 0 ] schedticks=[ 2 0 2 3 ]"
	if got := mc.Schedtrace(); got != want {
		t.Errorf("first schedtrace line:\n got %s\nwant %s", got, want)
	}
	mc1, _ := runtime.New(p, runtime.Config{GOMAXPROCS: 1})
	want1 := "SCHED 0ms: gomaxprocs=1 idleprocs=0 threads=2 spinningthreads=0 needspinning=0 idlethreads=0 runqueue=0 [ 2 ] schedticks=[ 4 ]"
	if got := mc1.Schedtrace(); got != want1 {
		t.Errorf("first schedtrace line at GOMAXPROCS=1:\n got %s\nwant %s", got, want1)
	}
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
