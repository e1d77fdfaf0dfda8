package inline

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// The hairy visitor (inl.go: hairyVisitor.doNode) on the syntax tree. The
// compiler charges one per IR node of the body; each case below says which
// nodes the compiler's IR has for a construct, so that the count is the
// compiler's. What the visitor charges beyond one per node is the
// compiler's too: a call's extra cost, panic's, a closure's 15, and the
// refunds (OCONVNOP, &s.f at offset 0, *&x, superfluous slicing, method
// expressions).

type hairy struct {
	p      *Package
	fn     *Func
	big    bool
	cost   int32
	nodes  int32 // IR nodes, for IsBigFunc
	reason string
}

var amd64 = types.SizesFor("gc", "amd64")

// canInline is CanInline: it walks f's body and decides.
func (p *Package) canInline(f *Func) {
	if f.checked {
		return
	}
	f.checked = true
	budget := int32(inlineMaxBudget)
	if f.IsClosure() {
		budget = max(budget, inlineClosureCalledOnceCost)
	}
	big := &hairy{p: p, fn: f}
	if f.Range != nil {
		big.add(rangeBodyOverhead)
	}
	big.stmts(f.Body.List)
	f.Big = big.nodes > inlineBigFunctionNodes
	v := &hairy{p: p, fn: f, big: f.Big}
	if f.noinline {
		f.Reason = "marked go:noinline"
		v.cost = big.cost
		f.Cost = v.cost
		return
	}
	if f.Range != nil {
		v.add(rangeBodyOverhead)
	}
	v.stmts(f.Body.List)
	f.Cost = v.cost
	switch {
	case v.reason != "":
		f.Reason = v.reason
	case v.cost > budget:
		f.Reason = "function too complex: cost " + itoa(int(v.cost)) + " exceeds budget " + itoa(int(budget))
	default:
		f.Inlinable = true
	}
}

func (v *hairy) add(n int32) {
	v.cost += n
	if n > 0 {
		v.nodes += n
	}
}

func (v *hairy) fail(reason string) {
	if v.reason == "" {
		v.reason = reason
	}
}

func (v *hairy) typeOf(e ast.Expr) types.Type { return v.p.cfg.Info.TypeOf(e) }

// ---- statements --------------------------------------------------------------

func (v *hairy) stmts(list []ast.Stmt) {
	for _, s := range list {
		v.stmt(s)
	}
}

func (v *hairy) stmt(s ast.Stmt) {
	info := v.p.cfg.Info
	switch s := s.(type) {
	case nil, *ast.EmptyStmt:
	case *ast.ExprStmt:
		v.expr(s.X)
	case *ast.AssignStmt:
		v.assign(s)
	case *ast.IncDecStmt: // OASOP x 1
		v.add(2)
		v.expr(s.X)
	case *ast.DeclStmt:
		g, ok := s.Decl.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			return // const and type declarations make no code
		}
		for _, sp := range g.Specs {
			vs := sp.(*ast.ValueSpec)
			switch {
			case len(vs.Values) == 0: // ODCL x; OAS x (zero)
				for range vs.Names {
					v.add(4)
				}
			case len(vs.Values) == len(vs.Names): // ODCL x; OAS x e
				for i, n := range vs.Names {
					v.add(3)
					if n.Name != "_" {
						v.add(1)
					}
					v.exprTo(vs.Values[i], v.typeOf(n))
				}
			default: // ODCL each; OAS2FUNC names call
				for _, n := range vs.Names {
					if n.Name != "_" {
						v.add(2)
					}
				}
				v.add(1 + int32(len(vs.Names)))
				v.expr(vs.Values[0])
			}
		}
	case *ast.ReturnStmt: // ORETURN results
		v.add(1)
		v.results(s.Results)
	case *ast.IfStmt:
		if s.Init != nil {
			v.stmt(s.Init)
		}
		if tv := info.Types[s.Cond]; tv.Value != nil && tv.Value.Kind() == constant.Bool {
			// A constant condition: the if and the condition cost
			// nothing, only the branch taken counts.
			if constant.BoolVal(tv.Value) {
				v.stmts(s.Body.List)
			} else if s.Else != nil {
				v.stmt(s.Else)
			}
			return
		}
		v.add(1)
		v.expr(s.Cond)
		v.stmts(s.Body.List)
		if s.Else != nil {
			v.stmt(s.Else)
		}
	case *ast.ForStmt:
		if s.Init != nil {
			v.stmt(s.Init)
		}
		v.add(1)
		if s.Cond != nil {
			v.expr(s.Cond)
		}
		if s.Post != nil {
			v.stmt(s.Post)
		}
		v.stmts(s.Body.List)
	case *ast.RangeStmt:
		v.rangeStmt(s)
	case *ast.SwitchStmt:
		if s.Init != nil {
			v.stmt(s.Init)
		}
		v.add(1)
		var tagT types.Type
		if s.Tag != nil {
			v.expr(s.Tag)
			tagT = v.typeOf(s.Tag)
		}
		for _, c := range s.Body.List {
			cc := c.(*ast.CaseClause)
			v.add(1) // OCASE
			for _, e := range cc.List {
				if tagT != nil {
					v.exprTo(e, tagT)
				} else {
					v.expr(e)
				}
			}
			v.stmts(cc.Body)
		}
	case *ast.TypeSwitchStmt:
		if s.Init != nil {
			v.stmt(s.Init)
		}
		v.add(2) // OSWITCH, OTYPESW
		bound := false
		var x ast.Expr
		switch a := s.Assign.(type) {
		case *ast.AssignStmt: // v := x.(type)
			bound = true
			v.add(1)
			x = a.Rhs[0].(*ast.TypeAssertExpr).X
		case *ast.ExprStmt:
			x = a.X.(*ast.TypeAssertExpr).X
		}
		v.expr(x)
		for _, c := range s.Body.List {
			cc := c.(*ast.CaseClause)
			v.add(1)
			if bound {
				v.add(1) // the clause's variable
			}
			for _, e := range cc.List {
				if info.Types[e].IsNil() {
					v.add(1)
				}
			}
			v.stmts(cc.Body)
		}
	case *ast.SelectStmt:
		v.add(1)
		for _, c := range s.Body.List {
			cc := c.(*ast.CommClause)
			v.add(1)
			v.comm(cc.Comm)
			v.stmts(cc.Body)
		}
	case *ast.LabeledStmt: // OLABEL
		v.add(1)
		v.stmt(s.Stmt)
	case *ast.BranchStmt:
		if s.Tok != token.FALLTHROUGH { // OFALL costs nothing
			v.add(1)
		}
	case *ast.BlockStmt: // OBLOCK costs nothing
		v.stmts(s.List)
	case *ast.SendStmt: // OSEND
		v.add(1)
		v.expr(s.Chan)
		if ch, ok := v.typeOf(s.Chan).Underlying().(*types.Chan); ok {
			v.exprTo(s.Value, ch.Elem())
		} else {
			v.expr(s.Value)
		}
	case *ast.GoStmt:
		v.fail("unhandled op GO")
		v.expr(s.Call)
	case *ast.DeferStmt:
		v.fail("unhandled op DEFER")
		v.expr(s.Call)
	}
}

// assign counts an assignment: OAS, OAS2, OAS2FUNC (and the other
// two-result forms), OASOP, with an ODCL (2) for each variable := declares.
func (v *hairy) assign(s *ast.AssignStmt) {
	info := v.p.cfg.Info
	if s.Tok != token.DEFINE && s.Tok != token.ASSIGN { // x op= y
		v.add(1)
		v.expr(s.Lhs[0])
		v.expr(s.Rhs[0])
		return
	}
	if s.Tok == token.DEFINE {
		for _, l := range s.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" && info.Defs[id] != nil {
				v.add(2)
			}
		}
	}
	v.add(1)
	for _, l := range s.Lhs {
		v.expr(l)
	}
	if len(s.Lhs) == len(s.Rhs) {
		for i, r := range s.Rhs {
			v.exprTo(r, v.typeOf(s.Lhs[i]))
		}
		return
	}
	v.expr(s.Rhs[0])
}

// results counts a return's results, converted to the result types.
func (v *hairy) results(rs []ast.Expr) {
	var sig *types.Signature
	if v.fn.Obj != nil {
		sig = v.fn.Obj.Type().(*types.Signature)
	} else if v.fn.Lit != nil {
		sig, _ = v.typeOf(v.fn.Lit).(*types.Signature)
	}
	for i, r := range rs {
		if sig != nil && len(rs) == sig.Results().Len() {
			v.exprTo(r, sig.Results().At(i).Type())
		} else {
			v.expr(r)
		}
	}
}

// rangeStmt counts a range loop: ORANGE X key value body, and an ODCL for
// each variable it declares. A range over a function is rewritten by the
// compiler into a call of the function with the body as a closure
// (rangefunc/rewrite.go) and state checks around it.
func (v *hairy) rangeStmt(s *ast.RangeStmt) {
	info := v.p.cfg.Info
	if _, ok := v.typeOf(s.X).Underlying().(*types.Signature); ok {
		v.add(rangeFuncOverhead)
		v.callValue(s.X)
		if v.fn.Range == nil && hasDeferInRange(s.Body) {
			// The rewrite defers through runtime.deferrangefunc, in the
			// function the loop is in.
			v.fail("defer call in range func")
		}
		return
	}
	v.add(1)
	if s.Value != nil {
		v.add(v.arrayPtr(s.X)) // only the elements need the array itself
	}
	v.expr(s.X)
	for _, e := range []ast.Expr{s.Key, s.Value} {
		if e == nil {
			continue
		}
		v.expr(e)
		if id, ok := e.(*ast.Ident); ok && s.Tok == token.DEFINE && id.Name != "_" && info.Defs[id] != nil {
			v.add(2)
		}
	}
	v.stmts(s.Body.List)
}

// What the rewrite of a range over a function (rangefunc/rewrite.go)
// adds: around the call, the state variable, the closure (1+15) and the
// checks after the call; in the body closure, the state checks and
// updates and its return true.
const (
	rangeFuncOverhead = 36
	rangeBodyOverhead = 20
)

// hasDeferInRange reports whether a range body defers a call (not in a
// function literal of its own).
func hasDeferInRange(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			found = true
		}
		return !found
	})
	return found
}

// callValue counts a call of the func value e with a closure argument (a
// range over a function).
func (v *hairy) callValue(e ast.Expr) {
	v.add(1)
	if call, ok := unparen(e).(*ast.CallExpr); ok {
		v.expr(call)
		v.cost += inlineExtraCallCost
		return
	}
	v.expr(e)
	ci := callInfo{kind: callOther}
	if id, ok := unparen(e).(*ast.Ident); ok {
		if o, ok := v.p.cfg.Info.Uses[id].(*types.Var); ok {
			ci = v.p.staticVar(o)
		} else if o, ok := v.p.cfg.Info.Uses[id].(*types.Func); ok {
			ci = callInfo{kind: callStatic, obj: o.Origin()}
		}
	}
	v.cost += v.calleeCost(ci)
}

// comm counts a select case's communication: a send (OSEND), or a
// receive, which the compiler makes an OSELRECV2 of two results (blank
// when not assigned) whether or not it has an ok, plus temporaries and a
// second assignment when it has one.
func (v *hairy) comm(s ast.Stmt) {
	info := v.p.cfg.Info
	switch s := s.(type) {
	case nil: // default
	case *ast.SendStmt:
		v.stmt(s)
	case *ast.ExprStmt: // <-c
		v.add(3)
		v.expr(s.X)
	case *ast.AssignStmt:
		v.add(3)
		if s.Tok == token.DEFINE {
			for _, l := range s.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name != "_" && info.Defs[id] != nil {
					v.add(2)
				}
			}
		}
		if len(s.Lhs) == 2 {
			v.add(9)
		}
		v.expr(s.Rhs[0])
	}
}

// ---- expressions ---------------------------------------------------------------

// exprTo counts e assigned to a variable of type t: e, and the implicit
// conversion (OCONVIFACE) when t is an interface e is not.
func (v *hairy) exprTo(e ast.Expr, t types.Type) {
	v.expr(e)
	v.add(v.convCost(v.p.cfg.Info.Types[e], t))
}

// convCost is what an implicit conversion of a value tv to type t adds:
// 1 for OCONVIFACE; 0 for none or an OCONVNOP.
func (v *hairy) convCost(tv types.TypeAndValue, t types.Type) int32 {
	if t == nil || tv.Type == nil || tv.IsNil() || !isInterface(t) {
		return 0
	}
	if isInterface(tv.Type) {
		if types.Identical(tv.Type, t) || isEmptyIface(tv.Type) && isEmptyIface(t) {
			return 0
		}
	}
	return 1
}

func isInterface(t types.Type) bool {
	if _, ok := t.(*types.TypeParam); ok {
		return false
	}
	return types.IsInterface(t)
}

func isEmptyIface(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	return ok && it.Empty()
}

func (v *hairy) expr(e ast.Expr) {
	info := v.p.cfg.Info
	tv := info.Types[e]
	switch {
	case tv.Value != nil: // OLITERAL, folded
		v.add(1)
		return
	case tv.IsType(): // OTYPE
		return
	case tv.IsNil(): // ONIL
		v.add(1)
		return
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		v.expr(e.X)
	case *ast.Ident: // ONAME
		v.add(1)
	case *ast.BasicLit:
		v.add(1)
	case *ast.SelectorExpr:
		v.selector(e)
	case *ast.IndexExpr:
		if _, ok := info.Instances[lastIdent(e.X)]; ok { // f[T] as a value
			v.add(1)
			return
		}
		v.add(1 + v.arrayPtr(e.X))
		v.expr(e.X)
		if m, ok := v.typeOf(e.X).Underlying().(*types.Map); ok {
			v.exprTo(e.Index, m.Key())
		} else {
			v.expr(e.Index)
		}
	case *ast.IndexListExpr:
		v.add(1)
	case *ast.SliceExpr:
		v.add(1 + v.arrayPtr(e.X))
		v.expr(e.X)
		for _, x := range []ast.Expr{e.Low, e.High, e.Max} {
			if x != nil {
				v.expr(x)
			}
		}
		// Superfluous slicing costs nothing: s[0:] and s[:len(s)].
		if e.Low != nil {
			if tv := info.Types[e.Low]; tv.Value != nil && constant.Sign(tv.Value) == 0 {
				v.add(-1)
			}
		}
		if call, ok := unparen(e.High).(*ast.CallExpr); ok && len(call.Args) == 1 && sameVar(info, call.Args[0], e.X) {
			if id, ok := unparen(call.Fun).(*ast.Ident); ok && id.Name == "len" {
				if _, ok := info.Uses[id].(*types.Builtin); ok {
					v.add(-2)
				}
			}
		}
	case *ast.StarExpr: // ODEREF
		v.add(1)
		if u, ok := unparen(e.X).(*ast.UnaryExpr); ok && u.Op == token.AND {
			v.add(-1) // *&x
		}
		v.expr(e.X)
	case *ast.UnaryExpr:
		v.unary(e)
	case *ast.BinaryExpr:
		v.binary(e)
	case *ast.CallExpr:
		v.call(e)
	case *ast.CompositeLit:
		v.compositeLit(e, v.typeOf(e))
	case *ast.FuncLit: // OCLOSURE; its body is its own function
		v.add(1)
		v.cost += closureExprCost
	case *ast.TypeAssertExpr: // ODOTTYPE
		v.add(1)
		v.expr(e.X)
	case *ast.KeyValueExpr:
		v.add(1)
		v.expr(e.Key)
		v.expr(e.Value)
	default:
		v.add(1)
	}
}

// arrayPtr is 1 when x is a pointer to an array, which indexing, slicing
// and ranging dereference implicitly (ODEREF).
func (v *hairy) arrayPtr(x ast.Expr) int32 {
	if p, ok := v.typeOf(x).Underlying().(*types.Pointer); ok {
		if _, ok := p.Elem().Underlying().(*types.Array); ok {
			return 1
		}
	}
	return 0
}

// sameVar reports whether a and b are the same variable (s[:len(s)]).
func sameVar(info *types.Info, a, b ast.Expr) bool {
	ia, ok1 := unparen(a).(*ast.Ident)
	ib, ok2 := unparen(b).(*ast.Ident)
	return ok1 && ok2 && info.Uses[ia] != nil && info.Uses[ia] == info.Uses[ib]
}

func (v *hairy) selector(e *ast.SelectorExpr) {
	info := v.p.cfg.Info
	sel := info.Selections[e]
	if sel == nil { // a qualified identifier: ONAME
		v.add(1)
		return
	}
	switch sel.Kind() {
	case types.FieldVal: // an ODOT or ODOTPTR per field on the path
		v.add(int32(len(sel.Index())))
		v.expr(e.X)
	case types.MethodVal: // OMETHVALUE (1, and 1 more for toolstash) and its receiver
		v.add(2)
		v.receiver(e.X, sel)
	case types.MethodExpr: // OMETHEXPR: refunded
	}
}

// receiver counts a method's receiver: the expression, the fields of an
// embedded path, and the implicit & or * that makes it the receiver type.
func (v *hairy) receiver(x ast.Expr, sel *types.Selection) {
	v.expr(x)
	t := v.typeOf(x)
	idx := sel.Index()
	v.add(int32(len(idx) - 1))
	for _, i := range idx[:len(idx)-1] {
		st, ok := deref(t).Underlying().(*types.Struct)
		if !ok {
			return
		}
		t = st.Field(i).Type()
	}
	m, ok := sel.Obj().(*types.Func)
	if !ok {
		return
	}
	_, isPtr := t.Underlying().(*types.Pointer)
	_, wantPtr := m.Type().(*types.Signature).Recv().Type().(*types.Pointer)
	if isPtr != wantPtr && !types.IsInterface(t) {
		v.add(1) // OADDR or ODEREF
	}
}

func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

func (v *hairy) unary(e *ast.UnaryExpr) {
	info := v.p.cfg.Info
	switch e.Op {
	case token.AND:
		if lit, ok := unparen(e.X).(*ast.CompositeLit); ok { // OPTRLIT
			v.add(1)
			v.compositeLit(lit, v.typeOf(lit))
			return
		}
		v.add(1) // OADDR
		if s, ok := unparen(e.X).(*ast.SelectorExpr); ok {
			if sel := info.Selections[s]; sel != nil && sel.Kind() == types.FieldVal && len(sel.Index()) == 1 {
				if _, isName := unparen(s.X).(*ast.Ident); isName && fieldOffset(deref(v.typeOf(s.X)), sel.Index()[0]) == 0 {
					v.add(-2) // &s.f at offset 0: the OADDR and the ODOT are refunded
				}
			}
		}
		v.expr(e.X)
	default: // ONEG, ONOT, OBITNOT, OPLUS, ORECV
		v.add(1)
		v.expr(e.X)
	}
}

func fieldOffset(t types.Type, i int) int64 {
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return -1
	}
	fields := make([]*types.Var, st.NumFields())
	for k := range fields {
		fields[k] = st.Field(k)
	}
	return amd64.Offsetsof(fields)[i]
}

func (v *hairy) binary(e *ast.BinaryExpr) {
	info := v.p.cfg.Info
	if e.Op == token.ADD && isString(v.typeOf(e)) { // OADDSTR of the flattened operands
		v.add(1)
		var operands func(x ast.Expr)
		operands = func(x ast.Expr) {
			if b, ok := unparen(x).(*ast.BinaryExpr); ok && b.Op == token.ADD && info.Types[b].Value == nil && isString(v.typeOf(b)) {
				operands(b.X)
				operands(b.Y)
				return
			}
			v.expr(x)
		}
		operands(e)
		return
	}
	v.add(1)
	switch e.Op {
	case token.EQL, token.NEQ: // a concrete operand compared with an interface is converted
		tx, ty := info.Types[e.X], info.Types[e.Y]
		v.expr(e.X)
		if isInterface(ty.Type) && !isInterface(tx.Type) && !tx.IsNil() {
			v.add(1)
		}
		v.expr(e.Y)
		if isInterface(tx.Type) && !isInterface(ty.Type) && !ty.IsNil() {
			v.add(1)
		}
	default:
		v.expr(e.X)
		v.expr(e.Y)
	}
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// compositeLit counts a composite literal of type t: OSTRUCTLIT with an
// OSTRUCTKEY per field, OARRAYLIT, OSLICELIT (one more for toolstash),
// OMAPLIT with an OKEY per entry; elements converted to the element type.
func (v *hairy) compositeLit(lit *ast.CompositeLit, t types.Type) {
	if t == nil {
		return
	}
	if pt, ok := t.Underlying().(*types.Pointer); ok { // &T{} elided in a literal of pointers
		v.add(1)
		t = pt.Elem()
	}
	elem := func(e ast.Expr, et types.Type) {
		if cl, ok := e.(*ast.CompositeLit); ok && cl.Type == nil {
			v.compositeLit(cl, et)
			return
		}
		v.exprTo(e, et)
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		v.add(1)
		for i, e := range lit.Elts {
			v.add(1)
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				ft := v.typeOf(kv.Key)
				if id, ok := kv.Key.(*ast.Ident); ok {
					if f, ok := v.p.cfg.Info.Uses[id].(*types.Var); ok {
						ft = f.Type()
					}
				}
				elem(kv.Value, ft)
				continue
			}
			if i < u.NumFields() {
				elem(e, u.Field(i).Type())
			} else {
				v.expr(e)
			}
		}
	case *types.Map:
		v.add(1)
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			v.add(1)
			elem(kv.Key, u.Key())
			elem(kv.Value, u.Elem())
		}
	case *types.Slice, *types.Array:
		var et types.Type
		if s, ok := u.(*types.Slice); ok {
			v.add(2)
			et = s.Elem()
		} else {
			v.add(1)
			et = u.(*types.Array).Elem()
		}
		for _, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				v.add(1)
				v.expr(kv.Key)
				elem(kv.Value, et)
				continue
			}
			elem(e, et)
		}
	default:
		v.add(1)
	}
}
