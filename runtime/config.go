package runtime

import (
	"fmt"
	"strings"
)

// Layer is one mechanism of the scheduler that can be switched on; lessons
// turn them on in order (see shared/design.md). With a layer off the engine
// behaves as the runtime did before that mechanism existed.
type Layer uint8

const (
	// LayerStacks: G stacks (2 KB, guard 928 B, grow by copying), gobuf
	// save/restore, and one global queue served by Ms under a lock (the Go
	// 1.0 "GM" model). Always on.
	LayerStacks Layer = 1 << iota
	// LayerProcs: Ps with runnext and a 256-slot ring, global overflow
	// (128+1), the 61-tick fairness check, inheritTime.
	LayerProcs
	// LayerSteal: spinning Ms, wakep, stealWork (4 passes, half from the
	// head, runnext last). Without it an idle P only looks at the global queue.
	LayerSteal
	// LayerSysmon: syscalls with Go 1.26 semantics, sysmon's back-off,
	// retake, handoffp. Without it a syscall holds its P until it returns.
	LayerSysmon
	// LayerPreempt: 10 ms time slices, cooperative (stackguard0 =
	// stackPreempt) and async (a signal, honoured at a safe point). Without
	// it a goroutine runs until it blocks or yields.
	LayerPreempt
	// LayerNetpoll: network waits park the G, not the M. Without it a
	// network read is a blocking system call.
	LayerNetpoll
	// LayerGC: the garbage collector as a scheduling actor (mgc.go): the
	// heap the program allocates paces cycles (GOGC, GOMEMLIMIT); each
	// cycle stops the world twice, runs gcBgMarkWorker goroutines on 25%
	// of the Ps (and idle ones), makes allocating goroutines assist, turns
	// the write barrier on while it marks, and sweeps. Without it the
	// program's garbage is freed invisibly, at no cost (vm/mgc.go).
	LayerGC
)

// Layers is a set of layers.
type Layers uint8

// AllLayers is every layer the engine has.
const AllLayers = Layers(LayerStacks | LayerProcs | LayerSteal | LayerSysmon | LayerPreempt | LayerNetpoll | LayerGC)

var layerNames = []struct {
	l    Layer
	name string
}{
	{LayerStacks, "stacks"}, {LayerProcs, "procs"}, {LayerSteal, "steal"},
	{LayerSysmon, "sysmon"}, {LayerPreempt, "preempt"}, {LayerNetpoll, "netpoll"},
	{LayerGC, "gc"},
}

// LayerNames lists the layers in lesson order.
func LayerNames() []string {
	names := make([]string, len(layerNames))
	for i, ln := range layerNames {
		names[i] = ln.name
	}
	return names
}

// Has reports whether l is on.
func (ls Layers) Has(l Layer) bool { return ls&Layers(l) != 0 }

// String lists the layers, comma-separated, in lesson order.
func (ls Layers) String() string {
	var parts []string
	for _, ln := range layerNames {
		if ls.Has(ln.l) {
			parts = append(parts, ln.name)
		}
	}
	return strings.Join(parts, ",")
}

// LayersUpTo returns the layers of lessons up to and including name
// (layers are cumulative: "sysmon" is stacks,procs,steal,sysmon).
func LayersUpTo(name string) (Layers, error) {
	var ls Layers
	for _, ln := range layerNames {
		ls |= Layers(ln.l)
		if ln.name == name {
			return ls, nil
		}
	}
	return 0, fmt.Errorf("unknown layer %q (layers: %s)", name, strings.Join(LayerNames(), ", "))
}

// ParseLayers parses "all" or a comma-separated list of layer names.
// stacks is always included.
func ParseLayers(s string) (Layers, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "all" {
		return AllLayers, nil
	}
	ls := Layers(LayerStacks)
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "all" {
			ls |= AllLayers
			continue
		}
		found := false
		for _, ln := range layerNames {
			if ln.name == part {
				ls |= Layers(ln.l)
				found = true
			}
		}
		if !found {
			return 0, fmt.Errorf("unknown layer %q (layers: %s, or all)", part, strings.Join(LayerNames(), ", "))
		}
	}
	if ls.Has(LayerSteal) && !ls.Has(LayerProcs) {
		return 0, fmt.Errorf("layer steal needs procs (stealing takes from Ps' run queues)")
	}
	if ls.Has(LayerGC) && !ls.Has(LayerProcs) {
		return 0, fmt.Errorf("layer gc needs procs (its mark workers run on Ps)")
	}
	return ls, nil
}

// Config is what a run is given. The same Program and Config give the same
// events, byte for byte.
type Config struct {
	// GOMAXPROCS is the number of Ps at start (0: NCPU, as Go's
	// defaultGOMAXPROCS(numCPUStartup) when the GOMAXPROCS environment
	// variable is unset; the CLI applies the variable).
	GOMAXPROCS int
	// NCPU is the simulated machine's CPU count (0: DefaultNCPU):
	// runtime.NumCPU returns it and GOMAXPROCS defaults to it.
	NCPU   int
	Seed   uint64
	Layers Layers
	// The limits (limits.go). Each bounds one thing the run counts, and a
	// run that reaches one stops with a message naming it, what it counted,
	// what the program was doing, and how to raise it. The defaults are
	// far above what the programs of the lessons, the README and public
	// textbooks do (1,000,000 goroutines, 10,000,000 printed lines, the
	// seed article's 1,000 goroutines each summing to 1,000,000) and
	// still end a program that never finishes, though only after minutes
	// of host time for a loop that never calls into the scheduler (lower
	// --max-instrs or --max-time to stop one sooner).
	//
	// MaxEvents bounds the scheduler events (0: DefaultMaxEvents).
	MaxEvents int64
	// MaxInstrs bounds the instructions of Go code interpreted, over all
	// goroutines (0: DefaultMaxInstrs): gmplab's work, where virtual time
	// bounds the program's. A loop that never calls into the scheduler
	// makes no events but is bounded by this.
	MaxInstrs int64
	// MaxSteps bounds the engine's actions (one action of one M; 0:
	// DefaultMaxSteps), a safety net under the other limits.
	MaxSteps int64
	// MaxTime bounds virtual time in ns (0: DefaultMaxTime).
	MaxTime int64
	// Check verifies every invariant after every event (invariants.go),
	// and that every event fits its kind's spec (CheckEvent).
	Check bool
	// CheckHooked, with Check, verifies the invariants only after the
	// steps in which CheckThisStep was called (the checker calls it when
	// a learner's hook runs): the engine's own rules keep a valid state
	// valid, and the invariants cost a quarter of a checker's run.
	CheckHooked bool
	// Why fills Event.Why with the sentence that says which rule decided.
	// Off, the engine formats nothing (for benchmarks and --quiet).
	Why bool
	// SchedtracePeriod, if > 0, makes sysmon emit an EvSchedtrace event
	// every period of virtual time, like GODEBUG=schedtrace=ms.
	SchedtracePeriod int64
	// MaxStackSize is maxstacksize (0: 1e9 bytes as on 64-bit).
	MaxStackSize int64
	// Hooks replaces some of the engine's rules with other functions (an
	// exercise's; see hooks.go). nil: the engine's own rules.
	Hooks *Hooks
	// GOGC and GOMEMLIMIT are the environment variables the collector
	// reads at start (layer gc), in their own syntax: GOGC "off" or a
	// percentage ("" and anything else: 100), GOMEMLIMIT "off" or a byte
	// count with an optional unit (B, KiB, MiB, GiB, TiB); a malformed
	// GOMEMLIMIT is New's error, as the runtime throws on it at start.
	GOGC, GOMEMLIMIT string
	// AsyncPreemptOff is GODEBUG=asyncpreemptoff=1: preemptone asks
	// only cooperatively (stackguard0 = stackPreempt) and sends no
	// signal, so a goroutine in a loop without a prologue check (no
	// call, or calls the compiler inlines or leaves without a check)
	// keeps its P until it blocks or yields (proc.go: preemptone).
	AsyncPreemptOff bool

	// bareStart (white-box tests of single rules): start as schedinit
	// leaves the Ps, main on P0 and every other P idle, instead of where
	// runtime.main leaves them at GOMAXPROCS > 1 (startup.go).
	bareStart bool
}

const (
	DefaultMaxEvents = 50_000_000 // 5x the 10,000,000-line program
	// DefaultMaxInstrs bounds gmplab's work, not the program's time: 10^11
	// instructions, about eight times the seed article's 1,000 goroutines
	// each summing to 1,000,000 (13 instructions an iteration), which
	// take 0.4 s of CPU natively. Virtual time does not bound the work:
	// an iteration of a loop costs a fraction of a virtual ns.
	DefaultMaxInstrs = 100_000_000_000
	DefaultMaxSteps  = 1_000_000_000 // engine actions: about 2 per event in practice
	DefaultMaxTime   = 60 * 1e9      // one virtual minute
	// DefaultNCPU is the simulated machine's CPU count unless told
	// otherwise: fixed, so that a run never depends on the host. Four CPUs
	// keep the default GOMAXPROCS the engine always had.
	DefaultNCPU = 4
	// DefaultGOMAXPROCS is GOMAXPROCS on the default machine.
	DefaultGOMAXPROCS = DefaultNCPU
)

// Exit describes how a run ended.
type Exit struct {
	Code   int    `json:"code"`   // the process exit code: 0, 2 for panics and fatal errors
	Reason string `json:"reason"` // "exit", "panic", "deadlock", "fatal", or the limit: "max-events", "max-instrs", "max-steps", "max-time"
	Msg    string `json:"msg"`    // what the process prints on stderr when it dies, Go's words
}
