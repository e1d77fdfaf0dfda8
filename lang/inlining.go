package lang

import (
	"go/ast"
	"slices"

	"github.com/gmplab/gmplab/lang/inline"
	"github.com/gmplab/gmplab/vm"
)

// Preemption points where the compiler puts them. The model of the Go
// compiler's inliner (lang/inline) decides, for the program and the
// library source it reaches, which calls are inlined and which functions
// are NOSPLIT leaves; this file gives the decisions to the program:
//
//   - each call instruction the model inlines is listed in the inlining
//     tree nodes of vm.Program.Inl: the interpreter makes no prologue check
//     there (no cooperative preemption point, no stack growth) and the
//     callee's frame takes no stack of its own;
//   - a function's FrameSize is its own frame plus those of the bodies
//     inlined into it (less their return address and saved BP);
//   - a function's NoSplit is the model's: a leaf after inlining, with a
//     small frame (obj6.go).
//
// The code generator compiles every call as a call (the VM keeps the
// frames, for tracebacks and the debugger); only the prologue and the
// stack accounting follow the inliner. The model is consulted after code
// generation, through the call sites each function recorded
// (fnState.markSite), so that it depends on nothing of the lowering: a
// front end that records its call instructions' sites can use it alike.

// inlFunc is a compiled function with a body the model knows.
type inlFunc struct {
	idx   int32
	body  *ast.BlockStmt
	sites []callSite
}

// analyzeInlining runs the model over the program's functions and the
// library functions compiled with it.
func (c *compiler) analyzeInlining() *inline.Package {
	var decls []*ast.FuncDecl
	seen := map[*ast.FuncDecl]bool{}
	add := func(d *ast.FuncDecl) {
		if d != nil && !seen[d] {
			seen[d] = true
			decls = append(decls, d)
		}
	}
	for _, d := range c.file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			add(fd)
		}
	}
	bodies := map[*ast.BlockStmt]bool{}
	for _, f := range c.inlFuncs {
		bodies[f.body] = true
	}
	if c.libs.src != nil {
		var lib []*ast.FuncDecl
		for _, d := range c.libs.src.funcs {
			if bodies[d.Body] {
				lib = append(lib, d)
			}
		}
		// In source order, as the compiler sees a package's functions.
		slices.SortFunc(lib, func(a, b *ast.FuncDecl) int { return int(a.Pos() - b.Pos()) })
		for _, d := range lib {
			add(d)
		}
	}
	return inline.Analyze(inline.Config{Info: c.info}, decls)
}

// stackSmall is abi.StackSmall.
const stackSmall = 128

// stackFrameOverhead is what a frame merged into its caller's does not
// bring: its return address and saved BP (lang's frames count them).
const stackFrameOverhead = 16

// applyInlining gives the model's decisions to the compiled program.
func (c *compiler) applyInlining() {
	pkg := c.analyzeInlining()
	prog := c.prog
	base := make([]int, len(prog.Funcs))
	for i := range prog.Funcs {
		base[i] = prog.Funcs[i].FrameSize
	}
	byBody := map[*ast.BlockStmt]int32{}
	sites := map[int32]map[ast.Node]int32{}
	for _, f := range c.inlFuncs {
		if _, dup := byBody[f.body]; !dup {
			byBody[f.body] = f.idx
		}
		m := map[ast.Node]int32{}
		for _, s := range f.sites {
			m[s.site] = s.pc
		}
		sites[f.idx] = m
	}
	prog.Inl = []vm.InlNode{{}}
	// node adds the node of t's body compiled as function fi, and the
	// nodes below it; frame sums the inlined bodies' frames.
	var node func(t *inline.Tree, fi int32, frame *int) int32
	node = func(t *inline.Tree, fi int32, frame *int) int32 {
		id := int32(len(prog.Inl))
		prog.Inl = append(prog.Inl, vm.InlNode{Fn: fi})
		var calls []vm.InlCall
		for _, site := range t.Order {
			pc, ok := sites[fi][site]
			if !ok {
				continue // a site the code generator compiled another way
			}
			child := t.Calls[site]
			callee := int32(-1)
			if in := prog.Funcs[fi].Code[pc]; in.Op == vm.OpCall {
				callee = in.A // a generic function's instance
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
	for _, f := range c.inlFuncs {
		mf := pkg.FuncOf(f.body)
		if mf == nil {
			continue
		}
		fn := &prog.Funcs[f.idx]
		t := pkg.Tree(mf)
		if len(t.Order) > 0 {
			frame := base[f.idx]
			fn.Inl = node(t, f.idx, &frame)
			if len(prog.Inl[fn.Inl].Calls) == 0 {
				prog.Inl = prog.Inl[:fn.Inl] // nothing inlined after all
				fn.Inl = 0
			} else {
				fn.FrameSize = frame
			}
		}
		// The model's NOSPLIT leaf, if its frame on the simulated stack
		// is small too (the VM's frames count every slot; a leaf whose
		// frame is not small keeps its check, as the stack could not
		// grow for it).
		fn.NoSplit = pkg.NoSplit(mf) && fn.FrameSize < stackSmall
	}
	if len(prog.Inl) == 1 {
		prog.Inl = nil
	}
	c.inl = pkg
}

// inlineFunc is the model's Func of the vm function fi, if it has one
// (tests).
func (c *compiler) inlineFunc(fi int32) *inline.Func {
	for _, f := range c.inlFuncs {
		if f.idx == fi {
			return c.inl.FuncOf(f.body)
		}
	}
	return nil
}
