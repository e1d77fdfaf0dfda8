package lang

import (
	"go/types"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// What a program may import and use, for error messages and
// docs/go-subset.md, read from the library the front end compiles
// (ssalib.go: lang/stubs, lang/srcpkg, lang/ssasrc): every package of it
// that is not internal, and of each its exported functions, types (with
// their exported methods), variables and constants. The lists cannot say
// more than the compiler does, since they are what it type-checks
// programs against (TestSupportedAPIIsTheLibrarys).

const simPath = "github.com/gmplab/gmplab/sim"

// apiTables is the library's supported imports and API, made once.
var apiTables = sync.OnceValue(func() (t struct {
	imports []string
	api     map[string]string
	listed  map[string]string
}) {
	lib := loadSSALib()
	t.api, t.listed = map[string]string{}, map[string]string{}
	for _, p := range lib.paths {
		pkg := lib.pkg(p)
		if isInternalPath(p) || pkg == nil {
			continue
		}
		t.imports = append(t.imports, p)
		all := packageAPI(pkg)
		t.api[p] = strings.Join(all, ", ")
		t.listed[p] = listedAPI(pkg, all)
	}
	slices.SortFunc(t.imports, func(a, b string) int {
		// sim last; the standard library in path order.
		if (a == simPath) != (b == simPath) {
			if a == simPath {
				return 1
			}
			return -1
		}
		return strings.Compare(a, b)
	})
	return t
})

// supportedImports are the import paths a program may use, in the order
// errors list them.
func supportedImports() []string { return apiTables().imports }

// supportedAPI is what package path offers a program ("" if it is not
// importable): "sync.WaitGroup (Add, Done, Go, Wait), sync.OnceFunc, …".
func supportedAPI(path string) string { return apiTables().api[path] }

// listedAPI is what an error says pkg offers, of all its names (packageAPI):
// all of them, unless there are more than maxListed, when its variables are
// counted and not listed (unicode's 247 range tables would bury the rest;
// docs/go-subset.md lists every name).
func listedAPI(pkg *types.Package, all []string) string {
	if len(all) <= maxListed {
		return strings.Join(all, ", ")
	}
	var keep, vars []string
	for _, s := range all {
		name, _, _ := strings.Cut(strings.TrimPrefix(s, pkg.Name()+"."), " ")
		if _, ok := pkg.Scope().Lookup(name).(*types.Var); ok {
			vars = append(vars, s)
			continue
		}
		keep = append(keep, s)
	}
	if len(vars) < 2 {
		return strings.Join(all, ", ")
	}
	return strings.Join(keep, ", ") + ", and " + strconv.Itoa(len(vars)) + " variables, " + vars[0] + " to " + vars[len(vars)-1]
}

// maxListed is the most names of a package an error lists in full.
const maxListed = 150

// supportedListed is supportedAPI as an error message lists it (listedAPI).
func supportedListed(path string) string { return apiTables().listed[path] }

// packageAPI lists pkg's exported names, in name order, each qualified by
// the package's name, a type's exported methods (of T and *T) after it.
func packageAPI(pkg *types.Package) []string {
	var out []string
	scope := pkg.Scope()
	for _, n := range scope.Names() {
		obj := scope.Lookup(n)
		if !obj.Exported() {
			continue
		}
		s := pkg.Name() + "." + n
		if tn, ok := obj.(*types.TypeName); ok && !tn.IsAlias() {
			if named, ok := tn.Type().(*types.Named); ok {
				var ms []string
				for i := range named.NumMethods() {
					if m := named.Method(i); m.Exported() {
						ms = append(ms, m.Name())
					}
				}
				slices.Sort(ms)
				if len(ms) > 0 {
					s += " (" + strings.Join(ms, ", ") + ")"
				}
			}
		}
		out = append(out, s)
	}
	return out
}

// realAPI lists names the real packages export that gmplab does not
// support, so that using one is "not supported" rather than "undefined"
// (rewriteTypeError). TestSupportedAPIIsTheLibrarys checks that none of
// them is in the library.
var realAPI = map[string]string{
	"errors":        "ErrUnsupported",
	"fmt":           "FormatString Formatter Fscan Fscanf Fscanln GoStringer Scan ScanState Scanf Scanln Scanner Sscan Sscanf Sscanln State",
	"iter":          "Pull Pull2",
	"math/rand":     "Read Source64 Zipf NewZipf",
	"math/rand/v2":  "Zipf NewZipf",
	"os":            "Chdir Chmod Chown Clearenv CopyFS Create CreateTemp DevNull DirFS DirEntry Environ ErrClosed ErrDeadlineExceeded ErrExist ErrInvalid ErrNoDeadline ErrNotExist ErrPermission ErrProcessDone Executable Expand ExpandEnv FileInfo FileMode Getegid Getenv Geteuid Getgid Getgroups Getpagesize Getpid Getppid Getuid Getwd Hostname Interrupt IsExist IsNotExist IsPathSeparator IsPermission IsTimeout Kill Lchown Link LinkError LookupEnv Lstat Mkdir MkdirAll MkdirTemp NewFile NewSyscallError Open OpenFile PathError PathListSeparator PathSeparator Pipe ProcAttr Process ProcessState ReadDir ReadFile Readlink Remove RemoveAll Rename Root SameFile Setenv Signal StartProcess Stat Symlink SyscallError TempDir Truncate Unsetenv UserCacheDir UserConfigDir UserHomeDir WriteFile",
	"runtime":       "BlockProfile Breakpoint CPUProfile Callers CallersFrames Compiler Error Frame Frames FuncForPC GOARCH GOOS GOROOT GoroutineProfile MemProfile MemProfileRate NumCgoCall ReadTrace SetBlockProfileRate SetCPUProfileRate SetFinalizer SetMutexProfileFraction Stack StartTrace StopTrace ThreadCreateProfile Version",
	"runtime/debug": "BuildInfo BuildSetting FreeOSMemory GCStats Module ParseBuildInfo PrintStack ReadBuildInfo ReadGCStats SetCrashOutput SetMaxStack SetMaxThreads SetPanicOnFault SetTraceback Stack WriteHeapDump CrashOptions",
	"strconv":       "AppendBool AppendFloat AppendInt AppendQuote AppendQuoteRune AppendQuoteRuneToASCII AppendQuoteRuneToGraphic AppendQuoteToASCII AppendQuoteToGraphic AppendUint ErrRange ErrSyntax FormatComplex NumError ParseComplex QuoteRuneToGraphic QuotedPrefix UnquoteChar",
	"strings":       "Clone NewReplacer Replacer Title ToValidUTF8 Cap",
	"sync":          "RLocker",
	"sync/atomic":   "CompareAndSwapPointer LoadPointer StorePointer SwapPointer Uintptr",
	"time":          "FixedZone LoadLocation LoadLocationFromTZData Parse ParseError ParseInLocation AddDate AppendBinary AppendFormat AppendText GoString GobDecode GobEncode In IsDST MarshalBinary MarshalJSON MarshalText UnmarshalBinary UnmarshalJSON UnmarshalText Zone ZoneBounds",
}

func isRealAPI(path, name string) bool {
	return slices.Contains(strings.Fields(realAPI[path]), name)
}

// pullAdvice is why iter.Pull and iter.Pull2 are refused.
const pullAdvice = "it runs the iterator on a coroutine (runtime.coroswitch), which gmplab does not model; range over the iterator instead"
