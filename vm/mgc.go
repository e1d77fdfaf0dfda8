package vm

import "slices"

// Freeing the program's garbage.
//
// A func value (closure), a captured variable (box) and a struct (object,
// object.go) are slots in Machine.closures, Machine.boxes and Machine.objs,
// named by their index. Without
// freeing, a loop that makes 20,000,000 closures keeps 20,000,000 of each
// (3.5 GB; Go: 2 MB). The collector below frees the ones no G can reach
// and hands their indices out again, invisibly to the program and the
// schedule: it runs between two Runs, costs no virtual time, emits no
// event, and since it runs at the same point of the same run every time
// and reuses indices in a fixed order, a run stays byte-identical for a
// seed, and a resumed snapshot behaves as the run that never stopped.
//
// The algorithm: mark-sweep, conservative over the roots. A Value carries
// no kind (the compiler knows the static types; the machine does not), so
// every Value in a root (each G's locals, operands and deferred calls'
// arguments, the globals, and what the scheduler holds: channel buffers and
// values in flight on blocked sends) is taken as a possible closure id and
// a possible box id (the tags of refTag tell them apart from most
// integers). A closure then marks its boxes exactly, and a box's content
// and an object's slots are scanned the same way. An integer that
// happens to equal a free index only keeps that slot one cycle longer; a
// live value is never freed, because every live closure or box is named by
// some Value reachable from a root. Sweeping rebuilds both free lists from
// the unmarked slots in index order (highest index used first). The
// closures of plain functions (ids 1..len(Funcs)) are permanent.
//
// When: after Run, once the slots allocated since the last collection
// exceed the live ones it left (GOGC=100's rule, with a floor of
// gcMinAlloc), so the marking work stays proportional to the allocation.
//
// Rejected:
//   - Reference counting: every store to a local, an operand or a box would
//     have to know whether it overwrites a reference, which an untyped
//     Value cannot say, and cycles (a closure that captures itself, as a
//     recursive func literal does) would leak.
//   - Precise marking with stack maps: the front end would have to emit,
//     for every pc a G can stop at, which slots hold references. Exact, but
//     a new table for every instruction and a second place to get wrong;
//     the conservative scan frees the same garbage in the programs that
//     matter (loops of closures, goroutines with captured variables).
//   - A kind tag in Value: it grows every slot of every G by 8 bytes and
//     costs the interpreter's hot loop a store per push.
//   - Generational or incremental collection: the simulated heap is small
//     once garbage is freed; one full mark per doubling is cheap enough.

// gcMinAlloc is the floor of the trigger: with fewer allocations since the
// last collection, none runs (a small program never collects). Arbitrary;
// large enough that marking a few Gs' slots is negligible against the
// allocations it follows.
const gcMinAlloc = 4096

// gcState is the collector's bookkeeping, part of Machine.
type gcState struct {
	freeClo []int32 // free closure ids, next to use last
	freeBox []int32 // free box ids, next to use last
	freeObj []int32 // free object ids, next to use last
	alloc   int     // closures and boxes allocated since the last collection
	trigger int     // collect when alloc exceeds this
	cycles  int64   // collections done (for tests)

	// Scratch for a collection (not part of the state: cleared after).
	markClo, markBox, markObj []bool
	work                      []int64
	// dense marks the small objects a span scan would find together with
	// enough of their span's other objects to scan the span densely
	// (spanScanDense), whose scan work is then their whole size.
	dense []bool

	// spare holds host slices of small objects freed and then left
	// without an id (allocObj needed a bigger one at their id), by
	// capacity (spare[n] of n slots), for allocObj to reuse: with the
	// slices Collect leaves at the freed ids, a program that copies small
	// structs in a loop allocates no host memory for them. Not part of
	// the state: a clone starts without any (each machine reuses only
	// slices it freed itself).
	spare [spareSlots + 1][][]Value
}

// spareSlots is the biggest object whose slice a collection keeps for
// reuse, and spareMax how many of each size it keeps at most.
const (
	spareSlots = 8
	spareMax   = 4096
)

// newClosure allocates a func value.
func (mc *Machine) newClosure(c closure) int64 {
	mc.gc.alloc++
	if len(c.boxes) > 0 {
		mc.malloc(closureBytes(len(c.boxes)), false)
	}
	if n := len(mc.gc.freeClo); n > 0 {
		id := mc.gc.freeClo[n-1]
		mc.gc.freeClo = mc.gc.freeClo[:n-1]
		mc.closures[id] = c
		return cloTag | int64(id)
	}
	mc.closures = append(mc.closures, c)
	return cloTag | int64(len(mc.closures)-1)
}

// newBox allocates a box holding v.
func (mc *Machine) newBox(v Value) int64 {
	mc.gc.alloc++
	mc.malloc(ptrSize, false)
	if n := len(mc.gc.freeBox); n > 0 {
		id := mc.gc.freeBox[n-1]
		mc.gc.freeBox = mc.gc.freeBox[:n-1]
		mc.boxes[id] = v
		return boxTag | int64(id)
	}
	mc.boxes = append(mc.boxes, v)
	return boxTag | int64(len(mc.boxes)-1)
}

// NeedGC reports whether enough was allocated since the last collection
// for the scheduler to call Collect.
func (mc *Machine) NeedGC() bool { return mc.gc.alloc > max(mc.gc.trigger, gcMinAlloc) }

// GCCycles is the number of collections so far.
func (mc *Machine) GCCycles() int64 { return mc.gc.cycles }

// Live is the number of closure and box slots in use (for tests and
// memory figures).
func (mc *Machine) Live() (closures, boxes int) {
	return len(mc.closures) - len(mc.gc.freeClo), len(mc.boxes) - len(mc.gc.freeBox)
}

// Roots is what the scheduler holds that may name a closure or a box;
// Collect gives it to the scheduler's roots function.
type Roots struct{ mc *Machine }

// Thread marks everything t's code can reach.
func (r Roots) Thread(t *Thread) {
	r.Values(t.vals)
	r.idx(t.entryClo)
	for i := range t.frames {
		r.idx(t.frames[i].clo)
	}
	for _, c := range t.deep {
		for _, v := range c.refs {
			r.id(v)
		}
	}
	for i := range t.defers {
		r.idx(t.defers[i].clo)
		r.Values(t.defers[i].args)
	}
	r.id(t.panicVal)
}

// Values marks whatever vs may name.
func (r Roots) Values(vs []Value) {
	for i := range vs {
		r.id(vs[i].I)
	}
}

// Value marks whatever v may name.
func (r Roots) Value(v Value) { r.id(v.I) }

// id marks what v names if it looks like a func value or a box (its tag,
// see refTag).
func (r Roots) id(v int64) {
	g := &r.mc.gc
	i := v & refMask
	switch v &^ refMask {
	case cloTag:
		if i < int64(len(g.markClo)) && !g.markClo[i] {
			g.markClo[i] = true
			g.work = append(g.work, i)
		}
	case boxTag:
		if i > 0 && i < int64(len(g.markBox)) && !g.markBox[i] {
			g.markBox[i] = true
			g.work = append(g.work, -i)
		}
	case elemTag:
		r.id(objTag | v&elemObjMask) // the object an element pointer points into
	case objTag:
		if i > 0 && i < int64(len(g.markObj)) && !g.markObj[i] {
			g.markObj[i] = true
			g.work = append(g.work, objTag|i)
		}
	}
}

// idx marks closure index i (a frame's, a deferred call's, a G's entry).
func (r Roots) idx(i int32) {
	r.id(cloTag | int64(i))
}

// Collect frees the closures and boxes that nothing reachable from the
// globals or from what roots marks can name, and returns what is live as
// Go's heap (malloc.go). roots must mark every Thread and every Value the
// scheduler holds.
func (mc *Machine) Collect(roots func(Roots)) HeapLive {
	g := &mc.gc
	g.markClo = markBits(g.markClo, len(mc.closures))
	g.markBox = markBits(g.markBox, len(mc.boxes))
	g.markObj = markBits(g.markObj, len(mc.objs))
	g.dense = markBits(g.dense, len(mc.objs))
	r := Roots{mc}
	r.Values(mc.globals)
	r.id(mc.runtimeRand)
	mc.spanScanDense(0)
	from := len(g.work)
	roots(r)
	mc.spanScanDense(from)
	for len(g.work) > 0 {
		v := g.work[len(g.work)-1]
		g.work = g.work[:len(g.work)-1]
		switch {
		case v < 0:
			r.id(mc.boxes[-v].I)
		case v&objTag == objTag:
			from := len(g.work)
			r.Values(mc.objs[v&refMask])
			mc.spanScanDense(from)
		default:
			for _, b := range mc.closures[v].boxes {
				if !g.markBox[b] {
					g.markBox[b] = true
					g.work = append(g.work, -int64(b))
				}
			}
		}
	}
	live := mc.liveHeap()
	g.freeClo = g.freeClo[:0]
	for id := len(mc.closures) - 1; id > len(mc.prog.Funcs); id-- {
		if !g.markClo[id] {
			mc.closures[id] = closure{fn: -1}
			g.freeClo = append(g.freeClo, int32(id))
		}
	}
	g.freeBox = g.freeBox[:0]
	for id := len(mc.boxes) - 1; id > 0; id-- {
		if !g.markBox[id] {
			mc.boxes[id] = Value{}
			g.freeBox = append(g.freeBox, int32(id))
		}
	}
	for id := range mc.sbufs {
		if !g.markObj[id] {
			delete(mc.sbufs, id) // a dead Builder's buffer
		}
	}
	g.freeObj = g.freeObj[:0]
	for id := len(mc.objs) - 1; id > 0; id-- {
		if !g.markObj[id] {
			if cap(mc.objs[id]) > spareSlots {
				mc.objs[id] = nil // a small object's slots stay for allocObj to reuse
			}
			if id < len(mc.heap.objMeta) {
				mc.heap.objMeta[id] = 0
			}
			g.freeObj = append(g.freeObj, int32(id))
		}
	}
	// Trim free slots at the ends so that the slices shrink back when a
	// burst of garbage is gone (the free lists hold the highest ids first).
	var n int
	g.freeClo, n = trimFree(g.freeClo, len(mc.closures))
	mc.closures = mc.closures[:n]
	g.freeBox, n = trimFree(g.freeBox, len(mc.boxes))
	mc.boxes = mc.boxes[:n]
	g.freeObj, n = trimFree(g.freeObj, len(mc.objs))
	mc.objs = mc.objs[:n]
	// Shrink a slice whose capacity is well over what the next cycle can
	// fill (what is left plus the allocations that trigger the next
	// collection): shrinking below that makes every cycle grow it again,
	// which for a program that allocates steadily was most of the host's
	// garbage.
	slots := len(mc.closures) - len(g.freeClo) + len(mc.boxes) - len(g.freeBox) + len(mc.objs) - len(g.freeObj)
	next := max(slots, gcMinAlloc)
	if cap(mc.objs) > 2*(len(mc.objs)+next)+1024 {
		mc.objs = slices.Clone(mc.objs)
	}
	if len(mc.heap.objMeta) > len(mc.objs) {
		mc.heap.objMeta = mc.heap.objMeta[:len(mc.objs)]
	}
	if cap(mc.closures) > 2*(len(mc.closures)+next)+1024 {
		mc.closures = slices.Clone(mc.closures)
	}
	if cap(mc.boxes) > 2*(len(mc.boxes)+next)+1024 {
		mc.boxes = slices.Clone(mc.boxes)
	}
	g.trigger = slots
	g.alloc = 0
	g.cycles++
	// The mark bits' arrays stay for the next collection; empty, they
	// mark nothing (Roots.id) between collections.
	g.markClo, g.markBox, g.markObj, g.work = g.markClo[:0], g.markBox[:0], g.markObj[:0], g.work[:0]
	g.dense = g.dense[:0]
	return live
}

// liveHeap sums the Go sizes of what the mark found (before the sweep).
func (mc *Machine) liveHeap() HeapLive {
	g := &mc.gc
	var l HeapLive
	for id, marked := range g.markObj {
		if !marked {
			continue
		}
		if size, scan := mc.objBytes(int64(id)); size > 0 {
			if scan > 0 && id < len(g.dense) && g.dense[id] {
				scan = size // scanned with its span's others (spanScanDense)
			}
			l.Bytes += size
			l.Objects++
			l.ScanBytes += scan
			if scan > 0 {
				l.ScanObjects++
			}
		}
	}
	for id := 1; id < len(g.markBox); id++ {
		if g.markBox[id] {
			l.Bytes += ptrSize
			l.ScanBytes += ptrSize
			l.Objects++
			l.ScanObjects++
		}
	}
	for id := len(mc.prog.Funcs) + 1; id < len(g.markClo); id++ {
		if g.markClo[id] {
			if b := closureBytes(len(mc.closures[id].boxes)); b > 0 {
				l.Bytes += b
				l.ScanBytes += b
				l.Objects++
				l.ScanObjects++
			}
		}
	}
	return l
}

// trimFree drops from free (highest ids first) the ids at the end of a
// table of n slots and returns it and the table's new length. It moves
// the rest down rather than reslicing, so that the list keeps its array
// for the next sweep (reslicing from the front lost it: a program that
// made garbage steadily reallocated its free list in every collection).
func trimFree(free []int32, n int) ([]int32, int) {
	k := 0
	for k < len(free) && int(free[k]) == n-1 {
		k++
		n--
	}
	if k > 0 {
		free = append(free[:0], free[k:]...)
	}
	return free, n
}

// markBits returns b cleared with length n, reusing its array when it is
// big enough.
func markBits(b []bool, n int) []bool {
	if cap(b) < n {
		return make([]bool, n, n+n/4)
	}
	b = b[:n]
	clear(b)
	return b
}
