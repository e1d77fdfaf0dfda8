package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// evalOnce makes the operands of a compound assignment to an element, a
// field or through a pointer (s[i] op= y, m[k] op= y, p().f++, *q() += y,
// a[f()].n++) that have effects (a call, a receive) evaluated once, as Go
// evaluates them (counts[rand.IntN(6)]++ counts one draw): the slice, map
// or pointer and the index are computed, in Go's order, into temporaries
// that the load and the store both read (fnState.subst, which expr and
// addr honour). It returns the function that forgets the temporaries, to
// call once the statement is compiled. Operands without effects are left
// alone: evaluating them twice is the same.
func (fs *fnState) evalOnce(lhs ast.Expr) func() {
	c := fs.c
	var done []ast.Expr
	once := func(e ast.Expr) {
		if !hasEffects(e) {
			return
		}
		fs.expr(e)
		s := fs.newSlot(c.slotSize(c.info.TypeOf(e)))
		fs.emit(vm.OpStore, s, 0, 1, 0)
		if fs.subst == nil {
			fs.subst = map[ast.Expr]int32{}
		}
		fs.subst[e] = s
		done = append(done, e)
	}
	// ref: x's value is a reference (a slice, a map, a pointer), so a
	// temporary holding it stands for x in the load and the store.
	ref := func(x ast.Expr) bool {
		t := c.info.TypeOf(x)
		if _, ok := t.Underlying().(*types.Pointer); ok {
			return true
		}
		k, _ := c.kindOf(t)
		return k == kSlice || k == kMap
	}
	var walk func(e ast.Expr)
	walk = func(e ast.Expr) {
		switch x := unparen(e).(type) {
		case *ast.IndexExpr:
			if ref(x.X) {
				once(x.X)
			} else {
				walk(x.X) // an array variable or element
			}
			once(x.Index)
		case *ast.SelectorExpr:
			if sel := c.info.Selections[x]; sel == nil || sel.Kind() != types.FieldVal {
				return
			}
			if ref(x.X) {
				once(x.X)
			} else {
				walk(x.X)
			}
		case *ast.StarExpr:
			once(x.X)
		}
	}
	walk(lhs)
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
