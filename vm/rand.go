package vm

import "math/bits"

// math/rand and math/rand/v2, with the real generators, so that a program
// that seeds one prints what Go prints.
//
// A generator is an object (object.go) whose slot 0 says which algorithm
// its state in the other slots belongs to:
//
//   - rngSource, math/rand's Additive Lagged Fibonacci generator
//     (math/rand/rng.go): slots 1–607 the feedback register, 608 tap,
//     609 feed; seeded by rngSource.Seed with the cooked table.
//   - PCG, math/rand/v2's 128-bit PCG with the DXSM output (pcg.go):
//     slots 1, 2 hi and lo.
//   - ChaCha8, math/rand/v2's ChaCha8 (chacha8.go over
//     internal/chacha8rand): rand_chacha8.go.
//   - the runtime source: what the top-level functions of both packages
//     draw from (runtime.rand, a per-M ChaCha8 seeded by the OS at start).
//     The real one is unpredictable; here it is a PCG seeded from the
//     run's --seed (Machine.SeedRand), so a run stays reproducible. Since
//     Go 1.24, math/rand.Seed does not change it (randseednop=1).
//
// *rand.Rand of either package is the id of its source's object: Rand's
// methods are computed over the source as rand.go computes them (here,
// and NormFloat64 and ExpFloat64 in rand_ziggurat.go; Perm and Shuffle
// are Go source, lang/srcpkg/math/rand). rand.Source's Seed and PCG's
// re-seed in place.

const (
	genRngSource = 1 + iota
	genPCG
	genChaCha8
)

const (
	rngLen   = 607
	rngTap   = 273
	rngMask  = 1<<63 - 1
	int32max = 1<<31 - 1
)

// The functions OpRand performs (A). The operands are listed top last.
const (
	RandNewSource    = iota // seed → src (math/rand.NewSource; New returns it as the *Rand)
	RandSeed                // src seed → (Source.Seed, Rand.Seed)
	RandInt63               // src → int63 (0: the runtime source; likewise below)
	RandInt31               // src → int31
	RandInt                 // src → int
	RandUint32              // src → uint32
	RandInt63n              // src n → v (panics "invalid argument to Int63n")
	RandInt31n              // src n → v
	RandIntn                // src n → v
	RandNewPCG              // seed1 seed2 → src (math/rand/v2.NewPCG; v2.New returns it)
	RandV2Int64             // src → int64
	RandV2Int32             // src → int32
	RandV2Int               // src → int
	RandV2Uint64            // src → uint64
	RandV2Uint32            // src → uint32
	RandV2IntN              // src n → v (panics "invalid argument to IntN")
	RandV2Int64N            // src n → v
	RandV2Int32N            // src n → v
	RandV2Uint64N           // src n → v (panics "invalid argument to Uint64N" for 0)
	RandV2Uint32N           // src n → v
	RandV2UintN             // src n → v
	RandInt31nLemire        // src n → v (math/rand's unexported Rand.int31n, Shuffle's; n > 0)
	RandPCGSeed             // src seed1 seed2 → (math/rand/v2's PCG.Seed)
	numRand
)

// RandNames names the functions for the disassembler.
var RandNames = [numRand]string{"NewSource", "Seed", "Int63", "Int31", "Int", "Uint32", "Int63n", "Int31n", "Intn",
	"NewPCG", "v2.Int64", "v2.Int32", "v2.Int", "v2.Uint64", "v2.Uint32", "v2.IntN", "v2.Int64N", "v2.Int32N",
	"v2.Uint64N", "v2.Uint32N", "v2.UintN", "int31n", "PCG.Seed"}

// SeedRand seeds the runtime source from the run's seed.
func (mc *Machine) SeedRand(seed uint64) {
	mc.randSeed = seed
	mc.runtimeRand = 0
}

// gen is the generator object src names; 0 is the runtime source, made
// on first use.
func (mc *Machine) gen(src int64) []Value {
	if src&refMask == 0 {
		if mc.runtimeRand == 0 {
			mc.runtimeRand = mc.newPCG(mc.randSeed, 0x72756e74696d65) // "runtime"
		}
		src = mc.runtimeRand
	}
	return mc.objs[src&refMask]
}

func (mc *Machine) newPCG(hi, lo uint64) int64 {
	id := mc.newObj(3)
	o := mc.objs[id&refMask]
	o[0].I, o[1].I, o[2].I = genPCG, int64(hi), int64(lo)
	return id
}

func seedrand(x int32) int32 {
	const (
		A = 48271
		Q = 44488
		R = 3399
	)
	hi := x / Q
	lo := x % Q
	x = A*lo - R*hi
	if x < 0 {
		x += int32max
	}
	return x
}

// rngSeed is rngSource.Seed.
func rngSeed(o []Value, seed int64) {
	o[0].I = genRngSource
	o[rngLen+1].I = 0               // tap
	o[rngLen+2].I = rngLen - rngTap // feed
	seed = seed % int32max
	if seed < 0 {
		seed += int32max
	}
	if seed == 0 {
		seed = 89482311
	}
	x := int32(seed)
	for i := -20; i < rngLen; i++ {
		x = seedrand(x)
		if i >= 0 {
			var u int64
			u = int64(x) << 40
			x = seedrand(x)
			u ^= int64(x) << 20
			x = seedrand(x)
			u ^= int64(x)
			u ^= rngCooked[i]
			o[1+i].I = u
		}
	}
}

// uint64 is the source's Uint64 (rngSource.Uint64, PCG.Uint64,
// ChaCha8.Uint64).
func genUint64(o []Value) uint64 {
	if o[0].I == genChaCha8 {
		return chachaUint64(o)
	}
	if o[0].I == genRngSource {
		tap, feed := o[rngLen+1].I-1, o[rngLen+2].I-1
		if tap < 0 {
			tap += rngLen
		}
		if feed < 0 {
			feed += rngLen
		}
		o[rngLen+1].I, o[rngLen+2].I = tap, feed
		x := o[1+feed].I + o[1+tap].I
		o[1+feed].I = x
		return uint64(x)
	}
	const (
		mulHi    = 2549297995355413924
		mulLo    = 4865540595714422341
		incHi    = 6364136223846793005
		incLo    = 1442695040888963407
		cheapMul = 0xda942042e4dd58b5
	)
	phi, plo := uint64(o[1].I), uint64(o[2].I)
	hi, lo := bits.Mul64(plo, mulLo)
	hi += phi*mulLo + plo*mulHi
	lo, c := bits.Add64(lo, incLo, 0)
	hi, _ = bits.Add64(hi, incHi, c)
	o[1].I, o[2].I = int64(hi), int64(lo)
	hi ^= hi >> 32
	hi *= cheapMul
	hi ^= hi >> 48
	hi *= (lo | 1)
	return hi
}

// int63 is math/rand's Source.Int63 for any source.
func genInt63(o []Value) int64 { return int64(genUint64(o) & rngMask) }

func int31n(o []Value, n int32) int32 {
	if n&(n-1) == 0 {
		return int32(genInt63(o)>>32) & (n - 1)
	}
	max := int32((1 << 31) - 1 - (1<<31)%uint32(n))
	v := int32(genInt63(o) >> 32)
	for v > max {
		v = int32(genInt63(o) >> 32)
	}
	return v % n
}

func int63n(o []Value, n int64) int64 {
	if n&(n-1) == 0 {
		return genInt63(o) & (n - 1)
	}
	max := int64((1 << 63) - 1 - (1<<63)%uint64(n))
	v := genInt63(o)
	for v > max {
		v = genInt63(o)
	}
	return v % n
}

// int31nLemire is math/rand's unexported Rand.int31n (Lemire's
// multiply-and-reject), which Shuffle uses where Intn uses int31n.
func int31nLemire(o []Value, n int32) int32 {
	prod := uint64(randV1Uint32(o)) * uint64(n)
	low := uint32(prod)
	if low < uint32(n) {
		thresh := uint32(-n) % uint32(n)
		for low < thresh {
			prod = uint64(randV1Uint32(o)) * uint64(n)
			low = uint32(prod)
		}
	}
	return int32(prod >> 32)
}

// uint64n is math/rand/v2's Rand.uint64n on a 64-bit machine (IntN,
// Int64N and Int32N all use it there).
func uint64n(o []Value, n uint64) uint64 {
	if n&(n-1) == 0 {
		return genUint64(o) & (n - 1)
	}
	hi, lo := bits.Mul64(genUint64(o), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(genUint64(o), n)
		}
	}
	return hi
}

// random performs OpRand's function fn on the operands vs (bottom first)
// and returns its result, or a panic message.
func (mc *Machine) random(fn int32, vs []Value) (res Value, pmsg string) {
	switch fn {
	case RandNewSource:
		id := mc.newObj(rngLen + 3)
		rngSeed(mc.objs[id&refMask], vs[0].I)
		return Value{I: id}, ""
	case RandNewPCG:
		return Value{I: mc.newPCG(uint64(vs[0].I), uint64(vs[1].I))}, ""
	case RandPCGSeed:
		if vs[0].I&refMask == 0 {
			return Value{}, errNilFunc
		}
		o := mc.gen(vs[0].I)
		o[1].I, o[2].I = vs[1].I, vs[2].I
		return Value{}, ""
	case RandSeed:
		o := mc.gen(vs[0].I)
		if o[0].I == genRngSource && vs[0].I&refMask != 0 {
			rngSeed(o, vs[1].I)
		}
		return Value{}, ""
	}
	o := mc.gen(vs[0].I)
	var n int64
	if len(vs) > 1 {
		n = vs[1].I
	}
	switch fn {
	case RandInt63:
		return Value{I: genInt63(o)}, ""
	case RandInt31:
		return Value{I: genInt63(o) >> 32}, ""
	case RandInt:
		return Value{I: int64(uint64(genInt63(o)) << 1 >> 1)}, ""
	case RandUint32:
		return Value{I: int64(uint32(genInt63(o) >> 31))}, ""
	case RandInt63n:
		if n <= 0 {
			return Value{}, "invalid argument to Int63n"
		}
		return Value{I: int63n(o, n)}, ""
	case RandInt31n:
		if n <= 0 {
			return Value{}, "invalid argument to Int31n"
		}
		return Value{I: int64(int31n(o, int32(n)))}, ""
	case RandIntn:
		if n <= 0 {
			return Value{}, "invalid argument to Intn"
		}
		if n <= 1<<31-1 {
			return Value{I: int64(int31n(o, int32(n)))}, ""
		}
		return Value{I: int63n(o, n)}, ""
	case RandV2Int64:
		return Value{I: int64(genUint64(o) &^ (1 << 63))}, ""
	case RandV2Int32:
		return Value{I: int64(int32(genUint64(o) >> 33))}, ""
	case RandV2Int:
		return Value{I: int64(genUint64(o) << 1 >> 1)}, ""
	case RandV2Uint64:
		return Value{I: int64(genUint64(o))}, ""
	case RandV2Uint32:
		return Value{I: int64(uint32(genUint64(o) >> 32))}, ""
	case RandV2IntN, RandV2Int64N:
		if n <= 0 {
			if fn == RandV2IntN {
				return Value{}, "invalid argument to IntN"
			}
			return Value{}, "invalid argument to Int64N"
		}
		return Value{I: int64(uint64n(o, uint64(n)))}, ""
	case RandV2Int32N:
		if n <= 0 {
			return Value{}, "invalid argument to Int32N"
		}
		return Value{I: int64(uint64n(o, uint64(n)))}, ""
	case RandInt31nLemire:
		return Value{I: int64(int31nLemire(o, int32(n)))}, ""
	case RandV2Uint64N, RandV2Uint32N, RandV2UintN:
		if n == 0 {
			return Value{}, "invalid argument to " + RandNames[fn][3:]
		}
		return Value{I: int64(uint64n(o, uint64(n)))}, ""
	}
	return Value{}, "rand: bad function " + itoa(int64(fn))
}

// randArgs is how many operands OpRand's function fn pops.
func randArgs(fn int32) int {
	switch fn {
	case RandNewSource:
		return 1
	case RandSeed, RandInt63n, RandInt31n, RandIntn, RandNewPCG, RandV2IntN, RandV2Int64N, RandV2Int32N,
		RandV2Uint64N, RandV2Uint32N, RandV2UintN, RandInt31nLemire:
		return 2
	case RandPCGSeed:
		return 3
	}
	return 1
}

func init() {
	// randv2.sourceOf: the generator a rand.Source interface value holds
	// (a *PCG's or *ChaCha8's id), for rand.New (lang/ssagen).
	RegisterHost(HostFunc{Name: "randv2.sourceOf", Pop: 1, Push: 1, Fn: func(mc *Machine, _ int32, a, r []Value) string {
		_, v := mc.ifaceParts(a[0].I)
		r[0] = v
		return ""
	}})
}
