package vm

// maps: Clone, Copy and Equal (the iterators Keys, Values, All, Insert and
// Collect are the real package's source, lang/srcpkg/maps/iter.go). The
// type operand B names the map's value type for Equal; B < 0 is ^layout
// of values held in objects (structs, arrays), which Clone and Copy copy
// (each map holds its own) and Equal compares as == does.

// mapEntries calls f for each entry of map m, in table order.
func (mc *Machine) mapEntries(m int64, f func(k, v Value)) {
	if m&refMask == 0 {
		return
	}
	t := mc.objs[m&refMask]
	for i := mapHeader; i+2 < len(t); i += 3 {
		if t[i].I == bucketFull {
			f(t[i+1], t[i+2])
		}
	}
}

// valueCopy is v, or a copy of it when b (a type operand) is ^layout of
// values held in objects.
func (mc *Machine) valueCopy(v Value, b int32) Value {
	if b < 0 {
		return Value{I: mc.copyObj(v.I, ^b)}
	}
	return v
}

func init() {
	RegisterHost(HostFunc{Name: "maps.Clone", Pop: 1, Push: 1, Fn: func(mc *Machine, b int32, a, r []Value) string {
		if a[0].I&refMask == 0 {
			r[0] = Value{}
			return ""
		}
		c := mc.makeMap(mc.mapLen(a[0].I))
		mc.mapEntries(a[0].I, func(k, v Value) { mc.mapSet(c, k, mc.valueCopy(v, b)) })
		r[0] = Value{I: c}
		return ""
	}})
	RegisterHost(HostFunc{Name: "maps.Copy", Pop: 2, Push: 0, Fn: func(mc *Machine, b int32, a, r []Value) string {
		if a[0].I&refMask == 0 && mc.mapLen(a[1].I) > 0 {
			return "assignment to entry in nil map"
		}
		mc.mapEntries(a[1].I, func(k, v Value) { mc.mapSet(a[0].I, k, mc.valueCopy(v, b)) })
		return ""
	}})
	RegisterHost(HostFunc{Name: "maps.Equal", Pop: 2, Push: 1, Fn: func(mc *Machine, b int32, a, r []Value) string {
		float := b >= 0 && (mc.prog.Strings[b] == "float64" || mc.prog.Strings[b] == "float32")
		eq := mc.mapLen(a[0].I) == mc.mapLen(a[1].I)
		msg := ""
		mc.mapEntries(a[0].I, func(k, v Value) {
			w, ok := mc.mapGet(a[1].I, k)
			switch {
			case !ok:
				eq = false
			case b < 0:
				if eq && msg == "" {
					eq, msg = mc.eqObj(v.I, w.I, ^b)
				}
			case float:
				eq = eq && F64(v) == F64(w)
			default:
				eq = eq && v == w
			}
		})
		r[0] = Value{I: boolInt(eq)}
		return msg
	}})
}
