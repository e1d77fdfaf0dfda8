package vm

// errors: the one thing errors.Is needs that the VM's instructions do not
// give: whether the target's dynamic type is comparable
// (reflectlite.TypeOf(target).Comparable()).

func init() {
	RegisterHost(HostFunc{Name: "errors.comparable", Pop: 1, Push: 1, Fn: func(mc *Machine, _ int32, a, r []Value) string {
		t, _ := mc.ifaceParts(a[0].I)
		r[0].I = boolInt(t >= 0 && mc.prog.Types[t].Comparable)
		return ""
	}})
}
