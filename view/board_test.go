package view

import (
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// boardState is a hand-made state: P0 runs G1 with work queued, P1 is idle,
// M2 is in a syscall holding nothing, sysmon watches.
func boardState(nps int) *runtime.State {
	st := &runtime.State{
		Seq: 57, Clock: 1_234_567, GOMAXPROCS: nps, Layers: "stacks,procs,steal,sysmon",
		Global: []int64{11, 12},
		Sched:  runtime.SchedState{NPIdle: int32(nps - 2), NMIdle: 1, MCount: 4, IdleMs: []int32{3}},
		Ms: []runtime.MState{
			{ID: 0, State: "running", P: 0, NextP: -1, OldP: -1, CurG: 1},
			{ID: 1, State: "sysmon", P: -1, NextP: -1, OldP: -1, CurG: -1, Sysmon: true},
			{ID: 2, State: "syscall", P: -1, NextP: -1, OldP: 1, CurG: 9, Until: 5_000_000},
			{ID: 3, State: "parked", P: -1, NextP: -1, OldP: -1, CurG: -1},
		},
		Sysmon:  &runtime.SysmonInfo{M: 1, Delay: 20, Next: 1_240_000},
		Timers:  []runtime.TimerInfo{{When: 2_000_000, P: 0, G: 4, Kind: "sleep"}},
		Netpoll: []runtime.ConnInfo{},
	}
	for i := 0; i < nps; i++ {
		p := runtime.PState{ID: int32(i), Status: "idle", M: -1, G: -1, Runnext: -1, Runq: []int64{}}
		switch i {
		case 0:
			p.Status, p.M, p.G, p.Runnext = "running", 0, 1, 8
			for g := int64(20); g < 60; g++ {
				p.Runq = append(p.Runq, g)
			}
		case 1:
			p.Runq = []int64{5, 6}
		}
		st.Ps = append(st.Ps, p)
	}
	return st
}

func TestBoardFull(t *testing.T) {
	got := Board(boardState(2), 80)
	want := `event 57 at 1.234567ms   GOMAXPROCS=2   layers=stacks,procs,steal,sysmon
      status   M     runs   runnext  ring (head → tail)
P0    running  M0    G1     G8       40: G20 G21 G22 G23 G24 G25 G26 … G58 G59
P1    idle     M-    G-     G-       2: G5 G6
global    2: G11 G12
Ms        M0 running P0 G1 | M1 sysmon | M2 syscall G9 oldp=P1 until 5.000000ms
          parked: M3
sysmon    M1 every 20µs, 0 idle loops, next at 1.240000ms
netpoll   nothing waits
timers    1: G4@2.000000ms/P0
sched     npidle=0 nmspinning=0 nmidle=1 needspinning=false threads=4
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	for _, line := range strings.Split(got, "\n") {
		if runeLen(line) > 80 {
			t.Errorf("line wider than 80: %q", line)
		}
	}
}

func TestBoardCompact(t *testing.T) {
	got := Board(boardState(64), 100)
	want := `event 57 at 1.234567ms   GOMAXPROCS=64   layers=stacks,procs,steal,sysmon
64 Ps: 1 running, 63 not; each cell: P status M runs +runnext q<ring length>
P0   run  M0   G1    +G8   q40   P1   idle M-   G-    +G-   q2
idle, empty: P2-P63
global    2: G11 G12
Ms        M0 running P0 G1 | M1 sysmon | M2 syscall G9 oldp=P1 until 5.000000ms | parked: M3
sysmon    M1 every 20µs, 0 idle loops, next at 1.240000ms
netpoll   nothing waits
timers    1: G4@2.000000ms/P0
sched     npidle=62 nmspinning=0 nmidle=1 needspinning=false threads=4
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// gmplab real's state (layers "real") has Ps, as the real runtime does:
// they get their rows and the Ms their Ps.
func TestBoardRealHasPs(t *testing.T) {
	st := boardState(2)
	st.Layers = "real"
	got := Board(st, 80)
	for _, want := range []string{"\nP0    running  M0    G1     G8       40: G20", "\nP1    idle", "M0 running P0 G1 |"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in:\n%s", want, got)
		}
	}
}

func TestBoardEightPs(t *testing.T) {
	got := Board(boardState(8), 0)
	if n := strings.Count(got, "\n"); n != 16 {
		t.Errorf("8 Ps: %d lines, want one row per P (16 in all):\n%s", n, got)
	}
}

func TestFitListAndRanges(t *testing.T) {
	if got := ranges("P", []int32{0, 1, 2, 4, 6, 7}); got != "P0-P2 P4 P6-P7" {
		t.Errorf("ranges = %q", got)
	}
	if got := fitList([]string{"a", "b", "c", "d", "e", "f"}, 7); got != "a … e f" {
		t.Errorf("fitList = %q", got)
	}
}
