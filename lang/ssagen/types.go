package ssagen

import (
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/gmplab/gmplab/vm"
)

// Types at run time: how a value of each Go type is held (repr), the
// layouts of the types held in objects (vm.Layout: what copying,
// assigning and comparing them needs), and the run-time descriptors of
// the types an interface can hold or an assertion names (vm.TypeInfo).
//
// A struct with fields and an array are held in an object (rObject): the
// value is the object's id, a field or an element of such a type is a
// nested object of its own. Every other type is one slot (rWord): an
// integer, a float's bits, a bool, a string, or the id of a box, a
// closure, a channel, a map, a slice's header or an interface value.
//
// Handle types are the library types whose value is the id of a record
// of the simulated runtime or of the VM: a sync.Mutex, a sync.WaitGroup,
// sync's semaphores and notify lists (their zero value makes the record,
// a scheduler operation), an *os.File, a *sim.Conn, a *time.Location and
// the random generators. A value of a handle type is its own address (the
// id), so that &mu and mu are the same id, as the runtime expects; a copy
// of a struct holding one shares the record, where Go copies its state
// (go vet reports such copies).
//
// time.Time is one slot, the virtual clock's reading (vm/host_time.go),
// though its stub is a struct.

type repr uint8

const (
	rWord   repr = iota // one slot
	rObject             // an object's id (a struct with fields, an array)
	rHandle             // a runtime record's id, its own address
)

// handleTypes are the handle types by package path and name, with the
// operation that makes a zero value's record (0: none, the zero value is
// id 0).
var handleTypes = map[string]vm.Op{
	"sync.Mutex":           vm.OpNewMutex,
	"sync.WaitGroup":       vm.OpNewWG,
	"sync.sema":            vm.OpNewMutex,
	"sync.notifyList":      vm.OpNewMutex,
	"os.File":              0,
	simPath + ".Conn":      0,
	"time.Location":        0,
	"math/rand.Source":     0,
	"math/rand.Rand":       0,
	"math/rand/v2.Rand":    0,
	"math/rand/v2.PCG":     0,
	"math/rand/v2.ChaCha8": 0,
}

// wordTypes are library structs held in one slot.
var wordTypes = map[string]bool{"time.Time": true}

const simPath = "github.com/gmplab/gmplab/sim"

// typeName is t's package path and name ("sync.Mutex"), "" if t is not a
// named type of a package.
func typeName(t types.Type) string {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// isHandle reports whether t is a handle type.
func isHandle(t types.Type) bool {
	_, ok := handleTypes[typeName(t)]
	return ok
}

// reprOf is how a value of type t is held.
func reprOf(t types.Type) repr {
	name := typeName(t)
	if _, ok := handleTypes[name]; ok {
		return rHandle
	}
	if wordTypes[name] {
		return rWord
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		if u.NumFields() > 0 {
			return rObject
		}
	case *types.Array:
		return rObject
	}
	return rWord
}

// isObject reports whether values of t are held in objects.
func isObject(t types.Type) bool { return reprOf(t) == rObject }

// isPtrToHandle reports whether t is a pointer to a handle type (the
// handle's id).
func isPtrToHandle(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	return ok && isHandle(p.Elem())
}

// slotBytes is the bytes a value of t takes in a frame (for FrameSize).
func slotBytes(t types.Type) int {
	if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
		return 16
	}
	return 8
}

// typeTable holds the layouts and run-time types made so far.
type typeTable struct {
	g       *gen
	layouts typeutil.Map // underlying type → int32 Layouts index
	infos   typeutil.Map // type → int32 Types index
	errStr  int32        // *errors.errorString, or -1
	rtErrs  bool         // the runtime's error types are declared
}

func (tt *typeTable) init(g *gen) {
	tt.g = g
	tt.errStr = -1
}

// needsZero reports whether the zero value of t is made by code (an
// object, or a runtime record), not the zero Value.
func (tt *typeTable) needsZero(t types.Type) bool {
	switch reprOf(t) {
	case rObject:
		return true
	case rHandle:
		return handleTypes[typeName(t)] != 0
	}
	return false
}

// layout is the Program.Layouts index of struct or array type t.
func (tt *typeTable) layout(t types.Type) int32 {
	u := t.Underlying()
	if i := tt.layouts.At(u); i != nil {
		return i.(int32)
	}
	out := tt.g.out
	idx := int32(len(out.Layouts))
	tt.layouts.Set(u, idx)
	out.Layouts = append(out.Layouts, vm.Layout{})
	slot := func(t types.Type) int32 {
		switch {
		case isObject(t):
			return tt.layout(t)
		case types.IsInterface(t):
			return vm.LayoutIface
		case isFloat(t):
			return vm.LayoutFloat
		}
		return -1
	}
	var nested []int32
	switch u := u.(type) {
	case *types.Array:
		nested = make([]int32, u.Len())
		el := slot(u.Elem())
		for i := range nested {
			nested[i] = el
		}
	case *types.Struct:
		nested = make([]int32, u.NumFields())
		for i := range nested {
			nested[i] = slot(u.Field(i).Type())
		}
	}
	out.Layouts[idx].Nested = nested
	out.Layouts[idx].Size = uint64(amd64.Sizeof(u))
	out.Layouts[idx].NoScan = !hasPointers(u)
	out.Layouts[idx].Regs = canSSA(u)
	return idx
}

// canSSA reports whether the compiler keeps values of type t in registers
// (cmd/compile/internal/ssa: CanSSA): at most 4 words, and a struct of at
// most 4 fields (ssa.MaxStruct) that can be, or an array of at most one
// element that can be.
func canSSA(t types.Type) bool {
	size := amd64.Sizeof(t)
	if size == 0 {
		return true
	}
	if size > 4*8 {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Array:
		return u.Len() <= 1 && canSSA(u.Elem())
	case *types.Struct:
		if u.NumFields() > 4 {
			return false
		}
		for i := range u.NumFields() {
			if !canSSA(u.Field(i).Type()) {
				return false
			}
		}
	}
	return true
}

var amd64 = types.SizesFor("gc", "amd64")

// hasPointers reports whether values of t hold pointers (growslice's
// noscan).
func hasPointers(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0 || u.Kind() == types.UnsafePointer
	case *types.Array:
		return u.Len() > 0 && hasPointers(u.Elem())
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if hasPointers(u.Field(i).Type()) {
				return true
			}
		}
		return false
	}
	return true
}

// ptrBytes is the bytes of a t that may hold pointers: up to and including
// its last pointer word, 0 when it holds none (the compiler's
// types.PtrDataSize, the runtime's _type.PtrBytes). Strings and interfaces
// hold theirs in their first word, slices in their first of three.
func ptrBytes(t types.Type) int64 {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if hasPointers(u) {
			return amd64.Sizeof(types.Typ[types.UnsafePointer])
		}
		return 0
	case *types.Array:
		if u.Len() == 0 {
			return 0
		}
		if p := ptrBytes(u.Elem()); p > 0 {
			return (u.Len()-1)*amd64.Sizeof(u.Elem()) + p
		}
		return 0
	case *types.Struct:
		fields := make([]*types.Var, u.NumFields())
		for i := range fields {
			fields[i] = u.Field(i)
		}
		offs := amd64.Offsetsof(fields)
		for i := len(fields) - 1; i >= 0; i-- {
			if p := ptrBytes(fields[i].Type()); p > 0 {
				return offs[i] + p
			}
		}
		return 0
	case *types.Interface:
		return 2 * amd64.Sizeof(types.Typ[types.UnsafePointer])
	}
	// A pointer, map, channel, func or slice: its first word.
	return amd64.Sizeof(types.Typ[types.UnsafePointer])
}

func isFloat(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsFloat != 0
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func isUnsigned64(t types.Type) bool {
	bits, signed := intBits(t)
	return bits == 64 && !signed
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// intBits gives the width and signedness of an integer type.
func intBits(t types.Type) (bits int, signed bool) {
	if b, ok := t.Underlying().(*types.Basic); ok {
		switch b.Kind() {
		case types.Int8:
			return 8, true
		case types.Int16:
			return 16, true
		case types.Int32:
			return 32, true
		case types.Uint8:
			return 8, false
		case types.Uint16:
			return 16, false
		case types.Uint32:
			return 32, false
		case types.Uint64, types.Uint, types.Uintptr:
			return 64, false
		}
	}
	return 64, true
}

// ---- run-time types ---------------------------------------------------------

var (
	anyWord     = regexp.MustCompile(`\bany\b`)
	byteWord    = regexp.MustCompile(`\bbyte\b`)
	runeWord    = regexp.MustCompile(`\brune\b`)
	structBrace = regexp.MustCompile(`struct\{([^{}]+)\}`)
)

// rtypeName spells t as the runtime's type strings do (%T, panics):
// "interface {}", "struct {}", "struct { A int }", "[]uint8" for []byte
// (the runtime knows no aliases), packages by name.
func rtypeName(t types.Type) string {
	s := types.TypeString(unnamedParams(t), func(p *types.Package) string { return p.Name() })
	s = anyWord.ReplaceAllString(s, "interface {}")
	s = byteWord.ReplaceAllString(s, "uint8")
	s = runeWord.ReplaceAllString(s, "int32")
	s = strings.ReplaceAll(s, "interface{}", "interface {}")
	s = strings.ReplaceAll(s, "struct{}", "struct {}")
	s = structBrace.ReplaceAllString(s, "struct { $1 }")
	return s
}

// unnamedParams is t with the parameters and results of the func types in
// it unnamed, as reflect names func types.
func unnamedParams(t types.Type) types.Type {
	switch u := t.(type) {
	case *types.Signature:
		strip := func(tu *types.Tuple) *types.Tuple {
			vars := make([]*types.Var, tu.Len())
			for i := range vars {
				vars[i] = types.NewParam(token.NoPos, nil, "", unnamedParams(tu.At(i).Type()))
			}
			return types.NewTuple(vars...)
		}
		return types.NewSignatureType(nil, nil, nil, strip(u.Params()), strip(u.Results()), u.Variadic())
	case *types.Slice:
		return types.NewSlice(unnamedParams(u.Elem()))
	case *types.Array:
		return types.NewArray(unnamedParams(u.Elem()), u.Len())
	case *types.Pointer:
		return types.NewPointer(unnamedParams(u.Elem()))
	case *types.Map:
		return types.NewMap(unnamedParams(u.Key()), unnamedParams(u.Elem()))
	case *types.Chan:
		return types.NewChan(u.Dir(), unnamedParams(u.Elem()))
	}
	return t
}

// sigID is the Program.Strings index of method m's signature without its
// receiver and parameter names, as an assertion compares them.
func (tt *typeTable) sigID(sig *types.Signature) int32 {
	strip := func(tu *types.Tuple) *types.Tuple {
		vars := make([]*types.Var, tu.Len())
		for i := range vars {
			vars[i] = types.NewParam(token.NoPos, nil, "", tu.At(i).Type())
		}
		return types.NewTuple(vars...)
	}
	s := types.NewSignatureType(nil, nil, nil, strip(sig.Params()), strip(sig.Results()), sig.Variadic())
	return tt.g.str(types.TypeString(s, func(p *types.Package) string { return p.Path() }))
}

// typeID is the Program.Types index of type t, its descriptor made (with
// those of its parts) the first time.
func (tt *typeTable) typeID(t types.Type) int32 {
	if i := tt.infos.At(t); i != nil {
		return i.(int32)
	}
	g := tt.g
	id := int32(len(g.out.Types))
	tt.infos.Set(t, id)
	g.out.Types = append(g.out.Types, vm.TypeInfo{Name: rtypeName(t), Elem: -1, Key: -1, Layout: -1})
	info := vm.TypeInfo{Name: rtypeName(t), Elem: -1, Key: -1, Layout: -1, Comparable: types.Comparable(t)}
	_, info.Named = types.Unalias(t).(*types.Named)
	if it, ok := t.Underlying().(*types.Interface); ok {
		info.Iface, info.Kind = true, vm.KindIface
		for i := 0; i < it.NumMethods(); i++ {
			m := it.Method(i)
			info.Methods = append(info.Methods, vm.Method{Name: g.str(m.Name()), Fn: -1, Copy: -1, Sig: tt.sigID(m.Type().(*types.Signature))})
		}
		g.out.Types[id] = info
		return id
	}
	tt.describe(&info, t)
	info.Methods = tt.methods(t)
	g.out.Types[id] = info
	return id
}

// methods is the method table of concrete type t: its method set, each
// method the function go/ssa gives for it (a wrapper for a promoted
// method or a value method of a pointer), a thunk for a library method
// computed by the VM.
func (tt *typeTable) methods(t types.Type) []vm.Method {
	g := tt.g
	ms := g.ssa.MethodSets.MethodSet(t)
	var out []vm.Method
	for i := 0; i < ms.Len(); i++ {
		sel := ms.At(i)
		m := sel.Obj().(*types.Func)
		fn := g.ssa.MethodValue(sel)
		if fn == nil {
			continue
		}
		out = append(out, vm.Method{Name: g.str(m.Name()), Fn: g.funcIndex(fn), Copy: -1, Sig: tt.sigID(m.Type().(*types.Signature))})
	}
	return out
}

// describe fills in the kind and parts of concrete type t.
func (tt *typeTable) describe(info *vm.TypeInfo, t types.Type) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsFloat != 0:
			info.Kind, info.Bits = vm.KindFloat, 64
			if u.Kind() == types.Float32 {
				info.Bits = 32
			}
		case u.Info()&types.IsInteger != 0:
			bits, signed := intBits(t)
			info.Bits = int8(bits)
			info.Kind = vm.KindInt
			if !signed {
				info.Kind = vm.KindUint
			}
			if typeName(t) == "time.Duration" {
				info.Kind = vm.KindDuration
			}
		case u.Info()&types.IsBoolean != 0:
			info.Kind = vm.KindBool
		case u.Info()&types.IsString != 0:
			info.Kind = vm.KindString
		}
	case *types.Struct:
		info.Kind = vm.KindStruct
		if reprOf(t) != rObject {
			return
		}
		info.Layout = tt.layout(t)
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			info.Fields = append(info.Fields, vm.Field{Name: f.Name(), Type: tt.typeID(f.Type()), Exported: f.Exported()})
		}
	case *types.Pointer:
		info.Pointer = true
		info.Elem = tt.typeID(u.Elem())
		if isObject(u.Elem()) {
			info.Kind = vm.KindPtr
		}
	case *types.Array:
		info.Kind = vm.KindArray
		info.Layout = tt.layout(t)
		info.Len = int(u.Len())
		info.Elem = tt.typeID(u.Elem())
	case *types.Slice:
		info.Kind = vm.KindSlice
		info.Elem = tt.typeID(u.Elem())
	case *types.Map:
		info.Kind = vm.KindMap
		info.Key, info.Elem = tt.typeID(u.Key()), tt.typeID(u.Elem())
	case *types.Chan:
		info.Kind = vm.KindChan
	case *types.Signature:
		info.Kind = vm.KindFunc
	}
}

// errorString is the type id of errors.New's values.
func (tt *typeTable) errorString() int32 {
	if tt.errStr < 0 {
		out := tt.g.out
		tt.errStr = int32(len(out.Types))
		out.Types = append(out.Types, vm.TypeInfo{Name: "*errors.errorString", ErrorString: true, Kind: vm.KindPtr, Comparable: true, Elem: -1, Key: -1, Layout: -1})
	}
	return tt.errStr
}

// runtimeErrors declares the types of the runtime's errors, which recover
// returns for a run-time panic (vm: runtimeErrorType).
func (tt *typeTable) runtimeErrors() {
	if tt.rtErrs {
		return
	}
	tt.rtErrs = true
	out := tt.g.out
	for _, name := range []string{"runtime.boundsError", "*runtime.TypeAssertionError", "runtime.errorString", "runtime.plainError"} {
		out.Types = append(out.Types, vm.TypeInfo{Name: name, ErrorString: true, Runtime: true, Comparable: true, Elem: -1, Key: -1, Layout: -1})
	}
}

// synthType declares a library type the VM makes values of by itself
// (*fmt.wrapError), by name.
func (tt *typeTable) synthType(name string, info vm.TypeInfo) int32 {
	out := tt.g.out
	for i := range out.Types {
		if out.Types[i].Name == name && out.Types[i].ErrorString == info.ErrorString {
			return int32(i)
		}
	}
	info.Name = name
	out.Types = append(out.Types, info)
	return int32(len(out.Types) - 1)
}

// boolInt32 is 1 for true, 0 for false: an instruction's flag operand.
func boolInt32(b bool) int32 {
	if b {
		return 1
	}
	return 0
}
