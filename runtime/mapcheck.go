package runtime

import "github.com/gmplab/gmplab/vm"

// Concurrent use of a map (internal/runtime/maps: mapassign, mapdelete and
// clear toggle m.writing for their duration; mapaccess1/2 and the
// iterator's Next check it at their start, and mapassign both at its start
// and its end; whoever finds it set calls fatal: "concurrent map writes",
// "concurrent map read and map write", "concurrent map iteration and map
// write").
//
// The model: while more than one M can run Go code (GOMAXPROCS > 1), the
// interpreter logs each map access of a Run (vm/maplog.go) with how far
// into the Run it started. A Run starts at mc.now, so each access gets its
// virtual time; a write holds the flag over its cost (psMapAssign or
// psMapInsert, growing with the map; at least 1 ns). An access
// by one M that overlaps a write by another M in virtual time is what the
// real flag would catch, and the program dies with Go's message.
//
// Simplified: Ms run ahead (execBudget), so when the overlap is found the
// goroutine whose access was processed second has already run on for up
// to a Run's worth of instructions: it is the one that reports it, and its
// traceback shows where it stopped, not the access (in Go the goroutine
// that finds the flag set reports it, at the access). The map functions of
// the standard library that run on the host (maps.Keys, slices of a map's
// keys) are not logged.

// mapRec is a logged access of one M to one map.
type mapRec struct {
	m          int32 // the M
	kind       vm.MapAccessKind
	start, end int64 // virtual ns: a write holds m.writing over [start, end)
}

// mapSweepEvery is how many checked Runs go by between sweeps of the
// records of maps no longer accessed.
const mapSweepEvery = 4096

// checkMapAccesses looks for overlaps between the map accesses of the Run
// M mi just made (started at mc.now, with psRem ps of its G's time carried
// over) and those of other Ms, and records them. It reports whether the
// program died.
func (mc *Machine) checkMapAccesses(mi int32, log []vm.MapAccess, psRem int64) bool {
	if mc.mapRecs == nil {
		mc.mapRecs = map[int64][]mapRec{}
	}
	for _, a := range log {
		start := mc.now + (psRem+a.At)/1000
		end := start
		if a.Kind == vm.MapWrite {
			end = max(mc.now+(psRem+a.At+a.Cost)/1000, start+1)
		}
		recs := mc.mapRecs[a.Map]
		// Records that end before now can overlap nothing to come: every
		// M's next access is at or after now.
		k := 0
		for _, r := range recs {
			if r.end >= mc.now {
				recs[k] = r
				k++
			}
		}
		recs = recs[:k]
		for _, r := range recs {
			if r.m == mi {
				continue
			}
			if msg := mapConflict(a.Kind, start, end, r); msg != "" {
				mc.fatalUser(mc.allm[mi].curg, msg)
				return true
			}
		}
		mc.mapRecs[a.Map] = append(recs, mapRec{m: mi, kind: a.Kind, start: start, end: end})
	}
	if mc.mapChecks++; mc.mapChecks%mapSweepEvery == 0 {
		for id, recs := range mc.mapRecs {
			live := false
			for _, r := range recs {
				live = live || r.end >= mc.now
			}
			if !live {
				delete(mc.mapRecs, id) // the outcome does not depend on the order
			}
		}
	}
	return false
}

// mapConflict is the fatal error of an access of kind over [start, end)
// that overlaps r, an access of another M, or "" if the flag would not be
// seen.
func mapConflict(kind vm.MapAccessKind, start, end int64, r mapRec) string {
	switch {
	case kind == vm.MapWrite && r.kind == vm.MapWrite:
		if start < r.end && r.start < end {
			return "concurrent map writes"
		}
	case kind == vm.MapWrite: // r checked the flag at r.start
		if start <= r.start && r.start < end {
			return mapReadMsg(r.kind)
		}
	case r.kind == vm.MapWrite: // this access checks the flag at start
		if r.start <= start && start < r.end {
			return mapReadMsg(kind)
		}
	}
	return ""
}

func mapReadMsg(kind vm.MapAccessKind) string {
	if kind == vm.MapIter {
		return "concurrent map iteration and map write"
	}
	return "concurrent map read and map write"
}
