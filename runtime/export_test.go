package runtime

// FullChecks reports how many times checkPlaces ran (invariants.go).
func (mc *Machine) FullChecks() int64 { return mc.fullChecks }

// HeapScan is the pacer's scannable heap (gcControllerState.heapScan):
// right after a mark, its heap scan work (resetLive).
func (mc *Machine) HeapScan() uint64 { return mc.gc.ctl.heapScan }
