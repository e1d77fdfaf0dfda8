package vm

// The accesses to maps a Run made, for the scheduler's model of Go's
// detection of concurrent map use (internal/runtime/maps: a write sets
// m.writing for its duration; an access that finds it set is fatal:
// "concurrent map writes", "concurrent map read and map write",
// "concurrent map iteration and map write"). The interpreter knows no
// time and no M: it logs which map each access touched and how far into
// the Run it started (the virtual time, in ps, the Run had counted),
// and the scheduler, which knows when the Run started and on which M,
// looks for overlaps (runtime/mapcheck.go).

// MapAccessKind says what a logged access did.
type MapAccessKind uint8

const (
	// MapRead: a lookup (mapaccess1/2: checks m.writing at its start).
	MapRead MapAccessKind = iota
	// MapIter: a step of a range loop or of fmt's walk over a map
	// (mapiterinit, mapiternext: check m.writing).
	MapIter
	// MapWrite: an assignment, a delete or a clear (mapassign,
	// mapdelete, mapclear: m.writing is set for the whole operation).
	MapWrite
)

// MapAccess is one logged access.
type MapAccess struct {
	Map  int64 // the map's id (its value in the program)
	At   int64 // the virtual time in ps the Run had counted before it
	Cost int64 // what the access itself costs, in ps (a write holds m.writing that long)
	Kind MapAccessKind
}

// SetMapLog turns the log of map accesses on or off for the next Runs
// (the scheduler turns it on while more than one M can run Go code).
func (mc *Machine) SetMapLog(on bool) { mc.logMaps = on }

// MapLog is the map accesses the last Run made, in order (valid until the
// next Run).
func (mc *Machine) MapLog() []MapAccess { return mc.mapLog }

// logMap records an access to map m at ps into the Run, costing cost ps.
func (mc *Machine) logMap(m, ps, cost int64, kind MapAccessKind) {
	if m&refMask == 0 {
		return // a nil map: nothing to race on
	}
	mc.mapLog = append(mc.mapLog, MapAccess{Map: m & refMask, At: ps, Cost: cost, Kind: kind})
}
