package runtime

import (
	"github.com/gmplab/gmplab/vm"
	"slices"
	"testing"
)

// exitProg is the smallest program: runtime.main exits at once.
func exitProg() *vm.Program {
	return &vm.Program{
		Files: []string{"t.go"},
		Funcs: []vm.Func{{Name: "runtime.main", Code: []vm.Instr{{Op: vm.OpExit}}, Pos: []vm.Pos{{}}, FrameSize: 16, NoSplit: true}},
		Main:  0, Init: -1,
	}
}

// newTestMachine returns a machine with a clean P0 (no start-up Gs queued),
// for white-box tests of the queue functions.
func newTestMachine(t *testing.T, procs int) *Machine {
	t.Helper()
	mc, err := New(exitProg(), Config{GOMAXPROCS: procs, Layers: AllLayers, bareStart: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := range mc.allp {
		P := &mc.allp[i]
		P.runqhead, P.runqtail, P.runnext = 0, 0, nilIdx
	}
	mc.sched.runq = newGQueue()
	return mc
}

// mkG makes a runnable G and returns its index; goids are the indices + 100
// so that tests can name them.
func mkG(mc *Machine) int32 {
	gi := mc.newproc1(0, 1, nil)
	mc.allg[gi].goid = int64(gi) + 100
	return gi
}

func ring(mc *Machine, pp int32) []int32 {
	var r []int32
	P := &mc.allp[pp]
	for h := P.runqhead; h != P.runqtail; h++ {
		r = append(r, P.runq[h%runqSize])
	}
	return r
}

func global(mc *Machine) []int32 {
	var r []int32
	for gi := mc.sched.runq.head; gi != nilIdx; gi = mc.allg[gi].schedlink {
		r = append(r, gi)
	}
	return r
}

// proc.go: runqput(pp, gp, next=true) puts gp in runnext and kicks the old
// runnext (not gp) to the ring's tail.
func TestRunqputNextKicksOldRunnext(t *testing.T) {
	mc := newTestMachine(t, 1)
	a, b, c := mkG(mc), mkG(mc), mkG(mc)
	mc.runqput(0, a, true)
	mc.runqput(0, b, true)
	mc.runqput(0, c, false)
	if mc.allp[0].runnext != b {
		t.Errorf("runnext = %d, want %d", mc.allp[0].runnext, b)
	}
	if got, want := ring(mc, 0), []int32{a, c}; !slices.Equal(got, want) {
		t.Errorf("ring = %v, want %v", got, want)
	}
}

// proc.go: runqputslow moves exactly the oldest 128 of a full ring plus the
// G being added (129) to the global tail, in that order.
func TestRunqputslowMovesOldest128Plus1(t *testing.T) {
	mc := newTestMachine(t, 1)
	var gs []int32
	for i := 0; i < 256; i++ {
		g := mkG(mc)
		gs = append(gs, g)
		mc.runqput(0, g, false)
	}
	if len(global(mc)) != 0 {
		t.Fatal("global queue used before the ring was full")
	}
	extra := mkG(mc)
	mc.runqput(0, extra, false)
	want := append(slices.Clone(gs[:128]), extra)
	if got := global(mc); !slices.Equal(got, want) {
		t.Errorf("global = %v…, want the oldest 128 then the new G (%d in all)", got[:4], len(want))
	}
	if got := ring(mc, 0); !slices.Equal(got, gs[128:]) {
		t.Errorf("ring keeps %d Gs, want the youngest 128", len(got))
	}
}

// proc.go: runqget returns runnext first with inheritTime=true, then the
// ring's head with inheritTime=false.
func TestRunqgetRunnextFirstInheritsTime(t *testing.T) {
	mc := newTestMachine(t, 1)
	a, b := mkG(mc), mkG(mc)
	mc.runqput(0, a, false)
	mc.runqput(0, b, true)
	if g, inh := mc.runqget(0); g != b || !inh {
		t.Errorf("first runqget = %d,%v; want runnext %d with inheritTime", g, inh, b)
	}
	if g, inh := mc.runqget(0); g != a || inh {
		t.Errorf("second runqget = %d,%v; want ring head %d without inheritTime", g, inh, a)
	}
	if g, _ := mc.runqget(0); g != nilIdx {
		t.Errorf("empty runqget = %d", g)
	}
}

// proc.go: runqgrab takes ceil(half) from the victim's head; runqsteal runs
// the youngest stolen G and queues the others in order. The table is the one
// verified on the real runtime with an overlay test (go126-scheduler.md §3.1).
func TestRunqstealCeilHalfFromHead(t *testing.T) {
	for _, tc := range []struct {
		n           int
		run         int   // index of the G returned (1-based), 0 for none
		thief       []int // 1-based
		victimAfter int   // ring length left
	}{
		{1, 1, nil, 0},
		{2, 1, nil, 1},
		{3, 2, []int{1}, 1},
		{7, 4, []int{1, 2, 3}, 3},
		{8, 4, []int{1, 2, 3}, 4},
		{256, 128, seq(1, 127), 128},
	} {
		mc := newTestMachine(t, 2)
		var gs []int32
		for i := 0; i < tc.n; i++ {
			g := mkG(mc)
			gs = append(gs, g)
			mc.allp[1].runq[mc.allp[1].runqtail%runqSize] = g
			mc.allp[1].runqtail++
		}
		g, k, _ := mc.runqsteal(0, 1, false)
		if g != gs[tc.run-1] {
			t.Errorf("n=%d: ran G%d, want G%d", tc.n, g, gs[tc.run-1])
		}
		var want []int32
		for _, i := range tc.thief {
			want = append(want, gs[i-1])
		}
		if got := ring(mc, 0); !slices.Equal(got, want) {
			t.Errorf("n=%d: thief ring %v, want %v", tc.n, got, want)
		}
		if got := len(ring(mc, 1)); got != tc.victimAfter || int(k) != tc.n-tc.victimAfter {
			t.Errorf("n=%d: victim keeps %d (stole %d), want %d", tc.n, got, k, tc.victimAfter)
		}
		if tc.victimAfter > 0 && ring(mc, 1)[0] != gs[tc.n-tc.victimAfter] {
			t.Errorf("n=%d: victim's head after the steal is not its oldest remaining G", tc.n)
		}
	}
}

// proc.go: runqgrab takes a victim's runnext only when stealRunNextG (the
// last pass) and its ring is empty.
func TestRunqstealRunnextOnlyOnLastPass(t *testing.T) {
	mc := newTestMachine(t, 2)
	r := mkG(mc)
	mc.allp[1].runnext = r
	if g, _, _ := mc.runqsteal(0, 1, false); g != nilIdx || mc.allp[1].runnext != r {
		t.Errorf("stole runnext without stealRunNextG")
	}
	if g, _, _ := mc.runqsteal(0, 1, true); g != r || mc.allp[1].runnext != nilIdx {
		t.Errorf("stealRunNextG: got %d, want runnext %d", g, r)
	}
}

// proc.go: globrunqgetbatch takes min(128, size, size/gomaxprocs+1).
func TestGlobrunqgetbatchSize(t *testing.T) {
	for _, tc := range []struct{ procs, size, want int }{
		{1, 3, 3}, {4, 3, 1}, {4, 10, 3}, {2, 1000, 128}, {8, 100, 13}, {1, 129, 128},
	} {
		mc := newTestMachine(t, tc.procs)
		for i := 0; i < tc.size; i++ {
			mc.gqPushBack(&mc.sched.runq, mkG(mc))
		}
		_, n := mc.globrunqgetbatch(0, runqSize/2)
		if int(n) != tc.want || len(ring(mc, 0)) != tc.want-1 {
			t.Errorf("gomaxprocs=%d size=%d: took %d (ring %d), want %d", tc.procs, tc.size, n, len(ring(mc, 0)), tc.want)
		}
	}
}

// proc.go: findRunnable takes ONE global G before the local queue when
// schedtick%61 == 0, and skips the check when the global queue is empty.
func TestFindRunnable61TickFairness(t *testing.T) {
	mc := newTestMachine(t, 1)
	local, glob := mkG(mc), mkG(mc)
	other := mkG(mc)
	mc.runqput(0, local, true)
	mc.gqPushBack(&mc.sched.runq, glob)
	mc.gqPushBack(&mc.sched.runq, other)
	mc.allp[0].schedtick = 122
	mc.cur = 0
	g, inh, _, ok := mc.findRunnable(0)
	if !ok || g != glob || inh {
		t.Errorf("schedtick 122: got G%d, want the global head G%d without inheritTime", g, glob)
	}
	if len(global(mc)) != 1 {
		t.Errorf("the 61-tick check took %d Gs, want exactly 1", 2-len(global(mc)))
	}
	mc.allp[0].schedtick = 123
	if g, inh, _, _ := mc.findRunnable(0); g != local || !inh {
		t.Errorf("schedtick 123: got G%d, want runnext G%d", g, local)
	}
}

// proc.go: randomOrder visits every P exactly once per pass for any start.
func TestRandomOrderVisitsAll(t *testing.T) {
	for n := uint32(1); n <= 12; n++ {
		o := newRandomOrder(n)
		for r := uint32(0); r < 200; r++ {
			seen := make([]bool, n)
			pos, inc := o.start(r * 7919)
			for e := uint32(0); e < n; e, pos = e+1, (pos+inc)%n {
				if seen[pos] {
					t.Fatalf("n=%d: P%d visited twice", n, pos)
				}
				seen[pos] = true
			}
		}
	}
}

// proc.go: procresize pushes P1..Pn-1 on the idle list in id order, so its
// head is the highest id (pidle is LIFO).
func TestIdlePListAtStartIsLIFO(t *testing.T) {
	mc := newTestMachine(t, 4)
	if got := mc.State().Sched.IdlePs; !slices.Equal(got, []int32{3, 2, 1}) {
		t.Errorf("idle Ps = %v, want [3 2 1]", got)
	}
}

func seq(a, b int) []int {
	var s []int
	for i := a; i <= b; i++ {
		s = append(s, i)
	}
	return s
}
