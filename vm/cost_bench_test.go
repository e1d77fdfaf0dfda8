package vm

import (
	"fmt"
	"math/rand/v2"
	goruntime "runtime"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// The measurements behind the per-operation costs of cost.go: each
// benchmark times a Go operation as compiled Go runs it and reports it
// (real-ps/op) beside what the table charges for it (table-ps/op). Run them
// on a quiet machine, each a few times:
//
//	go test ./vm -run '^$' -bench Cost -count 3
//
// How each is measured, so that the compiler cannot optimise the operation
// away or hoist it out of the loop:
//
//   - Every loop is a //go:noinline function of n that returns what it
//     computed; the benchmark stores it in a package-level opSink.
//   - The operation's result feeds the next iteration (a loop-carried
//     accumulator), or, for the cheap integer and float operations, several
//     independent accumulators, so that what is measured is what the
//     operation adds to a loop that also does other work (its throughput:
//     compiled loops overlap independent operations, and an operation's
//     latency alone would charge a loop of k operations k times what it
//     costs).
//   - The figure is the operation's marginal time: the loop with it minus
//     the same loop without it (the base loop, timed in the same benchmark),
//     divided by the operations per iteration.
//   - Times are the thread's CPU time (CLOCK_THREAD_CPUTIME_ID with the
//     goroutine locked to its thread), the best of five runs of each loop,
//     so that a host loaded by other processes measures nearly what a quiet
//     one does (wall-clock time would count the time slices lost to them).
//   - A call is measured through a //go:noinline function: what is measured
//     is the call itself, which the compiler would otherwise inline.
//
// Nothing asserts a timing: a loaded or different machine measures more or
// less. The table's figures are these measurements on linux/amd64 (AMD EPYC,
// 2.6 GHz, go1.26), rounded.

// threadCPU is the calling thread's CPU time.
func threadCPU() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}

// bestOf runs f(n) five times and returns the least CPU time one took.
func bestOf(f func(int) int, n int) time.Duration {
	best := time.Duration(1<<63 - 1)
	for range 5 {
		t := threadCPU()
		opSink = f(n)
		if d := threadCPU() - t; d < best {
			best = d
		}
	}
	return best
}

var opSink int

// marginal reports what op adds per operation to base: op(n) runs n
// iterations of base's loop with per operations added to each.
func marginal(b *testing.B, op, base func(int) int, per int, table int64) {
	goruntime.LockOSThread()
	defer goruntime.UnlockOSThread()
	n := max(b.N, 1000)
	d := bestOf(op, n) - bestOf(base, n)
	b.ReportMetric(float64(d.Nanoseconds())*1000/float64(n)/float64(per), "real-ps/op")
	b.ReportMetric(float64(table), "table-ps/op")
}

// noop is the base of a benchmark whose loop is its own base.
func noop(int) int { return 0 }

//go:noinline
func loopEmpty(n int) int {
	for i := 0; i < n; i++ {
	}
	return n
}

// psTakenBranch: one iteration of `for i := 0; i < n; i++ {}`: the
// increment, the compare and the branch back, which overlap: the iteration
// lasts as long as its taken branch.
func BenchmarkCostLoop(b *testing.B) {
	marginal(b, loopEmpty, noop, 1, psTakenBranch)
}

//go:noinline
func loopIntOps(n int) int {
	a, c, d, e := 0, 1, 2, 3
	for i := 0; i < n; i++ {
		a += i
		c ^= i
		d -= i
		e |= i
		a &= d
		c <<= 1
		d += e
		e -= a
	}
	return a + c + d + e
}

// psIntOp: integer add, subtract, logic, shift, compare: eight per
// iteration, on four accumulators.
func BenchmarkCostIntOp(b *testing.B) {
	marginal(b, loopIntOps, loopEmpty, 8, psIntOp)
}

//go:noinline
func loopMul(n int) int {
	a, c := 1, 3
	for i := 0; i < n; i++ {
		a *= i | 1
		c *= i | 3
	}
	return a + c
}

//go:noinline
func loopOr2(n int) int {
	a, c := 1, 3
	for i := 0; i < n; i++ {
		a += i | 1
		c += i | 3
	}
	return a + c
}

// psMul: integer multiply, two per iteration (the base adds instead).
func BenchmarkCostMul(b *testing.B) {
	marginal(b, loopMul, loopOr2, 2, psMul-psIntOp)
}

//go:noinline
func loopDiv(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		a += i / (i&7 | 1)
	}
	return a
}

//go:noinline
func loopNoDiv(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		a += i + (i&7 | 1)
	}
	return a
}

// psDiv: an integer division by a variable (with its check for -1).
func BenchmarkCostDiv(b *testing.B) {
	marginal(b, loopDiv, loopNoDiv, 1, psDiv-psIntOp)
}

//go:noinline
func loopDivConst(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		a += i / 7
		a += i % 3
	}
	return a
}

//go:noinline
func loopNoDivConst(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		a += i ^ 7
		a += i ^ 3
	}
	return a
}

// psDivConst: a division or remainder by a constant, which the compiler
// turns into a multiply by a magic number and shifts; two per iteration.
func BenchmarkCostDivConst(b *testing.B) {
	marginal(b, loopDivConst, loopNoDivConst, 2, psDivConst-psIntOp)
}

//go:noinline
func loopFloat(n int) int {
	a, c, d, e := 1.0, 2.0, 3.0, 4.0
	x := 1.0000001
	for i := 0; i < n; i++ {
		a *= x
		c += x
		d *= x
		e += x
	}
	return int(a + c + d + e)
}

// psFloatOp: float64 add, subtract, multiply: four per iteration.
func BenchmarkCostFloatOp(b *testing.B) {
	marginal(b, loopFloat, loopEmpty, 4, psFloatOp)
}

//go:noinline
func loopFloatDiv(n int) int {
	a := 1e300
	x := 1.0000001
	for i := 0; i < n; i++ {
		a /= x
	}
	return int(a)
}

//go:noinline
func loopFloatMul(n int) int {
	a := 1e300
	x := 0.9999999
	for i := 0; i < n; i++ {
		a *= x
	}
	return int(a)
}

// psFloatDiv: float64 division (a loop-carried chain, against a chain of
// multiplications).
func BenchmarkCostFloatDiv(b *testing.B) {
	marginal(b, loopFloatDiv, loopFloatMul, 1, psFloatDiv-psFloatOp)
}

//go:noinline
func loopConv(n int) int {
	a := 0
	f := 0.0
	for i := 0; i < n; i++ {
		f += float64(i)
		a += int(f)
	}
	return a
}

//go:noinline
func loopNoConv(n int) int {
	a := 0
	f := 0
	for i := 0; i < n; i++ {
		f += i
		a += f
	}
	return a
}

// psConvert: int to float64 and float64 to int, two per iteration.
func BenchmarkCostConvert(b *testing.B) {
	marginal(b, loopConv, loopNoConv, 2, psConvert)
}

//go:noinline
func loopBranch(n int) int {
	a, c := 0, 0
	for i := 0; i < n; i++ {
		if i&3 == 0 {
			a++
		} else {
			c--
		}
	}
	return a + c
}

//go:noinline
func loopNoBranch(n int) int {
	a, c := 0, 0
	for i := 0; i < n; i++ {
		a += i & 3
		c--
	}
	return a + c
}

// psTakenBranch + psIntOp: an if/else whose condition follows a pattern the branch
// predictor learns (the base does the same arithmetic without it).
func BenchmarkCostBranch(b *testing.B) {
	marginal(b, loopBranch, loopNoBranch, 1, psTakenBranch+psIntOp)
}

type point struct{ x, y, z int }

//go:noinline
func loopField(n int) int {
	p := &point{1, 2, 3}
	a := 0
	for i := 0; i < n; i++ {
		p.x += i
		a += p.y ^ p.z
	}
	return a + p.x
}

//go:noinline
func loopLocal(n int) int {
	x, y, z := 1, 2, 3
	a := 0
	for i := 0; i < n; i++ {
		x += i
		a += y ^ z
	}
	return a + x
}

// psLoad, psStore: a field through a pointer: three loads and a store per
// iteration against the same on locals (registers).
func BenchmarkCostField(b *testing.B) {
	marginal(b, loopField, loopLocal, 4, (3*psLoad+psStore)/4)
}

//go:noinline
func loopIndex(n int, xs []int) int {
	a, b, c, d := 0, 0, 0, 0
	for i := 0; i < n; i++ {
		a += xs[i&1023]
		b += xs[(i+1)&1023]
		c += xs[(i+2)&1023]
		d += xs[(i+3)&1023]
	}
	return a + b + c + d
}

//go:noinline
func loopMask(n int, xs []int) int {
	a, b, c, d := 0, 0, 0, 0
	for i := 0; i < n; i++ {
		a += i & 1023
		b += (i + 1) & 1023
		c += (i + 2) & 1023
		d += (i + 3) & 1023
	}
	return a + b + c + d + len(xs)
}

var xs1024 = make([]int, 1024)

// psIndex: s[i] of a []int (the bounds check and the load), four on four
// accumulators as psIntOp is measured: what an index adds to a loop that
// has other work to overlap it with. One index alone in a loop (a +=
// xs[i&1023]) adds about 300 ps to the loop without it, but that whole
// loop takes about 570 ps, and the table charges it 650 ps (the index,
// the mask, the add, the increment, the test and the branch back; with
// 300 ps for the index it would be 870); matmul's inner loop
// (BenchmarkCostMatmulRow) does four indexes an iteration in about 0.87 ns.
func BenchmarkCostIndex(b *testing.B) {
	marginal(b, func(n int) int { return loopIndex(n, xs1024) }, func(n int) int { return loopMask(n, xs1024) }, 4, psIndex)
}

//go:noinline
func loopIndexStore(n int, xs []int) int {
	for i := 0; i < n; i++ {
		xs[i&1023] = i
	}
	return xs[5]
}

//go:noinline
func loopNoIndexStore(n int, xs []int) int {
	a := 0
	for i := 0; i < n; i++ {
		a = i & 1023
	}
	return a + len(xs)
}

// psIndexStore: s[i] = v of a []int (the bounds check and the store).
func BenchmarkCostIndexStore(b *testing.B) {
	marginal(b, func(n int) int { return loopIndexStore(n, xs1024) }, func(n int) int { return loopNoIndexStore(n, xs1024) }, 1, psIndexStore)
}

var str64 = "the quick brown fox jumps over the lazy dog, 0123456789 ABCDEFGH"

//go:noinline
func loopStrIndex(n int, s string) int {
	a, b, c, d := 0, 0, 0, 0
	for i := 0; i < n; i++ {
		a += int(s[i&63])
		b += int(s[(i+1)&63])
		c += int(s[(i+2)&63])
		d += int(s[(i+3)&63])
	}
	return a + b + c + d
}

//go:noinline
func loopStrMask(n int, s string) int {
	a, b, c, d := 0, 0, 0, 0
	for i := 0; i < n; i++ {
		a += i & 63
		b += (i + 1) & 63
		c += (i + 2) & 63
		d += (i + 3) & 63
	}
	return a + b + c + d + len(s)
}

// psIndex for a string: s[i] (bounds check, load of a byte), four on four
// accumulators.
func BenchmarkCostStringIndex(b *testing.B) {
	marginal(b, func(n int) int { return loopStrIndex(n, str64) }, func(n int) int { return loopStrMask(n, str64) }, 4, psIndex)
}

//go:noinline
func loopAppend(n int) int {
	xs := make([]int, 0, 1024)
	a := 0
	for i := 0; i < n; i++ {
		if len(xs) == cap(xs) {
			a += xs[i&1023]
			xs = xs[:0]
		}
		xs = append(xs, i)
	}
	return a + len(xs)
}

//go:noinline
func loopNoAppend(n int) int {
	xs := make([]int, 1024)
	a, l := 0, 0
	for i := 0; i < n; i++ {
		if l == cap(xs) {
			a += xs[i&1023]
			l = 0
		}
		l++
	}
	return a + l
}

// psAppend: append of an int that fits in the capacity (no growslice).
func BenchmarkCostAppend(b *testing.B) {
	marginal(b, loopAppend, loopNoAppend, 1, psAppend)
}

//go:noinline
func loopGrow(n int) int {
	a := 0
	for i := 0; i < n; i += 1024 {
		var xs []int
		for j := 0; j < 1024; j++ {
			xs = append(xs, j)
		}
		a += len(xs) + cap(xs)
	}
	return a
}

//go:noinline
func loopGrowCap(n int) int {
	a := 0
	for i := 0; i < n; i += 1024 {
		xs := make([]int, 0, 1024)
		for j := 0; j < 1024; j++ {
			xs = append(xs, j)
		}
		a += len(xs) + cap(xs)
	}
	return a
}

// growslice amortised: appending 1,024 ints to a nil slice (about ten
// growslices, each a mallocgc and a memmove of the elements so far) against
// appending them to a slice made with the capacity; per element. The
// table charges each growslice psMalloc plus the copy at psMemmoveByte.
func BenchmarkCostGrowslice(b *testing.B) {
	// 11 growslices (cap 1, 2, 4, ... 1024) copying 1023 elements in all.
	table := int64(11*psMalloc+1023*8*psMemmoveByte) / 1024
	marginal(b, loopGrow, loopGrowCap, 1, table)
}

var bytes64k = make([]byte, 64<<10)
var dst64k = make([]byte, 64<<10)

//go:noinline
func loopCopy(n int) int {
	for i := 0; i < n; i += len(bytes64k) {
		copy(dst64k, bytes64k)
	}
	return int(dst64k[7])
}

// psMemmoveByte: memmove of 64 KB, per byte.
func BenchmarkCostMemmove(b *testing.B) {
	marginal(b, loopCopy, noop, 1, psMemmoveByte)
}

type vec2 struct{ x, y int }

func (v vec2) add(w vec2) vec2 { return vec2{v.x + w.x, v.y + w.y} }

type body2 struct{ pos, vel vec2 }

var bodies = []body2{{vec2{1, 2}, vec2{3, 4}}, {vec2{1, 2}, vec2{3, 4}}}

//go:noinline
func loopStructValue(n int) int {
	b := &bodies[0]
	for i := 0; i < n; i++ {
		b.pos = b.pos.add(b.vel)
	}
	return b.pos.x
}

//go:noinline
func loopStructFields(n int) int {
	b := &bodies[1]
	for i := 0; i < n; i++ {
		b.pos.x += b.vel.x
		b.pos.y += b.vel.y
	}
	return b.pos.x
}

// objCopyCost, objAssignCost and OpNewObj with B=1: a struct the compiler
// keeps in registers (Layout.Regs) costs what its fields' loads and stores
// cost. b.pos = b.pos.add(b.vel) (two copies of a vec2, the inlined
// method's composite literal, the assignment) against the same loads,
// adds and stores field by field: the struct values add nothing.
func BenchmarkCostStructValue(b *testing.B) {
	marginal(b, loopStructValue, loopStructFields, 1, 0)
}

type small struct{ a, b int }

var sinkp *small

//go:noinline
func loopAlloc(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		p := &small{i, a}
		sinkp = p
		a += p.b & 1
	}
	return a
}

//go:noinline
func loopNoAlloc(n int) int {
	a := 0
	var s small
	for i := 0; i < n; i++ {
		s = small{i, a}
		sinkp = &s
		a += s.b & 1
	}
	return a
}

// psMalloc: a 16-byte object that escapes to the heap (mallocgc and its
// share of the garbage collector's work), against a stack object.
func BenchmarkCostMalloc(b *testing.B) {
	marginal(b, loopAlloc, loopNoAlloc, 1, psMalloc)
}

var (
	sinkInts  []int
	sinkPtrs  []*int
	preInts   = make([]int, 1)
	prePtrs   = make([]*int, 1)
	mallocLen int // the elements loopMake and loopMakePtrs make
)

//go:noinline
func loopMake(n int) int {
	a, k := 0, mallocLen
	for i := 0; i < n; i++ {
		sinkInts = make([]int, k)
		a += len(sinkInts)
	}
	return a
}

//go:noinline
func loopNoMake(n int) int {
	a, k := 0, mallocLen
	for i := 0; i < n; i++ {
		sinkInts = preInts
		a += k
	}
	return a
}

//go:noinline
func loopMakePtrs(n int) int {
	a, k := 0, mallocLen
	for i := 0; i < n; i++ {
		sinkPtrs = make([]*int, k)
		a += len(sinkPtrs)
	}
	return a
}

//go:noinline
func loopNoMakePtrs(n int) int {
	a, k := 0, mallocLen
	for i := 0; i < n; i++ {
		sinkPtrs = prePtrs
		a += k
	}
	return a
}

// mallocCost by size: make([]int, k) (noscan) and make([]*int, k) (with
// pointers: heap bits, and a malloc header over 512 bytes) of one size
// class after another, small and large, against storing an existing
// slice. Nothing else the benchmark holds is big, so that marking has
// next to nothing to do. The table charges what makeslice costs the interpreter
// (growCost): mallocCost of the size class and the clearing of the bytes
// at psMemmoveByte. The collector runs meanwhile (the heap turns over),
// as in a program that allocates: each new span is swept and refilled,
// which is most of what a large size class adds. Its marking is little
// (nothing is live) and mostly on another thread (the thread's CPU time
// is measured); the assists this thread does are counted in.
func BenchmarkCostMallocSize(b *testing.B) {
	for _, size := range []uint64{16, 64, 256, 1024, 2048, 4096, 8192, 32768, 64 << 10, 256 << 10, 1 << 20} {
		for _, ptrs := range []bool{false, true} {
			name, op, base, noscan := "noscan", loopMake, loopNoMake, true
			if ptrs {
				name, op, base, noscan = "scan", loopMakePtrs, loopNoMakePtrs, false
			}
			b.Run(name+"-"+strconv.FormatUint(size, 10), func(b *testing.B) {
				k := int(size / 8)
				mallocLen = k
				class := SizeClass(size, noscan)
				table := mallocCost(class) + memmoveCost(k, 8)
				marginal(b, op, base, 1, table)
			})
		}
	}
}

var strs = []string{"alpha", "be", "gamma-delta", "x"}

var sinks string

//go:noinline
func loopConcat(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		s := strs[i&3] + strs[(i+1)&3]
		sinks = s
		a += len(s)
	}
	return a
}

//go:noinline
func loopNoConcat(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		s := strs[i&3]
		sinks = s
		a += len(s) + len(strs[(i+1)&3])
	}
	return a
}

// psConcat: s + t of short strings: concatstrings, with its mallocgc and
// the bytes' copy. The table charges psConcat plus psMalloc plus the bytes.
func BenchmarkCostConcat(b *testing.B) {
	marginal(b, loopConcat, loopNoConcat, 1, psConcat+psMalloc+10*psMemmoveByte)
}

// concatHalf is half of the string loopConcatSize makes: a + b of two
// halves, so that the result's size class is the benchmark's.
var concatHalf [2]string

//go:noinline
func loopConcatSize(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		s := concatHalf[i&1] + concatHalf[(i+1)&1]
		sinks = s
		a += len(s)
	}
	return a
}

//go:noinline
func loopNoConcatSize(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		s := concatHalf[i&1]
		sinks = s
		a += len(s) + len(concatHalf[(i+1)&1])
	}
	return a
}

// Concatenation by size: a + b making a string of 64 B to 64 KB
// (concatstrings: rawstring's mallocgc of the result's size class,
// noscan, and the copy), as BenchmarkCostMallocSize measures make. The
// table is what OpConcat charges today: a flat psMalloc whatever the size,
// where make pays mallocCost of its size class (issue 19's open item:
// rawstring's mallocgc should read mallocCost(stringClass(n)) too).
func BenchmarkCostConcatSize(b *testing.B) {
	for _, size := range []int{64, 256, 1024, 4096, 16384, 65536} {
		b.Run(strconv.Itoa(size), func(b *testing.B) {
			half := strings.Repeat("x", size/2)
			concatHalf = [2]string{half, strings.Repeat("y", size/2)}
			table := psConcat + psMalloc + memmoveCost(size, 1)
			b.ReportMetric(float64(psConcat+mallocCost(stringClass(size))+memmoveCost(size, 1)), "mallocCost-ps/op")
			marginal(b, loopConcatSize, loopNoConcatSize, 1, table)
		})
	}
}

var sinkb []byte

//go:noinline
func loopToBytes(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		bs := []byte(strs[i&3])
		sinkb = bs
		a += len(bs)
	}
	return a
}

//go:noinline
func loopNoToBytes(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		a += len(strs[i&3])
	}
	return a
}

// psConcat for a conversion: []byte(s) of a short string (stringtoslicebyte:
// a mallocgc and a copy), charged as a concatenation.
func BenchmarkCostStringToBytes(b *testing.B) {
	marginal(b, loopToBytes, loopNoToBytes, 1, psConcat+psMalloc+5*psMemmoveByte)
}

func mapOf(n int) map[int]int {
	m := make(map[int]int, n)
	for i := 0; i < n; i++ {
		m[i*7] = i
	}
	return m
}

var small8 = mapOf(8)

//go:noinline
func loopMapGet(n int, m map[int]int, mask int) int {
	a := 0
	for i := 0; i < n; i++ {
		a += m[(i*7919&mask)*7]
	}
	return a
}

//go:noinline
func loopMapKey(n int, m map[int]int, mask int) int {
	a := 0
	for i := 0; i < n; i++ {
		a += (i * 7919 & mask) * 7
	}
	return a + len(m)
}

// psMapAccess: m[k] of a map[int]int of eight entries.
func BenchmarkCostMapAccessSmall(b *testing.B) {
	marginal(b, func(n int) int { return loopMapGet(n, small8, 7) }, func(n int) int { return loopMapKey(n, small8, 7) }, 1, psMapAccess)
}

// m[k] of maps of 2^10, 2^16 and 2^20 entries, keys in a scattered
// order: the bigger the map, the more accesses miss the caches. The table
// charges mapCost, which interpolates between these measurements.
func BenchmarkCostMapAccessLarge(b *testing.B) {
	for _, n := range []int{1 << 10, 1 << 16, 1 << 20} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			// Made here, not in a package variable: a big live heap
			// would make every other benchmark's garbage collections
			// slower.
			m := mapOf(n)
			marginal(b, func(k int) int { return loopMapGet(k, m, n-1) }, func(k int) int { return loopMapKey(k, m, n-1) }, 1, mapCost(psMapAccess, n))
		})
	}
}

//go:noinline
func loopMapSet(n int, m map[int]int, mask int) int {
	for i := 0; i < n; i++ {
		m[(i*7919&mask)*7] = i
	}
	return len(m)
}

//go:noinline
func loopMapNoSet(n int, m map[int]int, mask int) int {
	a := 0
	for i := 0; i < n; i++ {
		a += (i*7919&mask)*7 ^ i
	}
	return a + len(m)
}

// psMapAssign: m[k] = v of an existing key, map of eight entries.
func BenchmarkCostMapAssignSmall(b *testing.B) {
	m := mapOf(8)
	marginal(b, func(n int) int { return loopMapSet(n, m, 7) }, func(n int) int { return loopMapNoSet(n, m, 7) }, 1, psMapAssign)
}

// m[k] = v of an existing key, map of 2^20 entries: charged psMapAssign
// plus what the size adds to an access.
func BenchmarkCostMapAssignLarge(b *testing.B) {
	m := mapOf(1 << 20)
	marginal(b, func(n int) int { return loopMapSet(n, m, 1<<20-1) }, func(n int) int { return loopMapNoSet(n, m, 1<<20-1) }, 1, mapCost(psMapAssign, 1<<20))
}

//go:noinline
func loopMapInsert(n int) int {
	a := 0
	for i := 0; i < n; i += 4096 {
		m := make(map[int]int)
		for j := 0; j < 4096; j++ {
			m[j] = j
		}
		a += len(m)
	}
	return a
}

// psMapInsert: inserting a new key into a map that grows from empty to
// 4,096 entries, amortised (the growth's rehashing and allocation
// included); per insert, against nothing.
func BenchmarkCostMapInsert(b *testing.B) {
	marginal(b, loopMapInsert, loopEmpty, 1, psMapInsert)
}

//go:noinline
func callee(x int) int { return x ^ 1 }

var counter atomic.Int64

//go:noinline
func loopAtomic(n int) int {
	for i := 0; i < n; i++ {
		counter.Add(int64(i))
	}
	return int(counter.Load())
}

// psAtomic: an uncontended atomic add (LOCK XADD).
func BenchmarkCostAtomic(b *testing.B) {
	marginal(b, loopAtomic, loopEmpty, 1, psAtomic)
}

//go:noinline
func loopCall(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		a += callee(i)
	}
	return a
}

//go:noinline
func loopNoCall(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		a += i ^ 1
	}
	return a
}

// psCall: a call of a non-inlined function and its return (the callee is
// a leaf, so it has no stack check: see BenchmarkCostCallSplit).
func BenchmarkCostCall(b *testing.B) {
	marginal(b, loopCall, loopNoCall, 1, psCall)
}

//go:noinline
func calleeSplit(x int) int {
	if x < 0 {
		return calleeSplit(x + 1)
	}
	return x ^ 1
}

//go:noinline
func loopCallSplit(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		a += calleeSplit(i)
	}
	return a
}

// psCall with the prologue's stack check (a callee that is not a leaf) and
// a compare and branch more.
func BenchmarkCostCallSplit(b *testing.B) {
	marginal(b, loopCallSplit, loopNoCall, 1, psCall+psTakenBranch+psIntOp)
}

//go:noinline
func fibBench(n int) int {
	if n < 2 {
		return n
	}
	return fibBench(n-1) + fibBench(n-2)
}

// A check of the call figures rather than a measurement of one operation:
// fib's recursion, per call (fib(27) makes 317,811 calls): a call, a
// compare and branch, two subtractions and an add; the table's figure is
// what the table charges for them.
func BenchmarkCostFibCall(b *testing.B) {
	calls := 317811
	marginal(b, func(n int) int {
		a := 0
		for i := 0; i < n; i += calls {
			a += fibBench(27)
		}
		return a
	}, noop, 1, psCall+psTakenBranch+4*psIntOp)
}

var funcs = []func(int) int{func(x int) int { return x ^ 1 }, func(x int) int { return x ^ 2 }}

//go:noinline
func loopClosure(n int, fs []func(int) int) int {
	a := 0
	f := fs[0]
	for i := 0; i < n; i++ {
		a += f(i)
	}
	return a
}

// psClosureCall: a call through a func value (the compiler cannot inline
// it or know the callee).
func BenchmarkCostClosureCall(b *testing.B) {
	marginal(b, func(n int) int { return loopClosure(n, funcs) }, loopNoCall, 1, psClosureCall)
}

type bshape interface{ area() int }
type brect struct{ w, h int }
type bsq struct{ s int }
type btri struct{ b, h int }
type bcircle struct{ r int }

func (r brect) area() int   { return r.w * r.h }
func (s *bsq) area() int    { return s.s * s.s }
func (t btri) area() int    { return t.b * t.h / 2 }
func (c bcircle) area() int { return 3 * c.r * c.r }

var bshapes = []bshape{brect{2, 3}, &bsq{4}, btri{5, 6}, bcircle{7}}

//go:noinline
func loopIface(n int, ss []bshape) int {
	a := 0
	for i := 0; i < n; i++ {
		a += ss[i&3].area()
	}
	return a
}

//go:noinline
func loopNoIface(n int, ss []bshape) int {
	a := 0
	for i := 0; i < n; i++ {
		a += (i&3)*6 + 1
	}
	return a + len(ss)
}

// psIfaceCall: a method call through an interface value and its return,
// the dynamic type cycling through four (a slice of shapes): the itab's
// method loaded, an indirect call the predictor follows, a small method.
func BenchmarkCostIfaceCall(b *testing.B) {
	marginal(b, func(n int) int { return loopIface(n, bshapes) }, func(n int) int { return loopNoIface(n, bshapes) }, 1, psIfaceCall+psIndex+psMul)
}

var anys = []any{7, "x", 9, 3.5}

//go:noinline
func loopAssert(n int, xs []any) int {
	a := 0
	for i := 0; i < n; i++ {
		if v, ok := xs[i&3].(int); ok {
			a += v
		}
	}
	return a
}

//go:noinline
func loopNoAssert(n int, xs []any) int {
	a := 0
	for i := 0; i < n; i++ {
		if i&1 == 0 {
			a += i
		}
	}
	return a + len(xs)
}

// psAssert: v, ok := x.(int) (a compare of the type word, the load of the
// value).
func BenchmarkCostTypeAssert(b *testing.B) {
	marginal(b, func(n int) int { return loopAssert(n, anys) }, func(n int) int { return loopNoAssert(n, anys) }, 1, psAssert+psIndex)
}

var sinka any

//go:noinline
func loopMakeIface(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		sinka = i + 1000
		a += i
	}
	return a
}

//go:noinline
func loopNoMakeIface(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		opSink = i + 1000
		a += i
	}
	return a
}

// psMakeIface: an int converted to an interface (convT64: a mallocgc of 8
// bytes for values past the runtime's small-int cache).
func BenchmarkCostMakeIface(b *testing.B) {
	marginal(b, loopMakeIface, loopNoMakeIface, 1, psMakeIface)
}

//go:noinline
func loopItoa(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		a += len(strconv.Itoa(i))
	}
	return a
}

var sortSrc = func() []int {
	xs := make([]int, 1<<16)
	x := uint32(1)
	for i := range xs {
		x = x*1664525 + 1013904223
		xs[i] = int(x >> 4)
	}
	return xs
}()

//go:noinline
func loopSort(n int) int {
	xs := make([]int, len(sortSrc))
	a := 0
	for i := 0; i < n; i += len(xs) * 16 { // n log2 n steps
		copy(xs, sortSrc)
		sort.Ints(xs)
		a += xs[i&1023]
	}
	return a
}

//go:noinline
func loopNoSort(n int) int {
	xs := make([]int, len(sortSrc))
	a := 0
	for i := 0; i < n; i += len(xs) * 16 {
		copy(xs, sortSrc)
		a += xs[i&1023]
	}
	return a
}

// psSortStep: sort.Ints (pdqsort) of 2^16 pseudo-random ints, per
// element and level (n log2 n steps: a compare and a move or two).
func BenchmarkCostSortInts(b *testing.B) {
	marginal(b, loopSort, loopNoSort, 1, psSortStep)
}

//go:noinline
func loopMapRange(n int) int {
	m := mapOf(1024)
	a := 0
	for i := 0; i < n; i += len(m) {
		for k, v := range m {
			a += k ^ v
		}
	}
	return a
}

// psMapIter: one key of a range over a map of 1,024 entries.
func BenchmarkCostMapRange(b *testing.B) {
	marginal(b, loopMapRange, noop, 1, psMapIter)
}

//go:noinline
func loopRand(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		a += rand.IntN(1000)
	}
	return a
}

// psRand: rand.IntN(1000) of math/rand/v2's global generator.
func BenchmarkCostRand(b *testing.B) {
	marginal(b, loopRand, loopEmpty, 1, psRand)
}

//go:noinline
func loopFmt(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		a += len(fmt.Sprint(i))
	}
	return a
}

// psFmt: fmt.Sprint of an int.
func BenchmarkCostFmt(b *testing.B) {
	marginal(b, loopFmt, loopEmpty, 1, psFmt)
}

// costHost: a short library function on the host (strconv.Itoa of numbers
// up to n), against the empty loop.
func BenchmarkCostHost(b *testing.B) {
	marginal(b, loopItoa, loopEmpty, 1, psHost)
}

//go:noinline
func loopCaller(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		_, _, line, _ := goruntime.Caller(0)
		a += line
	}
	return a
}

//go:noinline
func callerAt(d int) int {
	if d == 0 {
		_, _, line, _ := goruntime.Caller(4)
		return line
	}
	return callerAt(d-1) + 1
}

//go:noinline
func loopCallerDeep(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		a += callerAt(4)
	}
	return a
}

//go:noinline
func noCallerAt(d int) int {
	if d == 0 {
		return d
	}
	return noCallerAt(d-1) + 1
}

//go:noinline
func loopNoCallerDeep(n int) int {
	a := 0
	for i := 0; i < n; i++ {
		a += noCallerAt(4)
	}
	return a
}

// psCaller: runtime.Caller(0), the file and line of the caller's own
// frame (the unwinding to it, CallersFrames, the line's lookup in the
// function's pc-value table).
func BenchmarkCostCaller(b *testing.B) {
	marginal(b, loopCaller, loopEmpty, 1, psCaller)
}

// psCallerFrame: runtime.Caller(4) at the bottom of a recursion of four
// calls, against the same recursion without it: psCaller and the four
// frames more it unwinds.
func BenchmarkCostCallerDeep(b *testing.B) {
	marginal(b, loopCallerDeep, loopNoCallerDeep, 1, psCaller+4*psCallerFrame)
}
