package ssagen

import (
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// The externals computed by the VM's own instructions: errors.New,
// strings, strconv and sort (OpStrings), math/rand and math/rand/v2
// (OpRand), sync/atomic (OpAtomic). math, unicode, unicode/utf8 and the
// rest of strings and strconv are host functions of the same name
// (extern.go).

func init() {
	bind("errors.New", func(c *extCall) {
		c.push(0)
		c.f.emitCallOp(vm.OpMakeIface, c.f.g.types.errorString(), 0, 1, 1)
	})

	// strings, strconv, sort: OpStrings' functions (vm/strings.go).
	for key, code := range map[string]int32{
		"strings.Repeat": vm.StrRepeat, "strings.ToUpper": vm.StrToUpper, "strings.ToLower": vm.StrToLower,
		"strings.TrimSpace": vm.StrTrimSpace, "strings.Contains": vm.StrContains, "strings.HasPrefix": vm.StrHasPrefix,
		"strings.HasSuffix": vm.StrHasSuffix, "strings.Index": vm.StrIndex, "strings.Join": vm.StrJoin,
		"strings.Split": vm.StrSplit, "strings.Fields": vm.StrFields, "strings.ReplaceAll": vm.StrReplaceAll,
		"strings.TrimPrefix": vm.StrTrimPrefix, "strings.TrimSuffix": vm.StrTrimSuffix, "strings.Count": vm.StrCount,
		"strconv.Itoa": vm.StrItoa, "strconv.Atoi": vm.StrAtoi, "strconv.Quote": vm.StrQuote,
		"strconv.FormatInt": vm.StrFormatInt, "strconv.ParseInt": vm.StrParseInt, "strconv.ParseBool": vm.StrParseBool,
		"strconv.FormatBool": vm.StrFormatBool, "sort.Ints": vm.SortInts, "sort.Strings": vm.SortStrings,
	} {
		bind(key, func(c *extCall) {
			c.pushAll()
			var b int32
			if resultsError(c.fn.Signature) {
				b = c.f.g.types.errorString()
			}
			c.f.emitCallOp(vm.OpStrings, code, b, len(c.args), c.nres())
		})
	}

	// math/rand and math/rand/v2: a Source, a *Rand, a *PCG are the
	// generator's id; the top-level functions draw from the runtime
	// source (id 0).
	draws := map[string]int32{
		"Int": vm.RandInt, "Intn": vm.RandIntn, "Int63": vm.RandInt63, "Int31": vm.RandInt31,
		"Int31n": vm.RandInt31n, "Int63n": vm.RandInt63n, "Uint32": vm.RandUint32,
	}
	for name, code := range draws {
		bindRand("math/rand."+name, code, false)
		bindRand("(*math/rand.Rand)."+name, code, true)
	}
	bindRand("(math/rand.Source).Int63", vm.RandInt63, true)
	drawsV2 := map[string]int32{
		"Int": vm.RandV2Int, "IntN": vm.RandV2IntN, "Int64": vm.RandV2Int64, "Int32": vm.RandV2Int32,
		"Int64N": vm.RandV2Int64N, "Int32N": vm.RandV2Int32N, "Uint64": vm.RandV2Uint64, "Uint32": vm.RandV2Uint32,
	}
	for name, code := range drawsV2 {
		bindRand("math/rand/v2."+name, code, false)
		bindRand("(*math/rand/v2.Rand)."+name, code, true)
	}
	bindRand("(*math/rand/v2.PCG).Uint64", vm.RandV2Uint64, true)
	bind("math/rand.Seed", func(c *extCall) {}) // a no-op since Go 1.24
	seed := func(c *extCall) {
		c.pushAll()
		c.f.emitCallOp(vm.OpRand, vm.RandSeed, 0, 2, 1)
		c.f.emit(vm.OpPop, 0, 0)
	}
	bind("(*math/rand.Rand).Seed", seed)
	bind("(math/rand.Source).Seed", seed)
	bindOp("math/rand.NewSource", vm.OpRand, vm.RandNewSource, 0)
	bindOp("math/rand/v2.NewPCG", vm.OpRand, vm.RandNewPCG, 0)
	bind("math/rand.New", func(c *extCall) { c.push(0) }) // the *Rand is its source's id
	bind("math/rand/v2.New", func(c *extCall) {
		// The Source is an interface: its dynamic value is the id.
		c.push(0)
		c.f.host("randv2.sourceOf", 0)
	})

	// sync/atomic: one instruction each, so that no preemption splits it.
	type atomicOp struct {
		op   int32
		args int
	}
	ops := map[string]atomicOp{"Load": {vm.AtomicLoad, 0}, "Store": {vm.AtomicStore, 1}, "Add": {vm.AtomicAdd, 1}, "Swap": {vm.AtomicSwap, 1},
		"CompareAndSwap": {vm.AtomicCAS, 2}, "And": {vm.AtomicAnd, 1}, "Or": {vm.AtomicOr, 1}}
	widths := map[string]int32{"Int32": 1, "Int64": 0, "Uint32": 2, "Uint64": 0, "Uintptr": 0, "Bool": 0}
	for _, name := range []string{"Load", "Store", "Swap", "CompareAndSwap"} {
		o := ops[name]
		bind("(*sync/atomic.Pointer)."+name, func(c *extCall) { atomicCall(c, o.op, 0) })
	}
	for name, o := range ops {
		for t, w := range widths {
			o, w := o, w
			if t != "Uintptr" {
				// The types' methods: on slot 0 of the object.
				bind("(*sync/atomic."+t+")."+name, func(c *extCall) { atomicCall(c, o.op, w) })
			}
			if t != "Bool" {
				// The functions: on the slot the pointer names.
				bind("sync/atomic."+name+t, func(c *extCall) { atomicCall(c, o.op, w|vm.AtomicPtr) })
			}
		}
	}
}

// bindRand binds a draw: recv says the generator is the receiver, else
// the runtime source's id 0 is pushed first.
func bindRand(key string, code int32, recv bool) {
	bind(key, func(c *extCall) {
		if !recv {
			c.f.pushInt(0)
		}
		c.pushAll()
		n := len(c.args)
		if !recv {
			n++
		}
		c.f.emitCallOp(vm.OpRand, code, 0, n, 1)
	})
}

// atomicCall is one OpAtomic with the arguments.
func atomicCall(c *extCall, op, b int32) {
	c.pushAll()
	push := 1
	if op == vm.AtomicStore {
		push = 0
	}
	c.f.emitN(vm.OpAtomic, op, b, len(c.args), push)
}

var _ = types.Typ

func init() {
	bind("errors.targetComparable", func(c *extCall) {
		c.pushAll()
		c.f.host("errors.comparable", 0)
	})

	// sync/atomic.Value: OpAtomic with the AtomicValue bit pushes the
	// result and the text of the method's panic (vm/atomic_value.go).
	bind("(*sync/atomic.Value).Load", func(c *extCall) {
		c.pushAll()
		c.f.emitN(vm.OpAtomic, vm.AtomicLoad, vm.AtomicValue, 1, 2)
		c.f.emit(vm.OpPop, 0, 0)
	})
	for key, op := range map[string]int32{"sync/atomic.valueStore": vm.AtomicStore, "sync/atomic.valueSwap": vm.AtomicSwap, "sync/atomic.valueCompareAndSwap": vm.AtomicCAS} {
		bind(key, func(c *extCall) {
			c.pushAll()
			c.f.emitN(vm.OpAtomic, op, vm.AtomicValue, len(c.args), 2)
		})
	}

	// math/rand's and math/rand/v2's other draws.
	bind("(*math/rand.Rand).Uint64", func(c *extCall) {
		c.pushAll()
		c.f.emitCallOp(vm.OpRand, vm.RandV2Uint64, 0, 1, 1)
	})
	bindRand("math/rand.Uint64", vm.RandV2Uint64, false)
	bind("math/rand.int31n", func(c *extCall) {
		c.pushAll()
		c.f.emitCallOp(vm.OpRand, vm.RandInt31nLemire, 0, 2, 1)
	})
	for name, code := range map[string]int32{"Uint": vm.RandV2Uint64, "UintN": vm.RandV2UintN, "Uint64N": vm.RandV2Uint64N, "Uint32N": vm.RandV2Uint32N} {
		bindRand("math/rand/v2."+name, code, false)
		bindRand("(*math/rand/v2.Rand)."+name, code, true)
	}
	bind("(*math/rand/v2.PCG).Seed", func(c *extCall) {
		c.pushAll()
		c.f.emitCallOp(vm.OpRand, vm.RandPCGSeed, 0, 3, 1)
		c.f.emit(vm.OpPop, 0, 0)
	})
	bindRand("(*math/rand/v2.ChaCha8).Uint64", vm.RandV2Uint64, true)
	for _, name := range []string{"NewChaCha8", "ChaCha8.Read", "ChaCha8.Seed"} {
		key := "math/rand/v2." + name
		if dot := len("ChaCha8."); len(name) > dot && name[:dot] == "ChaCha8." {
			key = "(*math/rand/v2.ChaCha8)." + name[dot:]
		}
		host := "randv2." + name
		bind(key, func(c *extCall) {
			c.pushAll()
			c.f.host(host, 0)
		})
	}
	for _, pkg := range []struct{ path, host string }{{"math/rand", "rand.Rand."}, {"math/rand/v2", "randv2.Rand."}} {
		for _, f := range []string{"NormFloat64", "ExpFloat64"} {
			host := pkg.host + f
			bind(pkg.path+"."+f, func(c *extCall) {
				c.f.pushInt(0) // the runtime source
				c.f.host(host, 0)
			})
			bind("(*"+pkg.path+".Rand)."+f, func(c *extCall) {
				c.pushAll()
				c.f.host(host, 0)
			})
		}
	}

	// sort.Float64s and Float64sAreSorted are slices.Sort and IsSorted of
	// float64s (vm/host_slices.go).
	bind("sort.Float64s", func(c *extCall) {
		c.pushAll()
		c.f.host("slices.Sort", c.f.g.str("float64"))
	})
	bind("sort.Float64sAreSorted", func(c *extCall) {
		c.pushAll()
		c.f.host("slices.IsSorted", c.f.g.str("float64"))
	})
}
