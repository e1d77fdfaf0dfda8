package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// math/rand and math/rand/v2: the declarations type checking sees, and
// the calls, which the VM computes with the real generators (vm/rand.go).
// A rand.Source, a *rand.Rand and a *rand.PCG hold the id of the
// generator's object; the top-level functions draw from the runtime source
// (id 0), which the run's --seed seeds.

const randV2Path = "math/rand/v2"

// randFuncs maps a library key (libKey) to its vm.Rand* function.
var randFuncs = map[string]int32{
	"rand.Int": vm.RandInt, "rand.Intn": vm.RandIntn, "rand.Int63": vm.RandInt63, "rand.Int31": vm.RandInt31,
	"rand.Int31n": vm.RandInt31n, "rand.Int63n": vm.RandInt63n, "rand.Uint32": vm.RandUint32,
	"rand.Rand.Int": vm.RandInt, "rand.Rand.Intn": vm.RandIntn, "rand.Rand.Int63": vm.RandInt63, "rand.Rand.Int31": vm.RandInt31,
	"rand.Rand.Int31n": vm.RandInt31n, "rand.Rand.Int63n": vm.RandInt63n, "rand.Rand.Uint32": vm.RandUint32,
	"rand.Source.Int63": vm.RandInt63,

	"randv2.Int": vm.RandV2Int, "randv2.IntN": vm.RandV2IntN, "randv2.Int64": vm.RandV2Int64, "randv2.Int32": vm.RandV2Int32,
	"randv2.Int64N": vm.RandV2Int64N, "randv2.Int32N": vm.RandV2Int32N, "randv2.Uint64": vm.RandV2Uint64, "randv2.Uint32": vm.RandV2Uint32,
	"randv2.Rand.Int": vm.RandV2Int, "randv2.Rand.IntN": vm.RandV2IntN, "randv2.Rand.Int64": vm.RandV2Int64, "randv2.Rand.Int32": vm.RandV2Int32,
	"randv2.Rand.Int64N": vm.RandV2Int64N, "randv2.Rand.Int32N": vm.RandV2Int32N, "randv2.Rand.Uint64": vm.RandV2Uint64, "randv2.Rand.Uint32": vm.RandV2Uint32,
	"randv2.PCG.Uint64": vm.RandV2Uint64,
}

// declareRand builds the two packages.
func (l *libs) declareRand() {
	var (
		intT    = types.Typ[types.Int]
		int64T  = types.Typ[types.Int64]
		int32T  = types.Typ[types.Int32]
		uint32T = types.Typ[types.Uint32]
		uint64T = types.Typ[types.Uint64]
	)
	opaque := func(pkg *types.Package) *types.Struct {
		return types.NewStruct([]*types.Var{types.NewField(token.NoPos, pkg, "src", int64T, false)}, nil)
	}
	named := func(pkg *types.Package, name string, under types.Type) *types.Named {
		obj := types.NewTypeName(token.NoPos, pkg, name, nil)
		t := types.NewNamed(obj, under, nil)
		pkg.Scope().Insert(obj)
		return t
	}
	res := func(pkg *types.Package, t types.Type) *types.Tuple {
		return types.NewTuple(types.NewParam(token.NoPos, pkg, "", t))
	}
	params := func(pkg *types.Package, ts ...types.Type) *types.Tuple {
		var vs []*types.Var
		for i, t := range ts {
			vs = append(vs, types.NewParam(token.NoPos, pkg, "a"+string(rune('0'+i)), t))
		}
		return types.NewTuple(vs...)
	}
	fn := func(pkg *types.Package, name string, p, r *types.Tuple) {
		pkg.Scope().Insert(types.NewFunc(token.NoPos, pkg, name, types.NewSignatureType(nil, nil, nil, p, r, false)))
	}
	method := func(recv *types.Named, ptr bool, name string, p, r *types.Tuple) {
		var rt types.Type = recv
		if ptr {
			rt = types.NewPointer(recv)
		}
		rv := types.NewParam(token.NoPos, recv.Obj().Pkg(), "", rt)
		recv.AddMethod(types.NewFunc(token.NoPos, recv.Obj().Pkg(), name, types.NewSignatureType(rv, nil, nil, p, r, false)))
	}
	// Both packages' draws, on the package and on *Rand.
	draws := func(pkg *types.Package, rnd *types.Named, list []struct {
		name string
		in   []types.Type
		out  types.Type
	}) {
		for _, d := range list {
			fn(pkg, d.name, params(pkg, d.in...), res(pkg, d.out))
			method(rnd, true, d.name, params(pkg, d.in...), res(pkg, d.out))
		}
	}
	type draw = struct {
		name string
		in   []types.Type
		out  types.Type
	}

	p := types.NewPackage("math/rand", "rand")
	l.rand = p
	l.randSource = named(p, "Source", opaque(p))
	method(l.randSource, false, "Int63", params(p), res(p, int64T))
	method(l.randSource, false, "Seed", params(p, int64T), params(p))
	l.randRand = named(p, "Rand", opaque(p))
	draws(p, l.randRand, []draw{
		{"Int", nil, intT}, {"Intn", []types.Type{intT}, intT}, {"Int63", nil, int64T}, {"Int31", nil, int32T},
		{"Int31n", []types.Type{int32T}, int32T}, {"Int63n", []types.Type{int64T}, int64T}, {"Uint32", nil, uint32T},
	})
	fn(p, "Seed", params(p, int64T), params(p))
	method(l.randRand, true, "Seed", params(p, int64T), params(p))
	fn(p, "NewSource", params(p, int64T), res(p, l.randSource))
	fn(p, "New", params(p, l.randSource), res(p, types.NewPointer(l.randRand)))
	l.declareRandV1Extras(p, l.randRand)
	p.MarkComplete()

	v2 := types.NewPackage(randV2Path, "rand")
	l.randV2 = v2
	l.randPCG = named(v2, "PCG", opaque(v2))
	method(l.randPCG, true, "Uint64", params(v2), res(v2, uint64T))
	srcObj := types.NewTypeName(token.NoPos, v2, "Source", nil)
	u64 := types.NewFunc(token.NoPos, v2, "Uint64", types.NewSignatureType(nil, nil, nil, params(v2), res(v2, uint64T), false))
	types.NewNamed(srcObj, types.NewInterfaceType([]*types.Func{u64}, nil).Complete(), nil)
	v2.Scope().Insert(srcObj)
	l.randV2Rand = named(v2, "Rand", opaque(v2))
	draws(v2, l.randV2Rand, []draw{
		{"Int", nil, intT}, {"IntN", []types.Type{intT}, intT}, {"Int64", nil, int64T}, {"Int32", nil, int32T},
		{"Int64N", []types.Type{int64T}, int64T}, {"Int32N", []types.Type{int32T}, int32T},
		{"Uint64", nil, uint64T}, {"Uint32", nil, uint32T},
	})
	fn(v2, "NewPCG", params(v2, uint64T, uint64T), res(v2, types.NewPointer(l.randPCG)))
	fn(v2, "New", params(v2, srcObj.Type()), res(v2, types.NewPointer(l.randV2Rand)))
	l.declareChaCha8(v2)
	l.declareRandV2Extras(v2, l.randV2Rand)
	v2.MarkComplete()
}

// isRandObj reports whether t is one of the generator types (held as ids).
func (l *libs) isRandObj(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && (n == l.randSource || n == l.randRand || n == l.randV2Rand || n == l.randPCG || l.isChaCha8(n))
}

// randCall compiles a call into math/rand or math/rand/v2 (key as libKey
// names it); it reports false for a function it does not know.
func (fs *fnState) randCall(call *ast.CallExpr, ce callee, key string) (int, bool) {
	at := func() { fs.setPos(call.Lparen) }
	args := func() {
		for _, a := range call.Args {
			fs.expr(a)
		}
	}
	switch key {
	case "rand.Seed":
		// A no-op since Go 1.24 (GODEBUG randseednop=1): the top-level
		// functions keep drawing from the runtime source.
		args()
		fs.popN(len(call.Args))
		return 0, true
	case "rand.Rand.Seed", "rand.Source.Seed":
		fs.recvPtr(ce.recv)
		args()
		at()
		fs.emitOp(vm.OpRand, vm.RandSeed, 0, 2, 1)
		fs.popN(1)
		return 0, true
	case "rand.NewSource":
		args()
		at()
		fs.emitOp(vm.OpRand, vm.RandNewSource, 0, 1, 1)
		return 1, true
	case "randv2.NewPCG":
		args()
		at()
		fs.emitOp(vm.OpRand, vm.RandNewPCG, 0, 2, 1)
		return 1, true
	case "rand.New", "randv2.New":
		if t := fs.c.info.TypeOf(call.Args[0]); !fs.c.libs.isRandObj(t) {
			// A Source in an interface, or of a type of the program: the
			// VM's Rand draws from its own generators only.
			list := "gmplab supports: rand.New of a *rand.PCG or a *rand.ChaCha8 (rand.New(rand.NewPCG(1, 2)))"
			if key == "rand.New" {
				list = "gmplab supports: rand.New of a rand.Source from rand.NewSource"
			}
			fs.c.unsupported(call.Args[0].Pos(), "rand.New with an argument of type "+types.TypeString(t, fs.c.qualifier), list)
		}
		args() // the *Rand is its source's id
		return 1, true
	}
	f, ok := randFuncs[key]
	if !ok {
		return 0, false
	}
	if ce.recv != nil {
		fs.recvPtr(ce.recv)
	} else {
		fs.pushInt(0) // the runtime source
	}
	args()
	at()
	fs.emitOp(vm.OpRand, f, 0, 1+len(call.Args), 1)
	return 1, true
}
