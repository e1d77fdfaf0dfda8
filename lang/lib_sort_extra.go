package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// sort's functions on []float64, which the real package implements with
// the slices package's (sort.Float64s is slices.Sort, Float64sAreSorted is
// slices.IsSorted): each compiles to the slices host function for its
// element type. The int and string ones (IntsAreSorted, SearchInts, …)
// come from Go's source (srcpkg/sort).

var sortExtras = []struct {
	name, elem, host string
	result           types.Type
}{
	{"Float64s", "float64", "slices.Sort", nil},
	{"Float64sAreSorted", "float64", "slices.IsSorted", types.Typ[types.Bool]},
}

func init() {
	for _, f := range sortExtras {
		libHandlers["sort."+f.name] = sortExtraCall(f.elem, f.host)
		supportedAPI["sort"] += ", sort." + f.name
	}
}

// declareSortExtras adds them to the sort package newLibs built.
func (l *libs) declareSortExtras() {
	p := l.sort
	elem := map[string]types.Type{"int": types.Typ[types.Int], "float64": types.Typ[types.Float64], "string": types.Typ[types.String]}
	for _, f := range sortExtras {
		params := []*types.Var{types.NewParam(token.NoPos, p, "x", types.NewSlice(elem[f.elem]))}
		if f.host == "slices.BinarySearch" {
			params = append(params, types.NewParam(token.NoPos, p, "v", elem[f.elem]))
		}
		var res *types.Tuple
		if f.result != nil {
			res = types.NewTuple(types.NewParam(token.NoPos, p, "", f.result))
		}
		p.Scope().Insert(types.NewFunc(token.NoPos, p, f.name, types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), res, false)))
	}
}

func sortExtraCall(elem, host string) func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
	return func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		idx, pop, push, _ := vm.Host(host)
		fs.args(call, ce.lib.Type().(*types.Signature))
		fs.setPos(call.Lparen)
		fs.emitOp(vm.OpHost, idx, fs.c.str(elem), pop, push)
		if push == 2 {
			fs.popN(1) // BinarySearch's found
		}
		return min(push, 1)
	}
}
