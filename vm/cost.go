package vm

// What an instruction adds to the one virtual ns every instruction costs
// (the runtime's CostInstr), for the operations that do more than a few
// machine instructions. Orders of magnitude on linux/amd64, from the Go
// distribution's own benchmarks. The op table's Cost column (ops.go)
// gives each op's whole charge, in picoseconds, from these figures.
const (
	// costAlloc: mallocgc of a small object (go test -bench 'Malloc8$|Malloc16$'
	// runtime ≈ 10–20 ns).
	costAlloc = 15
	// costRand: one draw and its reduction to a range (go test -bench
	// 'Int63Threadsafe|Intn1000$' math/rand ≈ 5–15 ns).
	costRand = 10
	// costMap: a map access on a small map (go test -bench
	// 'MapAccessHit/Key=int64|MapAssign/Key=int64' runtime ≈ 10–20 ns).
	costMap = 15
	// costHost: a host function of a library (host.go) that registers no
	// cost of its own: a short pure function such as math.Sqrt or
	// unicode.IsUpper (go test -bench 'Sqrt$|IsUpper' math unicode ≈ 1–10 ns).
	costHost = 5
	// memmoveBytesPerNs: memmove's bandwidth, in bytes per ns, for the
	// copies of elements held in objects (slice.go: append, growslice,
	// copy of structs and arrays); runtime.StackCopyBytesPerNs's
	// figure, from BenchmarkCostMemmove.
	memmoveBytesPerNs = 10
)

// costFmt: a call of fmt on the host (host_fmt.go: one value, or a
// whole Sprintf of basic operands) (go test -bench
// 'SprintfInt$|SprintfFloat$|SprintfString$' fmt ≈ 20–100 ns).
//
// OpFloat (float.go) adds nothing to an instruction's 1 ns: ADDSD, MULSD,
// CVTSI2SD are a few cycles like an integer op, and DIVSD's ~15 cycles are
// within the instruction cost's rounding. The host functions of math,
// strings, strconv, slices and maps cost costHost each (host.go).
const costFmt = 50
