package realhost

import (
	"fmt"
	"strings"
	"syscall"
	"testing"
)

// Where the kernel refuses ptrace, the launch error says so and what to
// do; other errors are left as they are.
func TestPtraceError(t *testing.T) {
	err := PtraceError(fmt.Errorf("fork/exec /tmp/prog: %w", syscall.EPERM))
	for _, want := range []string{"refused ptrace", "SYS_PTRACE", "gmplab step"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q lacks %q", err, want)
		}
	}
	other := fmt.Errorf("no such file")
	if PtraceError(other) != other {
		t.Error("an error that is not EPERM was rewritten")
	}
}
