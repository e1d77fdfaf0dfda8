package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// Range over functions (Go 1.23): for x := range seq, where seq is a
// func(yield func(V) bool) (or of no or two values; iter.Seq, iter.Seq2
// and user-written iterators alike), compiled as the Go compiler rewrites
// it (cmd/compile/internal/rangefunc/rewrite.go): the loop body becomes a
// closure, the body function (main.f-range1), which the iterator calls
// once per value, and which returns true to go on and false to stop.
//
//   - The range variables are the body function's parameters: each
//     iteration has its own. With = instead of :=, the body starts by
//     assigning its parameters to them.
//   - continue is `return true`; break is `return false`.
//   - return, goto out of the body, and break or continue of a statement
//     outside it set #next (a variable of the function holding the loop)
//     to a code and return false; after the iterator's call, the code
//     that holds the target performs the jump (a return, a goto, a break,
//     a continue) and each loop in between stops in turn. A return sets
//     the function's results first (its named results, or the variables
//     #rv1… for unnamed ones) and the function returns them after the
//     iterator has returned.
//   - defer in the body registers the call for the function holding the
//     loop (runtime.deferrangefunc and deferprocat: OpDeferRange, OpDefer
//     with A=1, vm/defer_rangefunc.go).
//   - Each loop has a state variable #stateN that catches an iterator that
//     misbehaves, with the runtime's panics (runtime/panic.go:
//     panicrangestate): the body checks it is READY when called and sets
//     it to PANIC while it runs, READY when it returns true and DONE when
//     it returns false; after the iterator's call, PANIC means the body
//     panicked and the iterator recovered, and the state becomes
//     EXHAUSTED.
//
// The codes in #next are the rewrite's in spirit (-1 is a return), not in
// value: each exit to a target outside its body gets a negative code of
// its own, tested where the target is (the rewrite uses positive codes for
// a break or continue of an enclosing range-over-func loop); no program
// can read them.

// The states of a loop (internal/abi: RF_DONE…).
const (
	rfDone         = 0
	rfReady        = 1
	rfPanic        = 2
	rfExhausted    = 3
	rfMissingPanic = 4
)

// rfMessages are the runtime's panics for a misbehaving iterator
// (runtime/panic.go: rangeDoneError…), by state.
var rfMessages = map[int]string{
	rfDone:         "runtime error: range function continued iteration after function for loop body returned false",
	rfPanic:        "runtime error: range function continued iteration after loop body panic",
	rfExhausted:    "runtime error: range function continued iteration after whole loop exit",
	rfMissingPanic: "runtime error: range function recovered a loop body panic and did not resume panicking",
}

// rfBody is the state of a body function while it compiles (fnState.rf).
type rfBody struct {
	outer *fnState     // the function the loop is in: a body too, or top
	top   *fnState     // the function holding the loop (not a body)
	label string       // the loop's label, or ""
	state *types.Var   // the loop's #stateN, a box of outer
	free  []*types.Var // the body's captured variables, in order (fnState.free)
	body  *ast.BlockStmt
}

// rfShared is what the bodies of a function's loops share (fnState.rfs of
// the function holding them).
type rfShared struct {
	next    *types.Var   // #next, made at the first exit that needs it
	rv      []*types.Var // #rv1…: the unnamed results a return in a body sets
	defers  *types.Var   // #defers: the frame token (OpDeferRange)
	exits   []rfExit
	returns int // returns compiled in bodies
	code    int64
	nbodies int
}

// rfExit is a jump out of a body to a target in the function target: the
// code of #next that asks for it, and what target does then.
type rfExit struct {
	code   int64
	target *fnState
	action func()
}

// rfVar is a variable the rewrite introduces (#next, #stateN…): it lives
// in a box, captured by the body functions.
func (c *compiler) rfVar(pos token.Pos, name string, t types.Type) *types.Var {
	v := types.NewVar(pos, c.pkg, name, t)
	c.captured[v] = true
	return v
}

// rfEnsure makes v, a variable of an enclosing function, one of a body
// function's captured variables.
func (fs *fnState) rfEnsure(v *types.Var) {
	if _, ok := fs.locals[v]; ok || fs.rf == nil {
		return
	}
	if _, ok := fs.free[v]; !ok {
		fs.free[v] = int32(len(fs.rf.free))
		fs.rf.free = append(fs.rf.free, v)
	}
}

func (fs *fnState) rfLoad(v *types.Var)  { fs.rfEnsure(v); fs.load(v) }
func (fs *fnState) rfStore(v *types.Var) { fs.rfEnsure(v); fs.store(v) }

func (fs *fnState) rfSetInt(v *types.Var, x int64) {
	fs.pushInt(x)
	fs.rfStore(v)
}

// rfInit gives v (a variable of fs) a new box holding the value on top of
// the stack.
func (fs *fnState) rfInit(v *types.Var) {
	s, ok := fs.locals[v]
	if !ok {
		s = fs.declare(v)
	}
	fs.emitOp(vm.OpNewBox, s, 0, 1, 0)
}

// rangeFunc compiles s if it ranges over a function, and reports whether
// it did.
func (fs *fnState) rangeFunc(s *ast.RangeStmt, label string) bool {
	c := fs.c
	sig := c.rangeFuncSig(s.X)
	if sig == nil {
		return false
	}
	yield := sig.Params().At(0).Type().Underlying().(*types.Signature)
	top := fs
	if fs.rf != nil {
		top = fs.rf.top
	}
	if top.rfs == nil {
		top.rfs = &rfShared{code: -1}
	}
	sh := top.rfs
	nexits, nreturns := len(sh.exits), sh.returns
	state := c.rfVar(s.For, "#state", types.Typ[types.Int])

	sh.nbodies++
	b := c.newFnState(fs, top.name+"-range"+itoa(int64(sh.nbodies)), -1)
	b.free = map[*types.Var]int32{}
	b.rf = &rfBody{outer: fs, top: top, label: label, state: state, body: s.Body}
	b.bodyNode = s.Body
	for _, v := range c.substVars(c.freeVars[c.rangeFuncLit(s)]) {
		b.rfEnsure(v)
	}
	idx := b.rangeBody(s, yield)

	fs.setPos(s.For)
	fs.pushInt(rfReady)
	fs.rfInit(state)
	if fs == top {
		// The variables the bodies share, made before the first body
		// function that captures them.
		if sh.next != nil {
			fs.pushInt(0)
			fs.rfInit(sh.next)
		}
		for _, v := range sh.rv {
			fs.zeroValue(v.Type())
			fs.rfInit(v)
		}
		if sh.defers != nil {
			fs.emit(vm.OpDeferRange, 0, 0, 0, 1)
			fs.rfInit(sh.defers)
		}
	}
	fs.expr(s.X)
	for _, v := range b.rf.free {
		fs.rfEnsure(v)
		fs.boxRef(v)
	}
	n := len(b.rf.free)
	fs.emitOp(vm.OpClosure, idx, int32(n), n, 1)
	fs.setPos(s.For)
	fs.noteCall(16)
	fs.markSite(s)
	fs.emit(vm.OpCallClosure, 0, 1, 2, 0)

	// The iterator returned: a body that panicked must not have been
	// recovered from by the iterator.
	ok := fs.newLabel()
	fs.rfLoad(state)
	fs.pushInt(rfPanic)
	fs.emit(vm.OpEq, 0, 0, 2, 1)
	fs.jump(vm.OpJumpIfNot, ok)
	fs.pushStr(rfMessages[rfMissingPanic])
	fs.emitOp(vm.OpPanic, 0, 0, 1, 0)
	fs.bind(ok)
	fs.rfSetInt(state, rfExhausted)
	if len(sh.exits) == nexits && sh.returns == nreturns {
		return true
	}
	// The exits whose target is here.
	for _, e := range sh.exits[nexits:] {
		if e.target != fs {
			continue
		}
		skip := fs.newLabel()
		fs.rfLoad(sh.next)
		fs.pushInt(e.code)
		fs.emit(vm.OpEq, 0, 0, 2, 1)
		fs.jump(vm.OpJumpIfNot, skip)
		fs.rfSetInt(sh.next, 0)
		e.action()
		fs.bind(skip)
	}
	skip := fs.newLabel()
	fs.rfLoad(sh.next)
	if fs.rf != nil {
		// Any other exit (a return included) goes further out: this
		// loop stops too.
		fs.pushInt(0)
		fs.emit(vm.OpNe, 0, 0, 2, 1)
		fs.jump(vm.OpJumpIfNot, skip)
		fs.rfLeave(false)
	} else if sh.returns > nreturns {
		fs.pushInt(-1)
		fs.emit(vm.OpEq, 0, 0, 2, 1)
		fs.jump(vm.OpJumpIfNot, skip)
		fs.rfReturnHere(s.For)
	} else {
		fs.emit(vm.OpPop, 0, 0, 1, 0)
	}
	fs.bind(skip)
	return true
}

// rangeBody compiles the body function of s.
func (b *fnState) rangeBody(s *ast.RangeStmt, yield *types.Signature) int32 {
	c := b.c
	b.decl = s.For
	b.sig = yield
	b.setPos(s.For)
	type assign struct {
		slot int32
		e    ast.Expr
	}
	var assigns []assign
	var boxed []*types.Var
	n := yield.Params().Len()
	for i := 0; i < n; i++ {
		slot := b.newSlot(c.slotSize(yield.Params().At(i).Type()))
		e := []ast.Expr{s.Key, s.Value}[min(i, 1)]
		if i > 1 || e == nil {
			continue
		}
		if s.Tok != token.DEFINE {
			if id, ok := e.(*ast.Ident); !ok || id.Name != "_" {
				assigns = append(assigns, assign{slot, e})
			}
			continue
		}
		if id, ok := e.(*ast.Ident); ok {
			if v, ok := c.info.Defs[id].(*types.Var); ok && v.Name() != "_" {
				c.checkVarType(id.Pos(), v.Type())
				b.locals[v] = slot
				if c.captured[v] {
					boxed = append(boxed, v)
				}
			}
		}
	}
	b.nparams = n
	b.nresults = 1
	for _, v := range boxed {
		b.emit(vm.OpLoad, b.locals[v], 0, 0, 1)
		b.emitOp(vm.OpNewBox, b.locals[v], 0, 1, 0)
	}
	// tmp := #state; #state = PANIC; if tmp != READY { panicrangestate(tmp) }
	tmp := b.newSlot(8)
	b.rfLoad(b.rf.state)
	b.emit(vm.OpStore, tmp, 0, 1, 0)
	b.rfSetInt(b.rf.state, rfPanic)
	ready := b.newLabel()
	b.emit(vm.OpLoad, tmp, 0, 0, 1)
	b.pushInt(rfReady)
	b.emit(vm.OpNe, 0, 0, 2, 1)
	b.jump(vm.OpJumpIfNot, ready)
	for _, st := range []int{rfDone, rfPanic} {
		next := b.newLabel()
		b.emit(vm.OpLoad, tmp, 0, 0, 1)
		b.pushInt(int64(st))
		b.emit(vm.OpEq, 0, 0, 2, 1)
		b.jump(vm.OpJumpIfNot, next)
		b.pushStr(rfMessages[st])
		b.emitOp(vm.OpPanic, 0, 0, 1, 0)
		b.bind(next)
	}
	b.pushStr(rfMessages[rfExhausted])
	b.emitOp(vm.OpPanic, 0, 0, 1, 0)
	b.bind(ready)
	for _, a := range assigns {
		b.setPos(a.e.Pos())
		b.emit(vm.OpLoad, a.slot, 0, 0, 1)
		b.assignTop(a.e, false)
	}
	b.stmtList(s.Body.List)
	b.setPos(s.Body.Rbrace)
	if b.reachable {
		b.rfLeave(true)
	}
	return b.finish()
}
