package inline

import (
	"go/ast"
	"go/types"
)

// The hairy visitor's calls (inl.go: hairyVisitor.doNode, OCALLFUNC and
// OCALLINTER; typecheck's conversions and builtins).

func (v *hairy) call(call *ast.CallExpr) {
	ci := v.p.classify(call)
	switch ci.kind {
	case callConv:
		v.conversion(call)
		return
	case callBuiltin:
		v.builtin(call, ci.builtin)
		return
	}
	// The function: a name (ONAME), a method (OMETHEXPR, refunded, with
	// the receiver as the first argument), a literal (OCLOSURE), an
	// interface method (ODOTINTER) or any expression.
	sig, _ := v.typeOf(call.Fun).Underlying().(*types.Signature)
	switch {
	case ci.kind == callIface:
		v.add(1)
		v.receiver(ci.recv, ci.sel)
	case ci.recv != nil:
		v.receiver(ci.recv, ci.sel)
	case ci.kind == callLit && !ci.throughVar:
		v.add(1)
		v.cost += closureExprCost
	case ci.kind == callStatic:
		if s, ok := unparen(call.Fun).(*ast.SelectorExpr); ok {
			if sel := v.p.cfg.Info.Selections[s]; sel != nil && sel.Kind() == types.MethodExpr {
				break // OMETHEXPR
			}
		}
		v.add(1)
	default:
		v.expr(call.Fun)
	}
	v.add(1) // the call
	v.args(call, sig)
	if ci.kind == callIface {
		v.cost += inlineExtraCallCost
		return
	}
	v.cost += v.calleeCost(ci)
}

// calleeCost is what a call adds beyond its nodes: the callee's cost if
// the call would be inlined (canInlineCallExpr), nothing for an
// intrinsic, inlineExtraCallCost otherwise (inlineParamCallCost for a
// parameter or captured variable).
func (v *hairy) calleeCost(ci callInfo) int32 {
	extra := int32(inlineExtraCallCost)
	if ci.kind == callOther && v.p.paramCall(ci.paramVar, v.fn) {
		extra = inlineParamCallCost
	}
	if f := v.p.callee(ci); f != nil {
		if f.IsClosure() {
			v.p.canInline(f) // inlCallee checks a closure when it meets a call of it
		}
		maxCost := int32(inlineMaxBudget)
		if v.big {
			maxCost = inlineBigFunctionMaxCost
		}
		if f.IsClosure() {
			maxCost *= 2
		}
		cost := extra
		if f.checked && f.Inlinable && f.Cost <= maxCost {
			cost = f.Cost
		}
		if isGeneric(f) && !isGeneric(v.fn) {
			// A call of an instance calls its wrapper, which passes the
			// dictionary to the shaped function; the wrapper is inlined
			// when cheap enough.
			if w := wrapperCost(f, cost); w <= maxCost {
				return w
			}
			return extra
		}
		return cost
	}
	if ci.kind == callStatic {
		if x, ok := v.p.cfg.Extern(ci.obj); ok {
			switch x.Kind {
			case ExternIntrinsic:
				return 0
			case ExternInline:
				if v.big && x.Cost > inlineBigFunctionMaxCost {
					return extra
				}
				return x.Cost
			}
		}
	}
	return extra
}

// args counts a call's arguments converted to the parameters' types; the
// variadic ones are packed into an OSLICELIT (2) or are nil (ONIL).
func (v *hairy) args(call *ast.CallExpr, sig *types.Signature) {
	if sig == nil {
		for _, a := range call.Args {
			v.expr(a)
		}
		return
	}
	params := sig.Params()
	n := params.Len()
	if len(call.Args) == 1 && n > 1 {
		if _, ok := v.typeOf(call.Args[0]).(*types.Tuple); ok { // f(g()) with g's results
			v.expr(call.Args[0])
			return
		}
	}
	for i, a := range call.Args {
		switch {
		case sig.Variadic() && i >= n-1 && call.Ellipsis.IsValid():
			v.expr(a)
		case sig.Variadic() && i == n-1:
			v.add(2) // OSLICELIT
			et := params.At(n - 1).Type().(*types.Slice).Elem()
			for _, b := range call.Args[i:] {
				v.exprTo(b, et)
			}
			return
		case i < n:
			v.exprTo(a, params.At(i).Type())
		default:
			v.expr(a)
		}
	}
	if sig.Variadic() && len(call.Args) == n-1 {
		v.add(1) // ONIL
	}
}

// conversion counts T(x): OCONV, or OCONVNOP (refunded) where the
// representation does not change (typecheck.convertOp).
func (v *hairy) conversion(call *ast.CallExpr) {
	if len(call.Args) != 1 {
		return
	}
	x := call.Args[0]
	to := v.typeOf(call.Fun)
	from := v.typeOf(x)
	v.expr(x)
	if convNop(from, to) {
		return
	}
	v.add(1)
}

// convNop reports whether converting from to to is an OCONVNOP.
func convNop(from, to types.Type) bool {
	if from == nil || to == nil {
		return false
	}
	if isInterface(to) {
		return isInterface(from) && (types.Identical(from, to) || isEmptyIface(from) && isEmptyIface(to))
	}
	fu, tu := from.Underlying(), to.Underlying()
	fb, fok := fu.(*types.Basic)
	tb, tok := tu.(*types.Basic)
	if fok && tok {
		if fb.Info()&types.IsNumeric != 0 && tb.Info()&types.IsNumeric != 0 {
			sf, st := simType(fb), simType(tb)
			if sf != st {
				return false
			}
			return fb.Info()&(types.IsFloat|types.IsComplex) == 0 // a float to itself still rounds
		}
		return types.Identical(fu, tu)
	}
	if types.Identical(fu, tu) {
		return true
	}
	fp, ok1 := fu.(*types.Pointer)
	tp, ok2 := tu.(*types.Pointer)
	return ok1 && ok2 && types.Identical(fp.Elem().Underlying(), tp.Elem().Underlying())
}

// simType is types.SimType on amd64: int is int64, uint and uintptr are
// uint64.
func simType(b *types.Basic) types.BasicKind {
	switch b.Kind() {
	case types.Int:
		return types.Int64
	case types.Uint, types.Uintptr:
		return types.Uint64
	case types.UntypedInt:
		return types.Int64
	case types.UntypedFloat:
		return types.Float64
	case types.UntypedRune:
		return types.Int32
	}
	return b.Kind()
}

// builtin counts a call of a builtin: one node and its operands, types
// cost nothing; panic costs inlineExtraPanicCost more, refunded when its
// argument is converted to any implicitly; recover makes the function
// not inlinable.
func (v *hairy) builtin(call *ast.CallExpr, name string) {
	switch name {
	case "recover":
		v.fail("call to recover")
		v.add(1)
		return
	case "panic":
		v.add(1)
		v.cost += inlineExtraPanicCost
		if len(call.Args) == 1 {
			anyT := types.Universe.Lookup("any").Type()
			if v.convCost(v.p.cfg.Info.Types[call.Args[0]], anyT) > 0 {
				v.add(-1) // an implicit OCONVIFACE: refunded (reflect.flag.mustBe)
			}
			v.exprTo(call.Args[0], anyT)
		}
		return
	case "append":
		v.add(1)
		if len(call.Args) == 0 {
			return
		}
		v.expr(call.Args[0])
		var et types.Type
		if s, ok := v.typeOf(call.Args[0]).Underlying().(*types.Slice); ok {
			et = s.Elem()
		}
		for _, a := range call.Args[1:] {
			if call.Ellipsis.IsValid() || et == nil {
				v.expr(a)
			} else {
				v.exprTo(a, et)
			}
		}
		return
	}
	v.add(1)
	for _, a := range call.Args {
		v.expr(a)
	}
	// make(chan T) and make(map[K]V) get a constant size 0 (typecheck:
	// tcMake).
	if name == "make" && len(call.Args) == 1 {
		switch v.typeOf(call.Args[0]).Underlying().(type) {
		case *types.Chan, *types.Map:
			v.add(1)
		}
	}
}

// isGeneric reports whether f is a generic function or a method of a
// generic type (or inside one).
func isGeneric(f *Func) bool {
	for ; f != nil; f = f.Parent {
		if f.Obj != nil {
			sig := f.Obj.Type().(*types.Signature)
			return sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0
		}
	}
	return false
}

// wrapperCost is the cost of the wrapper the compiler makes for an
// instance of the generic function f (noder: the dictionary's address and
// the parameters passed on to the shaped function, whose call costs
// call): measured as 3, one per parameter (the receiver's too) and 2 for
// the results.
func wrapperCost(f *Func, call int32) int32 {
	sig := f.Obj.Type().(*types.Signature)
	n := int32(3 + sig.Params().Len())
	if sig.Recv() != nil {
		n++
	}
	if sig.Results().Len() > 0 {
		n += 2
	}
	return n + call
}
