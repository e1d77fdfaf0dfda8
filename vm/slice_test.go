package vm

import "testing"

var sink any

// capsOf records the capacities append gives a slice of T grown one
// element at a time, and then by bursts, on the host runtime.
func capsOf[T any](n int) []int {
	var s []T
	var caps []int
	var zero T
	for i := 0; i < n; i++ {
		s = append(s, zero)
		sink = s // on the heap, as growslice makes it (a slice that does not
		// escape may start in a 32-byte stack buffer since Go 1.25)
		caps = append(caps, cap(s))
	}
	for _, k := range []int{3, 70, 600, 5000} {
		s = append(s, make([]T, k)...)
		caps = append(caps, cap(s))
	}
	return caps
}

// simCaps is the same with growCap.
func simCaps(n int, size uint64, noscan bool) []int {
	var caps []int
	l, c := 0, 0
	grow := func(k int) {
		if l+k > c {
			c = growCap(l+k, c, size, noscan)
		}
		l += k
		caps = append(caps, c)
	}
	for i := 0; i < n; i++ {
		grow(1)
	}
	caps = caps[:0]
	l, c = 0, 0
	for i := 0; i < n; i++ {
		grow(1)
	}
	for _, k := range []int{3, 70, 600, 5000} {
		grow(k)
	}
	return caps
}

// growCap is growslice's: the capacities match the host's append for
// element sizes 1, 8, 16, 24, 40, 64 and 100, with and without pointers.
func TestGrowCapMatchesAppend(t *testing.T) {
	type s24 struct{ a, b, c int }
	type s40 struct{ a, b, c, d, e int }
	type p40 struct {
		p          *int
		b, c, d, e int
	}
	type s100 struct{ b [100]byte }
	cases := []struct {
		name   string
		real   []int
		size   uint64
		noscan bool
	}{
		{"byte", capsOf[byte](3000), 1, true},
		{"int", capsOf[int](3000), 8, true},
		{"*int", capsOf[*int](3000), 8, false},
		{"string", capsOf[string](3000), 16, false},
		{"s24", capsOf[s24](3000), 24, true},
		{"s40", capsOf[s40](3000), 40, true},
		{"p40", capsOf[p40](3000), 40, false},
		{"[8]int", capsOf[[8]int](3000), 64, true},
		{"s100", capsOf[s100](3000), 100, true},
	}
	for _, c := range cases {
		got := simCaps(3000, c.size, c.noscan)
		for i := range c.real {
			if got[i] != c.real[i] {
				t.Errorf("%s: step %d: cap %d, Go's append gives %d", c.name, i, got[i], c.real[i])
				break
			}
		}
	}
}
