package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// math/rand's Uint64, Perm and Shuffle, functions and *Rand methods.
// Uint64 is the source's (rngSource.Uint64, or the runtime source's), as
// Rand.Uint64 is for a Source64; Perm and Shuffle call back into the
// program, so they are the real bodies in Go source
// (lang/srcpkg/math/rand/rand.go), whose unexported int31n the VM
// computes (vm/rand.go).

func init() {
	randFuncs["rand.Uint64"] = vm.RandV2Uint64
	randFuncs["rand.Rand.Uint64"] = vm.RandV2Uint64
	libHandlers["rand.Rand.Perm"] = randSourceMethod("math/rand", "perm")
	libHandlers["rand.Rand.Shuffle"] = randSourceMethod("math/rand", "shuffle")
	libHandlers["rand.int31n"] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		for _, a := range call.Args {
			fs.expr(a)
		}
		fs.setPos(call.Lparen)
		fs.emitOp(vm.OpRand, vm.RandInt31nLemire, 0, 2, 1)
		return 1
	}
	// The top-level Perm and Shuffle join the list from the source
	// (srcpkg_api.go).
	supportedAPI["math/rand"] += ", rand.Uint64 and the same method of *rand.Rand, its methods Perm and Shuffle"
	realAPI["math/rand"] = withoutNames(realAPI["math/rand"], "Uint64", "Perm", "Shuffle")
}

// declareRandV1Extras adds Uint64 and the methods Perm and Shuffle to
// math/rand (declareRand).
func (l *libs) declareRandV1Extras(p *types.Package, rnd *types.Named) {
	param := func(name string, t types.Type) *types.Var { return types.NewParam(token.NoPos, p, name, t) }
	intT, u64 := types.Typ[types.Int], types.Typ[types.Uint64]
	method := func(name string, ps, rs *types.Tuple) {
		rnd.AddMethod(types.NewFunc(token.NoPos, p, name, types.NewSignatureType(param("r", types.NewPointer(rnd)), nil, nil, ps, rs, false)))
	}
	res := types.NewTuple(param("", u64))
	p.Scope().Insert(types.NewFunc(token.NoPos, p, "Uint64", types.NewSignatureType(nil, nil, nil, nil, res, false)))
	method("Uint64", nil, res)
	method("Perm", types.NewTuple(param("n", intT)), types.NewTuple(param("", types.NewSlice(intT))))
	swap := types.NewSignatureType(nil, nil, nil, types.NewTuple(param("i", intT), param("j", intT)), nil, false)
	method("Shuffle", types.NewTuple(param("n", intT), param("swap", swap)), nil)
}
