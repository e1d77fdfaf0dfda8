package sandbox

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// envTry makes the test binary, started confined by TestSandbox, try one
// thing a hostile submission would and print what happened.
const envTry = "GMPLAB_SANDBOX_TRY"

func TestMain(m *testing.M) {
	if what := os.Getenv(envTry); what != "" {
		fmt.Println(try(what))
		os.Exit(0)
	}
	os.Exit(m.Run())
}

var sink []byte

func try(what string) string {
	switch what {
	case "status":
		return Status()
	case "read-outside":
		_, err := os.ReadFile(os.Getenv("OUTSIDE"))
		return fmt.Sprint(err)
	case "read-inside":
		_, err := os.ReadFile(filepath.Join(os.Getenv("INSIDE"), "mine.txt"))
		return fmt.Sprint(err)
	case "write-scratch":
		return fmt.Sprint(os.WriteFile(filepath.Join(os.Getenv("SCRATCH"), "x"), []byte("x"), 0o644))
	case "write-outside":
		return fmt.Sprint(os.WriteFile(filepath.Join(os.Getenv("INSIDE"), "x"), []byte("x"), 0o644))
	case "fork":
		_, err := os.StartProcess("/bin/true", []string{"true"}, &os.ProcAttr{})
		return fmt.Sprint(err)
	case "dial":
		_, err := net.Dial("tcp", "127.0.0.1:9")
		return fmt.Sprint(err)
	case "alloc":
		defer func() { recover() }()
		sink = make([]byte, 20<<30)
		for i := 0; i < len(sink); i += 4096 {
			sink[i] = 1
		}
		return "allocated 20 GB"
	}
	return "unknown " + what
}

// TestSandbox starts this test binary confined, as gmplab grade starts a
// grading process, and checks that what a hostile submission would try
// fails: reading another submission's files, writing outside its scratch
// folder, starting a process, opening a connection, allocating 20 GB.
// Where the kernel lacks Landlock or seccomp the test says so and checks
// only the limits.
func TestSandbox(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the sandbox is Linux's")
	}
	dir := t.TempDir()
	inside, outside, scratch := filepath.Join(dir, "mine"), filepath.Join(dir, "other", "runqput.go"), filepath.Join(dir, "scratch")
	for _, d := range []string{inside, filepath.Dir(outside), scratch} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(inside, "mine.txt"), []byte("mine"), 0o644)
	os.WriteFile(outside, []byte("package runqput"), 0o644)
	// gmplab grade's programs are built without cgo, where Landlock is
	// in force (landlock_linux.go): so is this test's copy of itself.
	exe := filepath.Join(dir, "sandbox.test")
	build := exec.Command("go", "test", "-c", "-o", exe, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the test without cgo: %v\n%s", err, out)
	}
	cfg := Config{MemoryBytes: 512 << 20, CPUSeconds: 20, FileBytes: 1 << 20, Read: []string{inside, exe}, Scratch: scratch}
	run := func(what string) string {
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), envTry+"="+what, EnvConfig+"="+cfg.Encode(), "OUTSIDE="+outside, "INSIDE="+inside, "SCRATCH="+scratch)
		out, err := cmd.CombinedOutput()
		s := strings.TrimSpace(string(out))
		if err != nil {
			s += " [" + err.Error() + "]"
		}
		return s
	}
	status := run("status")
	t.Logf("in force: %s", status)
	full := strings.Contains(status, "landlock ABI") && strings.Contains(status, "seccomp")
	check := func(what, want string, needsFull bool) {
		got := run(what)
		if needsFull && !full {
			t.Logf("%s: %s (not checked: %s)", what, got, status)
			return
		}
		if !strings.Contains(got, want) {
			t.Errorf("%s: got %q, want %q", what, got, want)
		}
	}
	check("read-inside", "<nil>", false)
	check("write-scratch", "<nil>", false)
	check("read-outside", "permission denied", true)
	check("write-outside", "permission denied", true)
	check("fork", "operation not permitted", true)
	check("dial", "operation not permitted", true)
	if got := run("alloc"); strings.Contains(got, "allocated 20 GB") {
		t.Errorf("alloc: a 20 GB allocation succeeded under a 512 MB limit: %q", got)
	} else if !strings.Contains(got, "out of memory") && !strings.Contains(got, "cannot allocate") {
		t.Errorf("alloc: %q, want the runtime's out of memory", got)
	}
}
