package lang

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"

	"github.com/gmplab/gmplab/vm"
)

// float32 and float64 (vm/float.go): a float is its float64 bits in
// Value.I; a float32 is the float64 of its float32-rounded value, and
// every float32 operation rounds its result (OpFloat's B=1). Constants are
// go/types' exact values, rounded once to the type.

// isFloat32 reports whether t's underlying type is float32.
func isFloat32(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Float32
}

// f32 is OpFloat's B for a result of type t: 1 rounds it to float32.
func f32(t types.Type) int32 {
	if t != nil && isFloat32(t) {
		return 1
	}
	return 0
}

// floatOf is the value of the constant v as a value of type t.
func floatOf(v constant.Value, t types.Type) float64 {
	f, _ := constant.Float64Val(constant.ToFloat(v))
	if isFloat32(t) {
		f = float64(float32(f))
	}
	return f
}

// pushFloat pushes the float f.
func (fs *fnState) pushFloat(f float64) {
	fs.pushInt(int64(math.Float64bits(f)))
}

var floatOps = map[token.Token]int32{
	token.ADD: vm.FAdd, token.SUB: vm.FSub, token.MUL: vm.FMul, token.QUO: vm.FDiv,
	token.EQL: vm.FEq, token.NEQ: vm.FNe, token.LSS: vm.FLt, token.LEQ: vm.FLe,
	token.GTR: vm.FGt, token.GEQ: vm.FGe,
}

// floatBinary compiles a binary operation on floats.
func (fs *fnState) floatBinary(e *ast.BinaryExpr) {
	c := fs.c
	op, ok := floatOps[e.Op]
	if !ok {
		c.unsupported(e.OpPos, "operator "+e.Op.String()+" on "+typeString(c, e.X), supExprs)
		fs.pushInt(0)
		return
	}
	t := c.info.TypeOf(e.X)
	fs.expr(e.X)
	fs.expr(e.Y)
	fs.setPos(e.OpPos)
	b := f32(t)
	if op >= vm.FEq {
		b = 0
	}
	fs.emit(vm.OpFloat, op, b, 2, 1)
}

// floatIncDec adds 1 to, or subtracts 1 from, the float of type t on top
// of the stack (x++ and x--).
func (fs *fnState) floatIncDec(tok token.Token, t types.Type) {
	fs.pushFloat(1)
	op := int32(vm.FAdd)
	if tok == token.DEC {
		op = vm.FSub
	}
	fs.emit(vm.OpFloat, op, f32(t), 2, 1)
}

// floatConversion compiles a conversion to or from a float and reports
// whether it was one.
func (fs *fnState) floatConversion(arg ast.Expr, from, to types.Type, kf, kt vkind) bool {
	switch {
	case kt == kFloat && kf == kFloat:
		fs.expr(arg)
		if isFloat32(to) && !isFloat32(from) {
			fs.emit(vm.OpFloat, vm.FRound, 1, 1, 1)
		}
	case kt == kFloat && kf == kInt:
		fs.expr(arg)
		op := int32(vm.FFromInt)
		if ok64Unsigned(from) {
			op = vm.FFromUint
		}
		fs.emit(vm.OpFloat, op, f32(to), 1, 1)
	case kt == kInt && kf == kFloat:
		fs.expr(arg)
		bits, signed := intBits(to)
		switch {
		case bits == 64 && signed:
			fs.emit(vm.OpFloat, vm.FToInt, 0, 1, 1)
		case bits == 64:
			fs.emit(vm.OpFloat, vm.FToUint, 0, 1, 1)
		case bits == 32 && !signed:
			// uint32 on a 64-bit target: the int64 conversion, truncated.
			fs.emit(vm.OpFloat, vm.FToInt, 0, 1, 1)
			fs.truncate(to)
		default:
			fs.emit(vm.OpFloat, vm.FToInt32, 0, 1, 1)
			fs.truncate(to)
		}
	default:
		return false
	}
	return true
}

// floatName is "float32" or "float64", the basic type under t.
func floatName(t types.Type) string {
	if isFloat32(t) {
		return "float32"
	}
	return "float64"
}

// panicFloat pushes what panic(a) prints for a float a (printpanicval:
// print(v), which is strconv's shortest 'g'; a named type prints as
// T(v), printanycustomtype).
func (fs *fnState) panicFloat(a ast.Expr, t types.Type) {
	b := &sbuild{fs: fs}
	named := isNamed(t)
	if named {
		b.text(types.TypeString(t, func(p *types.Package) string { return p.Name() }) + "(")
	}
	fs.fmtBasic(b, a, floatName(t), "%v")
	if named {
		b.text(")")
	}
	b.done()
}

// floatMinMax compiles the builtins min and max of floats: a NaN operand
// makes the result NaN, and -0 is less than +0 (as math.Min and math.Max).
func (fs *fnState) floatMinMax(call *ast.CallExpr, name string) {
	op := int32(vm.FMin)
	if name == "max" {
		op = vm.FMax
	}
	t := fs.c.info.TypeOf(call)
	fs.expr(call.Args[0])
	for _, a := range call.Args[1:] {
		fs.expr(a)
		fs.emit(vm.OpFloat, op, f32(t), 2, 1)
	}
}

// sortedKeysMode is OpMapKeys' A for fmt's sorted keys of type kt.
func (c *compiler) sortedKeysMode(kt types.Type) int32 {
	if k, _ := c.kindOf(kt); k == kFloat {
		return vm.MapKeysFloat
	}
	return 1
}
