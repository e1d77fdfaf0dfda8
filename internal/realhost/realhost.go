// Package realhost says whether this host can run gmplab real: Delve's
// native backend stops a program's threads with ptrace, on Linux (amd64,
// arm64), where the kernel allows it. It imports nothing of Delve, so
// that the gmplab binary can say so before it builds gmplab-full, the
// gmplab with Delve in it.
package realhost

import (
	"errors"
	"fmt"
	"os"
	goruntime "runtime"
	"strings"
	"syscall"
)

// Check says whether gmplab real can run here: Linux on amd64 or arm64
// (where Delve's native backend stops threads with ptrace). It does not
// try ptrace; Launch says so when the kernel refuses it.
func Check() error {
	if goruntime.GOOS != "linux" || (goruntime.GOARCH != "amd64" && goruntime.GOARCH != "arm64") {
		return fmt.Errorf("gmplab real runs on Linux (amd64 or arm64) only, where Delve stops the real runtime's threads with ptrace; this is %s/%s. "+
			"gmplab step shows the same decisions on the simulator, and gmplab compare runs the program for real with runtime/trace, which works everywhere",
			goruntime.GOOS, goruntime.GOARCH)
	}
	return nil
}

// PtraceError turns Delve's launch error into what to do when the kernel
// refused ptrace.
func PtraceError(err error) error {
	if !errors.Is(err, syscall.EPERM) && !strings.Contains(err.Error(), "operation not permitted") {
		return err
	}
	msg := "gmplab real: the kernel refused ptrace (" + err.Error() + "), which Delve needs to stop the program's threads."
	if b, rerr := os.ReadFile("/proc/sys/kernel/yama/ptrace_scope"); rerr == nil {
		scope := strings.TrimSpace(string(b))
		msg += " /proc/sys/kernel/yama/ptrace_scope is " + scope
		if scope == "3" {
			msg += " (no ptrace at all until reboot)"
		} else if scope != "0" && scope != "1" {
			msg += ": `sudo sysctl kernel.yama.ptrace_scope=1` allows a process to trace its children"
		}
		msg += "."
	}
	msg += " In a container, run it with --cap-add=SYS_PTRACE (and --security-opt seccomp=unconfined on older Docker)." +
		" gmplab step (the simulator) and gmplab compare (runtime/trace) need no ptrace."
	return errors.New(msg)
}
