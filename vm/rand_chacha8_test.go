package vm

import (
	randv2 "math/rand/v2"
	"testing"
)

// chachaOutput is the start of internal/chacha8rand's test vector
// (rand_test.go's output, the sequence the real State gives for the seed
// "ABCDEFGHIJKLMNOPQRSTUVWXYZ123456").
var chachaOutput = []uint64{
	0xb773b6063d4616a5, 0x1160af22a66abc3c, 0x8c2599d9418d287c, 0x7ee07e037edc5cd6,
	0xcfaa9ee02d1c16ad, 0x0e090eef8febea79, 0x3c82d271128b5b3e, 0x9c5addc11252a34f,
	0xdf79bb617d6ceea6, 0x36d553591f9d736a, 0xeef0d14e181ee01f, 0x089bfc760ae58436,
}

// hostFn calls host function name with the operands a.
func hostFn(t *testing.T, mc *Machine, name string, a ...Value) []Value {
	t.Helper()
	i, pop, push, ok := Host(name)
	if !ok || pop != len(a) {
		t.Fatalf("host function %s: ok %v, pops %d", name, ok, pop)
	}
	r := make([]Value, push)
	if msg := hostTable[i].Fn(mc, 0, a, r); msg != "" {
		t.Fatalf("%s: %s", name, msg)
	}
	return r
}

// seedArray makes a [32]byte array object holding seed.
func seedArray(mc *Machine, seed [32]byte) Value {
	id := mc.newObj(32)
	for i, b := range seed {
		mc.objs[id&refMask][i].I = int64(b)
	}
	return Value{I: id}
}

// The ChaCha8 generator is the real one: its Uint64s are the test vector
// of internal/chacha8rand, and for several seeds its Uint64s, Reads (of
// every length, interleaved with Uint64s), Seed and the Rand methods over
// it give what the host's math/rand/v2 gives, over thousands of draws, so
// across many re-seedings of the key (State.Refill, every 16 blocks).
func TestChaCha8MatchesGo(t *testing.T) {
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

	src := hostFn(t, mc, "randv2.NewChaCha8", seedArray(mc, [32]byte([]byte("ABCDEFGHIJKLMNOPQRSTUVWXYZ123456"))))[0]
	for i, want := range chachaOutput {
		if got := uint64(call(RandV2Uint64, src)); got != want {
			t.Fatalf("test vector #%d: got %#x, want %#x", i, got, want)
		}
	}

	seeds := [][32]byte{{}, [32]byte([]byte("ChaCha8 seed for gmplab's tests!")), {0: 1, 31: 255}}
	for k := range seeds[2] {
		seeds[2][k] = byte(k * 37)
	}
	for _, seed := range seeds {
		src := hostFn(t, mc, "randv2.NewChaCha8", seedArray(mc, seed))[0]
		c := randv2.NewChaCha8(seed)
		for i := range 3000 {
			if got, want := uint64(call(RandV2Uint64, src)), c.Uint64(); got != want {
				t.Fatalf("seed %x, Uint64 #%d: got %#x, want %#x", seed, i, got, want)
			}
		}
		for i := range 600 {
			n := i % 19
			if i%5 == 0 {
				if got, want := uint64(call(RandV2Uint64, src)), c.Uint64(); got != want {
					t.Fatalf("seed %x, Uint64 after Read #%d: got %#x, want %#x", seed, i, got, want)
				}
			}
			arr := mc.newObj(n)
			res := hostFn(t, mc, "randv2.ChaCha8.Read", src, Value{I: mc.newSlice(arr, 0, n, n)})
			want := make([]byte, n)
			wn, _ := c.Read(want)
			if res[0].I != int64(wn) || res[1].I != 0 {
				t.Fatalf("seed %x, Read #%d: n %d err %d, want %d", seed, i, res[0].I, res[1].I, wn)
			}
			for j, b := range mc.objs[arr&refMask] {
				if byte(b.I) != want[j] {
					t.Fatalf("seed %x, Read #%d of %d bytes: byte %d is %#x, want %#x", seed, i, n, j, b.I, want[j])
				}
			}
		}
		r := randv2.New(c)
		for i := range 2000 {
			var got, want int64
			switch n := int64(i%97 + 1); i % 6 {
			case 0:
				got, want = call(RandV2IntN, src, Value{I: n}), int64(r.IntN(int(n)))
			case 1:
				got, want = call(RandV2Int64, src), r.Int64()
			case 2:
				got, want = call(RandV2Int32N, src, Value{I: n * 1000003}), int64(r.Int32N(int32(n*1000003)))
			case 3:
				got, want = call(RandV2Int64N, src, Value{I: n << 40}), r.Int64N(n<<40)
			case 4:
				got, want = call(RandV2Uint32, src), int64(r.Uint32())
			case 5:
				got, want = call(RandV2Int32, src), int64(r.Int32())
			}
			if got != want {
				t.Fatalf("seed %x, Rand draw %d: got %d, want %d", seed, i, got, want)
			}
		}
		// Seed starts the sequence again and empties the read buffer.
		hostFn(t, mc, "randv2.ChaCha8.Seed", src, seedArray(mc, seeds[0]))
		c.Seed(seeds[0])
		for i := range 200 {
			if got, want := uint64(call(RandV2Uint64, src)), c.Uint64(); got != want {
				t.Fatalf("after Seed, Uint64 #%d: got %#x, want %#x", i, got, want)
			}
		}
	}
}
