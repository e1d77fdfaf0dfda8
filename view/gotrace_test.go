package view

import (
	"bytes"
	"go/build"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	goruntime "runtime"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
)

// goTraceOf runs file on the simulator and writes it in Go's trace
// format.
func goTraceOf(t *testing.T, file string, procs int) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", file))
	if err != nil {
		t.Fatal(err)
	}
	prog, err := lang.Compile(file, src)
	if err != nil {
		t.Fatal(err)
	}
	mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: procs, Seed: 1, Layers: runtime.AllLayers})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w := NewGoTraceWriter(&buf, prog, mc.State())
	mc.Run(func(ev *runtime.Event) { w.Event(*ev) })
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// The event types the writer writes are Go 1.26's: their numbers are
// their places in tracev2's list of events.
func TestGoTraceEventTypes(t *testing.T) {
	if v := goruntime.Version(); !strings.HasPrefix(v, "go1.26") {
		t.Skipf("the writer writes Go 1.26's format; this is %s", v)
	}
	src, err := os.ReadFile(filepath.Join(build.Default.GOROOT, "src/internal/trace/tracev2/events.go"))
	if err != nil {
		t.Fatal(err)
	}
	// The first const block: EvNone EventType = iota, then one a line.
	body := string(src)[strings.Index(string(src), "EvNone EventType = iota"):]
	body = body[:strings.Index(body, "NumEvents")]
	num := map[string]int{"EvNone": 0}
	n := 1 // after EvNone
	for _, m := range regexp.MustCompile(`(?m)^\t(Ev\w+)`).FindAllStringSubmatch(body, -1) {
		num[m[1]] = n
		n++
	}
	for name, got := range map[string]int{
		"EvEventBatch": goTraceEventBatch, "EvStacks": goTraceStacks, "EvStack": goTraceStack,
		"EvStrings": goTraceStrings, "EvString": goTraceString, "EvFrequency": goTraceFrequency,
		"EvProcsChange": goTraceProcsChange, "EvProcStart": goTraceProcStart, "EvProcStop": goTraceProcStop,
		"EvProcSteal": goTraceProcSteal, "EvProcStatus": goTraceProcStatus, "EvGoCreate": goTraceGoCreate,
		"EvGoStart": goTraceGoStart, "EvGoDestroy": goTraceGoDestroy, "EvGoStop": goTraceGoStop,
		"EvGoBlock": goTraceGoBlock, "EvGoUnblock": goTraceGoUnblock, "EvGoSyscallBegin": goTraceGoSyscallBegin,
		"EvGoSyscallEnd": goTraceGoSyscallEnd, "EvGoSyscallEndBlocked": goTraceGoSyscallEndBlk,
		"EvGoStatus": goTraceGoStatus, "EvSTWBegin": goTraceSTWBegin, "EvSTWEnd": goTraceSTWEnd,
		"EvGCBegin": goTraceGCBegin, "EvGCEnd": goTraceGCEnd, "EvGCMarkAssistBegin": goTraceGCAssistBegin,
		"EvGCMarkAssistEnd": goTraceGCAssistEnd,
		"EvUserLog":         goTraceUserLog, "EvSync": goTraceSync, "EvClockSnapshot": goTraceClockSnapshot,
		"EvEndOfGeneration": goTraceEndOfGeneration,
	} {
		if want, ok := num[name]; !ok || want != got {
			t.Errorf("%s is %d in Go 1.26 (found: %v), the writer writes %d", name, want, ok, got)
		}
	}
}

// go tool trace reads what the writer writes, as it reads a real run's,
// and the same run gives the same bytes.
func TestGoToolTraceReadsIt(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go tool trace")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	for _, r := range []struct {
		file  string
		procs int
	}{
		{"examples/steal.go", 4},
		{"examples/resize.go", 4},
		{"examples/syscall.go", 2},
		{"lessons/04-sysmon/threads.go", 4},
	} {
		data := goTraceOf(t, r.file, r.procs)
		if again := goTraceOf(t, r.file, r.procs); !bytes.Equal(data, again) {
			t.Errorf("%s: two runs wrote different traces", r.file)
		}
		path := filepath.Join(dir, filepath.Base(r.file)+".trace")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(gocmd, "tool", "trace", "-d=parsed", path).CombinedOutput()
		if err != nil {
			t.Errorf("go tool trace -d=parsed %s: %v\n%s", r.file, err, tail(string(out), 2000))
			continue
		}
		if !bytes.Contains(out, []byte("GoID=1 Runnable->Running")) {
			t.Errorf("%s: go tool trace shows no start of main:\n%s", r.file, tail(string(out), 1000))
		}
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}
