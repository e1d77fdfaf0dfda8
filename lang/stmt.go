package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

func (fs *fnState) stmtList(list []ast.Stmt) {
	for _, s := range list {
		fs.stmt(s)
	}
}

// takeLabel returns the label of the statement being compiled, if any.
func (fs *fnState) takeLabel() string {
	l := fs.pendingLabel
	fs.pendingLabel = ""
	return l
}

func (fs *fnState) stmt(s ast.Stmt) {
	c := fs.c
	fs.setPos(s.Pos())
	depth := fs.depth
	if _, ok := s.(*ast.LabeledStmt); !ok {
		switch s.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.SelectStmt:
		default:
			fs.pendingLabel = ""
		}
	}
	switch s := s.(type) {
	case *ast.BlockStmt:
		fs.stmtList(s.List)
	case *ast.EmptyStmt, *ast.BadStmt:
	case *ast.ExprStmt:
		fs.exprStmt(s.X)
	case *ast.AssignStmt:
		fs.assign(s)
	case *ast.IncDecStmt:
		fs.incDec(s)
	case *ast.DeclStmt:
		fs.declStmt(s)
	case *ast.GoStmt:
		fs.goDefer(s.Call, true)
	case *ast.DeferStmt:
		fs.goDefer(s.Call, false)
	case *ast.ReturnStmt:
		fs.returnStmt(s)
	case *ast.IfStmt:
		fs.ifStmt(s)
	case *ast.ForStmt:
		fs.forStmt(s)
	case *ast.RangeStmt:
		fs.rangeStmt(s)
	case *ast.SwitchStmt:
		fs.switchStmt(s)
	case *ast.SelectStmt:
		fs.selectStmt(s)
	case *ast.BranchStmt:
		fs.branch(s)
	case *ast.LabeledStmt:
		fs.bindGoto(s.Label.Name)
		fs.pendingLabel = s.Label.Name
		fs.stmt(s.Stmt)
	case *ast.SendStmt:
		fs.expr(s.Chan)
		if ch, ok := c.info.TypeOf(s.Chan).Underlying().(*types.Chan); ok {
			fs.exprTo(s.Value, ch.Elem())
		} else {
			fs.expr(s.Value)
		}
		fs.setPos(s.Arrow)
		fs.emitOp(vm.OpSend, 0, 0, 2, 0)
	case *ast.TypeSwitchStmt:
		fs.typeSwitch(s)
	default:
		c.unsupported(s.Pos(), "this statement", supStmts)
	}
	if fs.reachable && fs.depth != depth {
		fs.internal("operand stack not balanced after a statement")
	}
}

func (fs *fnState) exprStmt(e ast.Expr) {
	switch x := unparen(e).(type) {
	case *ast.CallExpr:
		fs.popN(fs.callExpr(x, 0))
		return
	}
	fs.popN(fs.exprN(e))
}

// lhsVar resolves the target of an assignment: the variable (nil for _),
// whether the statement declares it, and whether it is supported.
func (fs *fnState) lhsVar(e ast.Expr, define bool) (v *types.Var, isNew, ok bool) {
	c := fs.c
	id, isID := unparen(e).(*ast.Ident)
	if !isID {
		c.unsupported(e.Pos(), "assigning to "+types.ExprString(e), "gmplab supports: assigning to variables")
		return nil, false, false
	}
	if id.Name == "_" {
		return nil, false, true
	}
	if define {
		if obj, ok := c.info.Defs[id].(*types.Var); ok {
			if k, why := c.kindOf(obj.Type()); k == kBad {
				c.badType(id.Pos(), why)
				return nil, false, false
			}
			return obj, true, true
		}
	}
	obj, _ := c.info.Uses[id].(*types.Var)
	if obj == nil {
		return nil, false, false
	}
	if k, _ := c.kindOf(obj.Type()); k == kSync {
		c.unsupported(id.Pos(), "assigning to a "+types.TypeString(obj.Type(), c.qualifier), "declare a new variable instead")
	}
	return obj, false, true
}

// assignTop pops the top of the stack into the target e.
func (fs *fnState) assignTop(e ast.Expr, define bool) {
	if !define && fs.storeTo(e) {
		return
	}
	v, isNew, ok := fs.lhsVar(e, define)
	switch {
	case !ok || v == nil:
		fs.emit(vm.OpPop, 0, 0, 1, 0)
	case isNew:
		fs.define(v)
	default:
		fs.store(v)
	}
}

func (fs *fnState) assign(s *ast.AssignStmt) {
	c := fs.c
	switch s.Tok {
	case token.DEFINE, token.ASSIGN:
		define := s.Tok == token.DEFINE
		if define {
			// Report a variable of an unsupported type at its name.
			for _, l := range s.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
					if v, ok := c.info.Defs[id].(*types.Var); ok {
						c.checkVarType(id.Pos(), v.Type())
					}
				}
			}
		}
		if len(s.Lhs) == len(s.Rhs) {
			for i, r := range s.Rhs {
				fs.exprTo(r, c.info.TypeOf(s.Lhs[i]))
			}
		} else if len(s.Rhs) == 1 {
			if !fs.multiValue(s.Rhs[0], len(s.Lhs)) {
				return
			}
		} else {
			return
		}
		for i := len(s.Lhs) - 1; i >= 0; i-- {
			fs.assignTop(s.Lhs[i], define)
		}
	default:
		op, ok := assignOps[s.Tok]
		if !ok || len(s.Lhs) != 1 || len(s.Rhs) != 1 {
			c.unsupported(s.Pos(), "the assignment operator "+s.Tok.String(), supExprs)
			return
		}
		if c.isElem(s.Lhs[0]) {
			// x.f op= y, s[i] op= y: x, s and i are evaluated for the load and
			// again for the store, but once if they have effects
			// (assign_once.go).
			defer fs.evalOnce(s.Lhs[0])()
			bin := &ast.BinaryExpr{X: s.Lhs[0], OpPos: s.TokPos, Op: op, Y: s.Rhs[0]}
			c.info.Types[bin] = types.TypeAndValue{Type: c.info.TypeOf(s.Lhs[0])}
			fs.binary(bin, c.info.TypeOf(s.Lhs[0]))
			fs.storeTo(s.Lhs[0])
			return
		}
		v, _, vok := fs.lhsVar(s.Lhs[0], false)
		if !vok || v == nil {
			return
		}
		// x op= y is x = x op y, with x evaluated once (it is a variable).
		bin := &ast.BinaryExpr{X: s.Lhs[0], OpPos: s.TokPos, Op: op, Y: s.Rhs[0]}
		c.info.Types[bin] = types.TypeAndValue{Type: c.info.TypeOf(s.Lhs[0])}
		fs.binary(bin, v.Type())
		fs.store(v)
	}
}

// multiValue pushes the n values of e, a multi-value call or the comma-ok
// receive v, ok := <-ch, and reports whether it could.
func (fs *fnState) multiValue(e ast.Expr, n int) bool {
	r := unparen(e)
	if u, ok := r.(*ast.UnaryExpr); ok && u.Op == token.ARROW && n == 2 {
		fs.expr(u.X)
		fs.setPos(u.OpPos)
		fs.emitOp(vm.OpRecv, 1, 0, 1, 2)
		return true
	}
	if ta, ok := r.(*ast.TypeAssertExpr); ok && n == 2 {
		fs.typeAssert(ta, vm.AssertOK)
		return true
	}
	if ix, ok := fs.c.isMapIndex(r); ok && n == 2 {
		fs.mapIndex(ix, true)
		return true
	}
	if _, ok := r.(*ast.CallExpr); ok {
		if got := fs.exprN(r); got != n {
			fs.popN(got)
			return false
		}
		return true
	}
	fs.c.unsupported(r.Pos(), "this comma-ok form", "gmplab supports: v, ok := <-ch, v, ok := m[k]")
	return false
}

var assignOps = map[token.Token]token.Token{
	token.ADD_ASSIGN: token.ADD, token.SUB_ASSIGN: token.SUB, token.MUL_ASSIGN: token.MUL,
	token.QUO_ASSIGN: token.QUO, token.REM_ASSIGN: token.REM, token.AND_ASSIGN: token.AND,
	token.OR_ASSIGN: token.OR, token.XOR_ASSIGN: token.XOR, token.SHL_ASSIGN: token.SHL,
	token.SHR_ASSIGN: token.SHR, token.AND_NOT_ASSIGN: token.AND_NOT,
}

func (fs *fnState) incDec(s *ast.IncDecStmt) {
	if fs.c.isElem(s.X) {
		k, _ := fs.c.kindOf(fs.c.info.TypeOf(s.X))
		if k != kInt && k != kFloat {
			fs.c.unsupported(s.Pos(), s.Tok.String()+" on "+typeString(fs.c, s.X), supExprs)
			return
		}
		defer fs.evalOnce(s.X)()
		fs.expr(s.X)
		if k == kFloat {
			fs.setPos(s.TokPos)
			fs.floatIncDec(s.Tok, fs.c.info.TypeOf(s.X))
			fs.storeTo(s.X)
			return
		}
		fs.pushInt(1)
		fs.setPos(s.TokPos)
		if s.Tok == token.INC {
			fs.emit(vm.OpAdd, 0, 0, 2, 1)
		} else {
			fs.emit(vm.OpSub, 0, 0, 2, 1)
		}
		fs.truncate(fs.c.info.TypeOf(s.X))
		fs.storeTo(s.X)
		return
	}
	v, _, ok := fs.lhsVar(s.X, false)
	if !ok || v == nil {
		return
	}
	k, _ := fs.c.kindOf(v.Type())
	if k != kInt && k != kFloat {
		fs.c.unsupported(s.Pos(), s.Tok.String()+" on "+types.TypeString(v.Type(), fs.c.qualifier), supExprs)
		return
	}
	fs.load(v)
	if k == kFloat {
		fs.setPos(s.TokPos)
		fs.floatIncDec(s.Tok, v.Type())
		fs.store(v)
		return
	}
	fs.pushInt(1)
	fs.setPos(s.TokPos)
	if s.Tok == token.INC {
		fs.emit(vm.OpAdd, 0, 0, 2, 1)
	} else {
		fs.emit(vm.OpSub, 0, 0, 2, 1)
	}
	fs.truncate(v.Type())
	fs.store(v)
}

func (fs *fnState) declStmt(s *ast.DeclStmt) {
	c := fs.c
	g, ok := s.Decl.(*ast.GenDecl)
	if !ok {
		return
	}
	switch g.Tok {
	case token.CONST:
		// Constants are folded where they are used.
	case token.TYPE:
		c.typeDecl(g)
	case token.VAR:
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			fs.setPos(vs.Pos())
			for _, n := range vs.Names {
				if v, ok := c.info.Defs[n].(*types.Var); ok && n.Name != "_" {
					c.checkVarType(n.Pos(), v.Type())
				}
			}
			switch {
			case len(vs.Values) == len(vs.Names):
				for i, e := range vs.Values {
					if v, ok := c.info.Defs[vs.Names[i]].(*types.Var); ok {
						fs.exprTo(e, v.Type())
					} else {
						fs.expr(e)
					}
				}
			case len(vs.Values) == 1:
				if !fs.multiValue(vs.Values[0], len(vs.Names)) {
					continue
				}
			case len(vs.Values) == 0:
				for _, n := range vs.Names {
					v, _ := c.info.Defs[n].(*types.Var)
					if v == nil {
						fs.pushInt(0)
						continue
					}
					k, why := c.kindOf(v.Type())
					if k == kBad {
						c.badType(n.Pos(), why)
					}
					fs.setPos(n.Pos())
					fs.zeroValue(v.Type())
				}
			default:
				continue
			}
			for i := len(vs.Names) - 1; i >= 0; i-- {
				fs.assignTop(vs.Names[i], true)
			}
		}
	}
}

func (fs *fnState) returnStmt(s *ast.ReturnStmt) {
	if fs.rf != nil { // in a range-over-func body
		fs.rfReturn(s)
		return
	}
	n := 0
	if len(s.Results) == 1 && fs.nresults > 1 {
		n = fs.exprN(s.Results[0])
	} else {
		for i, r := range s.Results {
			if fs.sig != nil && i < fs.sig.Results().Len() {
				fs.exprTo(r, fs.sig.Results().At(i).Type())
			} else {
				fs.expr(r)
			}
			n++
		}
	}
	fs.setPos(s.Pos())
	if len(fs.namedResults) > 0 && fs.hasDefer {
		// Deferred calls may change the named results: store them, run
		// the deferred calls, then read them.
		if n == len(fs.namedResults) {
			for i := n - 1; i >= 0; i-- {
				fs.storeResult(fs.namedResults[i])
			}
		} else {
			fs.popN(n)
		}
		fs.emit(vm.OpRunDefers, 0, 0, 0, 0)
		for _, v := range fs.namedResults {
			fs.loadResult(v)
		}
		n = len(fs.namedResults)
	} else if len(s.Results) == 0 {
		for _, v := range fs.namedResults {
			fs.loadResult(v)
		}
		n = len(fs.namedResults)
	}
	if n != fs.nresults {
		fs.popN(n)
		for range fs.nresults {
			fs.pushInt(0)
		}
		n = fs.nresults
	}
	fs.emit(vm.OpReturn, 0, 0, n, 0)
}

// loadResult and storeResult access a named result (blank ones too).
func (fs *fnState) loadResult(v *types.Var) {
	s := fs.locals[v]
	if fs.c.captured[v] {
		fs.emit(vm.OpLoadBox, s, 0, 0, 1)
	} else {
		fs.emit(vm.OpLoad, s, 0, 0, 1)
	}
}

func (fs *fnState) storeResult(v *types.Var) {
	s := fs.locals[v]
	if fs.c.captured[v] {
		fs.emit(vm.OpStoreBox, s, 0, 1, 0)
	} else {
		fs.emit(vm.OpStore, s, 0, 1, 0)
	}
}

func (fs *fnState) cond(e ast.Expr, ifFalse *label) {
	fs.expr(e)
	fs.jump(vm.OpJumpIfNot, ifFalse)
}

func (fs *fnState) ifStmt(s *ast.IfStmt) {
	if s.Init != nil {
		fs.stmt(s.Init)
	}
	fs.setPos(s.Cond.Pos())
	els, end := fs.newLabel(), fs.newLabel()
	fs.cond(s.Cond, els)
	fs.stmt(s.Body)
	if s.Else != nil {
		fs.jump(vm.OpJump, end)
		fs.bind(els)
		fs.stmt(s.Else)
		fs.bind(end)
	} else {
		fs.bind(els)
	}
}

// definedVars lists the variables a := statement declares.
func (c *compiler) definedVars(s ast.Stmt) []*types.Var {
	a, ok := s.(*ast.AssignStmt)
	if !ok || a.Tok != token.DEFINE {
		return nil
	}
	var vs []*types.Var
	for _, l := range a.Lhs {
		if id, ok := l.(*ast.Ident); ok {
			if v, ok := c.info.Defs[id].(*types.Var); ok {
				vs = append(vs, v)
			}
		}
	}
	return vs
}

func (fs *fnState) forStmt(s *ast.ForStmt) {
	name := fs.takeLabel()
	if s.Init != nil {
		fs.stmt(s.Init)
	}
	head, post, end := fs.newLabel(), fs.newLabel(), fs.newLabel()
	fs.bind(head)
	if s.Cond != nil {
		fs.setPos(s.Cond.Pos())
		fs.cond(s.Cond, end)
	}
	fs.targets = append(fs.targets, &target{name: name, brk: end, cont: post})
	fs.stmt(s.Body)
	fs.targets = fs.targets[:len(fs.targets)-1]
	fs.bind(post)
	if s.Post != nil {
		fs.setPos(s.Post.Pos())
	}
	// Go 1.22: each iteration has its own loop variables. A captured one
	// gets a fresh box, initialised from the previous iteration's (a copy
	// of a struct or an array), before the post statement.
	for _, v := range fs.c.definedVars(s.Init) {
		if fs.c.captured[v] {
			s := fs.locals[v]
			fs.emit(vm.OpLoadBox, s, 0, 0, 1)
			if fs.c.isStructKind(v.Type()) {
				fs.emit(vm.OpObjCopy, fs.c.layout(v.Type()), 0, 1, 1)
			}
			fs.emitOp(vm.OpNewBox, s, 0, 1, 0)
		}
	}
	if s.Post != nil {
		fs.stmt(s.Post)
	}
	fs.setPos(s.For)
	fs.jump(vm.OpJump, head)
	fs.bind(end)
}

func (fs *fnState) rangeStmt(s *ast.RangeStmt) {
	c := fs.c
	name := fs.takeLabel()
	if fs.rangeFunc(s, name) {
		return
	}
	xt := c.info.TypeOf(s.X)
	k, _ := c.kindOf(xt)
	define := s.Tok == token.DEFINE
	switch {
	case k == kInt && xt != nil:
		if s.Value != nil {
			c.unsupported(s.Value.Pos(), "a second range variable over an int", supStmts)
			return
		}
		hn, hi := fs.newSlot(8), fs.newSlot(8)
		fs.expr(s.X)
		fs.countLoop(hn, hi, s.For, nil, func(post, end *label) {
			if s.Key != nil {
				fs.emit(vm.OpLoad, hi, 0, 0, 1)
				fs.assignTop(s.Key, define)
			}
			fs.targets = append(fs.targets, &target{name: name, brk: end, cont: post})
			fs.stmt(s.Body)
			fs.targets = fs.targets[:len(fs.targets)-1]
		})
	case k == kSlice:
		fs.rangeSlice(s, name)
	case arrayOf(xt) != nil:
		fs.rangeArray(s, name)
	case k == kString:
		fs.rangeString(s, name)
	case k == kMap:
		fs.rangeMap(s, name)
	case k == kChan:
		if s.Value != nil {
			c.unsupported(s.Value.Pos(), "a second range variable over a channel", supStmts)
			return
		}
		hc := fs.newSlot(8)
		fs.expr(s.X)
		fs.emit(vm.OpStore, hc, 0, 1, 0)
		head, done, end := fs.newLabel(), fs.newLabel(), fs.newLabel()
		fs.bind(head)
		fs.setPos(s.For)
		fs.emit(vm.OpLoad, hc, 0, 0, 1)
		fs.emitOp(vm.OpRecv, 1, 0, 1, 2)
		fs.jump(vm.OpJumpIfNot, done)
		if s.Key != nil {
			fs.assignTop(s.Key, define)
		} else {
			fs.emit(vm.OpPop, 0, 0, 1, 0)
		}
		fs.targets = append(fs.targets, &target{name: name, brk: end, cont: head})
		fs.stmt(s.Body)
		fs.targets = fs.targets[:len(fs.targets)-1]
		fs.setPos(s.For)
		fs.jump(vm.OpJump, head)
		fs.bind(done)
		fs.emit(vm.OpPop, 0, 0, 1, 0)
		fs.bind(end)
	default:
		if xt != nil && c.lenient && isFuncType(xt) {
			return // not an iterator: go/types has said why
		}
		what := "range over " + typeString(c, s.X)
		switch {
		case xt == nil:
			what = "this range"
		case k == kString:
			what = "range over a string"
		}
		c.unsupported(s.X.Pos(), what, "gmplab supports: range over an int, a string, a slice, a map, a channel or a function")
	}
}

func (fs *fnState) switchStmt(s *ast.SwitchStmt) {
	c := fs.c
	name := fs.takeLabel()
	if s.Init != nil {
		fs.stmt(s.Init)
	}
	tag := int32(-1)
	eq, eqA := vm.OpEq, int32(0)
	var tagType types.Type
	if s.Tag != nil {
		t := c.info.TypeOf(s.Tag)
		tagType = t
		switch k, _ := c.kindOf(t); {
		case k == kString:
			eq = vm.OpSEq
		case k == kFloat:
			eq, eqA = vm.OpFloat, vm.FEq // NaN matches no case, -0 matches 0
		case c.isStructKind(t):
			eq, eqA = vm.OpObjEq, c.layout(t) // a struct or an array, compared by value
		case k == kIface:
			eq = vm.OpIfaceEq // iface.go: cases are converted to the tag's type
		}
		fs.expr(s.Tag)
		tag = fs.newSlot(c.slotSize(t))
		fs.emit(vm.OpStore, tag, 0, 1, 0)
	}
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
			if tag >= 0 {
				fs.emit(vm.OpLoad, tag, 0, 0, 1)
				fs.exprTo(e, tagType)
				fs.emit(eq, eqA, 0, 2, 1)
			} else {
				fs.expr(e)
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
		body := cc.Body
		fall := false
		if n := len(body); n > 0 {
			if b, ok := body[n-1].(*ast.BranchStmt); ok && b.Tok == token.FALLTHROUGH {
				body = body[:n-1]
				fall = true
			}
		}
		fs.stmtList(body)
		if fall && i+1 < len(clauses) {
			fs.jump(vm.OpJump, bodies[i+1])
		} else {
			fs.jump(vm.OpJump, end)
		}
	}
	fs.targets = fs.targets[:len(fs.targets)-1]
	fs.bind(end)
}

func (fs *fnState) selectStmt(s *ast.SelectStmt) {
	c := fs.c
	name := fs.takeLabel()
	var info vm.SelectInfo
	var clauses []*ast.CommClause
	nops := 0
	for _, st := range s.Body.List {
		cc, ok := st.(*ast.CommClause)
		if !ok {
			continue
		}
		clauses = append(clauses, cc)
		switch comm := cc.Comm.(type) {
		case nil:
			info.HasDefault = true
		case *ast.SendStmt:
			fs.expr(comm.Chan)
			fs.expr(comm.Value)
			info.Cases = append(info.Cases, vm.SelectCase{Send: true})
			nops += 2
		default:
			if x := recvOperand(comm); x != nil {
				fs.expr(x)
			} else {
				c.unsupported(comm.Pos(), "this select case", "gmplab supports: case ch <- v, case <-ch, case v := <-ch, case v, ok := <-ch")
				fs.pushInt(0)
			}
			info.Cases = append(info.Cases, vm.SelectCase{})
			nops++
		}
	}
	idx := int32(len(c.prog.Selects))
	c.prog.Selects = append(c.prog.Selects, info)
	fs.setPos(s.Select)
	fs.emitOp(vm.OpSelect, idx, 0, nops, 3)
	ti, tv, tok := fs.newSlot(8), fs.newSlot(16), fs.newSlot(8)
	fs.emit(vm.OpStore, tok, 0, 1, 0)
	fs.emit(vm.OpStore, tv, 0, 1, 0)
	fs.emit(vm.OpStore, ti, 0, 1, 0)
	end := fs.newLabel()
	bodies := make([]*label, len(clauses))
	var dflt *label
	ci := 0
	for i, cc := range clauses {
		bodies[i] = fs.newLabel()
		if cc.Comm == nil {
			dflt = bodies[i]
			continue
		}
		fs.emit(vm.OpLoad, ti, 0, 0, 1)
		fs.pushInt(int64(ci))
		fs.emit(vm.OpEq, 0, 0, 2, 1)
		fs.jump(vm.OpJumpIf, bodies[i])
		ci++
	}
	if dflt != nil {
		fs.jump(vm.OpJump, dflt)
	} else {
		fs.jump(vm.OpJump, end)
	}
	fs.targets = append(fs.targets, &target{name: name, brk: end})
	for i, cc := range clauses {
		fs.bind(bodies[i])
		if a, ok := cc.Comm.(*ast.AssignStmt); ok {
			define := a.Tok == token.DEFINE
			fs.setPos(a.Pos())
			if len(a.Lhs) >= 1 {
				fs.emit(vm.OpLoad, tv, 0, 0, 1)
				fs.assignTop(a.Lhs[0], define)
			}
			if len(a.Lhs) >= 2 {
				fs.emit(vm.OpLoad, tok, 0, 0, 1)
				fs.assignTop(a.Lhs[1], define)
			}
		}
		fs.stmtList(cc.Body)
		fs.jump(vm.OpJump, end)
	}
	fs.targets = fs.targets[:len(fs.targets)-1]
	fs.bind(end)
}

// recvOperand returns ch for the select cases <-ch, v := <-ch and
// v, ok = <-ch.
func recvOperand(s ast.Stmt) ast.Expr {
	var e ast.Expr
	switch s := s.(type) {
	case *ast.ExprStmt:
		e = s.X
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 {
			e = s.Rhs[0]
		}
	}
	if u, ok := unparen(e).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
		return u.X
	}
	return nil
}

func (fs *fnState) branch(s *ast.BranchStmt) {
	c := fs.c
	switch s.Tok {
	case token.GOTO:
		fs.gotoStmt(s)
		return
	case token.FALLTHROUGH:
		// Handled by switchStmt as the last statement of a clause.
		c.unsupported(s.Pos(), "fallthrough here", "gmplab supports fallthrough as the last statement of a case")
		return
	}
	for i := len(fs.targets) - 1; i >= 0; i-- {
		t := fs.targets[i]
		if s.Label != nil && t.name != s.Label.Name {
			continue
		}
		if s.Tok == token.BREAK {
			fs.jump(vm.OpJump, t.brk)
			return
		}
		if t.cont != nil {
			fs.jump(vm.OpJump, t.cont)
			return
		}
		if s.Label != nil {
			break
		}
	}
	if fs.rf != nil && fs.rfBranch(s) { // out of a range-over-func body
		return
	}
	if !c.lenient { // else go/types has said why
		c.unsupported(s.Pos(), s.Tok.String()+" here", supStmts)
	}
}
