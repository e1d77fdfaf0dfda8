package grade

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/gmplab/gmplab/checker"
)

// refsArg makes the base grading program record the reference runs of
// the named exercises' scenario tests into its working directory
// (checker.RecordReferences).
const refsArg = "-refs"

// refsCPU is the CPU limit of the process that records the reference
// runs: one run of every scenario test of a class, about as much as one
// submission's grading.
const refsCPU = 10 * time.Minute

// recordRefs records the class's reference runs once, with the base
// program (which holds no submission's code), confined as a grading
// process whose scratch folder is the record; every grading process then
// reads it (checker.EnvRefs) and runs only the submission's side of each
// scenario. It returns the folder, or "" when the recording failed (the
// grading then runs both sides, as it would without it: the grades are
// the same, only slower).
func recordRefs(ctx context.Context, o Options, tmp, base string, exs []checker.Dir) string {
	var names []string
	for _, d := range exs {
		if !d.Scenario {
			names = append(names, d.Name)
		}
	}
	if base == "" || len(names) == 0 {
		return ""
	}
	start := time.Now()
	ro := o
	ro.Timeout, ro.fileBytes = refsCPU, 256<<20
	ctx, cancel := context.WithTimeout(ctx, 3*refsCPU)
	defer cancel()
	scratch, err := os.MkdirTemp(tmp, "refs")
	if err != nil {
		return ""
	}
	scratch, _ = filepath.Abs(scratch)
	cmd, err := confinedIn(ctx, ro, scratch, base, nil, append([]string{refsArg, scratch}, names...)...)
	if err != nil {
		return ""
	}
	stderr := newOutput(32 << 10)
	cmd.Stderr = stderr
	out, err := cmd.Output()
	if cmd.ProcessState != nil {
		procStats.account(cmd.ProcessState)
	}
	if err != nil {
		if o.Log != nil {
			fmt.Fprintf(o.Log, "recording the reference runs failed (each submission runs them itself): %v %s\n", err, strings.TrimSpace(stderr.String()))
		}
		os.RemoveAll(scratch)
		return ""
	}
	if o.Log != nil {
		n, _ := strconv.Atoi(strings.TrimSpace(string(out)))
		fmt.Fprintf(o.Log, "recorded %d reference runs in %v\n", n, time.Since(start).Round(time.Second))
	}
	// Read-only from here on, for the processes too where Landlock is
	// missing (their import allowlist keeps them from changing it back).
	os.Chmod(scratch, 0o555)
	return scratch
}
