package real

import (
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
)

// Where the kernel refuses ptrace, the launch error says so and what to
// do; other errors are left as they are.
func TestPtraceError(t *testing.T) {
	err := ptraceError(fmt.Errorf("fork/exec /tmp/prog: %w", syscall.EPERM))
	for _, want := range []string{"refused ptrace", "SYS_PTRACE", "gmplab step"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q lacks %q", err, want)
		}
	}
	other := fmt.Errorf("no such file")
	if ptraceError(other) != other {
		t.Error("an error that is not EPERM was rewritten")
	}
}

func TestBuildErrorInGosWords(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	dir := t.TempDir()
	bad := dir + "/bad.go"
	if err := writeFile(bad, "package main\n\nfunc main() { x := 1 }\n"); err != nil {
		t.Fatal(err)
	}
	err := Build(t.Context(), "", "..", bad, dir+"/prog")
	if err == nil || !strings.Contains(err.Error(), "bad.go:3:15: declared and not used: x") || strings.Contains(err.Error(), "# command-line") {
		t.Errorf("Build: %v", err)
	}
}

func writeFile(name, s string) error { return os.WriteFile(name, []byte(s), 0o644) }
