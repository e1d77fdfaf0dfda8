// Package testnote lets a slow test say what it is doing while the
// tests run. go test ./... keeps a package's output until the package
// ends (and go test -v ./... too, unless -p 1), so a test that spends a
// minute building the engine for WebAssembly would be silent for that
// minute: Say writes its line to the terminal go test runs in
// (/dev/tty), where there is one, as well as to the test's log (shown by
// -v, and for a test that fails). Where there is no terminal (CI, a
// pipe) the log alone has it.
//
// GMPLAB_TEST_QUIET=1 keeps the lines off the terminal.
package testnote

import (
	"fmt"
	"os"
	"path"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
)

var (
	once sync.Once
	tty  *os.File
	mu   sync.Mutex
)

// Say says what t is about to do, a long step ("building the engine for
// WebAssembly"), on the terminal and in t's log.
func Say(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	t.Log(msg)
	once.Do(func() {
		if os.Getenv("GMPLAB_TEST_QUIET") == "" {
			tty, _ = os.OpenFile("/dev/tty", os.O_WRONLY, 0)
		}
	})
	if tty == nil {
		return
	}
	mu.Lock()
	defer mu.Unlock()
	fmt.Fprintf(tty, "  … %s %s: %s\n", pkg(), t.Name(), msg)
}

// pkg is the tested package's last element ("book").
func pkg() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Path != "" {
		return strings.TrimSuffix(path.Base(bi.Path), ".test")
	}
	return "test"
}
