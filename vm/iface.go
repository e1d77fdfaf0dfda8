package vm

// Interface values: an object of two slots, the dynamic type (an index
// into Program.Types) and the value (for a struct, a copy of its own; for
// a pointer, the object's id), named by its id; 0 is the nil interface.
// A method call finds the function in the dynamic type's table; equality
// compares the dynamic types and the values, as Go does.

func (mc *Machine) makeIface(t int32, v Value) int64 {
	id := mc.newObj(2)
	o := mc.objs[id&refMask]
	o[0].I, o[1] = int64(t), v
	return id
}

func (mc *Machine) ifaceEq(a, b int64) bool {
	if a&refMask == 0 || b&refMask == 0 {
		return a&refMask == b&refMask
	}
	x, y := mc.objs[a&refMask], mc.objs[b&refMask]
	if x[0] == y[0] && mc.prog.Types[x[0].I].ErrorString {
		return a == b // errors.New's values are pointers: equal only to themselves
	}
	return x[0] == y[0] && x[1] == y[1]
}

func findMethod(t *TypeInfo, name int32) *Method {
	for i := range t.Methods {
		if t.Methods[i].Name == name {
			return &t.Methods[i]
		}
	}
	return nil
}
