package cli

import (
	"fmt"
	"os"
	"strconv"

	"github.com/gmplab/gmplab/runtime"
	"github.com/spf13/pflag"
)

// The simulated machine's CPUs and GOMAXPROCS, shared by run and step.
//
// --ncpu is the simulated machine's CPU count: runtime.NumCPU returns it,
// and GOMAXPROCS defaults to it, as Go's schedinit does
// (defaultGOMAXPROCS(numCPUStartup)). Its default is fixed
// (runtime.DefaultNCPU), never the host's, so that a run never depends on
// the machine it runs on. The GOMAXPROCS environment variable is honoured
// as Go honours it: a positive integer (strconv.ParseInt, base 10, 32 bits)
// sets it, anything else is ignored; an explicit --gomaxprocs wins.

// maxNCPU bounds --ncpu (a simulated machine, not a real one).
const maxNCPU = 1 << 16

// lookupEnv reads the process's environment. Tests replace it, so that
// goldens never depend on the GOMAXPROCS of whoever runs them.
var lookupEnv = os.LookupEnv

// procsFlags are --gomaxprocs and --ncpu.
type procsFlags struct {
	GOMAXPROCS int
	NCPU       int
	set        bool // --gomaxprocs was given
}

func (pf *procsFlags) register(f *pflag.FlagSet, what string) {
	f.IntVar(&pf.GOMAXPROCS, "gomaxprocs", 0,
		"number of Ps (default: "+what+"$GOMAXPROCS if it is a positive number, else --ncpu)")
	f.IntVar(&pf.NCPU, "ncpu", runtime.DefaultNCPU,
		"CPUs of the simulated machine: runtime.NumCPU() and GOMAXPROCS's default (fixed, not the host's)")
}

// validate checks the flags' ranges.
func (pf *procsFlags) validate() error {
	if pf.set && (pf.GOMAXPROCS < 1 || pf.GOMAXPROCS > maxGOMAXPROCS) {
		return fmt.Errorf("--gomaxprocs %d: want 1 to %d", pf.GOMAXPROCS, maxGOMAXPROCS)
	}
	if pf.NCPU < 1 || pf.NCPU > maxNCPU {
		return fmt.Errorf("--ncpu %d: want 1 to %d", pf.NCPU, maxNCPU)
	}
	return nil
}

// resolve returns GOMAXPROCS and where it came from ("" for --gomaxprocs
// or explicit, a value a lesson sets; "$GOMAXPROCS"; "ncpu"), as Go's
// schedinit decides it.
func (pf *procsFlags) resolve(explicit int) (n int, from string, err error) {
	switch {
	case pf.set:
		return pf.GOMAXPROCS, "", nil
	case explicit > 0:
		return explicit, "", nil
	}
	if v, ok := lookupEnv("GOMAXPROCS"); ok {
		if n, perr := strconv.ParseInt(v, 10, 32); perr == nil && n > 0 {
			if n > maxGOMAXPROCS {
				return 0, "", fmt.Errorf("GOMAXPROCS=%s in the environment: gmplab runs at most %d Ps (unset it or give --gomaxprocs)", v, maxGOMAXPROCS)
			}
			return int(n), "$GOMAXPROCS", nil
		}
	}
	return min(pf.NCPU, maxGOMAXPROCS), "ncpu", nil
}

// gcEnv applies the collector's environment variables, GOGC and
// GOMEMLIMIT, to cfg as Go reads them at start (the engine parses them:
// runtime/mgcpacer.go), and returns what to add to the header ("" when
// neither is set).
func gcEnv(cfg *runtime.Config) string {
	var h string
	if v, ok := lookupEnv("GOGC"); ok {
		cfg.GOGC = v
		h += " GOGC=" + v
	}
	if v, ok := lookupEnv("GOMEMLIMIT"); ok {
		cfg.GOMEMLIMIT = v
		h += " GOMEMLIMIT=" + v
	}
	return h
}

// procsHeader says what is in force: "GOMAXPROCS=2 (from $GOMAXPROCS) ncpu=4".
func procsHeader(gomaxprocs int, from string, ncpu int) string {
	s := "GOMAXPROCS=" + strconv.Itoa(gomaxprocs)
	if from == "$GOMAXPROCS" {
		s += " (from $GOMAXPROCS)"
	}
	return s + " ncpu=" + strconv.Itoa(ncpu)
}
