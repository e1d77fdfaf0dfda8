package debugger

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
)

// heapProg keeps a heap that changes a little between snapshots (a slice
// big enough to be kept in pages, a map, a struct, captured variables, deep
// frames) and prints what it holds, so that a snapshot that lost or shared
// a change prints otherwise.
const heapProg = `package main

import (
	"runtime"
	"sync"
)

type acc struct {
	n, sum int
	tag    string
}

func deep(d int, xs []int) int {
	if d == 0 {
		runtime.Gosched()
		return xs[0]
	}
	return deep(d-1, xs) + 1
}

func main() {
	xs := make([]int, 5000)
	m := map[int]string{}
	a := acc{tag: "a"}
	count := 0
	bump := func(k int) { count += k }
	var wg sync.WaitGroup
	var mu sync.Mutex
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 150; i++ {
				xs[(i*7+w)%len(xs)] += i
				mu.Lock() // a map written by two Ms at once is fatal
				m[i%20] = m[i%20] + "x"
				l := len(m[i%20])
				mu.Unlock()
				a.n++
				a.sum += xs[i%len(xs)]
				bump(w)
				if i%10 == 0 {
					println(w, i, xs[i], l, a.n, a.sum, count)
				}
				if i == 70 {
					println(deep(2500, xs)) // parks with frames in chunks
				}
				runtime.Gosched()
			}
		}()
	}
	wg.Wait()
	println(a.tag, a.n, a.sum, count)
}
`

// Snapshots that share unchanged storage with the one before them
// (runtime.Machine.CloneSharing) restore the machine as it was, though the
// run went on mutating the heap after they were taken and the snapshots
// they share with were thinned: every way of reaching event N gives the
// state and event of a fresh run, and the run from there prints what the
// fresh run prints.
func TestSharedSnapshotsRestoreUnchanged(t *testing.T) {
	prog, err := lang.Compile("heap.go", []byte(heapProg))
	if err != nil {
		t.Fatal(err)
	}
	cfg := runtime.Config{GOMAXPROCS: 2, Seed: 1, Why: true}
	mc, err := runtime.New(prog, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var evs []runtime.Event
	states := [][]byte{view.MarshalState(mc.State())}
	mc.RecordStates(true)
	for {
		ev, ok := mc.Step()
		if !ok {
			break
		}
		evs = append(evs, ev)
		states = append(states, view.MarshalState(mc.StateAt(ev.Seq)))
	}
	total := int64(len(evs))
	s, err := New(Options{Program: prog, Config: cfg, Name: "heap.go", SnapshotEvery: 64, MaxSnapshots: 3})
	if err != nil {
		t.Fatal(err)
	}
	check := func(how string) {
		t.Helper()
		n := s.Pos()
		if got := view.MarshalState(s.State()); !bytes.Equal(got, states[n]) {
			t.Fatalf("%s: state at event %d differs from a fresh run's", how, n)
		}
		if ev, _ := s.Event(); n > 0 && ev != evs[n-1] {
			t.Fatalf("%s: event %d = %+v, want %+v", how, n, ev, evs[n-1])
		}
	}
	if _, err := s.Goto(total); err != nil {
		t.Fatal(err)
	}
	check("goto end")
	rng := rand.New(rand.NewPCG(7, 8))
	for range 30 {
		n := rng.Int64N(total + 1)
		if rng.IntN(2) == 0 {
			s.Goto(n)
		} else if n < s.Pos() {
			s.RevStep(s.Pos() - n)
		} else {
			s.Step(n - s.Pos())
		}
		check("motion")
		// Run on a while: the events (the prints among them) are the
		// fresh run's.
		from := s.Pos()
		for k := int64(1); k <= 100 && from+k <= total; k++ {
			s.Step(1)
			if ev, _ := s.Event(); ev != evs[from+k-1] {
				t.Fatalf("from %d: event %d = %+v, want %+v", from, from+k, ev, evs[from+k-1])
			}
		}
	}
	// The spacing follows the measured size of a snapshot (the Go
	// runtime's allocation count, which other goroutines of the process
	// move), so how many are taken varies with load: at most 3 kept makes
	// thinning certain from the third taken.
	t.Logf("%d snapshots taken over %d events, %d kept, %d shared", s.snaps.taken, total, len(s.snaps.list), s.snaps.shared)
	if s.snaps.taken < 3 || int(s.snaps.taken)+1 <= len(s.snaps.list) {
		t.Errorf("%d snapshots taken, %d kept: none thinned", s.snaps.taken, len(s.snaps.list))
	}
	// Which snapshots are kept depends on their measured sizes (the Go
	// runtime's allocation count, which other goroutines of the process
	// move), so count the clones that shared, not the survivors.
	if s.snaps.shared == 0 {
		t.Errorf("no snapshot shared storage with the one before it (%d taken)", s.snaps.taken)
	}
}
