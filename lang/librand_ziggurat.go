package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// NormFloat64 and ExpFloat64 of math/rand and math/rand/v2, functions and
// *Rand methods, computed by the VM with the real ziggurat algorithms and
// tables (vm/rand_ziggurat.go) over the *Rand's generator; the top-level
// functions over the runtime source.

func init() {
	for _, pkg := range []string{"rand", "randv2"} {
		for _, f := range []string{"NormFloat64", "ExpFloat64"} {
			name := pkg + ".Rand." + f
			libHandlers[name] = hostCall(name, nil)
			libHandlers[pkg+"."+f] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
				idx, _, _, ok := vm.Host(name)
				if !ok {
					panic("lang: no host function " + name)
				}
				fs.pushInt(0) // the runtime source
				fs.setPos(call.Lparen)
				fs.emitOp(vm.OpHost, idx, 0, 1, 1)
				return 1
			}
		}
	}
	for _, p := range []string{"math/rand", randV2Path} {
		supportedAPI[p] += ", rand.NormFloat64, rand.ExpFloat64 (and the methods)"
		realAPI[p] = withoutNames(realAPI[p], "NormFloat64", "ExpFloat64", "Float64", "Float32")
	}
}

// declareRandZiggurat adds them to both packages (declareRandFloats).
func (l *libs) declareRandZiggurat() {
	for _, d := range []struct {
		p *types.Package
		r *types.Named
	}{{l.rand, l.randRand}, {l.randV2, l.randV2Rand}} {
		for _, name := range []string{"NormFloat64", "ExpFloat64"} {
			res := types.NewTuple(types.NewParam(token.NoPos, d.p, "", types.Typ[types.Float64]))
			d.p.Scope().Insert(types.NewFunc(token.NoPos, d.p, name, types.NewSignatureType(nil, nil, nil, nil, res, false)))
			recv := types.NewParam(token.NoPos, d.p, "r", types.NewPointer(d.r))
			d.r.AddMethod(types.NewFunc(token.NoPos, d.p, name, types.NewSignatureType(recv, nil, nil, nil, res, false)))
		}
	}
}
