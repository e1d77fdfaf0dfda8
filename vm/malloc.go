package vm

// The heap as Go's allocator sees it: what the program allocates, in
// bytes as mallocgc rounds them to its size classes, and what is live.
//
// This is the whole of what the simulated runtime's garbage collector
// (package runtime, mgc.go) asks of the interpreter, through a narrow
// interface: HeapStats (bytes and objects allocated so far),
// SetAllocLimit (stop Run once so many bytes are allocated: the GC's
// trigger, a goroutine's assist credit), Malloc (an allocation the
// scheduler makes itself: a g, a channel), SetWriteBarrier (pointer stores
// cost more while the collector marks) and Collect's HeapLive (the live
// bytes, known exactly because the interpreter knows what its Gs can
// reach). Which instruction allocates what is decided here and by the
// front end (the op table's rows say it), so that a new front end keeps
// the collector as it is.
//
// What counts as a heap allocation (Go decides by escape analysis, which
// the model does not have; docs/assumptions.md lists the differences):
//
//   - make([]T, n, c): c elements of T's size (runtime.makeslice), rounded
//     to the size class; a slice literal is not counted (Go puts it on the
//     stack unless it escapes);
//   - append beyond the capacity (runtime.growslice): the new array;
//   - new(T) and &T{...} of a struct or an array: OpNewobject after the
//     object (runtime.newobject), with T's size from the front end;
//   - a variable in a box (new(int), a captured or address-taken
//     variable): 8 bytes, the size class of a word;
//   - a func value that captures variables (runtime.newobject of the
//     closure): a word for the function and one per captured box;
//   - a map's storage (runtime.makemap, growth): as Go's swiss tables hold
//     two-word slots in groups of eight;
//   - a string made at run time (concatenation, conversions) longer than
//     the 32 bytes a non-escaping result gets on the stack (tmpBuf):
//     runtime.rawstring, no pointers;
//   - what the scheduler allocates (Malloc): a new g (malg), a channel.
//
// Interface conversions (convT), fmt's buffers and the library's own
// allocations are not counted.

// heap is the accounting, part of Machine.
type heap struct {
	alloc   uint64 // bytes allocated since the start (MemStats.TotalAlloc)
	mallocs uint64 // objects allocated (MemStats.Mallocs)
	// scanAlloc is the bytes of those objects that hold pointers, in the
	// measure HeapLive.ScanBytes uses (mallocObjPtrs): mcache's scanAlloc,
	// which the pacer adds to its scannable heap.
	scanAlloc uint64
	limit     uint64 // Run stops with StopAlloc once alloc reaches it (0: never)
	stop      bool   // alloc reached limit: exec stops after this instruction
	wb        int64  // the write barrier's cost per pointer store, in ps (0: off)
	// objMeta is each object's Go size, whether it holds pointers
	// (objNoScan) and, for a small one, the bytes of it that do (its
	// pointer prefix, objScanShift; 0: all of it), or 0 for an object that
	// is not a heap allocation of its own (a struct value, a slice header,
	// a nested struct). Objects past its end have 0.
	objMeta []uint64
}

const (
	objNoScan    = 1 << 63
	objScanShift = 48 // the pointer prefix (≤ 512 B) above the size
	objSizeMask  = 1<<objScanShift - 1
)

// Go's allocator (internal/runtime/gc, malloc.go).
const (
	// tmpStringBufSize is the buffer a string that does not escape is
	// built in (runtime/string.go: tmpBuf).
	tmpStringBufSize = 32
	// ptrSize is a word: a box, a func value's function, a captured
	// variable's pointer.
	ptrSize = 8
)

// SizeClass is the size of the slot mallocgc allocates for an object of
// size bytes (noscan: no pointers): the smallest size class that holds it
// (with the 8-byte malloc header of an object with pointers over 512
// bytes), or whole 8 KB pages for a large one.
func SizeClass(size uint64, noscan bool) uint64 {
	if size == 0 {
		return 0
	}
	req := size
	if req <= maxSmallSize-mallocHeaderSize {
		if !noscan && req > minSizeForMallocHeader {
			req += mallocHeaderSize
		}
		for _, c := range sizeClassToSize[1:] {
			if uint64(c) >= req {
				return uint64(c)
			}
		}
	}
	return (size + pageSize - 1) &^ (pageSize - 1)
}

// malloc accounts an allocation of size bytes (already a size class),
// holding pointers throughout unless noscan, and stops Run at the limit.
func (mc *Machine) malloc(size uint64, noscan bool) {
	scan := size
	if noscan {
		scan = 0
	}
	mc.mallocScan(size, scan)
}

// mallocScan accounts an allocation of size bytes (already a size class)
// of which scan bytes hold pointers, and stops Run at the limit.
func (mc *Machine) mallocScan(size, scan uint64) {
	h := &mc.heap
	h.alloc += size
	h.mallocs++
	h.scanAlloc += scan
	if h.limit != 0 && h.alloc >= h.limit {
		h.stop = true
	}
}

// mallocObj makes object o a heap allocation of size bytes (rounded here)
// that holds pointers throughout unless noscan, and accounts it; it returns
// the size class (mallocCost's argument).
func (mc *Machine) mallocObj(o int64, size uint64, noscan bool) uint64 {
	ptrs := size
	if noscan {
		ptrs = 0
	}
	return mc.mallocObjPtrs(o, size, ptrs)
}

// mallocObjPtrs is mallocObj of an object whose pointers are in its first
// ptrBytes bytes (the type's PtrBytes; 0: noscan). Its scannable bytes, to
// the pacer (scanAlloc) and to the mark (HeapLive.ScanBytes), are the
// runtime's: a small object's (no malloc header, at most 512 bytes) up to
// its last pointer, as heapSetTypeNoHeader's scanSize and a sparse span
// scan's heapScanWork count it (scanObjectSmall: the bits up to the last
// pointer); a bigger one's, its whole size class (heapSetTypeSmallHeader,
// heapSetTypeLarge: span.elemsize).
func (mc *Machine) mallocObjPtrs(o int64, size, ptrBytes uint64) uint64 {
	noscan := ptrBytes == 0
	class := SizeClass(size, noscan)
	if class == 0 {
		return 0
	}
	id := o & refMask
	h := &mc.heap
	for int64(len(h.objMeta)) <= id {
		h.objMeta = append(h.objMeta, 0)
	}
	m := class & objSizeMask
	scan := class
	switch {
	case noscan:
		m |= objNoScan
		scan = 0
	case size <= minSizeForMallocHeader && ptrBytes < size:
		m |= ptrBytes << objScanShift
		scan = ptrBytes
	}
	h.objMeta[id] = m
	mc.mallocScan(class, scan)
	return class
}

// objBytes is object id's Go size and the bytes of it the mark scans
// (0: noscan).
func (mc *Machine) objBytes(id int64) (size, scan uint64) {
	if id >= int64(len(mc.heap.objMeta)) {
		return 0, 0
	}
	m := mc.heap.objMeta[id]
	size = m & objSizeMask
	switch {
	case m&objNoScan != 0:
		return size, 0
	case m>>objScanShift != 0:
		return size, m >> objScanShift
	}
	return size, size
}

// closureBytes is the size of a func value capturing k variables.
func closureBytes(k int) uint64 {
	if k == 0 {
		return 0
	}
	return SizeClass(ptrSize+uint64(k)*ptrSize, false)
}

// stringClass is the size class of a string of n bytes made at run time
// (runtime.rawstring), or 0 for one of tmpStringBufSize bytes or less,
// which Go builds in the caller's buffer unless it escapes.
func stringClass(n int) uint64 {
	if n <= tmpStringBufSize {
		return 0
	}
	return SizeClass(uint64(n), true)
}

// mallocString accounts a string of n bytes made at run time and returns
// its size class (mallocCost's argument; 0 when not counted).
func (mc *Machine) mallocString(n int) uint64 {
	class := stringClass(n)
	if class != 0 {
		mc.malloc(class, true)
	}
	return class
}

// HeapStats is what the program has allocated since it started.
type HeapStats struct {
	Alloc   uint64 // bytes (MemStats.TotalAlloc)
	Mallocs uint64 // objects (MemStats.Mallocs)
	// ScanAlloc is the bytes of them that hold pointers (mcache.scanAlloc),
	// as HeapLive.ScanBytes counts them (mallocObjPtrs).
	ScanAlloc uint64
}

// HeapStats returns the allocation counters.
func (mc *Machine) HeapStats() HeapStats {
	return HeapStats{Alloc: mc.heap.alloc, Mallocs: mc.heap.mallocs, ScanAlloc: mc.heap.scanAlloc}
}

// SetAllocLimit makes Run stop (StopAlloc) after the instruction that
// brings the bytes allocated since the start to limit or more; 0 never
// stops. The collector sets it to where the heap reaches its trigger, or
// where the running G's assist credit runs out.
func (mc *Machine) SetAllocLimit(limit uint64) {
	mc.heap.limit = limit
	mc.heap.stop = limit != 0 && mc.heap.alloc >= limit
}

// Malloc accounts an allocation the scheduler makes (a g, a channel) of
// size bytes, rounded to its size class. It is not part of the live set
// Collect measures: the scheduler knows how long its own objects live.
func (mc *Machine) Malloc(size uint64, noscan bool) {
	mc.malloc(SizeClass(size, noscan), noscan)
}

// SetWriteBarrier turns the write barrier on (cost > 0, in virtual ps per
// pointer store) or off (0). While the collector marks, every store of a
// pointer into memory that may be the heap (a box, a field, an element,
// a global, a map entry) shades it first (mbarrier.go:
// gcWriteBarrier). A Value is a pointer when it carries a reference
// tag or is a non-empty string; stores to a frame's locals have none.
func (mc *Machine) SetWriteBarrier(cost int64) { mc.heap.wb = cost }

// isPointer reports whether v holds a pointer the write barrier shades.
func isPointer(v Value) bool { return v.I&^refMask != 0 || v.S != "" }

// wbCost is the write barrier's cost of storing v (0 when it is off or v
// holds no pointer).
func (mc *Machine) wbCost(v Value) int64 {
	if mc.heap.wb != 0 && isPointer(v) {
		return mc.heap.wb
	}
	return 0
}

// HeapLive is the live heap Collect found.
type HeapLive struct {
	Bytes     uint64 // live heap bytes (size classes)
	ScanBytes uint64 // of which hold pointers: what marking scans
	Objects   uint64
	// ScanObjects is how many of the objects hold pointers: those the
	// mark scans (the rest it only marks).
	ScanObjects uint64
}
