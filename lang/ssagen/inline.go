package ssagen

import (
	"go/ast"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gmplab/gmplab/lang/inline"
	"github.com/gmplab/gmplab/vm"
)

// Preemption points where the compiler puts them: the
// model of the Go compiler's inliner (lang/inline) decides which calls
// are inlined and which functions are NOSPLIT leaves, and the program
// gets its decisions:
//
//   - each call instruction the model inlines is listed in an inlining
//     tree node of vm.Program.Inl: the interpreter makes no prologue
//     check there (no cooperative preemption point, no stack growth) and
//     the callee's frame takes no stack of its own;
//   - a function's FrameSize is its own frame plus those of the bodies
//     inlined into it (less their return address and saved BP);
//   - a function's NoSplit is the model's: a leaf after inlining, with a
//     small frame.
//
// A call of a body splice.go can put in its caller's code is replaced by
// the body; every other call is still generated as a call (the VM keeps
// its frame, marked inlined, for tracebacks and the debugger). The model works on the syntax tree; a
// call instruction is found by its call's position (go/ssa's
// CallCommon.Pos is the call's opening parenthesis, where inline.SitePos
// puts a site). A site generated another way (a call of a library
// function the VM computes, the call of a range-over-func iterator) is
// left as the model's alone.

// stackSmall is abi.StackSmall.
const stackSmall = 128

// stackFrameOverhead is what a frame merged into its caller's does not
// bring: its return address and saved BP.
const stackFrameOverhead = 16

// noteSite records that the call at pos was generated from pc on (its
// call instruction, if it has one, is the last call op from there). A
// method call through an interface (OpIfaceCall) is not inlined: the
// VM's call finds the method at run time (a simplification where the
// model devirtualizes the call).
func (f *fnGen) noteSite(pos token.Pos, from int) {
	if !pos.IsValid() {
		return
	}
	for pc := len(f.code) - 1; pc >= from; pc-- {
		switch f.code[pc].Op {
		case vm.OpCall, vm.OpCallClosure:
			if f.sites == nil {
				f.sites = map[token.Pos]int32{}
			}
			f.sites[pos] = int32(pc)
			return
		}
	}
}

// syntaxBody is fn's body in the syntax tree, if it has one.
func syntaxBody(fn *ssa.Function) *ast.BlockStmt {
	switch s := fn.Syntax().(type) {
	case *ast.FuncDecl:
		return s.Body
	case *ast.FuncLit:
		return s.Body
	}
	return nil
}

// applyInlining gives the model's decisions to the generated program.
func (g *gen) applyInlining(pkg *inline.Package) {
	prog := g.out
	base := make([]int, len(prog.Funcs))
	for i := range prog.Funcs {
		base[i] = prog.Funcs[i].FrameSize
	}
	byBody := map[*ast.BlockStmt]int32{}
	for _, fn := range g.generated {
		if b := syntaxBody(fn); b != nil {
			if _, dup := byBody[b]; !dup {
				byBody[b] = g.funcs[fn]
			}
		}
	}
	prog.Inl = []vm.InlNode{{}}
	// node adds the node of t's body generated as function fi, and the
	// nodes below it; frame sums the inlined bodies' frames.
	var node func(t *inline.Tree, fi int32, frame *int) int32
	node = func(t *inline.Tree, fi int32, frame *int) int32 {
		id := int32(len(prog.Inl))
		prog.Inl = append(prog.Inl, vm.InlNode{Fn: fi})
		var calls []vm.InlCall
		for _, site := range t.Order {
			pc, ok := g.sites[fi][inline.SitePos(site)]
			if !ok {
				continue
			}
			child := t.Calls[site]
			callee := int32(-1)
			if in := prog.Funcs[fi].Code[pc]; in.Op == vm.OpCall {
				callee = in.A // an instance of a generic function, a method…
			} else if idx, ok := byBody[child.Func.Body]; ok {
				callee = idx
			}
			if callee < 0 {
				continue
			}
			*frame += max(base[callee]-stackFrameOverhead, 0)
			calls = append(calls, vm.InlCall{PC: pc, Node: node(child, callee, frame)})
		}
		slices.SortFunc(calls, func(a, b vm.InlCall) int { return int(a.PC - b.PC) })
		prog.Inl[id].Calls = calls
		return id
	}
	for _, fn := range g.generated {
		body := syntaxBody(fn)
		if body == nil {
			continue
		}
		mf := pkg.FuncOf(body)
		if mf == nil {
			continue
		}
		idx := g.funcs[fn]
		out := &prog.Funcs[idx]
		if t := pkg.Tree(mf); len(t.Order) > 0 {
			frame := base[idx]
			out.Inl = node(t, idx, &frame)
			if len(prog.Inl[out.Inl].Calls) == 0 {
				prog.Inl = prog.Inl[:out.Inl] // nothing inlined after all
				out.Inl = 0
			} else {
				out.FrameSize = frame
			}
		}
		out.NoSplit = pkg.NoSplit(mf) && out.FrameSize < stackSmall
	}
	if len(prog.Inl) == 1 {
		prog.Inl = nil
	}
}
