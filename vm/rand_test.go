package vm

import (
	"math/rand"
	randv2 "math/rand/v2"
	"testing"
)

// The generators are the real ones: every function gives, for several
// seeds, the sequence the host's math/rand and math/rand/v2 give.
func TestRandMatchesGo(t *testing.T) {
	m := New(&Program{})
	mc := &m
	call := func(fn int32, vs ...Value) int64 {
		t.Helper()
		v, msg := mc.random(fn, vs)
		if msg != "" {
			t.Fatal(msg)
		}
		return v.I
	}
	for _, seed := range []int64{0, 1, 42, -7, 1 << 40, int32max, 89482311} {
		src := call(RandNewSource, Value{I: seed})
		r := rand.New(rand.NewSource(seed))
		for i := range 2000 {
			var got, want int64
			switch n := int64(i%97 + 1); i % 7 {
			case 0:
				got, want = call(RandIntn, Value{I: src}, Value{I: n}), int64(r.Intn(int(n)))
			case 1:
				got, want = call(RandInt63, Value{I: src}), r.Int63()
			case 2:
				got, want = call(RandInt31n, Value{I: src}, Value{I: n * 1000003}), int64(r.Int31n(int32(n*1000003)))
			case 3:
				got, want = call(RandInt63n, Value{I: src}, Value{I: n << 40}), r.Int63n(n<<40)
			case 4:
				got, want = call(RandInt, Value{I: src}), int64(r.Int())
			case 5:
				got, want = call(RandUint32, Value{I: src}), int64(r.Uint32())
			case 6:
				got, want = call(RandIntn, Value{I: src}, Value{I: 1 << 33}), int64(r.Intn(1<<33))
			}
			if got != want {
				t.Fatalf("seed %d, draw %d: got %d, want %d", seed, i, got, want)
			}
		}
		call(RandSeed, Value{I: src}, Value{I: seed + 1})
		r.Seed(seed + 1)
		if got, want := call(RandInt63, Value{I: src}), r.Int63(); got != want {
			t.Fatalf("after Seed: got %d, want %d", got, want)
		}
	}
	for _, s := range [][2]uint64{{0, 0}, {1, 2}, {42, 1 << 63}, {^uint64(0), 12345}} {
		src := call(RandNewPCG, Value{I: int64(s[0])}, Value{I: int64(s[1])})
		r := randv2.New(randv2.NewPCG(s[0], s[1]))
		for i := range 2000 {
			var got, want int64
			switch n := int64(i%97 + 1); i % 7 {
			case 0:
				got, want = call(RandV2IntN, Value{I: src}, Value{I: n}), int64(r.IntN(int(n)))
			case 1:
				got, want = call(RandV2Int64, Value{I: src}), r.Int64()
			case 2:
				got, want = call(RandV2Int32N, Value{I: src}, Value{I: n * 1000003}), int64(r.Int32N(int32(n*1000003)))
			case 3:
				got, want = call(RandV2Int64N, Value{I: src}, Value{I: n << 40}), r.Int64N(n<<40)
			case 4:
				got, want = call(RandV2Int, Value{I: src}), int64(r.Int())
			case 5:
				got, want = call(RandV2Uint32, Value{I: src}), int64(r.Uint32())
			case 6:
				got, want = call(RandV2Uint64, Value{I: src}), int64(r.Uint64())
			}
			if got != want {
				t.Fatalf("PCG %v, draw %d: got %d, want %d", s, i, got, want)
			}
		}
	}
	if _, msg := mc.random(RandIntn, []Value{{}, {I: 0}}); msg != "invalid argument to Intn" {
		t.Errorf("Intn(0): %q", msg)
	}
}
