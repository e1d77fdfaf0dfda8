package vm

import (
	"fmt"
	"slices"
)

// Host functions registered from the real package's functions themselves
// (math.Sqrt, strings.Cut, strconv.ParseFloat): the adapter converts the
// operands to the parameters' Go types and the results back, by the
// function's signature, which it also writes down as a spec the front end
// declares the function from. A spec is the parameters' letters, '>', the
// results' letters:
//
//	f float64  g float32  i int  b bool  u uint64  w uint32  s string
//	y byte     r rune     S []string  e error
//
// An error result is an interface value whose dynamic type is the
// instruction's B (the front end passes *errors.errorString's: %T of it
// differs from Go's, its Error text does not). A panic of the real
// function (a bad base, a negative count) becomes the G's panic with the
// same message.

// HostSpecs gives the spec of each function registered with
// registerFuncs, by its name ("math.Sqrt").
var HostSpecs = map[string]string{}

// registerFuncs registers each function of impls as host function
// pkg.name.
func registerFuncs(pkg string, impls map[string]any) {
	for name, impl := range impls {
		spec, fn := adapt(impl)
		if fn == nil {
			panic("vm: " + pkg + "." + name + " has a signature the adapter does not know")
		}
		full := pkg + "." + name
		HostSpecs[full] = spec
		pop, push := 0, 0
		for i := 0; i < len(spec); i++ {
			if spec[i] == '>' {
				pop, push = i, len(spec)-i-1
			}
		}
		RegisterHost(HostFunc{Name: full, Pop: pop, Push: push, Fn: func(mc *Machine, b int32, a, r []Value) (msg string) {
			defer func() {
				if p := recover(); p != nil {
					msg = panicText(p)
				}
			}()
			fn(&hostArgs{mc: mc, errType: b}, a, r)
			return ""
		}})
	}
}

// HostFuncs lists the functions of package pkg registered with
// registerFuncs, sorted ("Sqrt", …).
func HostFuncs(pkg string) []string {
	var names []string
	for n := range HostSpecs {
		if len(n) > len(pkg) && n[:len(pkg)] == pkg && n[len(pkg)] == '.' {
			names = append(names, n[len(pkg)+1:])
		}
	}
	slices.Sort(names)
	return names
}

type hostArgs struct {
	mc      *Machine
	errType int32
}

func (h *hostArgs) err(e error) Value {
	if e == nil {
		return Value{}
	}
	return Value{I: h.mc.makeIface(h.errType, Value{S: e.Error()})}
}

func (h *hostArgs) strs(v Value) []string {
	elems, n, _ := h.mc.sliceParts(v.I)
	ss := make([]string, n)
	for i := range ss {
		ss[i] = elems[i].S
	}
	return ss
}

// adapt returns the spec of impl and the code that calls it.
func adapt(impl any) (string, func(h *hostArgs, a, r []Value)) {
	f, fv := F64, FloatValue
	i := func(v Value) int { return int(v.I) }
	iv := func(n int) Value { return Value{I: int64(n)} }
	bv := func(b bool) Value { return Value{I: boolInt(b)} }
	sv := func(s string) Value { return Value{S: s} }
	switch g := impl.(type) {
	// math
	case func(float64) float64:
		return "f>f", func(_ *hostArgs, a, r []Value) { r[0] = fv(g(f(a[0]))) }
	case func(float64, float64) float64:
		return "ff>f", func(_ *hostArgs, a, r []Value) { r[0] = fv(g(f(a[0]), f(a[1]))) }
	case func(float64, float64, float64) float64:
		return "fff>f", func(_ *hostArgs, a, r []Value) { r[0] = fv(g(f(a[0]), f(a[1]), f(a[2]))) }
	case func(float64) bool:
		return "f>b", func(_ *hostArgs, a, r []Value) { r[0] = bv(g(f(a[0]))) }
	case func(float64, int) bool:
		return "fi>b", func(_ *hostArgs, a, r []Value) { r[0] = bv(g(f(a[0]), i(a[1]))) }
	case func(int) float64:
		return "i>f", func(_ *hostArgs, a, r []Value) { r[0] = fv(g(i(a[0]))) }
	case func(int, float64) float64:
		return "if>f", func(_ *hostArgs, a, r []Value) { r[0] = fv(g(i(a[0]), f(a[1]))) }
	case func(float64, int) float64:
		return "fi>f", func(_ *hostArgs, a, r []Value) { r[0] = fv(g(f(a[0]), i(a[1]))) }
	case func(float64) int:
		return "f>i", func(_ *hostArgs, a, r []Value) { r[0] = iv(g(f(a[0]))) }
	case func(float64) (float64, int):
		return "f>fi", func(_ *hostArgs, a, r []Value) { x, n := g(f(a[0])); r[0], r[1] = fv(x), iv(n) }
	case func(float64) (float64, float64):
		return "f>ff", func(_ *hostArgs, a, r []Value) { x, y := g(f(a[0])); r[0], r[1] = fv(x), fv(y) }
	case func() float64:
		return ">f", func(_ *hostArgs, a, r []Value) { r[0] = fv(g()) }
	case func(float64) uint64:
		return "f>u", func(_ *hostArgs, a, r []Value) { r[0].I = int64(g(f(a[0]))) }
	case func(uint64) float64:
		return "u>f", func(_ *hostArgs, a, r []Value) { r[0] = fv(g(uint64(a[0].I))) }
	case func(float32) uint32:
		return "g>w", func(_ *hostArgs, a, r []Value) { r[0].I = int64(g(float32(f(a[0])))) }
	case func(uint32) float32:
		return "w>g", func(_ *hostArgs, a, r []Value) { r[0] = fv(float64(g(uint32(a[0].I)))) }
	case func(float32, float32) float32:
		return "gg>g", func(_ *hostArgs, a, r []Value) { r[0] = fv(float64(g(float32(f(a[0])), float32(f(a[1]))))) }
	// strings
	case func(string) string:
		return "s>s", func(_ *hostArgs, a, r []Value) { r[0] = sv(g(a[0].S)) }
	case func(string, string) string:
		return "ss>s", func(_ *hostArgs, a, r []Value) { r[0] = sv(g(a[0].S, a[1].S)) }
	case func(string) bool:
		return "s>b", func(_ *hostArgs, a, r []Value) { r[0] = bv(g(a[0].S)) }
	case func(string, string) bool:
		return "ss>b", func(_ *hostArgs, a, r []Value) { r[0] = bv(g(a[0].S, a[1].S)) }
	case func(string, string) int:
		return "ss>i", func(_ *hostArgs, a, r []Value) { r[0] = iv(g(a[0].S, a[1].S)) }
	case func(string, byte) int:
		return "sy>i", func(_ *hostArgs, a, r []Value) { r[0] = iv(g(a[0].S, byte(a[1].I))) }
	case func(string, rune) int:
		return "sr>i", func(_ *hostArgs, a, r []Value) { r[0] = iv(g(a[0].S, rune(a[1].I))) }
	case func(string, rune) bool:
		return "sr>b", func(_ *hostArgs, a, r []Value) { r[0] = bv(g(a[0].S, rune(a[1].I))) }
	case func(string, string) (string, string, bool):
		return "ss>ssb", func(_ *hostArgs, a, r []Value) {
			x, y, ok := g(a[0].S, a[1].S)
			r[0], r[1], r[2] = sv(x), sv(y), bv(ok)
		}
	case func(string, string) (string, bool):
		return "ss>sb", func(_ *hostArgs, a, r []Value) { x, ok := g(a[0].S, a[1].S); r[0], r[1] = sv(x), bv(ok) }
	case func(string, string) []string:
		return "ss>S", func(h *hostArgs, a, r []Value) { r[0].I = h.mc.stringSlice(g(a[0].S, a[1].S)) }
	case func(string, string, int) []string:
		return "ssi>S", func(h *hostArgs, a, r []Value) { r[0].I = h.mc.stringSlice(g(a[0].S, a[1].S, i(a[2]))) }
	case func(string, string, string, int) string:
		return "sssi>s", func(_ *hostArgs, a, r []Value) { r[0] = sv(g(a[0].S, a[1].S, a[2].S, i(a[3]))) }
	case func([]string, string) string:
		return "Ss>s", func(h *hostArgs, a, r []Value) { r[0] = sv(g(h.strs(a[0]), a[1].S)) }
	// strconv
	case func(rune) string:
		return "r>s", func(_ *hostArgs, a, r []Value) { r[0] = sv(g(rune(a[0].I))) }
	case func(rune) bool:
		return "r>b", func(_ *hostArgs, a, r []Value) { r[0] = bv(g(rune(a[0].I))) }
	case func(string) (string, error):
		return "s>se", func(h *hostArgs, a, r []Value) { x, err := g(a[0].S); r[0], r[1] = sv(x), h.err(err) }
	case func(float64, byte, int, int) string:
		return "fyii>s", func(_ *hostArgs, a, r []Value) { r[0] = sv(g(f(a[0]), byte(a[1].I), i(a[2]), i(a[3]))) }
	case func(string, int) (float64, error):
		return "si>fe", func(h *hostArgs, a, r []Value) { x, err := g(a[0].S, i(a[1])); r[0], r[1] = fv(x), h.err(err) }
	case func(uint64, int) string:
		return "ui>s", func(_ *hostArgs, a, r []Value) { r[0] = sv(g(uint64(a[0].I), i(a[1]))) }
	case func(string, int, int) (uint64, error):
		return "sii>ue", func(h *hostArgs, a, r []Value) {
			x, err := g(a[0].S, i(a[1]), i(a[2]))
			r[0], r[1] = Value{I: int64(x)}, h.err(err)
		}
	}
	return "", nil
}

// panicText is what the runtime prints for a panic of value p raised by a
// real function (printpanicval: an error's or a string's text).
func panicText(p any) string { return fmt.Sprint(p) }
