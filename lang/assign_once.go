package lang

import (
	"go/ast"
	"go/token"

	"github.com/gmplab/gmplab/vm"
)

// evalOnce makes the operands of s[i] op= y, m[k] op= y and s[i]++ that
// have effects (a call, a receive) evaluated once, as Go evaluates them
// (counts[rand.IntN(6)]++ counts one draw): the slice or map and the index
// are computed, in Go's order, into temporaries that the load and the
// store both read (fnState.subst). It returns the function that forgets
// the temporaries, to call once the statement is compiled. Operands
// without effects are left alone: evaluating them twice is the same.
func (fs *fnState) evalOnce(lhs ast.Expr) func() {
	ix, ok := unparen(lhs).(*ast.IndexExpr)
	if !ok {
		return func() {}
	}
	var done []ast.Expr
	once := func(e ast.Expr) {
		if !hasEffects(e) {
			return
		}
		fs.expr(e)
		s := fs.newSlot(fs.c.slotSize(fs.c.info.TypeOf(e)))
		fs.emit(vm.OpStore, s, 0, 1, 0)
		if fs.subst == nil {
			fs.subst = map[ast.Expr]int32{}
		}
		fs.subst[e] = s
		done = append(done, e)
	}
	if k, _ := fs.c.kindOf(fs.c.info.TypeOf(ix.X)); k == kSlice || k == kMap {
		once(ix.X)
	}
	once(ix.Index)
	return func() {
		for _, e := range done {
			delete(fs.subst, e)
		}
	}
}

// hasEffects reports whether evaluating e may call a function or receive.
func hasEffects(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr, *ast.FuncLit:
			found = true
		case *ast.UnaryExpr:
			found = found || n.Op == token.ARROW
		}
		return !found
	})
	return found
}
