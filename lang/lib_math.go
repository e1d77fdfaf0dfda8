package lang

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/gmplab/gmplab/vm"
)

// math: the functions computed by the VM with the real package
// (vm/host_math.go, which also gives their signatures) and the constants,
// with the exact values of math/const.go (untyped, as in Go).

// mathFloatConsts are math/const.go's float constants, as its literals.
var mathFloatConsts = [][2]string{
	{"E", "2.71828182845904523536028747135266249775724709369995957496696763"},
	{"Pi", "3.14159265358979323846264338327950288419716939937510582097494459"},
	{"Phi", "1.61803398874989484820458683436563811772030917980576286213544862"},
	{"Sqrt2", "1.41421356237309504880168872420969807856967187537694807317667974"},
	{"SqrtE", "1.64872127070012814684865078781416357165377610071014801157507931"},
	{"SqrtPi", "1.77245385090551602729816748334114518279754945612238712821380779"},
	{"SqrtPhi", "1.27201964951406896425242246173749149171560804184009624861664038"},
	{"Ln2", "0.693147180559945309417232121458176568075500134360255254120680009"},
	{"Ln10", "2.30258509299404568401799145468436420760110148862877297603332790"},
}

func init() {
	names := vm.HostFuncs("math")
	api := hostHandlers("math", names)
	consts := "Pi E Phi Sqrt2 SqrtE SqrtPi SqrtPhi Ln2 Log2E Ln10 Log10E MaxFloat32 SmallestNonzeroFloat32 MaxFloat64 SmallestNonzeroFloat64 " +
		"MaxInt MinInt MaxInt8 MinInt8 MaxInt16 MinInt16 MaxInt32 MinInt32 MaxInt64 MinInt64 MaxUint MaxUint8 MaxUint16 MaxUint32 MaxUint64"
	for _, n := range strings.Fields(consts) {
		api = append(api, "math."+n)
	}
	registerPackage("math", strings.Join(api, ", "), "", func(l *libs) *types.Package {
		p := types.NewPackage("math", "math")
		declareHostFuncs(p, names)
		uf := types.Typ[types.UntypedFloat]
		ui := types.Typ[types.UntypedInt]
		lit := func(s string) constant.Value { return constant.MakeFromLiteral(s, token.FLOAT, 0) }
		def := func(name string, t types.Type, v constant.Value) {
			p.Scope().Insert(types.NewConst(token.NoPos, p, name, t, v))
		}
		one := constant.MakeInt64(1)
		for _, c := range mathFloatConsts {
			def(c[0], uf, lit(c[1]))
		}
		def("Log2E", uf, constant.BinaryOp(one, token.QUO, lit(mathFloatConsts[7][1])))
		def("Log10E", uf, constant.BinaryOp(one, token.QUO, lit(mathFloatConsts[8][1])))
		// 0x1p127 * (1 + (1 - 0x1p-23)) and the others, as const.go writes them.
		mul := func(a, b constant.Value) constant.Value { return constant.BinaryOp(a, token.MUL, b) }
		near2 := func(eps string) constant.Value {
			return constant.BinaryOp(one, token.ADD, constant.BinaryOp(one, token.SUB, lit(eps)))
		}
		def("MaxFloat32", uf, mul(lit("0x1p127"), near2("0x1p-23")))
		def("SmallestNonzeroFloat32", uf, mul(lit("0x1p-126"), lit("0x1p-23")))
		def("MaxFloat64", uf, mul(lit("0x1p1023"), near2("0x1p-52")))
		def("SmallestNonzeroFloat64", uf, mul(lit("0x1p-1022"), lit("0x1p-52")))
		shift := func(n uint) constant.Value { return constant.Shift(one, token.SHL, n) }
		sub := func(a, b constant.Value) constant.Value { return constant.BinaryOp(a, token.SUB, b) }
		neg := func(a constant.Value) constant.Value { return constant.UnaryOp(token.SUB, a, 0) }
		for _, bits := range []uint{8, 16, 32, 64} {
			b := itoa(int64(bits))
			def("MaxInt"+b, ui, sub(shift(bits-1), one))
			def("MinInt"+b, ui, neg(shift(bits-1)))
			def("MaxUint"+b, ui, sub(shift(bits), one))
		}
		def("MaxInt", ui, sub(shift(63), one))
		def("MinInt", ui, neg(shift(63)))
		def("MaxUint", ui, sub(shift(64), one))
		p.MarkComplete()
		return p
	})
}
