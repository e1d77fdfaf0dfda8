package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// errors.AsType[E error](err error) (E, bool), new in Go 1.26
// (errors/wrap.go): the first error in err's tree that the type
// assertion err.(E) matches, found by the function errors.As uses for
// target type E (errorsAsFn), so with the same simplification: As(any)
// bool methods are not called.

func init() {
	supportedAPI["errors"] += ", errors.AsType"
	libHandlers["errors.AsType"] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		c := fs.c
		e := c.subst(ce.sig.Results().At(0).Type())
		fs.exprTo(call.Args[0], errorType)
		fs.setPos(call.Lparen)
		fs.call(c.errorsAsFn(e, call.Lparen), 1, 1, 8)
		found, end := fs.newLabel(), fs.newLabel()
		fs.emit(vm.OpDup, 0, 0, 1, 2)
		fs.jump(vm.OpJumpIf, found)
		fs.emit(vm.OpPop, 0, 0, 1, 0)
		fs.zeroValue(e)
		fs.pushInt(0)
		fs.jump(vm.OpJump, end)
		fs.bind(found)
		fs.assertTo(e, errorType, 0, call.Lparen)
		fs.pushInt(1)
		fs.bind(end)
		return 2
	}
}

// declareAsType declares errors.AsType in package p.
func declareAsType(p *types.Package) {
	tp := types.NewTypeParam(types.NewTypeName(token.NoPos, p, "E", nil), errorType)
	par := func(name string, t types.Type) *types.Var { return types.NewParam(token.NoPos, p, name, t) }
	sig := types.NewSignatureType(nil, nil, []*types.TypeParam{tp},
		types.NewTuple(par("err", errorType)), types.NewTuple(par("", tp), par("", types.Typ[types.Bool])), false)
	p.Scope().Insert(types.NewFunc(token.NoPos, p, "AsType", sig))
}

// libGenericFunc is the library's generic function that fun, an
// instantiation (errors.AsType[*MyErr]), names; nil if none.
func (c *compiler) libGenericFunc(fun ast.Expr) *types.Func {
	ix, ok := fun.(*ast.IndexExpr)
	if !ok {
		return nil
	}
	sel, ok := unparen(ix.X).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	f, ok := c.info.Uses[sel.Sel].(*types.Func)
	if !ok || !c.libs.isLib(f.Pkg()) || libHandlers[libKey(f)] == nil || c.libs.fromSource(f) {
		return nil
	}
	return f
}
