package lang

import (
	"go/token"
	"go/types"
	"strings"

	"github.com/gmplab/gmplab/vm"
)

// Library functions the VM registers from the real package's functions
// (vm/host_sig.go): each has a spec of its signature, from which the front
// end declares it; its call compiles to its host function (hostCall).

// hostSpecType is the type of a spec letter.
func hostSpecType(c byte) types.Type {
	switch c {
	case 'f':
		return types.Typ[types.Float64]
	case 'g':
		return types.Typ[types.Float32]
	case 'i':
		return types.Typ[types.Int]
	case 'b':
		return types.Typ[types.Bool]
	case 'u':
		return types.Typ[types.Uint64]
	case 'w':
		return types.Typ[types.Uint32]
	case 's':
		return types.Typ[types.String]
	case 'y':
		return types.Universe.Lookup("byte").Type()
	case 'r':
		return types.Universe.Lookup("rune").Type()
	case 'S':
		return types.NewSlice(types.Typ[types.String])
	case 'e':
		return errorType
	}
	panic("lang: host spec letter " + string(c))
}

// declareHostFuncs declares in p each function of names (vm.HostSpecs'
// "pkg.Name" without the package) from its spec.
func declareHostFuncs(p *types.Package, names []string) {
	tuple := func(s string) *types.Tuple {
		var vs []*types.Var
		for i := 0; i < len(s); i++ {
			vs = append(vs, types.NewParam(token.NoPos, p, string(rune('a'+i)), hostSpecType(s[i])))
		}
		return types.NewTuple(vs...)
	}
	for _, n := range names {
		params, results, _ := strings.Cut(vm.HostSpecs[p.Path()+"."+n], ">")
		sig := types.NewSignatureType(nil, nil, nil, tuple(params), tuple(results), false)
		p.Scope().Insert(types.NewFunc(token.NoPos, p, n, sig))
	}
}

// hostHandlers registers the libHandlers of the functions of names in
// package path and returns their API list ("math.Abs, math.Acos, …").
func hostHandlers(path string, names []string) []string {
	var api []string
	for _, n := range names {
		key := path + "." + n
		var b func(fs *fnState) int32
		if strings.HasSuffix(vm.HostSpecs[key], "e") {
			b = errorStringType
		}
		libHandlers[key] = hostCall(key, b)
		api = append(api, key)
	}
	return api
}
