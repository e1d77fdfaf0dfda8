package main

import (
	"fmt"
	"math"
)

func main() {
	fmt.Println(math.Sqrt(2), math.Pow(2, 10), math.Abs(-3.5), math.Floor(-2.5), math.Ceil(-2.5))
	fmt.Println(math.Round(2.5), math.Round(-2.5), math.RoundToEven(2.5), math.Trunc(-2.7), math.Mod(7, 3), math.Mod(-7, 3))
	fmt.Println(math.Max(3, math.NaN()), math.Min(-0.0, 0), math.Inf(1), math.Inf(-1), math.IsNaN(math.NaN()), math.IsInf(math.Inf(-1), -1))
	fmt.Println(math.Log(math.E), math.Log2(8), math.Log10(1000), math.Exp(1), math.Sin(math.Pi/2), math.Cos(0), math.Tan(0.5))
	fmt.Println(math.Hypot(3, 4), math.Cbrt(27), math.Signbit(-0.0), math.Signbit(math.Copysign(0, -1)), math.Copysign(3, -1))
	fmt.Println(math.Pi, math.E, math.Sqrt2, math.Ln2, math.Log2E, math.Phi)
	fmt.Println(math.MaxInt, math.MinInt, math.MaxInt8, math.MinInt8, math.MaxInt16, math.MaxInt32, math.MinInt64, math.MaxUint8, math.MaxUint16, math.MaxUint32)
	fmt.Println(uint64(math.MaxUint64), uint(math.MaxUint), math.MaxFloat64, math.SmallestNonzeroFloat64, math.MaxFloat32, math.SmallestNonzeroFloat32)
	var f32 float32 = math.MaxFloat32
	fmt.Println(f32, f32*2, math.Float64bits(1.5), math.Float64frombits(0x3ff8000000000000), math.Float32bits(1.5), math.Float32frombits(0x3fc00000))
	i, frac := math.Modf(-3.25)
	fr, exp := math.Frexp(8)
	s, c := math.Sincos(0)
	fmt.Println(i, frac, fr, exp, s, c, math.Ldexp(0.5, 4), math.Ilogb(1024), math.Pow10(3), math.Atan2(1, 1), math.Gamma(5))
	x := 10.0
	fmt.Printf("%.4f %.3e %v\n", math.Sqrt(x), math.Exp(x), math.Floor(x/3))
	fmt.Println(int(math.Round(2.6)), int64(math.Floor(-0.5)), math.Sqrt(-1))
}
