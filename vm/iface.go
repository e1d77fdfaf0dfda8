package vm

import "strings"

// Interface values: an object of two slots, the dynamic type (an index
// into Program.Types) and the value (for a struct, a copy of its own; for
// a pointer, the object's id), named by its id; 0 is the nil interface.
// The object never changes once made, so copies of an interface value
// share it. A method call finds the function in the dynamic type's table;
// equality compares the dynamic types and the values as Go does
// (runtime/alg.go: efaceeq), panicking for an uncomparable dynamic type;
// a type assertion compares the dynamic type with the asserted one or
// checks its methods against the asserted interface's (runtime/iface.go:
// typeAssert, getitab), with the runtime's TypeAssertionError wording.

func (mc *Machine) makeIface(t int32, v Value) int64 {
	id := mc.newObj(2)
	o := mc.objs[id&refMask]
	o[0].I, o[1] = int64(t), v
	return id
}

// ifaceParts is the dynamic type and value of interface value i (-1 for nil).
func (mc *Machine) ifaceParts(i int64) (int32, Value) {
	if i&refMask == 0 {
		return -1, Value{}
	}
	o := mc.objs[i&refMask]
	return int32(o[0].I), o[1]
}

// ifaceEq compares two interface values; msg is Go's panic for an
// uncomparable dynamic type.
func (mc *Machine) ifaceEq(a, b int64) (eq bool, msg string) {
	if a&refMask == 0 || b&refMask == 0 {
		return a&refMask == b&refMask, ""
	}
	ta, va := mc.ifaceParts(a)
	tb, vb := mc.ifaceParts(b)
	if ta != tb {
		return false, ""
	}
	t := &mc.prog.Types[ta]
	if t.ErrorString {
		return a == b, "" // errors.New's values are pointers: equal only to themselves
	}
	if !t.Comparable {
		return false, "runtime error: comparing uncomparable type " + t.Name
	}
	return mc.eqValue(ta, va, vb)
}

// eqValue compares two values of type ti (comparable).
func (mc *Machine) eqValue(ti int32, a, b Value) (bool, string) {
	t := &mc.prog.Types[ti]
	switch t.Kind {
	case KindString:
		return a.S == b.S, ""
	case KindIface:
		return mc.ifaceEq(a.I, b.I)
	case KindStruct:
		x, y := mc.objs[a.I&refMask], mc.objs[b.I&refMask]
		for i, f := range t.Fields {
			if eq, msg := mc.eqValue(f.Type, x[i], y[i]); !eq || msg != "" {
				return eq, msg
			}
		}
		return true, ""
	case KindArray:
		x, y := mc.objs[a.I&refMask], mc.objs[b.I&refMask]
		for i := range t.Len {
			if eq, msg := mc.eqValue(t.Elem, x[i], y[i]); !eq || msg != "" {
				return eq, msg
			}
		}
		return true, ""
	}
	return a.I == b.I, ""
}

// assert performs x.(T) on interface value i for OpAssert (A target, B
// source<<2 | mode): the value (for an interface target, the same
// interface value), whether it holds and, when panics is set (the form
// that panics), the panic's message. The comma-ok forms pass panics false:
// a failed x.(T) there builds no message, as the compiler's code does not
// (it only compares the type word).
func (mc *Machine) assert(i int64, target, src int32, panics bool) (v Value, ok bool, msg string) {
	tt := &mc.prog.Types[target]
	dyn, val := mc.ifaceParts(i)
	if tt.Iface {
		if dyn < 0 {
			if panics {
				msg = "interface conversion: interface is nil, not " + tt.Name
			}
			return Value{}, false, msg
		}
		if m := mc.missingMethod(dyn, tt); m != "" {
			if panics {
				msg = "interface conversion: " + mc.prog.Types[dyn].Name + " is not " + tt.Name + ": missing method " + m
			}
			return Value{}, false, msg
		}
		return Value{I: i}, true, ""
	}
	if dyn != target {
		if !panics {
			return mc.zeroValue(tt), false, ""
		}
		srcName := mc.prog.Types[src].Name
		if dyn < 0 {
			return mc.zeroValue(tt), false, "interface conversion: " + srcName + " is nil, not " + tt.Name
		}
		return mc.zeroValue(tt), false, "interface conversion: " + srcName + " is " + mc.prog.Types[dyn].Name + ", not " + tt.Name
	}
	if (tt.Kind == KindStruct || tt.Kind == KindArray) && tt.Layout >= 0 {
		val = Value{I: mc.copyObj(val.I, tt.Layout)}
	}
	return val, true, ""
}

// zeroValue is the zero value of t (a fresh object for a struct).
func (mc *Machine) zeroValue(t *TypeInfo) Value {
	if (t.Kind == KindStruct || t.Kind == KindArray) && t.Layout >= 0 {
		return Value{I: mc.zeroObj(t.Layout)}
	}
	return Value{}
}

// missingMethod is the first of interface type it's methods (in the
// order the interface lists them, sorted by name as the runtime's) that
// dynamic type dyn lacks, or "".
func (mc *Machine) missingMethod(dyn int32, it *TypeInfo) string {
	t := &mc.prog.Types[dyn]
	for _, want := range it.Methods {
		if t.ErrorString && mc.prog.Strings[want.Name] == "Error" && mc.prog.Strings[want.Sig] == "func() string" {
			continue
		}
		m := findMethod(t, want.Name)
		if m == nil || m.Sig != want.Sig {
			return mc.prog.Strings[want.Name]
		}
	}
	return ""
}

func findMethod(t *TypeInfo, name int32) *Method {
	for i := range t.Methods {
		if t.Methods[i].Name == name {
			return &t.Methods[i]
		}
	}
	return nil
}

// runtimeErrorType is the type id of the runtime error a run-time panic
// with message msg carries (boundsError, TypeAssertionError, errorString,
// plainError), for recover; -1 if the program declares none.
func (mc *Machine) runtimeErrorType(msg string) int32 {
	name := "runtime.plainError"
	switch {
	case strings.HasPrefix(msg, errIndexFmt), strings.HasPrefix(msg, errSliceFmt):
		name = "runtime.boundsError"
	case strings.HasPrefix(msg, "interface conversion: "):
		name = "*runtime.TypeAssertionError"
	case strings.HasPrefix(msg, "runtime error: "):
		name = "runtime.errorString"
	}
	for i := range mc.prog.Types {
		if t := &mc.prog.Types[i]; t.Runtime && t.Name == name {
			return int32(i)
		}
	}
	return -1
}

// stringType is the type id of string, the type of a panic's value that a
// library package raised with panic(string) (Thread.Raise), for recover;
// -1 if the program declares none.
func (mc *Machine) stringType() int32 {
	for i := range mc.prog.Types {
		if t := &mc.prog.Types[i]; t.Kind == KindString && !t.Named && !t.Runtime {
			return int32(i)
		}
	}
	return -1
}
