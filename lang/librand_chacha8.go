package lang

import (
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// math/rand/v2's ChaCha8: NewChaCha8, and the methods Uint64, Read and
// Seed, with the real generator (vm/rand_chacha8.go). A *ChaCha8 holds
// its generator object's id, as a *PCG does, so rand.New(c) is a *Rand
// over it and every Rand method draws from it (librand.go).

func init() {
	for _, n := range []string{"randv2.NewChaCha8", "randv2.ChaCha8.Read", "randv2.ChaCha8.Seed"} {
		libHandlers[n] = hostCall(n, nil)
	}
	randFuncs["randv2.ChaCha8.Uint64"] = vm.RandV2Uint64
	// A *ChaCha8 or a *PCG held in a rand.Source: its Uint64 in the
	// method table (srcpkg_sync.go's libMethodFunc).
	for _, k := range []string{"randv2.ChaCha8.Uint64", "randv2.PCG.Uint64"} {
		libMethodOps[k] = struct {
			op   vm.Op
			a    int32
			push int
		}{vm.OpRand, vm.RandV2Uint64, 1}
	}
	supportedAPI[randV2Path] += ", rand.NewChaCha8, rand.ChaCha8 (Uint64, Read, Seed)"
	realAPI[randV2Path] = withoutNames(realAPI[randV2Path], "ChaCha8", "NewChaCha8")
}

// declareChaCha8 adds ChaCha8 to v2 (declareRand).
func (l *libs) declareChaCha8(v2 *types.Package) {
	obj := types.NewTypeName(token.NoPos, v2, "ChaCha8", nil)
	c := types.NewNamed(obj, types.NewStruct([]*types.Var{types.NewField(token.NoPos, v2, "src", types.Typ[types.Int64], false)}, nil), nil)
	v2.Scope().Insert(obj)
	param := func(name string, t types.Type) *types.Var { return types.NewParam(token.NoPos, v2, name, t) }
	seed := types.NewArray(types.Typ[types.Byte], 32)
	method := func(name string, p, r *types.Tuple) {
		c.AddMethod(types.NewFunc(token.NoPos, v2, name, types.NewSignatureType(param("c", types.NewPointer(c)), nil, nil, p, r, false)))
	}
	method("Uint64", nil, types.NewTuple(param("", types.Typ[types.Uint64])))
	method("Read", types.NewTuple(param("p", types.NewSlice(types.Typ[types.Byte]))),
		types.NewTuple(param("n", types.Typ[types.Int]), param("err", types.Universe.Lookup("error").Type())))
	method("Seed", types.NewTuple(param("seed", seed)), nil)
	v2.Scope().Insert(types.NewFunc(token.NoPos, v2, "NewChaCha8",
		types.NewSignatureType(nil, nil, nil, types.NewTuple(param("seed", seed)), types.NewTuple(param("", types.NewPointer(c))), false)))
}

// isChaCha8 reports whether n is math/rand/v2's ChaCha8.
func (l *libs) isChaCha8(n *types.Named) bool {
	return n.Obj().Pkg() == l.randV2 && n.Obj().Name() == "ChaCha8"
}
