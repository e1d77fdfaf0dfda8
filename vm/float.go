package vm

import (
	"cmp"
	"math"
	"slices"
)

// Floating point. A float64 is held as its IEEE 754 bits in Value.I
// (math.Float64bits); a float32 the same way, as the float64 bits of the
// float32-rounded value, so that every float32 value is exactly a float64
// one and widening is free. OpFloat's B=1 rounds the result to float32
// after the operation, as Go does after every float32 operation: for + - *
// / computing in float64 and rounding once gives the float32 result
// exactly (53 ≥ 2·24+2 bits, so the double rounding is innocuous).
//
// Conversions to integers follow the amd64 code the gc compiler emits
// (CVTTSD2SQ/CVTTSD2SL): truncation toward zero; a NaN or a value out of
// range gives the "integer indefinite" value 0x8000…, which the spec leaves
// to the implementation. The VM fixes it so that a run does not depend on
// the host's architecture.

// The operations of OpFloat (A).
const (
	FAdd      = iota // a b → a+b
	FSub             // a b → a-b
	FMul             // a b → a*b
	FDiv             // a b → a/b (÷0 gives ±Inf or NaN, no panic)
	FNeg             // a → -a
	FEq              // a b → a==b (NaN equals nothing)
	FNe              // a b → a!=b
	FLt              // a b → a<b
	FLe              // a b → a<=b
	FGt              // a b → a>b
	FGe              // a b → a>=b
	FFromInt         // signed int64 → float
	FFromUint        // uint64 → float
	FToInt           // float → int64 (int, int64; uint32, truncated after): CVTTSD2SQ
	FToInt32         // float → int32 (int8, int16, int32, uint8, uint16, truncated after): CVTTSD2SL
	FToUint          // float → uint64 (uint64, uint, uintptr)
	FRound           // float → the same (B=1 rounds it to float32: float32(x))
	FMin             // a b → min(a, b) (NaN if either is; -0 < +0)
	FMax             // a b → max(a, b)
	numFloatOps
)

var floatOpNames = [numFloatOps]string{"add", "sub", "mul", "div", "neg", "eq", "ne", "lt", "le", "gt", "ge",
	"fromint", "fromuint", "toint", "toint32", "touint", "round", "min", "max"}

// F64 is the value of a float held in v.
func F64(v Value) float64 { return math.Float64frombits(uint64(v.I)) }

// FloatValue holds f (a float64, or a float32 widened to float64).
func FloatValue(f float64) Value { return Value{I: int64(math.Float64bits(f))} }

// float performs OpFloat on the operand stack and returns the new sp.
func (mc *Machine) float(in Instr, vals []Value, sp int) int {
	top := &vals[sp-1]
	x := F64(*top)
	var r float64
	switch in.A {
	case FAdd, FSub, FMul, FDiv, FEq, FNe, FLt, FLe, FGt, FGe, FMin, FMax:
		a := F64(vals[sp-2])
		sp--
		top = &vals[sp-1]
		switch in.A {
		case FAdd:
			r = a + x
		case FSub:
			r = a - x
		case FMul:
			r = a * x
		case FDiv:
			r = a / x
		case FMin:
			r = math.Min(a, x)
		case FMax:
			r = math.Max(a, x)
		case FEq:
			top.I = boolInt(a == x)
			return sp
		case FNe:
			top.I = boolInt(a != x)
			return sp
		case FLt:
			top.I = boolInt(a < x)
			return sp
		case FLe:
			top.I = boolInt(a <= x)
			return sp
		case FGt:
			top.I = boolInt(a > x)
			return sp
		case FGe:
			top.I = boolInt(a >= x)
			return sp
		}
	case FNeg:
		r = -x
	case FFromInt:
		if in.B == 1 {
			r = float64(float32(top.I)) // one rounding, int64 → float32
		} else {
			r = float64(top.I)
		}
	case FFromUint:
		if in.B == 1 {
			r = float64(float32(uint64(top.I)))
		} else {
			r = float64(uint64(top.I))
		}
	case FToInt:
		top.I = floatToInt64(x)
		return sp
	case FToInt32:
		top.I = int64(floatToInt32(x))
		return sp
	case FToUint:
		top.I = int64(floatToUint64(x))
		return sp
	case FRound:
		r = x
	}
	if in.B == 1 {
		r = float64(float32(r))
	}
	*top = FloatValue(r)
	return sp
}

// floatToInt64 is CVTTSD2SQ: truncation, 0x8000000000000000 when out of range.
func floatToInt64(x float64) int64 {
	if x != x || x >= 1<<63 || x < -(1<<63) {
		return math.MinInt64
	}
	return int64(x)
}

// floatToInt32 is CVTTSD2SL: truncation, 0x80000000 when out of range.
func floatToInt32(x float64) int32 {
	if x != x || x >= 1<<31 || x <= -(1<<31)-1 {
		return math.MinInt32
	}
	return int32(x)
}

// floatToUint64 is the gc compiler's amd64 sequence for uint64(x)
// (cmd/compile/internal/ssagen: floatToUint): below 2^63 a signed
// conversion, else the signed conversion of x-2^63 with the top bit set.
func floatToUint64(x float64) uint64 {
	if x < 1<<63 {
		return uint64(floatToInt64(x))
	}
	return uint64(floatToInt64(x-(1<<63))) | (1 << 63)
}

// MapKeysFloat is OpMapKeys' A for the keys of a map with float keys in
// fmt's order (internal/fmtsort: floatCompare, NaN first).
const MapKeysFloat = 2

// sortFloats sorts the floats of slice s in fmt's order.
func (mc *Machine) sortFloats(s int64) {
	elems, n, _ := mc.sliceParts(s)
	slices.SortStableFunc(elems[:n], func(a, b Value) int { return cmp.Compare(F64(a), F64(b)) })
}
