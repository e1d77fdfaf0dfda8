package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// The rest of math/rand/v2's Rand: Uint, UintN, Uint64N and Uint32N,
// computed by the VM (vm/rand.go's uint64n, as the real Rand.uint64n on a
// 64-bit machine), and Perm and Shuffle, which call back into the program:
// they are Go source (lang/srcpkg/math/rand/v2/rand.go, the real bodies),
// as are the top-level Perm, Shuffle and N. A method of the hand-made
// *Rand cannot be declared in source, so the methods' calls compile to
// calls of the source's functions perm and shuffle with the *Rand (its
// source's id; nil is the runtime source) as their first argument. And
// (*PCG).Seed, which sets the state as pcg.go does.

func init() {
	for k, f := range map[string]int32{
		"randv2.Uint": vm.RandV2Uint64, "randv2.Rand.Uint": vm.RandV2Uint64,
		"randv2.UintN": vm.RandV2UintN, "randv2.Rand.UintN": vm.RandV2UintN,
		"randv2.Uint64N": vm.RandV2Uint64N, "randv2.Rand.Uint64N": vm.RandV2Uint64N,
		"randv2.Uint32N": vm.RandV2Uint32N, "randv2.Rand.Uint32N": vm.RandV2Uint32N,
	} {
		randFuncs[k] = f
	}
	libHandlers["randv2.PCG.Seed"] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		fs.recvPtr(ce.recv)
		for _, a := range call.Args {
			fs.expr(a)
		}
		fs.setPos(call.Lparen)
		fs.emitOp(vm.OpRand, vm.RandPCGSeed, 0, 3, 1)
		fs.popN(1)
		return 0
	}
	libHandlers["randv2.Rand.Perm"] = randSourceMethod(randV2Path, "perm")
	libHandlers["randv2.Rand.Shuffle"] = randSourceMethod(randV2Path, "shuffle")
	// The top-level Perm, Shuffle and N join the list from the source
	// (srcpkg_api.go).
	supportedAPI[randV2Path] += ", rand.Uint, rand.UintN, rand.Uint64N, rand.Uint32N and the same methods of *rand.Rand, its methods Perm and Shuffle, (*rand.PCG).Seed"
	realAPI[randV2Path] = withoutNames(realAPI[randV2Path], "Uint", "UintN", "Uint64N", "Uint32N", "N", "Perm", "Shuffle")
}

// declareRandV2Extras adds the functions computed by the VM, and the
// methods written in source, to v2 (declareRand).
func (l *libs) declareRandV2Extras(v2 *types.Package, rnd *types.Named) {
	param := func(name string, t types.Type) *types.Var { return types.NewParam(token.NoPos, v2, name, t) }
	tuple := func(ts ...types.Type) *types.Tuple {
		var vs []*types.Var
		for _, t := range ts {
			vs = append(vs, param("", t))
		}
		return types.NewTuple(vs...)
	}
	decl := func(name string, p, r *types.Tuple, fn bool) {
		if fn {
			v2.Scope().Insert(types.NewFunc(token.NoPos, v2, name, types.NewSignatureType(nil, nil, nil, p, r, false)))
		}
		recv := param("r", types.NewPointer(rnd))
		rnd.AddMethod(types.NewFunc(token.NoPos, v2, name, types.NewSignatureType(recv, nil, nil, p, r, false)))
	}
	uintT, u64, u32, intT := types.Typ[types.Uint], types.Typ[types.Uint64], types.Typ[types.Uint32], types.Typ[types.Int]
	decl("Uint", nil, tuple(uintT), true)
	decl("UintN", tuple(uintT), tuple(uintT), true)
	decl("Uint64N", tuple(u64), tuple(u64), true)
	decl("Uint32N", tuple(u32), tuple(u32), true)
	seed := types.NewSignatureType(param("p", types.NewPointer(l.randPCG)), nil, nil, types.NewTuple(param("seed1", u64), param("seed2", u64)), nil, false)
	l.randPCG.AddMethod(types.NewFunc(token.NoPos, v2, "Seed", seed))
	decl("Perm", tuple(intT), tuple(types.NewSlice(intT)), false)
	swap := types.NewSignatureType(nil, nil, nil, types.NewTuple(param("i", intT), param("j", intT)), nil, false)
	decl("Shuffle", types.NewTuple(param("n", intT), param("swap", swap)), nil, false)
}

// randSourceMethod compiles a call of a *Rand method as a call of the
// source function name of package path, the receiver its first argument.
func randSourceMethod(path, name string) func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
	return func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		c := fs.c
		f, ok := c.libs.lookup(path).Scope().Lookup(name).(*types.Func)
		if !ok {
			panic("lang: " + path + "'s source has no function " + name)
		}
		idx, ok := c.funcOf(f)
		if !ok {
			panic("lang: " + path + "'s " + name + " is not compiled from source")
		}
		sig := f.Type().(*types.Signature)
		fs.recvPtr(ce.recv)
		for i, a := range call.Args {
			fs.exprTo(a, sig.Params().At(i+1).Type())
		}
		fs.setPos(call.Lparen)
		n := sig.Results().Len()
		fs.call(idx, 1+len(call.Args), n, c.sigArgBytes(sig))
		return n
	}
}
