package runtime

// FullChecks reports how many times checkPlaces ran (invariants.go).
func (mc *Machine) FullChecks() int64 { return mc.fullChecks }
