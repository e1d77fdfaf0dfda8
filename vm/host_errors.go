package vm

// errors and fmt: what errors.Is and fmt.Print need to know of a dynamic
// type that the VM's instructions do not tell: whether it is comparable
// (reflectlite.TypeOf(target).Comparable()), whether it is a string kind
// (fmt's doPrint: isString).

func init() {
	RegisterHost(HostFunc{Name: "errors.comparable", Pop: 1, Push: 1, Fn: func(mc *Machine, _ int32, a, r []Value) string {
		t, _ := mc.ifaceParts(a[0].I)
		r[0].I = boolInt(t >= 0 && mc.prog.Types[t].Comparable)
		return ""
	}})
	// errors.As (lang/stubs/errors): asTarget is 0 for a target As can
	// set, 1 for one that is not a non-nil pointer, 2 for a pointer to a
	// type that is neither an interface nor an error (reflectlite's
	// checks); asSet sets *target to err, and reports true, if err's
	// dynamic type is assignable to *target's type.
	RegisterHost(HostFunc{Name: "errors.asTarget", Pop: 1, Push: 1, Fn: func(mc *Machine, _ int32, a, r []Value) string {
		t, v := mc.ifaceParts(a[0].I)
		switch {
		case t < 0 || !mc.prog.Types[t].Pointer || v.I&refMask == 0:
			r[0].I = 1
		case !mc.prog.Types[mc.prog.Types[t].Elem].Iface && !mc.isError(mc.prog.Types[t].Elem):
			r[0].I = 2
		}
		return ""
	}})
	RegisterHost(HostFunc{Name: "errors.asSet", Pop: 2, Push: 1, Fn: func(mc *Machine, _ int32, a, r []Value) string {
		tt, p := mc.ifaceParts(a[1].I)
		elem := mc.prog.Types[tt].Elem
		et := &mc.prog.Types[elem]
		dyn, val := mc.ifaceParts(a[0].I)
		switch {
		case dyn < 0:
			return ""
		case et.Iface:
			if mc.missingMethod(dyn, et) != "" {
				return ""
			}
			val = Value{I: a[0].I}
		case dyn != elem:
			return ""
		}
		if (et.Kind == KindStruct || et.Kind == KindArray) && et.Layout >= 0 {
			mc.assignObj(p.I, val.I, et.Layout)
		} else if slot := mc.slotOf(p.I); slot != nil {
			*slot = val
		}
		r[0].I = 1
		return ""
	}})
	RegisterHost(HostFunc{Name: "fmt.isString", Pop: 1, Push: 1, Fn: func(mc *Machine, _ int32, a, r []Value) string {
		t, _ := mc.ifaceParts(a[0].I)
		r[0].I = boolInt(t >= 0 && mc.prog.Types[t].Kind == KindString)
		return ""
	}})
}
