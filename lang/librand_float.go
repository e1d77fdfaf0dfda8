package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// Float64 and Float32 of math/rand and math/rand/v2, compiled as the real
// packages compute them from the integer draws (vm/rand.go), so that a
// seeded generator gives Go's floats:
//
//	math/rand (Rand.Float64):  again: f := float64(r.Int63()) / (1 << 63); if f == 1 { goto again }
//	math/rand (Rand.Float32):  again: f := float32(r.Float64()); if f == 1 { goto again }
//	math/rand/v2 (Float64):    float64(r.Uint64()<<11>>11) / (1 << 53)
//	math/rand/v2 (Float32):    float32(r.Uint32()<<8>>8) / (1 << 24)

func init() {
	for _, k := range []string{"rand.Float64", "rand.Float32", "rand.Rand.Float64", "rand.Rand.Float32",
		"randv2.Float64", "randv2.Float32", "randv2.Rand.Float64", "randv2.Rand.Float32"} {
		libHandlers[k] = randFloatCall(k)
	}
	supportedAPI["math/rand"] += ", rand.Float64, rand.Float32 (and the methods)"
	supportedAPI[randV2Path] += ", rand.Float64, rand.Float32 (and the methods)"
}

// declareRandFloats adds the functions and methods to the packages
// declareRand built, and NormFloat64 and ExpFloat64 (librand_ziggurat.go).
func (l *libs) declareRandFloats() {
	l.declareRandZiggurat()
	for _, d := range []struct {
		p *types.Package
		r *types.Named
	}{{l.rand, l.randRand}, {l.randV2, l.randV2Rand}} {
		for _, f := range []struct {
			name string
			t    types.Type
		}{{"Float64", types.Typ[types.Float64]}, {"Float32", types.Typ[types.Float32]}} {
			res := types.NewTuple(types.NewParam(token.NoPos, d.p, "", f.t))
			d.p.Scope().Insert(types.NewFunc(token.NoPos, d.p, f.name, types.NewSignatureType(nil, nil, nil, nil, res, false)))
			recv := types.NewParam(token.NoPos, d.p, "r", types.NewPointer(d.r))
			d.r.AddMethod(types.NewFunc(token.NoPos, d.p, f.name, types.NewSignatureType(recv, nil, nil, nil, res, false)))
		}
	}
}

// randFloatCall compiles one of them (key as libKey names it).
func randFloatCall(key string) func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
	return func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		src := fs.newSlot(8)
		if ce.recv != nil {
			fs.recvPtr(ce.recv)
		} else {
			fs.pushInt(0) // the runtime source
		}
		fs.emit(vm.OpStore, src, 0, 1, 0)
		fs.setPos(call.Lparen)
		v2 := key[:6] == "randv2"
		f32 := key[len(key)-2:] == "32"
		switch {
		case v2 && !f32:
			fs.emit(vm.OpLoad, src, 0, 0, 1)
			fs.emitOp(vm.OpRand, vm.RandV2Uint64, 0, 1, 1)
			fs.pushInt(1<<53 - 1)
			fs.emit(vm.OpAnd, 0, 0, 2, 1)
			fs.emit(vm.OpFloat, vm.FFromInt, 0, 1, 1)
			fs.pushFloat(1 << 53)
			fs.emit(vm.OpFloat, vm.FDiv, 0, 2, 1)
		case v2:
			fs.emit(vm.OpLoad, src, 0, 0, 1)
			fs.emitOp(vm.OpRand, vm.RandV2Uint32, 0, 1, 1)
			fs.pushInt(1<<24 - 1)
			fs.emit(vm.OpAnd, 0, 0, 2, 1)
			fs.emit(vm.OpFloat, vm.FFromInt, 1, 1, 1)
			fs.pushFloat(1 << 24)
			fs.emit(vm.OpFloat, vm.FDiv, 1, 2, 1)
		default:
			// again: f := float64(Int63()) / (1 << 63) [float32(f)]; if f == 1 { goto again }
			again := fs.newLabel()
			fs.bind(again)
			fs.emit(vm.OpLoad, src, 0, 0, 1)
			fs.emitOp(vm.OpRand, vm.RandInt63, 0, 1, 1)
			fs.emit(vm.OpFloat, vm.FFromInt, 0, 1, 1)
			fs.pushFloat(1 << 63)
			fs.emit(vm.OpFloat, vm.FDiv, 0, 2, 1)
			var b int32
			if f32 {
				b = 1
				fs.emit(vm.OpFloat, vm.FRound, b, 1, 1)
			}
			fs.emit(vm.OpDup, 0, 0, 1, 2)
			fs.pushFloat(1)
			fs.emit(vm.OpFloat, vm.FEq, 0, 2, 1)
			done := fs.newLabel()
			fs.jump(vm.OpJumpIfNot, done)
			fs.emit(vm.OpPop, 0, 0, 1, 0)
			fs.jump(vm.OpJump, again)
			fs.bind(done)
		}
		return 1
	}
}
