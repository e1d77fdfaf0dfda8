package vm

import (
	"math"
	"math/rand"
	randv2 "math/rand/v2"
	"testing"
)

// NormFloat64 and ExpFloat64 give, over thousands of draws from seeded
// generators of both packages, the host's values bit for bit (the tails,
// i == 0, and the wedges included: they are drawn a few times in 5000).
func TestZigguratMatchesGo(t *testing.T) {
	m := New(&Program{})
	mc := &m
	src := func(fn int32, vs ...Value) Value {
		v, msg := mc.random(fn, vs)
		if msg != "" {
			t.Fatal(msg)
		}
		return v
	}
	check := func(name string, s Value, prefix string, norm, exp func() float64) {
		t.Helper()
		for i := range 5000 {
			fn, want := "ExpFloat64", 0.0
			if i%2 == 0 {
				fn, want = "NormFloat64", norm()
			} else {
				want = exp()
			}
			got := math.Float64frombits(uint64(hostFn(t, mc, prefix+fn, s)[0].I))
			if got != want {
				t.Fatalf("%s, %s #%d: got %v, want %v", name, fn, i, got, want)
			}
		}
	}
	for _, seed := range []int64{1, 42, -9} {
		r := rand.New(rand.NewSource(seed))
		check("math/rand", src(RandNewSource, Value{I: seed}), "rand.Rand.", r.NormFloat64, r.ExpFloat64)
	}
	p := randv2.New(randv2.NewPCG(3, 4))
	check("PCG", src(RandNewPCG, Value{I: 3}, Value{I: 4}), "randv2.Rand.", p.NormFloat64, p.ExpFloat64)
	seed := [32]byte([]byte("normal and exponential variates!"))
	c := randv2.New(randv2.NewChaCha8(seed))
	check("ChaCha8", hostFn(t, mc, "randv2.NewChaCha8", seedArray(mc, seed))[0], "randv2.Rand.", c.NormFloat64, c.ExpFloat64)
}
