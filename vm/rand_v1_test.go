package vm

import (
	"math/rand"
	"testing"
)

// Shuffle's reduction (math/rand's unexported int31n) gives the host's
// Shuffle: the same swaps for every n up to 300, over one source.
func TestInt31nLemireIsShuffles(t *testing.T) {
	m := New(&Program{})
	mc := &m
	v, _ := mc.random(RandNewSource, []Value{{I: 5}})
	r := rand.New(rand.NewSource(5))
	for n := range 300 {
		var want [][2]int
		r.Shuffle(n, func(i, j int) { want = append(want, [2]int{i, j}) })
		for k, i := 0, n-1; i > 0; i, k = i-1, k+1 {
			got, msg := mc.random(RandInt31nLemire, []Value{v, {I: int64(i + 1)}})
			if msg != "" || want[k] != [2]int{i, int(got.I)} {
				t.Fatalf("Shuffle(%d), swap %d: got (%d, %d) %s, want %v", n, k, i, got.I, msg, want[k])
			}
		}
	}
}
