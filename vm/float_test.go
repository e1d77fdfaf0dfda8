package vm

import (
	"math"
	"runtime"
	"testing"
)

// The conversions of a float to an integer follow the gc compiler's amd64
// code (cmd/compile/internal/ssagen: conv with fpConvOpToSSA, CVTTSD2SQ
// and CVTTSD2SL, floatToUint for uint64), including where the
// spec leaves the result to the implementation (NaN, out of range). On
// amd64 the host's own conversions are that code, so they are the oracle;
// elsewhere the in-range cases still are.
func TestFloatToIntMatchesGcAmd64(t *testing.T) {
	amd64 := runtime.GOARCH == "amd64"
	xs := []float64{0, -0.0, 1.5, -1.5, 2.7, -2.7, 127.9, 255.9, 300.7, -129.5, 65535.5, 70000.9,
		1 << 31, -(1 << 31), -(1 << 31) - 0.5, -(1 << 31) - 1, 1<<31 - 0.5, 4e9, 1 << 32, 5e9,
		1 << 53, 1 << 63, -(1 << 63), 1 << 64, 1e19, -1e19, 1e300, -1e300,
		math.Inf(1), math.Inf(-1), math.NaN(), math.SmallestNonzeroFloat64}
	for _, x := range xs {
		inRange64 := x >= -(1<<63) && x < 1<<63
		if amd64 || inRange64 {
			if got, want := floatToInt64(x), int64(x); got != want {
				t.Errorf("int64(%v) = %d, gc/amd64 %d", x, got, want)
			}
		}
		if amd64 || x > -(1<<31)-1 && x < 1<<31 {
			if got, want := floatToInt32(x), int32(x); got != want {
				t.Errorf("int32(%v) = %d, gc/amd64 %d", x, got, want)
			}
			// int8, int16, uint8, uint16: CVTTSD2SL, then truncated.
			if got, want := int8(floatToInt32(x)), int8(x); got != want {
				t.Errorf("int8(%v) = %d, gc/amd64 %d", x, got, want)
			}
			if got, want := uint16(floatToInt32(x)), uint16(x); got != want {
				t.Errorf("uint16(%v) = %d, gc/amd64 %d", x, got, want)
			}
		}
		if amd64 || x >= 0 && x < 1<<64 {
			if got, want := floatToUint64(x), uint64(x); got != want {
				t.Errorf("uint64(%v) = %d, gc/amd64 %d", x, got, want)
			}
		}
		if amd64 || x >= 0 && x < 1<<32 {
			// uint32 on amd64: the int64 conversion, truncated.
			if got, want := uint32(floatToInt64(x)), uint32(x); got != want {
				t.Errorf("uint32(%v) = %d, gc/amd64 %d", x, got, want)
			}
		}
	}
}

// A float32 operation is a float64 one rounded once to float32: exact for
// + - * / (the float64 result has more than 2·24+2 bits), which is what
// OpFloat's B=1 relies on.
func TestFloat32RoundingOfFloat64Ops(t *testing.T) {
	vals := []float32{0.1, 0.2, 1.0 / 3, 16777216, 16777217, 3.4e38, 1e-45, -7.5, 123456.789}
	prog := &Program{}
	mc := New(prog)
	for _, a := range vals {
		for _, b := range vals {
			for op, want := range map[int32]float32{FAdd: a + b, FSub: a - b, FMul: a * b, FDiv: a / b} {
				v := []Value{FloatValue(float64(a)), FloatValue(float64(b))}
				sp := mc.float(Instr{Op: OpFloat, A: op, B: 1}, v, 2)
				if got := F64(v[sp-1]); got != float64(want) && !(got != got && want != want) {
					t.Errorf("%s f32 %v %v = %v, Go's float32 %v", floatOpNames[op], a, b, got, want)
				}
			}
		}
	}
}
