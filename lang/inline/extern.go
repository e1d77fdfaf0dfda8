package inline

import (
	_ "embed"
	"go/types"
	"strconv"
	"strings"
	"sync"
)

// The functions of the standard library, which the model has no body for:
// what a call of each costs the caller's budget and whether the compiler
// inlines it, measured on the real compiler (stdcalls.txt, written by
// `go test ./lang/inline -run StdCalls -update`, which compiles a wrapper
// around a call of each exported function and method of the packages
// listed there with -gcflags=-m=2 and -S). The table is the compiler's of
// the release the model follows (gmplab's runtime.GoVersion) whatever
// toolchain builds gmplab; a later release's is measured into testdata
// for the tests only (stdcalls_test.go: tableFile).

// ExternKind says how the compiler compiles a call of a library function.
type ExternKind uint8

const (
	// ExternCall: a call (the function is not inlinable).
	ExternCall ExternKind = iota
	// ExternInline: the function's body is inlined.
	ExternInline
	// ExternIntrinsic: the call compiles to machine instructions
	// (ssagen's intrinsics: math.Sqrt, the sync/atomic functions, …).
	ExternIntrinsic
)

// Extern describes a library function.
type Extern struct {
	Kind ExternKind
	// Cost is the body's cost (ExternInline): what a call adds to the
	// caller's budget.
	Cost int32
	// Calls: the inlined body still calls something, so the caller is
	// not a leaf (ExternInline, ExternIntrinsic: an intrinsic with a
	// fallback, such as math.Floor without SSE4.1, calls one).
	Calls bool
	// Inlines is how many bodies a call inlines: the function's, and
	// those inlined into it (-m reports each).
	Inlines int
}

//go:embed stdcalls.txt
var stdcallsTxt string

var stdcalls = sync.OnceValue(func() map[string]Extern {
	m := map[string]Extern{}
	for _, l := range strings.Split(stdcallsTxt, "\n") {
		f := strings.Fields(l)
		if len(f) != 5 || strings.HasPrefix(l, "#") {
			continue
		}
		var x Extern
		switch f[1] {
		case "inline":
			x.Kind = ExternInline
		case "intrinsic":
			x.Kind = ExternIntrinsic
		}
		c, _ := strconv.Atoi(f[2])
		x.Cost = int32(c)
		x.Calls = f[3] == "calls"
		x.Inlines, _ = strconv.Atoi(f[4])
		m[f[0]] = x
	}
	return m
})

// Std looks a function of the standard library up in the table, by its
// full name ("fmt.Println", "(*sync.WaitGroup).Done").
func Std(fn *types.Func) (Extern, bool) {
	x, ok := stdcalls()[StdKey(fn)]
	return x, ok
}

// StdKey is a library function's key in the table: types.Func.FullName of
// the generic origin.
func StdKey(fn *types.Func) string { return fn.Origin().FullName() }
