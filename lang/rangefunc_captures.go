package lang

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Which range statements range over a function, and what their bodies
// capture (findCaptures, compile.go), for rangefunc.go.

// rangeFuncSig is the signature of the function a range statement ranges
// over, or nil.
func (c *compiler) rangeFuncSig(x ast.Expr) *types.Signature {
	t := c.info.TypeOf(x)
	if t == nil {
		return nil
	}
	sig, ok := coreType(t).(*types.Signature)
	if !ok || sig.Params().Len() != 1 || sig.Results().Len() != 0 {
		return nil
	}
	if y, ok := sig.Params().At(0).Type().Underlying().(*types.Signature); !ok || y.Params().Len() > 2 || y.Results().Len() != 1 {
		return nil
	}
	return sig
}

// rangeFuncLit is the closure that stands for the body of s, a range over
// a function, for findCaptures (nil if s is another range): it spans the
// range variables and the body, not the range expression.
func (c *compiler) rangeFuncLit(s *ast.RangeStmt) *ast.FuncLit {
	if c.rangeFuncSig(s.X) == nil {
		return nil
	}
	if c.rangeLits == nil {
		c.rangeLits = map[*ast.RangeStmt]*ast.FuncLit{}
	}
	lit := c.rangeLits[s]
	if lit == nil {
		lit = &ast.FuncLit{Type: &ast.FuncType{Func: s.For}, Body: s.Body}
		c.rangeLits[s] = lit
	}
	return lit
}

// rangeFuncCaptures is findCaptures' part for a range over a function
// (s, whose body stands as lit): a return with results in the body sets
// the named results of the function holding the loop, which live in
// boxes; root is what findCaptures inspects, lits the closures it is in.
func (c *compiler) rangeFuncCaptures(root ast.Node, lits []*ast.FuncLit, s *ast.RangeStmt) {
	var ft *ast.FuncType
	for i := len(lits) - 1; i >= 0 && ft == nil; i-- {
		if !c.isRangeLit(lits[i]) {
			ft = lits[i].Type
		}
	}
	if ft == nil {
		ft = enclosingFuncType(root, s.Pos())
	}
	if ft == nil || ft.Results == nil {
		return
	}
	ret := false
	ast.Inspect(s.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			ret = ret || len(n.Results) > 0
		}
		return !ret
	})
	if !ret {
		return
	}
	for _, f := range ft.Results.List {
		for _, id := range f.Names {
			if v, ok := c.info.Defs[id].(*types.Var); ok {
				c.captured[v] = true
			}
		}
	}
}

func (c *compiler) isRangeLit(lit *ast.FuncLit) bool {
	for _, l := range c.rangeLits {
		if l == lit {
			return true
		}
	}
	return false
}

// enclosingFuncType is the type of the function declaration in root that
// holds pos.
func enclosingFuncType(root ast.Node, pos token.Pos) *ast.FuncType {
	switch r := root.(type) {
	case *ast.FuncDecl:
		return r.Type
	case *ast.File:
		for _, d := range r.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= pos && pos < fd.End() {
				return fd.Type
			}
		}
	}
	return nil
}

// coreType is t's underlying type, or for a type parameter whose
// constraint has one type term (S ~func(func(int) bool)), the term's (the
// generic body's findCaptures sees the parameter, its instances the
// argument).
func coreType(t types.Type) types.Type {
	if tp, ok := t.(*types.TypeParam); ok {
		it, _ := tp.Constraint().Underlying().(*types.Interface)
		if it == nil || it.NumEmbeddeds() != 1 {
			return nil
		}
		switch e := it.EmbeddedType(0).(type) {
		case *types.Union:
			if e.Len() == 1 {
				return e.Term(0).Type().Underlying()
			}
			return nil
		default:
			return e.Underlying()
		}
	}
	return t.Underlying()
}

func isFuncType(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}
