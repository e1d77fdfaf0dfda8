package lang

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// The library: hand-made *types.Package objects holding exactly the part of
// fmt, time, sync, runtime and sim that scenarios may use. Type checking
// against them needs no GOROOT, no export data and no time; anything else
// from these packages is "not supported" (see rewriteTypeError).

const simPath = "github.com/gmplab/gmplab/sim"

// supportedImports is the list of import paths, in the order errors list them.
var supportedImports = []string{"errors", "fmt", "math/rand", "math/rand/v2", "runtime", "sort", "strconv", "strings", "sync", "sync/atomic", "time", simPath}

type libs struct {
	fmt, time, sync, runtime, sim *types.Package
	rand, randV2                  *types.Package
	atomic, errors                *types.Package
	strings, strconv, sort        *types.Package
	atomics                       []*types.Named

	randSource, randRand, randV2Rand, randPCG *types.Named

	duration, timeT *types.Named
	wg, mutex, conn *types.Named

	extra map[string]*types.Package // registered packages built so far (registerPackage)
	src   *srcCheck                 // library source checked in this compilation (srcpkg.go)
}

// The supported API of each package, for error messages.
var supportedAPI = map[string]string{
	"fmt":       "fmt.Println, fmt.Printf, fmt.Print, fmt.Sprintf, fmt.Sprint, fmt.Sprintln, fmt.Errorf, fmt.Fprint, fmt.Fprintf, fmt.Fprintln (to any io.Writer)",
	"errors":    "errors.New",
	"strings":   strAPI("strings"),
	"strconv":   strAPI("strconv"),
	"sort":      strAPI("sort"),
	"time":      timeAPI,
	"sync":      "sync.WaitGroup (Add, Done, Wait, Go), sync.Mutex (Lock, Unlock, TryLock)",
	"runtime":   "runtime.Gosched, runtime.GOMAXPROCS, runtime.NumGoroutine, runtime.NumCPU",
	"math/rand": "rand.Int, rand.Intn, rand.Int31, rand.Int31n, rand.Int63, rand.Int63n, rand.Uint32, rand.Seed (a no-op, as since Go 1.24), rand.NewSource, rand.New and the same methods of *rand.Rand",
	atomicPath:  "atomic.Int32, atomic.Int64, atomic.Uint32, atomic.Uint64, atomic.Bool (Load, Store, Swap, CompareAndSwap, Add, And, Or), " + atomicFuncAPI(),
	randV2Path:  "rand.Int, rand.IntN, rand.Int32, rand.Int32N, rand.Int64, rand.Int64N, rand.Uint32, rand.Uint64, rand.NewPCG, rand.New and the same methods of *rand.Rand",
	simPath:     "sim.Work, sim.Syscall, sim.Dial, sim.Conn.Read, sim.Breakpoint",
}

// realAPI lists names the real packages export that gmplab does not
// support, so that using one is "not supported" rather than "undefined".
var realAPI = map[string]string{
	"errors": "Is As Unwrap Join ErrUnsupported",
	"fmt":    "Append Appendf Appendln FormatString Formatter Fscan Fscanf Fscanln GoStringer Scan ScanState Scanf Scanln Scanner Sscan Sscanf Sscanln State Stringer",
	"time": "FixedZone LoadLocation LoadLocationFromTZData Parse ParseDuration ParseError ParseInLocation " +
		"AddDate AppendFormat GoString GobDecode GobEncode In IsDST Location MarshalBinary MarshalJSON MarshalText UnmarshalBinary UnmarshalJSON UnmarshalText Zone ZoneBounds",
	"sync":      "Cond Locker Map NewCond OnceFunc OnceValue OnceValues Pool RWMutex RLock RUnlock RLocker TryRLock",
	atomicPath:  "CompareAndSwapPointer LoadPointer Pointer StorePointer SwapPointer Uintptr Value",
	"math/rand": "ExpFloat64 Float32 Float64 NormFloat64 Perm Read Shuffle Source64 Uint64 Zipf NewZipf",
	randV2Path:  "ChaCha8 NewChaCha8 ExpFloat64 Float32 Float64 N NormFloat64 Perm Shuffle Uint Uint32N Uint64N UintN Zipf NewZipf",
	"runtime":   "BlockProfile Breakpoint CPUProfile Caller Callers CallersFrames Compiler Error Frame Frames FuncForPC GC GOARCH GOOS GOROOT Goexit GoroutineProfile KeepAlive LockOSThread MemProfile MemProfileRate MemStats NumCgoCall ReadMemStats ReadTrace SetBlockProfileRate SetCPUProfileRate SetFinalizer SetMutexProfileFraction Stack StartTrace StopTrace ThreadCreateProfile UnlockOSThread Version",
	simPath:     "",
}

func isRealAPI(path, name string) bool {
	for _, n := range strings.Fields(realAPI[path]) {
		if n == name {
			return true
		}
	}
	return false
}

func newLibs() *libs {
	l := &libs{}
	var (
		intT    = types.Typ[types.Int]
		int64T  = types.Typ[types.Int64]
		boolT   = types.Typ[types.Bool]
		stringT = types.Typ[types.String]
		errorT  = types.Universe.Lookup("error").Type()
		anyT    = types.Universe.Lookup("any").Type()
	)
	param := func(pkg *types.Package, name string, t types.Type) *types.Var {
		return types.NewParam(token.NoPos, pkg, name, t)
	}
	tuple := func(vs ...*types.Var) *types.Tuple { return types.NewTuple(vs...) }
	fn := func(pkg *types.Package, name string, params, results *types.Tuple, variadic bool) {
		sig := types.NewSignatureType(nil, nil, nil, params, results, variadic)
		pkg.Scope().Insert(types.NewFunc(token.NoPos, pkg, name, sig))
	}
	method := func(recv *types.Named, ptr bool, name string, params, results *types.Tuple) {
		var rt types.Type = recv
		if ptr {
			rt = types.NewPointer(recv)
		}
		r := types.NewParam(token.NoPos, recv.Obj().Pkg(), "", rt)
		sig := types.NewSignatureType(r, nil, nil, params, results, false)
		recv.AddMethod(types.NewFunc(token.NoPos, recv.Obj().Pkg(), name, sig))
	}
	named := func(pkg *types.Package, name string, under types.Type) *types.Named {
		obj := types.NewTypeName(token.NoPos, pkg, name, nil)
		t := types.NewNamed(obj, under, nil)
		pkg.Scope().Insert(obj)
		return t
	}
	opaque := func(pkg *types.Package, field string) *types.Struct {
		return types.NewStruct([]*types.Var{types.NewField(token.NoPos, pkg, field, int64T, false)}, nil)
	}

	l.declareTime() // lib_time.go

	// sync
	sp := types.NewPackage("sync", "sync")
	l.sync = sp
	l.wg = named(sp, "WaitGroup", opaque(sp, "state"))
	method(l.wg, true, "Add", tuple(param(sp, "delta", intT)), tuple())
	method(l.wg, true, "Done", tuple(), tuple())
	method(l.wg, true, "Wait", tuple(), tuple())
	method(l.wg, true, "Go", tuple(param(sp, "f", types.NewSignatureType(nil, nil, nil, tuple(), tuple(), false))), tuple())
	l.mutex = named(sp, "Mutex", opaque(sp, "state"))
	method(l.mutex, true, "Lock", tuple(), tuple())
	method(l.mutex, true, "Unlock", tuple(), tuple())
	method(l.mutex, true, "TryLock", tuple(), tuple(param(sp, "", boolT)))
	sp.MarkComplete()

	// runtime
	rp := types.NewPackage("runtime", "runtime")
	l.runtime = rp
	fn(rp, "Gosched", tuple(), tuple(), false)
	fn(rp, "GOMAXPROCS", tuple(param(rp, "n", intT)), tuple(param(rp, "", intT)), false)
	fn(rp, "NumGoroutine", tuple(), tuple(param(rp, "", intT)), false)
	fn(rp, "NumCPU", tuple(), tuple(param(rp, "", intT)), false)
	declareRuntimeThread(rp)
	rp.MarkComplete()

	// fmt
	fp := types.NewPackage("fmt", "fmt")
	l.fmt = fp
	anys := param(fp, "a", types.NewSlice(anyT))
	nErr := tuple(param(fp, "n", intT), param(fp, "err", errorT))
	fn(fp, "Println", tuple(anys), nErr, true)
	fn(fp, "Print", tuple(anys), nErr, true)
	fn(fp, "Printf", tuple(param(fp, "format", stringT), anys), nErr, true)
	fn(fp, "Sprintln", tuple(anys), tuple(param(fp, "", stringT)), true)
	fn(fp, "Sprint", tuple(anys), tuple(param(fp, "", stringT)), true)
	fn(fp, "Sprintf", tuple(param(fp, "format", stringT), anys), tuple(param(fp, "", stringT)), true)
	fn(fp, "Errorf", tuple(param(fp, "format", stringT), anys), tuple(param(fp, "", errorT)), true)
	l.declareFprint(fp) // lib_fmt_fprint.go
	fp.MarkComplete()

	ep := types.NewPackage("errors", "errors")
	l.errors = ep
	fn(ep, "New", tuple(param(ep, "text", stringT)), tuple(param(ep, "", errorT)), false)
	ep.MarkComplete()

	// sim
	sm := types.NewPackage(simPath, "sim")
	l.sim = sm
	l.conn = named(sm, "Conn", opaque(sm, "c"))
	method(l.conn, true, "Read", tuple(), tuple())
	fn(sm, "Work", tuple(param(sm, "d", l.duration)), tuple(), false)
	fn(sm, "Syscall", tuple(param(sm, "d", l.duration)), tuple(), false)
	fn(sm, "Dial", tuple(param(sm, "d", l.duration)), tuple(param(sm, "", types.NewPointer(l.conn))), false)
	fn(sm, "Breakpoint", tuple(), tuple(), false)
	sm.MarkComplete()
	l.declareRand()
	l.declareRandFloats()
	l.declareAtomic()
	l.declareStrings()
	l.declareErrors()
	l.declareStringsExtras()
	return l
}

// pkgBuilders are the library packages declared in files of their own
// (lib_<pkg>.go), each registered from an init function with
// registerPackage. A builder may look other packages up (context needs
// time); each is built once per compilation, when first imported.
var pkgBuilders = map[string]func(l *libs) *types.Package{}

// registerPackage declares package path, with the API it supports (for
// error messages and docs/go-subset.md) and the real package's other
// exported names (so that using one is "not supported", not "undefined").
// Call it from an init function.
func registerPackage(path, api, real string, build func(l *libs) *types.Package) {
	if _, dup := pkgBuilders[path]; dup {
		panic("lang: package " + path + " registered twice")
	}
	pkgBuilders[path] = build
	supportedAPI[path] = api
	realAPI[path] = real
	supportedImports = append(supportedImports, path)
	sortImports()
}

// sortImports puts supportedImports in the order errors list them.
func sortImports() {
	slices.SortFunc(supportedImports, func(a, b string) int {
		// sim last, as before; the standard library in path order.
		if (a == simPath) != (b == simPath) {
			if a == simPath {
				return 1
			}
			return -1
		}
		return strings.Compare(a, b)
	})
}

// libHandlers compile calls of library functions declared in files of
// their own, by libKey ("strings.Builder.WriteString", "math.Sqrt"): each
// evaluates the arguments, emits the code and returns how many results it
// pushed (as libCall). Register them from an init function.
var libHandlers = map[string]func(fs *fnState, call *ast.CallExpr, ce callee, want int) int{}

func (l *libs) lookup(path string) *types.Package {
	return l.withSource(path, l.handMade(path))
}

// handMade is the hand-made part of package path (nil if none).
func (l *libs) handMade(path string) *types.Package {
	if p, ok := l.extra[path]; ok {
		return p
	}
	if b, ok := pkgBuilders[path]; ok {
		if l.extra == nil {
			l.extra = map[string]*types.Package{}
		}
		l.extra[path] = nil // a cycle of builders finds nil, not a loop
		p := b(l)
		l.extra[path] = p
		return p
	}
	switch path {
	case "fmt":
		return l.fmt
	case "time":
		return l.time
	case "sync":
		return l.sync
	case "runtime":
		return l.runtime
	case simPath:
		return l.sim
	case "math/rand":
		return l.rand
	case randV2Path:
		return l.randV2
	case atomicPath:
		return l.atomic
	case "errors":
		return l.errors
	case "strings":
		return l.strings
	case "strconv":
		return l.strconv
	case "sort":
		return l.sort
	}
	return nil
}

// Import implements types.Importer.
func (l *libs) Import(path string) (*types.Package, error) {
	if p := l.lookup(path); p != nil {
		return p, nil
	}
	return nil, errUnsupportedImport
}

type importError struct{}

func (importError) Error() string { return "not supported" }

var errUnsupportedImport error = importError{}

// isLib reports whether pkg is one of the library packages.
func (l *libs) isLib(pkg *types.Package) bool {
	return pkg != nil && l.lookup(pkg.Path()) == pkg
}
