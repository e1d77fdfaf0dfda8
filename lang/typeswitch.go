package lang

import (
	"go/ast"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// Type switches: the operand is evaluated once into a temporary; each
// case's types are tried in order with OpAssert's test form (case nil
// compares with the nil interface), and the clause that matches binds
// the switch's variable: to the value as the case's type when the case
// names one type, else to the operand itself.

func (fs *fnState) typeSwitch(s *ast.TypeSwitchStmt) {
	c := fs.c
	name := fs.takeLabel()
	if s.Init != nil {
		fs.stmt(s.Init)
	}
	var x ast.Expr
	switch a := s.Assign.(type) {
	case *ast.AssignStmt:
		x = a.Rhs[0].(*ast.TypeAssertExpr).X
	case *ast.ExprStmt:
		x = a.X.(*ast.TypeAssertExpr).X
	}
	if x == nil {
		c.unsupported(s.Pos(), "this type switch", supStmts)
		return
	}
	src := c.info.TypeOf(x)
	fs.expr(x)
	tmp := fs.newSlot(8)
	fs.emit(vm.OpStore, tmp, 0, 1, 0)
	end := fs.newLabel()
	var clauses []*ast.CaseClause
	for _, st := range s.Body.List {
		if cc, ok := st.(*ast.CaseClause); ok {
			clauses = append(clauses, cc)
		}
	}
	bodies := make([]*label, len(clauses))
	dflt := -1
	for i, cc := range clauses {
		bodies[i] = fs.newLabel()
		if cc.List == nil {
			dflt = i
		}
		for _, e := range cc.List {
			fs.setPos(e.Pos())
			fs.emit(vm.OpLoad, tmp, 0, 0, 1)
			if c.info.Types[e].IsNil() {
				fs.pushInt(0)
				fs.emit(vm.OpEq, 0, 0, 2, 1)
			} else {
				fs.assertTo(c.info.TypeOf(e), src, vm.AssertTest, e.Pos())
			}
			fs.jump(vm.OpJumpIf, bodies[i])
		}
	}
	if dflt >= 0 {
		fs.jump(vm.OpJump, bodies[dflt])
	} else {
		fs.jump(vm.OpJump, end)
	}
	fs.targets = append(fs.targets, &target{name: name, brk: end})
	for i, cc := range clauses {
		fs.bind(bodies[i])
		if obj := c.info.Implicits[cc]; obj != nil {
			fs.setPos(cc.Pos())
			fs.emit(vm.OpLoad, tmp, 0, 0, 1)
			if len(cc.List) == 1 && !c.info.Types[cc.List[0]].IsNil() {
				fs.assertTo(c.info.TypeOf(cc.List[0]), src, 0, cc.List[0].Pos())
			}
			v, _ := obj.(*types.Var)
			fs.define(v)
		}
		fs.stmtList(cc.Body)
		fs.jump(vm.OpJump, end)
	}
	fs.targets = fs.targets[:len(fs.targets)-1]
	fs.bind(end)
}
