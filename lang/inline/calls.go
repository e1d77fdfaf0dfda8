package inline

import (
	"go/ast"
	"go/token"
	"go/types"
)

// What a call expression calls, as the inliner sees it (inlCallee with
// ir.StaticValue).

type callKind uint8

const (
	callOther   callKind = iota // a func value the compiler cannot see through
	callBuiltin                 // len, append, panic, …
	callConv                    // a conversion T(x)
	callStatic                  // a declared function, or a method of a concrete type
	callLit                     // a function literal, called where it is written or through a variable that only ever holds it
	callIface                   // a method of an interface
)

type callInfo struct {
	kind       callKind
	builtin    string
	obj        *types.Func  // callStatic (the generic origin)
	lit        *ast.FuncLit // callLit
	recv       ast.Expr     // a method call's receiver
	sel        *types.Selection
	param      bool       // callOther: the func is a parameter (inlineParamCallCost)
	paramVar   *types.Var // callOther: the variable holding the func, if one
	throughVar bool       // the callee was found through a local variable (its name is the call's Fun)
}

// classify says what call calls.
func (p *Package) classify(call *ast.CallExpr) callInfo {
	info := p.cfg.Info
	fun := unparen(call.Fun)
	if tv, ok := info.Types[fun]; ok && tv.IsType() {
		return callInfo{kind: callConv}
	}
	switch f := fun.(type) {
	case *ast.Ident:
		switch o := info.Uses[f].(type) {
		case *types.Builtin:
			return callInfo{kind: callBuiltin, builtin: o.Name()}
		case *types.Func:
			return callInfo{kind: callStatic, obj: o.Origin()}
		case *types.Var:
			return p.staticVar(o)
		}
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[f]; ok {
			switch sel.Kind() {
			case types.MethodVal:
				m := sel.Obj().(*types.Func)
				if types.IsInterface(sel.Recv()) {
					return callInfo{kind: callIface, obj: m, recv: f.X, sel: sel}
				}
				return callInfo{kind: callStatic, obj: m.Origin(), recv: f.X, sel: sel}
			case types.MethodExpr:
				m := sel.Obj().(*types.Func)
				if types.IsInterface(sel.Recv()) {
					return callInfo{kind: callOther}
				}
				return callInfo{kind: callStatic, obj: m.Origin()}
			case types.FieldVal:
				return callInfo{kind: callOther}
			}
		}
		switch o := info.Uses[f.Sel].(type) { // a qualified identifier: pkg.F
		case *types.Builtin:
			return callInfo{kind: callBuiltin, builtin: o.Name()}
		case *types.Func:
			return callInfo{kind: callStatic, obj: o.Origin()}
		case *types.Var:
			return p.staticVar(o)
		}
	case *ast.FuncLit:
		return callInfo{kind: callLit, lit: f}
	case *ast.IndexExpr, *ast.IndexListExpr: // f[T](…): an instance of a generic function
		var id *ast.Ident
		switch x := f.(type) {
		case *ast.IndexExpr:
			id = lastIdent(x.X)
		case *ast.IndexListExpr:
			id = lastIdent(x.X)
		}
		if id != nil {
			if o, ok := info.Uses[id].(*types.Func); ok {
				return callInfo{kind: callStatic, obj: o.Origin()}
			}
		}
	}
	return callInfo{kind: callOther}
}

// staticVar is a call through variable v: what ir.StaticValue finds when
// v is a local variable given a function or a literal once and never
// assigned again (nor its address taken); else a call of a func value,
// cheaper when v is a parameter or a captured variable.
func (p *Package) staticVar(v *types.Var) callInfo {
	seen := map[*types.Var]bool{}
	for !seen[v] {
		seen[v] = true
		init, ok := p.defs[v]
		if !ok || p.reassigned[v] {
			break
		}
		switch x := unparen(init).(type) {
		case *ast.FuncLit:
			return callInfo{kind: callLit, lit: x, throughVar: true}
		case *ast.Ident:
			switch o := p.cfg.Info.Uses[x].(type) {
			case *types.Func:
				return callInfo{kind: callStatic, obj: o.Origin(), throughVar: true}
			case *types.Var:
				v = o
				continue
			}
		case *ast.SelectorExpr:
			sel := p.cfg.Info.Selections[x]
			if o, ok := p.cfg.Info.Uses[x.Sel].(*types.Func); ok && (sel == nil || sel.Kind() == types.MethodExpr && !types.IsInterface(sel.Recv())) {
				return callInfo{kind: callStatic, obj: o.Origin(), throughVar: true}
			}
		}
		break
	}
	return callInfo{kind: callOther, paramVar: v}
}

// paramCall reports whether a call of the func value in variable v from
// function f costs inlineParamCallCost: v is a parameter (PPARAM), or a
// variable of another function that f, a closure, captured (a closure
// variable).
func (p *Package) paramCall(v *types.Var, f *Func) bool {
	if v == nil {
		return false
	}
	if p.params[v] {
		return true
	}
	if !p.captured[v] || f == nil || !f.IsClosure() {
		return false
	}
	var self ast.Node = f.Lit
	if f.Range != nil {
		self = f.Range
	}
	return !within(v.Pos(), self)
}

// scanVars records the local variables' initial values and which
// variables are assigned again or have their address taken
// (ir.Reassigned), the parameters, and the captured variables.
func (p *Package) scanVars(f *Func) {
	info := p.cfg.Info
	if f.Type != nil && f.Type.Params != nil {
		for _, fl := range f.Type.Params.List {
			for _, n := range fl.Names {
				if v, ok := info.Defs[n].(*types.Var); ok {
					p.params[v] = true
				}
			}
		}
	}
	if f.Range != nil { // the range variables are the body closure's parameters
		for _, e := range []ast.Expr{f.Range.Key, f.Range.Value} {
			if id, ok := e.(*ast.Ident); ok {
				if v, ok := info.Defs[id].(*types.Var); ok {
					p.params[v] = true
				}
			}
		}
	}
	assigned := func(e ast.Expr) {
		if id, ok := unparen(e).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				p.reassigned[v] = true
			}
		}
	}
	ast.Inspect(f.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its own Func
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && n.Tok == token.DEFINE {
					if v, ok := info.Defs[id].(*types.Var); ok {
						if len(n.Rhs) == len(n.Lhs) {
							p.defs[v] = n.Rhs[i]
						}
						continue
					}
				}
				assigned(l)
			}
		case *ast.IncDecStmt:
			assigned(n.X)
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				if n.Key != nil {
					assigned(n.Key)
				}
				if n.Value != nil {
					assigned(n.Value)
				}
			}
			if p.byRange[n] != nil {
				return false // the body is its own Func
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				assigned(n.X)
			}
		case *ast.ValueSpec:
			if len(n.Values) == len(n.Names) {
				for i, id := range n.Names {
					if v, ok := info.Defs[id].(*types.Var); ok {
						p.defs[v] = n.Values[i]
					}
				}
			}
		case *ast.Ident:
			var self ast.Node
			switch {
			case f.Lit != nil:
				self = f.Lit
			case f.Range != nil:
				self = f.Range
			}
			if self != nil {
				if v, ok := info.Uses[n].(*types.Var); ok && !v.IsField() && v.Parent() != nil && !within(v.Pos(), self) && v.Parent() != v.Pkg().Scope() {
					p.captured[v] = true
				}
			}
		}
		return true
	})
}

func within(pos token.Pos, n ast.Node) bool { return n.Pos() <= pos && pos < n.End() }

// callee is the Func a call resolves to, if the model has its body.
func (p *Package) callee(ci callInfo) *Func {
	switch ci.kind {
	case callStatic:
		if f := p.byObj[ci.obj]; f != nil && !f.tabled {
			return f
		}
	case callLit:
		return p.byLit[ci.lit]
	}
	return nil
}

func unparen(e ast.Expr) ast.Expr {
	for {
		pe, ok := e.(*ast.ParenExpr)
		if !ok {
			return e
		}
		e = pe.X
	}
}

func lastIdent(e ast.Expr) *ast.Ident {
	switch x := unparen(e).(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// sites lists the call sites of body in the order the compiler visits
// them (ir.EditChildren: a call's function and arguments before the call
// itself): its calls, and its ranges over functions (a call of the
// iterator with the body as a closure, after the iterator expression's
// own calls). Function literals' and range bodies' calls are theirs; go
// and defer calls, conversions and builtins are not sites.
func (p *Package) sites(body ast.Node) []ast.Node {
	var out []ast.Node
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		ast.Inspect(n, func(x ast.Node) bool {
			switch x := x.(type) {
			case *ast.FuncLit:
				return false
			case *ast.GoStmt:
				walkCallParts(x.Call, walk)
				return false
			case *ast.DeferStmt:
				walkCallParts(x.Call, walk)
				return false
			case *ast.RangeStmt:
				if p.byRange[x] != nil {
					walk(x.X)
					out = append(out, x)
					return false
				}
			case *ast.CallExpr:
				walk(x.Fun)
				for _, a := range x.Args {
					walk(a)
				}
				if k := p.classify(x).kind; k != callConv && k != callBuiltin {
					out = append(out, x)
				}
				return false
			}
			return true
		})
	}
	walk(body)
	return out
}

// calls is sites without the ranges.
func (p *Package) calls(body ast.Node) []*ast.CallExpr {
	var out []*ast.CallExpr
	for _, s := range p.sites(body) {
		if c, ok := s.(*ast.CallExpr); ok {
			out = append(out, c)
		}
	}
	return out
}

// walkCallParts walks the parts of a go or defer call evaluated where the
// statement is (the function value and the arguments).
func walkCallParts(call *ast.CallExpr, walk func(ast.Node)) {
	if _, ok := unparen(call.Fun).(*ast.FuncLit); !ok {
		walk(call.Fun)
	}
	for _, a := range call.Args {
		walk(a)
	}
}

// devirtualize is the concrete method an interface method call calls when
// its receiver is a local variable that only ever holds one value of a
// concrete type converted to the interface (devirtualize.StaticCall, after
// ir.StaticValue finds the OCONVIFACE), or nil.
func (p *Package) devirtualize(ci callInfo) *types.Func {
	if ci.kind != callIface || ci.obj == nil {
		return nil
	}
	id, ok := unparen(ci.recv).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := p.cfg.Info.Uses[id].(*types.Var)
	if !ok || p.reassigned[v] {
		return nil
	}
	def, ok := p.defs[v]
	if !ok {
		return nil
	}
	tv := p.cfg.Info.Types[def]
	if tv.Type == nil || tv.IsNil() || types.IsInterface(tv.Type) {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(tv.Type, true, ci.obj.Pkg(), ci.obj.Name())
	fn, _ := obj.(*types.Func)
	if fn == nil {
		return nil
	}
	return fn.Origin()
}
