package inline

import (
	"go/ast"
	"go/types"
)

// bottomUp is the order CanInline sees the functions in
// (ir.VisitFuncsBottomUp): strongly connected components of the
// reference graph, callees first, each in the order its functions were
// reached. A closure is never a component's root: it goes with the
// function it is in.
func (p *Package) bottomUp() []*Func {
	type state struct {
		analyzed map[*Func]uint32
		visitgen uint32
		stack    []*Func
		out      []*Func
	}
	s := &state{analyzed: map[*Func]uint32{}}
	var visit func(n *Func) uint32
	visit = func(n *Func) uint32 {
		if id := s.analyzed[n]; id > 0 {
			return id
		}
		s.visitgen++
		id := s.visitgen
		s.analyzed[n] = id
		s.visitgen++
		low := s.visitgen
		s.stack = append(s.stack, n)
		for _, m := range p.refs(n) {
			if x := visit(m); x < low {
				low = x
			}
		}
		if (low == id || low == id+1) && !n.IsClosure() {
			i := len(s.stack) - 1
			for ; i >= 0; i-- {
				x := s.stack[i]
				s.analyzed[x] = ^uint32(0)
				if x == n {
					break
				}
			}
			s.out = append(s.out, s.stack[i:]...)
			s.stack = s.stack[:i]
		}
		return low
	}
	for _, f := range p.funcs {
		if s.analyzed[f] == 0 {
			visit(f)
		}
	}
	for i, f := range s.out {
		f.order = i
	}
	return s.out
}

// refs lists the functions f's body refers to, in order: named
// functions and methods (called or not) and the literals in it.
func (p *Package) refs(f *Func) []*Func {
	info := p.cfg.Info
	var out []*Func
	ast.Inspect(f.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			if g := p.byLit[n]; g != nil {
				out = append(out, g)
			}
			return false
		case *ast.RangeStmt:
			if g := p.byRange[n]; g != nil {
				ast.Inspect(n.X, func(x ast.Node) bool {
					if lit, ok := x.(*ast.FuncLit); ok {
						if h := p.byLit[lit]; h != nil {
							out = append(out, h)
						}
						return false
					}
					if id, ok := x.(*ast.Ident); ok {
						if o, ok := info.Uses[id].(*types.Func); ok {
							if h := p.byObj[o.Origin()]; h != nil {
								out = append(out, h)
							}
						}
					}
					return true
				})
				out = append(out, g)
				return false
			}
		case *ast.Ident:
			if o, ok := info.Uses[n].(*types.Func); ok {
				if g := p.byObj[o.Origin()]; g != nil {
					out = append(out, g)
				}
			}
		}
		return true
	})
	return out
}

// countUses counts the call sites of each function in the bodies
// (interleaved.DevirtualizeAndInlinePackage's first resolve pass): a
// closure called from one place only may be inlined there whatever its
// cost up to inlineClosureCalledOnceCost.
func (p *Package) countUses() {
	for _, f := range p.funcs {
		for _, site := range p.sites(f.Body) {
			switch s := site.(type) {
			case *ast.CallExpr:
				if g := p.callee(p.classify(s)); g != nil {
					p.useCounts[g]++
				}
			case *ast.RangeStmt: // the body, passed to the iterator, is called there
				if g := p.byRange[s]; g != nil {
					p.useCounts[g]++
				}
			}
		}
	}
}
