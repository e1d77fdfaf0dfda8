package vm

import "math"

// math: the real package's functions, on the host. The gc toolchain on
// amd64 uses assembly for a few of them (Sqrt, Floor, Ceil, Trunc are
// exact everywhere; Exp, Log and friends may differ from the pure Go code
// in the last bit): the host's results are those of the platform gmplab
// runs on, which is the real toolchain's on linux/amd64.

// MathFuncs gives each supported function of math its signature: the
// parameters, '>', the results; f float64, g float32, i int, b bool,
// u uint64, w uint32. The front end declares them from it (lang/lib_math.go).
var MathFuncs = map[string]string{}

var mathImpls = map[string]any{
	"Abs": math.Abs, "Acos": math.Acos, "Acosh": math.Acosh, "Asin": math.Asin, "Asinh": math.Asinh,
	"Atan": math.Atan, "Atan2": math.Atan2, "Atanh": math.Atanh, "Cbrt": math.Cbrt, "Ceil": math.Ceil,
	"Copysign": math.Copysign, "Cos": math.Cos, "Cosh": math.Cosh, "Dim": math.Dim, "Erf": math.Erf,
	"Erfc": math.Erfc, "Erfcinv": math.Erfcinv, "Erfinv": math.Erfinv, "Exp": math.Exp, "Exp2": math.Exp2,
	"Expm1": math.Expm1, "FMA": math.FMA, "Float32bits": math.Float32bits, "Float32frombits": math.Float32frombits,
	"Float64bits": math.Float64bits, "Float64frombits": math.Float64frombits, "Floor": math.Floor,
	"Frexp": math.Frexp, "Gamma": math.Gamma, "Hypot": math.Hypot, "Ilogb": math.Ilogb, "Inf": math.Inf,
	"IsInf": math.IsInf, "IsNaN": math.IsNaN, "J0": math.J0, "J1": math.J1, "Jn": math.Jn, "Ldexp": math.Ldexp,
	"Lgamma": math.Lgamma, "Log": math.Log, "Log10": math.Log10, "Log1p": math.Log1p, "Log2": math.Log2,
	"Logb": math.Logb, "Max": math.Max, "Min": math.Min, "Mod": math.Mod, "Modf": math.Modf, "NaN": math.NaN,
	"Nextafter": math.Nextafter, "Nextafter32": math.Nextafter32, "Pow": math.Pow, "Pow10": math.Pow10,
	"Remainder": math.Remainder, "Round": math.Round, "RoundToEven": math.RoundToEven, "Signbit": math.Signbit,
	"Sin": math.Sin, "Sincos": math.Sincos, "Sinh": math.Sinh, "Sqrt": math.Sqrt, "Tan": math.Tan,
	"Tanh": math.Tanh, "Trunc": math.Trunc, "Y0": math.Y0, "Y1": math.Y1, "Yn": math.Yn,
}

func init() {
	f := func(v Value) float64 { return F64(v) }
	fv := FloatValue
	for name, impl := range mathImpls {
		var spec string
		var fn func(a, r []Value)
		switch g := impl.(type) {
		case func(float64) float64:
			spec, fn = "f>f", func(a, r []Value) { r[0] = fv(g(f(a[0]))) }
		case func(float64, float64) float64:
			spec, fn = "ff>f", func(a, r []Value) { r[0] = fv(g(f(a[0]), f(a[1]))) }
		case func(float64, float64, float64) float64:
			spec, fn = "fff>f", func(a, r []Value) { r[0] = fv(g(f(a[0]), f(a[1]), f(a[2]))) }
		case func(float64) bool:
			spec, fn = "f>b", func(a, r []Value) { r[0].I = boolInt(g(f(a[0]))) }
		case func(float64, int) bool:
			spec, fn = "fi>b", func(a, r []Value) { r[0].I = boolInt(g(f(a[0]), int(a[1].I))) }
		case func(int) float64:
			spec, fn = "i>f", func(a, r []Value) { r[0] = fv(g(int(a[0].I))) }
		case func(int, float64) float64:
			spec, fn = "if>f", func(a, r []Value) { r[0] = fv(g(int(a[0].I), f(a[1]))) }
		case func(float64, int) float64:
			spec, fn = "fi>f", func(a, r []Value) { r[0] = fv(g(f(a[0]), int(a[1].I))) }
		case func(float64) int:
			spec, fn = "f>i", func(a, r []Value) { r[0].I = int64(g(f(a[0]))) }
		case func(float64) (float64, int):
			spec, fn = "f>fi", func(a, r []Value) { x, n := g(f(a[0])); r[0], r[1] = fv(x), Value{I: int64(n)} }
		case func(float64) (float64, float64):
			spec, fn = "f>ff", func(a, r []Value) { x, y := g(f(a[0])); r[0], r[1] = fv(x), fv(y) }
		case func() float64:
			spec, fn = ">f", func(a, r []Value) { r[0] = fv(g()) }
		case func(float64) uint64:
			spec, fn = "f>u", func(a, r []Value) { r[0].I = int64(g(f(a[0]))) }
		case func(uint64) float64:
			spec, fn = "u>f", func(a, r []Value) { r[0] = fv(g(uint64(a[0].I))) }
		case func(float32) uint32:
			spec, fn = "g>w", func(a, r []Value) { r[0].I = int64(g(float32(f(a[0])))) }
		case func(uint32) float32:
			spec, fn = "w>g", func(a, r []Value) { r[0] = fv(float64(g(uint32(a[0].I)))) }
		case func(float32, float32) float32:
			spec, fn = "gg>g", func(a, r []Value) { r[0] = fv(float64(g(float32(f(a[0])), float32(f(a[1]))))) }
		default:
			panic("vm: math." + name + " has no signature")
		}
		MathFuncs[name] = spec
		pop, push := 0, 0
		for i := 0; i < len(spec); i++ {
			if spec[i] == '>' {
				pop, push = i, len(spec)-i-1
			}
		}
		RegisterHost(HostFunc{Name: "math." + name, Pop: pop, Push: push, Fn: func(_ *Machine, _ int32, a, r []Value) string {
			fn(a, r)
			return ""
		}})
	}
}
