package lang

import (
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// runtime/debug: SetGCPercent and SetMemoryLimit, which set GOGC and
// GOMEMLIMIT for the simulated collector (runtime/mgc.go: setGCParam).

func init() {
	libHandlers["debug.SetGCPercent"] = runtimeOpResult(vm.RtSetGCPercent, 1, 1)
	libHandlers["debug.SetMemoryLimit"] = runtimeOpResult(vm.RtSetMemoryLimit, 1, 1)
	registerPackage("runtime/debug", "debug.SetGCPercent, debug.SetMemoryLimit (for the collector of the gc layer)",
		"BuildInfo BuildSetting FreeOSMemory GCStats Module ParseBuildInfo PrintStack ReadBuildInfo ReadGCStats SetCrashOutput SetMaxStack SetMaxThreads SetPanicOnFault SetTraceback Stack WriteHeapDump CrashOptions",
		func(l *libs) *types.Package {
			p := types.NewPackage("runtime/debug", "debug")
			for _, f := range []struct {
				name, param string
				t           types.Type
			}{{"SetGCPercent", "percent", types.Typ[types.Int]}, {"SetMemoryLimit", "limit", types.Typ[types.Int64]}} {
				sig := types.NewSignatureType(nil, nil, nil,
					types.NewTuple(types.NewParam(token.NoPos, p, f.param, f.t)),
					types.NewTuple(types.NewParam(token.NoPos, p, "", f.t)), false)
				p.Scope().Insert(types.NewFunc(token.NoPos, p, f.name, sig))
			}
			p.MarkComplete()
			return p
		})
}
