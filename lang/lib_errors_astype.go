package lang

import (
	"go/ast"
	"go/types"
)

// errors.AsType[E error](err error) (E, bool), new in Go 1.26, is the
// real package's source (lang/srcpkg/errors/wrap.go).

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
