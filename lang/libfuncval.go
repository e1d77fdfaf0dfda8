package lang

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"github.com/gmplab/gmplab/vm"
)

// A library function used as a value (p := fmt.Println,
// strings.Map(unicode.ToUpper, s)): the library's functions are compiled
// at each call (libCall), so the value is a wrapper function, compiled
// once per program, whose parameters are the function's and whose body
// calls it with them. It has no captures, and it is named as Go names the
// function itself ("fmt.Println"), so that a traceback through it reads
// as Go's. A variadic function's wrapper calls it with f(xs...), which
// only the functions in spreadable take.

// libFuncValue pushes library function f (named by e) as a value; false
// if f is not a library function.
func (fs *fnState) libFuncValue(e ast.Expr, f *types.Func) bool {
	c := fs.c
	if f.Pkg() == nil || !c.libs.isLib(f.Pkg()) {
		return false
	}
	sig := f.Type().(*types.Signature)
	if sig.Recv() != nil || sig.TypeParams().Len() > 0 {
		return false // a method, or a generic function the VM computes per call (cmp.Compare[T])
	}
	if sig.Variadic() && !spreadable[libKey(f)] {
		var names []string
		for k := range spreadable {
			names = append(names, k)
		}
		slices.Sort(names)
		c.unsupported(e.Pos(), "using "+f.FullName()+" as a value", "of the variadic library functions, gmplab takes as values "+strings.Join(names, ", ")+"; wrap it in a closure")
		fs.pushInt(0)
		return true
	}
	if k, why := c.kindOf(sig); k == kBad {
		c.badType(e.Pos(), why)
		fs.pushInt(0)
		return true
	}
	key := "libfunc " + f.FullName()
	idx, ok := c.promoted[key]
	if !ok {
		idx = c.libFuncWrapper(e, f, sig)
		c.promoted[key] = idx
	}
	fs.emit(vm.OpFuncVal, idx, 0, 0, 1)
	return true
}

// libFuncWrapper compiles the wrapper of f, named by e.
func (c *compiler) libFuncWrapper(e ast.Expr, f *types.Func, sig *types.Signature) int32 {
	w := c.newFnState(nil, f.FullName(), -1)
	w.decl = e.Pos()
	w.setPos(e.Pos())
	w.subst = map[ast.Expr]int32{}
	n := sig.Params().Len()
	w.nparams, w.nresults = n, sig.Results().Len()
	call := &ast.CallExpr{Fun: e, Lparen: e.End(), Rparen: e.End()}
	for i := 0; i < n; i++ {
		p := sig.Params().At(i)
		id := &ast.Ident{NamePos: e.Pos(), Name: p.Name()}
		c.info.Types[id] = types.TypeAndValue{Type: p.Type()}
		w.subst[id] = w.newSlot(c.slotSize(p.Type()))
		call.Args = append(call.Args, id)
	}
	if sig.Variadic() {
		call.Ellipsis = e.End()
	}
	if got := w.callExpr(call, -1); got != w.nresults {
		w.popN(got)
		for i := 0; i < w.nresults; i++ {
			w.zeroValue(sig.Results().At(i).Type())
		}
	}
	w.emit(vm.OpReturn, 0, 0, w.nresults, 0)
	return w.finish()
}
