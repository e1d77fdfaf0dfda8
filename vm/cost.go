package vm

// The virtual CPU cost of Go code, in picoseconds: what each operation of
// a Go program costs when compiled Go runs it, measured on real compiled
// Go by the benchmarks of cost_bench_test.go (each prints its measurement,
// real-ps/op, beside the figure here, table-ps/op):
//
//	go test ./vm -run '^$' -bench Cost -count 3
//
// How the interpreter charges them. Each opcode has a cost, its cell in
// the op table's Cost column (ops.go), naming one of these figures: the
// cost of the Go operation it completes. An op that only
// moves data compiled code keeps in registers (pushing a constant, loading
// or storing a local, dup, pop) costs 0, so the stack machine's extra
// instructions cost nothing and a program costs what its Go operations
// cost, whatever the number of instructions the front end makes of them.
// A call op carries the call and its return; a jump is charged when it is
// taken (a predicted branch that falls through is nearly free, a taken one
// is a cycle of the front end: psTakenBranch). What varies with the data
// (the bytes a copy, growslice or concatenation moves, a map's size, a
// library function on the host) is added by the op as it runs, from the
// same figures (memmoveCost, mapCost, growCost); the op's CostVar says
// which. The cost of a new op is its cell, naming a figure here, or a new
// figure here with the benchmark that measures it.
//
// The figures are throughput, not latency: a compiled loop overlaps its
// independent operations (an increment, a compare, a branch and an add
// take about one cycle together), so an operation costs what it adds to a
// loop that does other work too, which is what the benchmarks measure
// (cost_bench_test.go says how). A model that charges each operation its
// latency would make a loop of k simple operations k cycles long.
//
// Simplifications (docs/assumptions.md, "Virtual CPU time"): branches are
// charged as predicted (no misprediction penalty, however random the data);
// memory costs are those of the L1 cache except for big maps (mapCost),
// whatever the size of the working set; values nothing live reads get no
// code (the front end removes them as the compiler's deadcode pass does:
// lang/ssagen/deadcode.go);
// the compiler's inlining is the inliner model's (lang/inline, through
// Program.Inl): a call it inlines costs nothing (callCost: no call, no
// return, the arguments and results in the caller's registers), the
// inlined body's operations what they cost anywhere; register allocation
// is modelled for struct values only: one the compiler keeps in registers
// (Layout.Regs: at most 4 words and 4 fields) costs what its fields' loads
// and stores cost (objCopyCost, objAssignCost, OpNewObj with B=1), another
// is a stack object (its bytes' memmove, its fields' stores, no
// mallocgc); escape analysis is not modelled: every make, new box,
// closure, append that grows, string concatenation and conversion to an
// interface is a heap allocation. The
// figures are linux/amd64 (AMD EPYC at 2.6 GHz, go1.26) measurements,
// rounded; another machine measures other figures, in about the same
// proportions.
const (
	// psIntOp: an integer add, subtract, logical operation, shift or
	// compare. BenchmarkCostIntOp: eight on four accumulators.
	psIntOp = 70
	// psMul: an integer multiply. BenchmarkCostMul.
	psMul = 320
	// psDiv: an integer division or remainder by a variable.
	// BenchmarkCostDiv.
	psDiv = 1300
	// psDivConst: a division or remainder by a constant, which the
	// compiler makes a multiply by a magic number and shifts.
	// BenchmarkCostDivConst.
	psDivConst = 400
	// psFloatOp: a float64 add, subtract, multiply, compare, negation,
	// min or max. BenchmarkCostFloatOp: four on four accumulators.
	psFloatOp = 140
	// psFloatDiv: a float64 division (a loop-carried chain).
	// BenchmarkCostFloatDiv.
	psFloatDiv = 3000
	// psConvert: a conversion between int and float64 (CVTSI2SD,
	// CVTTSD2SQ). BenchmarkCostConvert.
	psConvert = 370
	// psTakenBranch: a taken jump: a loop's back edge, an if's jump over
	// its else. BenchmarkCostLoop: one iteration of an empty counted loop
	// (its increment and compare overlap with the branch); and
	// BenchmarkCostBranch (an if/else) checks it.
	psTakenBranch = 290
	// psLoad, psStore: a load or store through a pointer (a field, a
	// global, a captured or escaped variable), from the L1 cache.
	// BenchmarkCostField.
	psLoad  = 60
	psStore = 60
	// psIndex: s[i] of a slice, array or string: the bounds check and the
	// load, four on four accumulators (what an index adds to a loop with
	// other work: the core overlaps the load and the check with it).
	// BenchmarkCostIndex, BenchmarkCostStringIndex; BenchmarkCostMatmulRow
	// checks it on matmul's inner loop, four indexes an iteration.
	psIndex = 80
	// psIndexStore: s[i] = v: the bounds check and the store.
	// BenchmarkCostIndexStore.
	psIndexStore = 250
	// psAppend: an append that fits in the capacity.
	// BenchmarkCostAppend.
	psAppend = 320
	// psMalloc: mallocgc of a small object, with its share of the
	// collector's work. BenchmarkCostMalloc.
	psMalloc = 14_500
	// psMallocByte: what mallocgc adds per byte of the object's size
	// class, besides the clearing (psMemmoveByte): the spans it refills
	// and sweeps before their reuse (mcache.refill, mcentral.cacheSpan), or
	// a large object's span from the page heap (mallocgcLarge), and the
	// first touch of memory no longer in the cache. It grows with the
	// size: a 1 KB class refills its 8 KB span every 8 objects, a 32 KB
	// one every object. BenchmarkCostMallocSize: make([]int, k) of 16 B to
	// 1 MB.
	psMallocByte = 60
	// psMemmoveByte: memmove (and memclr) per byte. BenchmarkCostMemmove.
	psMemmoveByte = 20
	// psConcat: concatstrings of short strings, besides its mallocgc and
	// the bytes. BenchmarkCostConcat; BenchmarkCostStringToBytes checks a
	// conversion string to []byte, charged as a concatenation.
	psConcat = 9_800
	// psMapAccess, psMapAssign: m[k] and m[k] = v (an existing key) of a
	// small map[int]int. BenchmarkCostMapAccessSmall,
	// BenchmarkCostMapAssignSmall.
	psMapAccess = 3_400
	psMapAssign = 8_100
	// psMapInsert: a new key, the map's growth (rehashing, allocation)
	// amortised over the inserts. BenchmarkCostMapInsert.
	psMapInsert = 60_000
	// psMapPerDoubling: what a map access adds each time the map's size
	// doubles past 8 entries (cache misses: 2^20 entries cost about 20
	// times what 8 do). BenchmarkCostMapAccessLarge,
	// BenchmarkCostMapAssignLarge.
	psMapPerDoubling = 1_000
	// psMapIter: one key of a range over a map (mapiternext).
	// BenchmarkCostMapRange.
	psMapIter = 5_000
	// psSortStep: sort.Ints and slices.Sort (pdqsort), per element and
	// level: a sort of n elements costs n log2 n steps (sortCost).
	// BenchmarkCostSortInts.
	psSortStep = 3_000
	// psCall: a call of a non-inlined function and its return (an
	// inlined call costs nothing: callCost).
	// BenchmarkCostCall, BenchmarkCostCallSplit (with the prologue's stack
	// check); BenchmarkCostFibCall checks it.
	psCall = 1_150
	// psClosureCall: a call through a func value and its return.
	// BenchmarkCostClosureCall.
	psClosureCall = 1_250
	// psIfaceCall: a method call through an interface value and its
	// return. BenchmarkCostIfaceCall.
	psIfaceCall = 1_250
	// psAssert: a type assertion to a concrete type. BenchmarkCostTypeAssert.
	psAssert = 90
	// psMakeIface: a value converted to an interface (convT: a mallocgc).
	// BenchmarkCostMakeIface.
	psMakeIface = 11_000
	// psAtomic: an uncontended atomic read-modify-write (LOCK XADD, LOCK
	// CMPXCHG). BenchmarkCostAtomic.
	psAtomic = 1_900
	// psHost: a library function run on the host (host.go) that registers
	// no cost of its own: a short function such as strconv.Itoa.
	// BenchmarkCostHost.
	psHost = 19_000
	// psRand: one draw of math/rand and its reduction to a range.
	// BenchmarkCostRand.
	psRand = 5_000
	// psCaller: runtime.Caller(0) (host_caller.go): the unwinding to the
	// caller's frame, CallersFrames and the line's lookup in the
	// function's pc-value table. BenchmarkCostCaller. psCallerFrame: each
	// frame more that its skip unwinds. BenchmarkCostCallerDeep: a skip of
	// 4, psCaller + 4 psCallerFrame.
	psCaller      = 300_000
	psCallerFrame = 25_000
	// psFmt: fmt of one value, or a whole Sprintf of basic operands, on the
	// host. BenchmarkCostFmt.
	psFmt = 60_000
)

// memmoveCost is the cost of copying (or clearing) k elements of size
// bytes.
func memmoveCost(k int, size uint64) int64 {
	return int64(uint64(k) * size * psMemmoveByte)
}

// objCopyCost is a struct or array of layout l copied by value
// (OpObjCopy): nothing of its own for a value the compiler keeps in
// registers (Layout.Regs: its fields' loads are charged where they are
// read, as FieldR and the like), its bytes' memmove for another.
// BenchmarkCostStructValue checks the first.
func objCopyCost(l *Layout) int64 {
	if l.Regs {
		return 0
	}
	return memmoveCost(1, l.Size)
}

// newObjCost is OpNewObj's: a stack object's fields set, or nothing of
// its own for a value the compiler keeps in registers (B=1, Layout.Regs).
func newObjCost(in Instr) int64 {
	if in.B != 0 {
		return 0
	}
	return memmoveCost(int(in.A), 8)
}

// objAssignCost is a struct or array of layout l stored by value
// (OpObjAssign): a store per word for a value the compiler keeps in
// registers (Layout.Regs), its bytes' memmove for another.
func objAssignCost(l *Layout) int64 {
	if l.Regs {
		return int64((l.Size+7)/8) * psStore
	}
	return memmoveCost(1, l.Size)
}

// sortCost is a sort of n elements.
func sortCost(n int) int64 {
	steps := int64(n)
	for k := 2; k < n; k *= 2 {
		steps += int64(n)
	}
	return steps * psSortStep
}

// mapCost is a map operation of base cost ps on a map of n entries.
func mapCost(ps int64, n int) int64 {
	for k := 8; k < n; k *= 2 {
		ps += psMapPerDoubling
	}
	return ps
}

// mallocCost is mallocgc of an object whose size class is class bytes
// (SizeClass: the small classes up to 32 KB, whole pages above), besides
// clearing it: psMalloc and psMallocByte per byte of the class. A class of
// 0 (an allocation the heap does not account, such as a make the front
// end keeps on the stack) costs psMalloc.
func mallocCost(class uint64) int64 {
	return psMalloc + int64(class)*psMallocByte
}

// growCost is growslice (or makeslice) to a new array of capacity c
// elements of size bytes in a size class of class bytes: a mallocgc, and
// the copy of the old elements and the clearing of the rest, c elements
// in all.
func growCost(c int, size, class uint64) int64 {
	return mallocCost(class) + memmoveCost(c, size)
}

// elemSize is the size of a slice's elements given as OpMakeSlice's A: a
// layout, or -1 for a plain value (counted as a word).
func (mc *Machine) elemSize(li int32) uint64 {
	if li < 0 {
		return 8
	}
	return mc.prog.Layouts[li].Size
}

// strsCost is what OpStrings function fn costs with operands v and results
// r: a sort its n log2 n steps; a function that builds a string or slice a
// mallocgc; and every function the bytes of its strings (scanned, copied
// or compared at memmove's rate).
func (mc *Machine) strsCost(fn int32, v, r []Value) int64 {
	switch fn {
	case SortInts, SortStrings:
		_, n, _ := mc.sliceParts(v[0].I)
		return sortCost(n)
	case StrDecodeRune:
		return psIndex // range over a string: one rune (ASCII: a byte)
	}
	var bytes int
	for _, x := range v {
		bytes += len(x.S)
	}
	for _, x := range r {
		bytes += len(x.S)
	}
	ps := memmoveCost(bytes, 1) + psCall
	switch fn {
	case StrRepeat, StrToUpper, StrToLower, StrJoin, StrSplit, StrFields, StrReplaceAll, StrItoa, StrQuote,
		StrFormatInt, StrFromRune, StrToBytes, StrFromBytes, StrToRunes, StrFromRunes:
		ps += psMalloc
	}
	return ps
}
