package vm

import (
	"sort"
	"sync"
)

// Host functions: library functions the VM computes on the host with the
// real packages (math.Sqrt, strconv.FormatFloat, unicode.IsUpper, …), whose
// results depend on nothing but their operands. Each is registered once, by
// name, from an init function in the file of its package (host_math.go,
// …); OpHost's A is its index in the table, which is sorted by name so that
// it does not depend on the order files are initialised in.
//
// Fn gets the operands (bottom first) and the type operand B of the
// instruction (a Program.Types index, e.g. the dynamic type of the errors it
// returns, or 0), and writes its results into res (len Push). It returns a
// run-time panic's message ("" if none): the G panics with it, as Go would.

// HostFunc is one host function.
type HostFunc struct {
	Name      string // as Go names it: "math.Sqrt", "strings.Builder.WriteString"
	Pop, Push int    // operands popped, results pushed
	Cost      int64  // virtual CPU time in ps (0: psHost; CostNone: none), cost.go
	// Scale, if set, is what a call costs besides Cost, from its operands
	// (before Fn runs): the work that grows with them.
	Scale func(mc *Machine, b int32, args []Value) int64
	Fn    func(mc *Machine, b int32, args, res []Value) (panicMsg string)
}

// CostNone is a host function's Cost when it costs no virtual time: what
// it models is not code that runs in Go (unicode.rangeTable lays out
// static data, as the linker does).
const CostNone = -1

var (
	hostTable  []HostFunc
	hostByName map[string]int32
	hostSealed bool
	hostSeal   sync.Once // compilations may run concurrently (lang.Compile)
)

// RegisterHost adds f to the table. Call it from an init function only.
func RegisterHost(f HostFunc) {
	if hostSealed {
		panic("vm.RegisterHost after the table was used: " + f.Name)
	}
	for _, h := range hostTable {
		if h.Name == f.Name {
			panic("vm.RegisterHost: " + f.Name + " registered twice")
		}
	}
	hostTable = append(hostTable, f)
}

func sealHost() {
	hostSeal.Do(func() {
		hostSealed = true
		sort.Slice(hostTable, func(i, j int) bool { return hostTable[i].Name < hostTable[j].Name })
		hostByName = make(map[string]int32, len(hostTable))
		for i, h := range hostTable {
			hostByName[h.Name] = int32(i)
		}
	})
}

// Host returns the index of the host function called name (for OpHost's A)
// and its operand and result counts; ok is false if there is none.
func Host(name string) (index int32, pop, push int, ok bool) {
	sealHost()
	i, ok := hostByName[name]
	if !ok {
		return 0, 0, 0, false
	}
	return i, hostTable[i].Pop, hostTable[i].Push, true
}

// HostName is the name of host function i (for the disassembler).
func HostName(i int32) string {
	sealHost()
	if i < 0 || int(i) >= len(hostTable) {
		return "?"
	}
	return hostTable[i].Name
}

// HostCost is what a call of host function i costs in ps, besides what
// its Scale adds (cost.go).
func HostCost(i int32) int64 {
	sealHost()
	switch c := hostTable[i].Cost; {
	case c > 0:
		return c
	case c == CostNone:
		return 0
	}
	return psHost
}

// host performs OpHost: host function a, type operand b, on vals[sp-Pop:sp].
func (mc *Machine) host(vals []Value, sp int, a, b int32, ps *int64) ([]Value, int, string) {
	sealHost()
	h := &hostTable[a]
	// The results are written into the dead slots above the operands, then
	// moved down over them: a scratch array passed to Fn (an indirect
	// call) would escape, one allocation per OpHost.
	if h.Scale != nil {
		*ps += h.Scale(mc, b, vals[sp-h.Pop:sp])
	}
	vals = growVals(vals, sp, sp+h.Push)
	out := vals[sp : sp+h.Push]
	clear(out)
	if msg := h.Fn(mc, b, vals[sp-h.Pop:sp], out); msg != "" {
		return vals, sp, msg
	}
	sp -= h.Pop
	copy(vals[sp:], out)
	sp += h.Push
	*ps += HostCost(a)
	return vals, sp, ""
}
