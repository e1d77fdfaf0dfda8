package ssagen

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gmplab/gmplab/vm"
)

// Externals: the library functions the VM computes, bound by name.
//
// A function the library declares without a body (lang/stubs) is an
// external; so is a function with a body that the table below names (a
// generic function, which Go requires to have one, computed on the host
// for the element types the VM handles). Each binding generates the
// call's code from its operands: it pushes the call's results. A
// function without a body and without an entry is bound to the host
// function of the same name (vm.RegisterHost: "math.Sqrt",
// "strings.Builder.Len"), which is how most of math, strconv, strings,
// unicode and unicode/utf8 are bound.
//
// Used as a value (a func value, a method of a type held in an
// interface, go or defer of it), an external is a function of its own,
// made here: its parameters, the binding, a return (thunk).

// extCall is one call of an external.
type extCall struct {
	f      *fnGen
	fn     *ssa.Function
	args   []ssa.Value
	pos    token.Pos
	result ssa.Value // the call's value (nil in a thunk)
	// none: the binding pushed no results, as nothing reads them
	// (unused).
	none bool
}

// unused reports whether nothing reads the call's results (so that a
// binding need not push them: it then sets none).
func (c *extCall) unused() bool {
	v := c.result
	if v == nil || c.f.fn == nil {
		return false // a thunk returns them
	}
	if isTuple(v) {
		return len(extracts(v)) == 0
	}
	return c.f.slot(v) < 0
}

// push pushes argument i.
func (c *extCall) push(i int) { c.f.push(c.args[i]) }

// pushAll pushes every argument.
func (c *extCall) pushAll() {
	for i := range c.args {
		c.push(i)
	}
}

// nres is the number of results the call pushes.
func (c *extCall) nres() int { return c.fn.Signature.Results().Len() }

// external is one binding.
type external struct {
	// accepts, if not nil, says whether the binding computes this
	// function (an instance of a generic one, by its type arguments);
	// the body runs where it does not.
	accepts func(fn *ssa.Function) bool
	gen     func(c *extCall)
}

// externals are the bindings by extKey.
var externals = map[string]*external{}

// bind registers the binding of the function named key (extKey).
func bind(key string, gen func(c *extCall)) {
	if _, dup := externals[key]; dup {
		panic("ssagen: " + key + " bound twice")
	}
	externals[key] = &external{gen: gen}
}

// bindIf registers a binding that computes only the instances accepts
// accepts.
func bindIf(key string, accepts func(fn *ssa.Function) bool, gen func(c *extCall)) {
	bind(key, gen)
	externals[key].accepts = accepts
}

// bindOp binds key to one instruction taking every argument and pushing
// the results.
func bindOp(key string, op vm.Op, a, b int32) {
	bind(key, func(c *extCall) {
		c.pushAll()
		c.f.emitCallOp(op, a, b, len(c.args), c.nres())
	})
}

// extKey names function fn in the table: its package path and name,
// methods as go/ssa writes them ("fmt.Println", "(*sync.WaitGroup).Add",
// "(time.Duration).String"), an instance by its generic function.
func extKey(fn *ssa.Function) string {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	obj, _ := fn.Object().(*types.Func)
	if obj == nil || obj.Pkg() == nil {
		return ""
	}
	sig := obj.Type().(*types.Signature)
	if r := sig.Recv(); r != nil {
		t := r.Type()
		ptr := ""
		if p, ok := t.(*types.Pointer); ok {
			t, ptr = p.Elem(), "*"
		}
		n, ok := types.Unalias(t).(*types.Named)
		if !ok {
			return ""
		}
		return "(" + ptr + obj.Pkg().Path() + "." + n.Obj().Name() + ")." + obj.Name()
	}
	return obj.Pkg().Path() + "." + obj.Name()
}

// hostKey is the name of fn's host function: the package's name, the
// receiver's type name, the function's ("strings.Builder.Len").
func hostKey(fn *ssa.Function) string {
	obj, _ := fn.Object().(*types.Func)
	if obj == nil || obj.Pkg() == nil {
		return ""
	}
	sig := obj.Type().(*types.Signature)
	if r := sig.Recv(); r != nil {
		t := r.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return obj.Pkg().Name() + "." + n.Obj().Name() + "." + obj.Name()
		}
	}
	return obj.Pkg().Name() + "." + obj.Name()
}

// extern is fn's binding, nil if fn runs its body. A wrapper go/ssa made
// (a promoted method, a method value) is never one: it calls the method.
func (g *gen) extern(fn *ssa.Function) *external {
	if fn.Synthetic != "" && !strings.HasPrefix(fn.Synthetic, "instance of") {
		return nil
	}
	if x, ok := externals[extKey(fn)]; ok && (x.accepts == nil || x.accepts(fn)) {
		return x
	}
	if fn.Blocks != nil || fn.Object() == nil {
		return nil
	}
	i, pop, push, ok := vm.Host(hostKey(fn))
	if !ok {
		return nil
	}
	return &external{gen: func(c *extCall) {
		c.pushAll()
		if len(c.args) != pop || c.nres() != push {
			c.f.internal("host function " + hostKey(fn) + " takes " + itoa(pop) + " operands and pushes " + itoa(push))
		}
		var b int32
		if resultsError(fn.Signature) {
			b = c.f.g.types.errorString()
		}
		c.f.emitCallOp(vm.OpHost, i, b, pop, push)
	}}
}

// resultsError reports whether sig's last result is an error.
func resultsError(sig *types.Signature) bool {
	r := sig.Results()
	return r.Len() > 0 && types.Identical(r.At(r.Len()-1).Type(), types.Universe.Lookup("error").Type())
}

// external generates fn, an external used as a value: a thunk that
// calls it with its parameters.
func (f *fnGen) external() {
	fn := f.fn
	x := f.g.extern(fn)
	if x == nil {
		f.g.fail(fn.Pos(), "internal error: %s has no body and no binding in lang/ssagen", fn)
	}
	sig := fn.Signature
	var params []ssa.Value
	add := func(t types.Type) {
		p := &param{t: t}
		f.values[p] = f.newSlot(slotBytes(t))
		params = append(params, p)
	}
	if r := sig.Recv(); r != nil {
		add(r.Type())
	}
	for i := 0; i < sig.Params().Len(); i++ {
		add(sig.Params().At(i).Type())
	}
	f.nparams = len(params)
	f.nresults = sig.Results().Len()
	x.gen(&extCall{f: f, fn: fn, args: params, pos: fn.Pos()})
	f.emitN(vm.OpReturn, 0, 0, f.nresults, 0)
	f.finish()
}

func itoa(n int) string { return vm.Itoa(int64(n)) }

// param is a parameter of a function the generator makes (a thunk, a
// go or defer wrapper): an ssa.Value that only has a slot.
type param struct{ t types.Type }

func (p *param) Name() string                  { return "param" }
func (p *param) String() string                { return "param" }
func (p *param) Type() types.Type              { return p.t }
func (p *param) Parent() *ssa.Function         { return nil }
func (p *param) Referrers() *[]ssa.Instruction { return nil }
func (p *param) Pos() token.Pos                { return token.NoPos }
