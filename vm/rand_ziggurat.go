package vm

import "math"

// NormFloat64 and ExpFloat64 of math/rand and math/rand/v2: the real
// ziggurat algorithms (Marsaglia & Tsang, 2000) over the real tables
// (rand_ziggurat_tables.go), drawing from a generator of rand.go as the
// real Rand draws from its Source, so a seeded program prints Go's
// values. Ported from normal.go and exp.go of both packages, Copyright
// 2009 The Go Authors, under Go's BSD-style licence.

const (
	zigRn = 3.442619855899
	zigRe = 7.69711747013104972
)

// zigDraws are the draws the two algorithms make, which differ between
// the packages.
type zigDraws struct {
	norm    func(o []Value) (j int32, i uint32) // the 32 bits and the table index
	exp     func(o []Value) (j uint32, i uint8)
	float64 func(o []Value) float64 // Rand.Float64
}

var zigV1 = zigDraws{
	norm: func(o []Value) (int32, uint32) {
		j := int32(randV1Uint32(o))
		return j, uint32(j & 0x7F)
	},
	exp: func(o []Value) (uint32, uint8) {
		j := randV1Uint32(o)
		return j, uint8(j & 0xFF)
	},
	float64: func(o []Value) float64 {
		for {
			if f := float64(genInt63(o)) / (1 << 63); f != 1 {
				return f
			}
		}
	},
}

var zigV2 = zigDraws{
	norm: func(o []Value) (int32, uint32) {
		u := genUint64(o)
		return int32(u), uint32(u >> 32 & 0x7F)
	},
	exp: func(o []Value) (uint32, uint8) {
		u := genUint64(o)
		return uint32(u), uint8(u >> 32)
	},
	float64: func(o []Value) float64 { return float64(genUint64(o)<<11>>11) / (1 << 53) },
}

// randV1Uint32 is math/rand's Rand.Uint32.
func randV1Uint32(o []Value) uint32 { return uint32(genInt63(o) >> 31) }

// normFloat64 is Rand.NormFloat64.
func normFloat64(o []Value, d *zigDraws) float64 {
	for {
		j, i := d.norm(o)
		x := float64(j) * float64(zigwn[i])
		if absInt32(j) < zigkn[i] {
			return x
		}
		if i == 0 {
			for {
				x = -math.Log(d.float64(o)) * (1.0 / zigRn)
				y := -math.Log(d.float64(o))
				if y+y >= x*x {
					break
				}
			}
			if j > 0 {
				return zigRn + x
			}
			return -zigRn - x
		}
		if zigfn[i]+float32(d.float64(o))*(zigfn[i-1]-zigfn[i]) < float32(math.Exp(-.5*x*x)) {
			return x
		}
	}
}

// expFloat64 is Rand.ExpFloat64.
func expFloat64(o []Value, d *zigDraws) float64 {
	for {
		j, i := d.exp(o)
		x := float64(j) * float64(zigwe[i])
		if j < zigke[i] {
			return x
		}
		if i == 0 {
			return zigRe - math.Log(d.float64(o))
		}
		if zigfe[i]+float32(d.float64(o))*(zigfe[i-1]-zigfe[i]) < float32(math.Exp(-x)) {
			return x
		}
	}
}

func absInt32(i int32) uint32 {
	if i < 0 {
		return uint32(-i)
	}
	return uint32(i)
}

func init() {
	// Each takes the *Rand (its source's id; 0, the runtime source, for
	// the top-level functions) and returns a float64.
	for _, pkg := range []struct {
		prefix string
		d      *zigDraws
	}{{"rand.Rand.", &zigV1}, {"randv2.Rand.", &zigV2}} {
		d := pkg.d
		RegisterHost(HostFunc{Name: pkg.prefix + "NormFloat64", Pop: 1, Push: 1, Cost: psRand, Fn: func(mc *Machine, _ int32, a, r []Value) string {
			r[0].I = int64(math.Float64bits(normFloat64(mc.gen(a[0].I), d)))
			return ""
		}})
		RegisterHost(HostFunc{Name: pkg.prefix + "ExpFloat64", Pop: 1, Push: 1, Cost: psRand, Fn: func(mc *Machine, _ int32, a, r []Value) string {
			r[0].I = int64(math.Float64bits(expFloat64(mc.gen(a[0].I), d)))
			return ""
		}})
	}
}
