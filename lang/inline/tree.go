package inline

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Tree is what the compiler inlines into one function (InlineCalls: the
// fixpoint of interleaved.DevirtualizeAndInlinePackage): the call sites of
// its body it inlines, each with the tree of the inlined body, in which the
// decisions are made again in the same function's context. The same call
// expression can be decided differently at different depths (a recursive
// function is inlined into itself once), so a front end asks per node.
//
// A site is a *ast.CallExpr, or the *ast.RangeStmt of a range over a
// function (a call of the iterator with the loop's body as a closure).
// Inlining binds the callee's parameters to the functions passed as
// arguments, so a call of such a parameter in the inlined body (yield(v)
// in an iterator) is a call of that function, which may be inlined in turn.
type Tree struct {
	Func *Func
	// Calls maps the sites of Func's body that are inlined here to the
	// trees of the bodies inlined.
	Calls map[ast.Node]*Tree
	// Extern lists the calls of Func's body to library functions without
	// a body in the model that are inlined or intrinsics here.
	Extern map[*ast.CallExpr]Extern
	// Order is Calls' keys in the order the compiler inlines them.
	Order []ast.Node

	env map[*types.Var]*Func // the parameters bound to known functions
}

// link is one inlined call on the way from the root to a body.
type link struct {
	site   ast.Node
	callee *Func
}

// Tree is f's inlining tree.
func (p *Package) Tree(f *Func) *Tree {
	if t := p.trees[f]; t != nil {
		return t
	}
	t := p.expand(f)
	p.trees[f] = t
	return t
}

// maxTreeNodes bounds a tree (the compiler has no bound: the recursion
// checks end every chain; this only guards against a blow-up).
const maxTreeNodes = 1 << 14

func (p *Package) expand(root *Func) *Tree {
	t := &Tree{Func: root}
	budget := maxTreeNodes
	var grow func(t *Tree, chain []link)
	grow = func(t *Tree, chain []link) {
		for _, site := range p.sites(t.Func.Body) {
			callee, args := p.resolve(t, site)
			if callee == nil {
				if call, ok := site.(*ast.CallExpr); ok {
					ci := p.classify(call)
					if m := p.devirtualize(ci); m != nil {
						ci = callInfo{kind: callStatic, obj: m}
					}
					if ci.kind == callStatic {
						if x, ok := p.cfg.Extern(ci.obj); ok && x.Kind != ExternCall && (!root.Big || x.Kind == ExternIntrinsic || x.Cost <= inlineBigFunctionMaxCost) {
							if t.Extern == nil {
								t.Extern = map[*ast.CallExpr]Extern{}
							}
							t.Extern[call] = x
						}
					}
				}
				continue
			}
			if !p.canInlineSite(root, callee, site, chain) || budget == 0 {
				continue
			}
			budget--
			child := &Tree{Func: callee, env: p.bind(t, callee, args)}
			if t.Calls == nil {
				t.Calls = map[ast.Node]*Tree{}
			}
			t.Calls[site] = child
			t.Order = append(t.Order, site)
			grow(child, append(chain[:len(chain):len(chain)], link{site, callee}))
		}
	}
	grow(t, nil)
	return t
}

// resolve is the function a site calls in node t, if the model knows it,
// and the arguments it passes (for a range, the body's Func as the one
// argument): ir.StaticValue after the inlining done so far.
func (p *Package) resolve(t *Tree, site ast.Node) (*Func, []any) {
	switch s := site.(type) {
	case *ast.CallExpr:
		args := make([]any, len(s.Args))
		for i, a := range s.Args {
			args[i] = a
		}
		ci := p.classify(s)
		if m := p.devirtualize(ci); m != nil {
			ci = callInfo{kind: callStatic, obj: m, recv: ci.recv}
		}
		if f := p.callee(ci); f != nil {
			if ci.recv != nil { // a method: the receiver is the first parameter
				args = append([]any{ci.recv}, args...)
			}
			return f, args
		}
		if ci.kind == callOther {
			return p.valueFunc(t, s.Fun), args
		}
	case *ast.RangeStmt:
		return p.valueFunc(t, s.X), []any{p.byRange[s]}
	}
	return nil, nil
}

// valueFunc is the function the func value e holds in node t, if known: a
// declared function, a literal, a parameter bound by inlining, or the
// literal an inlined call returns.
func (p *Package) valueFunc(t *Tree, e ast.Expr) *Func {
	info := p.cfg.Info
	switch x := unparen(e).(type) {
	case *ast.FuncLit:
		return p.byLit[x]
	case *ast.Ident:
		switch o := info.Uses[x].(type) {
		case *types.Func:
			return p.byObj[o.Origin()]
		case *types.Var:
			if f := t.env[o]; f != nil {
				return f
			}
			if f := p.callee(p.staticVar(o)); f != nil {
				return f
			}
			// c := counter(): the literal the inlined call returns.
			if def, ok := p.defs[o]; ok && !p.reassigned[o] {
				if call, ok := unparen(def).(*ast.CallExpr); ok {
					return p.valueFunc(t, call)
				}
			}
		}
	case *ast.SelectorExpr:
		if o, ok := info.Uses[x.Sel].(*types.Func); ok && info.Selections[x] == nil {
			return p.byObj[o.Origin()]
		}
	case *ast.CallExpr:
		if child := t.Calls[x]; child != nil {
			if lit := returnsLit(child.Func); lit != nil {
				if f := p.byLit[lit]; f != nil {
					// The literal sees what the inlined call bound.
					return f
				}
			}
		}
	}
	return nil
}

// returnsLit is the function literal f returns, when f has one return
// statement and it returns a literal (an iterator constructor, a counter
// factory): ir.StaticValue follows the inlined call's result to it.
func returnsLit(f *Func) *ast.FuncLit {
	var lit *ast.FuncLit
	n := 0
	ast.Inspect(f.Body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			n++
			if len(x.Results) == 1 {
				lit, _ = unparen(x.Results[0]).(*ast.FuncLit)
			}
		}
		return true
	})
	if n != 1 {
		return nil
	}
	return lit
}

// bind binds callee's parameters to the functions the arguments hold in
// node t (args are expressions, or a *Func for a range's body).
func (p *Package) bind(t *Tree, callee *Func, args []any) map[*types.Var]*Func {
	var params []*types.Var
	info := p.cfg.Info
	if callee.Obj != nil {
		sig := callee.Obj.Type().(*types.Signature)
		if r := sig.Recv(); r != nil {
			params = append(params, r)
		}
		for i := range sig.Params().Len() {
			params = append(params, sig.Params().At(i))
		}
	} else if callee.Type != nil && callee.Type.Params != nil {
		for _, fl := range callee.Type.Params.List {
			for _, n := range fl.Names {
				v, _ := info.Defs[n].(*types.Var)
				params = append(params, v)
			}
			if len(fl.Names) == 0 {
				params = append(params, nil)
			}
		}
	}
	var env map[*types.Var]*Func
	// A literal returned by an inlined call keeps that call's bindings
	// (its captured parameters).
	for _, up := range []*Tree{t} {
		if len(up.env) > 0 {
			env = map[*types.Var]*Func{}
			for k, v := range up.env {
				env[k] = v
			}
		}
	}
	for i, a := range args {
		if i >= len(params) || params[i] == nil {
			break
		}
		var f *Func
		switch a := a.(type) {
		case *Func:
			f = a
		case ast.Expr:
			if _, ok := info.TypeOf(a).Underlying().(*types.Signature); ok {
				f = p.valueFunc(t, a)
			}
		}
		if f != nil {
			if env == nil {
				env = map[*types.Var]*Func{}
			}
			env[params[i]] = f
		}
	}
	return env
}

// canInlineSite is canInlineCallExpr at a call of callee in root's
// context, down chain: callee inlinable and cheap enough here
// (inlineCostOK), and not a recursion into a body already being inlined
// at this site (the position check) or into a function already on the
// chain (the InlTree check: "repeated recursive cycle").
func (p *Package) canInlineSite(root, callee *Func, site ast.Node, chain []link) bool {
	if !callee.Inlinable {
		return false
	}
	maxCost := int32(inlineMaxBudget)
	if root.Big {
		maxCost = inlineBigFunctionMaxCost
	}
	if callee.IsClosure() {
		maxCost *= 2
		if p.useCounts[callee] <= 1 {
			maxCost = max(maxCost, inlineClosureCalledOnceCost)
		}
	}
	if callee.Cost > maxCost {
		return false
	}
	for _, l := range chain {
		if l.site == site || l.callee == callee {
			return false
		}
	}
	return true
}

// Inlined reports whether a site of f's own body is inlined when f is
// compiled on its own (the tree's first level).
func (p *Package) Inlined(f *Func, site ast.Node) bool {
	_, ok := p.Tree(f).Calls[site]
	return ok
}

// Each calls visit for every node of t, depth first, with the calls that
// led there.
func (t *Tree) Each(visit func(n *Tree, depth int)) {
	var walk func(n *Tree, d int)
	walk = func(n *Tree, d int) {
		visit(n, d)
		for _, c := range n.Order {
			walk(n.Calls[c], d+1)
		}
	}
	walk(t, 0)
}

// Size is the number of bodies in the tree, the root's included.
func (t *Tree) Size() int {
	n := 0
	t.Each(func(*Tree, int) { n++ })
	return n
}

// CalleeObj is the function a call names, if it names one statically
// (for reports).
func (p *Package) CalleeObj(call *ast.CallExpr) *types.Func {
	return p.classify(call).obj
}

// SitePos is where -m reports a site: a call's opening parenthesis, a
// range's for.
func SitePos(site ast.Node) token.Pos {
	switch s := site.(type) {
	case *ast.CallExpr:
		return s.Lparen
	case *ast.RangeStmt:
		return s.For
	}
	return token.NoPos
}

// Inlines lists what -m=2 reports for f: each inlined body of its tree,
// at the position of the site in f's own body it is under (the outermost
// of its inlining positions), with the function inlined.
func (p *Package) Inlines(f *Func) []Inline {
	var out []Inline
	var walk func(t *Tree, at token.Pos)
	walk = func(t *Tree, at token.Pos) {
		for _, site := range t.Order {
			c := t.Calls[site]
			pos := at
			if !pos.IsValid() {
				pos = SitePos(site)
			}
			out = append(out, Inline{Pos: pos, Callee: c.Func})
			walk(c, pos)
		}
		for call, x := range t.Extern {
			pos := at
			if !pos.IsValid() {
				pos = call.Lparen
			}
			for range x.Inlines {
				out = append(out, Inline{Pos: pos, Extern: StdKey(p.classify(call).obj)})
			}
		}
	}
	walk(p.Tree(f), token.NoPos)
	return out
}

// Inline is one inlined body as -m reports it.
type Inline struct {
	Pos    token.Pos
	Callee *Func  // a function of the program or of the library's source
	Extern string // or a library function of the table (StdKey)
}

// At is the tree of the body inlined at the site whose position (SitePos:
// a call's opening parenthesis, a range's for) is pos, or nil if that
// site is not inlined here: the query of a front end that knows its call
// instructions by position (go/ssa's CallCommon.Pos) rather than by
// syntax node.
func (t *Tree) At(pos token.Pos) *Tree {
	for _, site := range t.Order {
		if SitePos(site) == pos {
			return t.Calls[site]
		}
	}
	return nil
}
