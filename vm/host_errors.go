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
	RegisterHost(HostFunc{Name: "fmt.isString", Pop: 1, Push: 1, Fn: func(mc *Machine, _ int32, a, r []Value) string {
		t, _ := mc.ifaceParts(a[0].I)
		r[0].I = boolInt(t >= 0 && mc.prog.Types[t].Kind == KindString)
		return ""
	}})
}
