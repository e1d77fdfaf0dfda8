package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// gmplab run --format trace writes Go's trace format, which gmplab replay
// opens; a bad command line or a file that is no trace gets one line.
func TestReplayOfARun(t *testing.T) {
	t.Chdir(repoRoot)
	var trace, errb bytes.Buffer
	if code := Run([]string{"run", "examples/pingpong.go", "--format", "trace"}, nil, &trace, &errb); code != 0 {
		t.Fatalf("gmplab run --format trace: exit %d, stderr %s", code, errb.String())
	}
	if !bytes.HasPrefix(trace.Bytes(), []byte("go 1.26 trace\x00")) {
		t.Fatalf("gmplab run --format trace wrote %q…, not a trace", trace.Bytes()[:min(16, trace.Len())])
	}
	// -o FILE writes the same bytes to the file and says so on stderr.
	path := filepath.Join(t.TempDir(), "pingpong.trace")
	errb.Reset()
	var none bytes.Buffer
	if code := Run([]string{"run", "examples/pingpong.go", "--format", "trace", "-o", path}, nil, &none, &errb); code != 0 {
		t.Fatalf("gmplab run --format trace -o: exit %d, stderr %s", code, errb.String())
	}
	if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, trace.Bytes()) || none.Len() != 0 {
		t.Fatalf("-o wrote %d bytes (%v) and %d to stdout; stdout alone wrote %d", len(got), err, none.Len(), trace.Len())
	}
	if want := "gmplab run: wrote " + path + ": " + strconv.Itoa(trace.Len()) + " bytes, Go's execution trace format\n"; errb.String() != want {
		t.Errorf("stderr %q, want %q", errb.String(), want)
	}
	errb.Reset()
	if code := Run([]string{"run", "examples/pingpong.go", "--state-at", "end", "-o", path}, nil, &none, &errb); code != 2 || !strings.Contains(errb.String(), "--state-at and --output") {
		t.Errorf("--state-at with -o: exit %d, stderr %s", code, errb.String())
	}
	var out bytes.Buffer
	errb.Reset()
	if code := Run([]string{"replay", path, "--report"}, nil, &out, &errb); code != 0 {
		t.Fatalf("gmplab replay --report: exit %d, stderr %s", code, errb.String())
	}
	for _, want := range []string{"a Go 1.26 execution trace", "Where each G came from", "Findings"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report has no %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := Run([]string{"replay", path}, strings.NewReader("break gopark\ncontinue\nwhy\n"), &out, &errb); code != 0 {
		t.Fatalf("gmplab replay: exit %d, stderr %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "gopark") || !strings.Contains(out.String(), "trace: GoBlock of G") {
		t.Errorf("break gopark stopped nowhere:\n%s", out.String())
	}
}

// A lesson's stored trace opens outside a checkout, from gmplab's own copy
// of the lesson, as its scenarios do.
func TestReplayLessonTraceEmbedded(t *testing.T) {
	t.Chdir(t.TempDir())
	var out, errb bytes.Buffer
	if code := Run([]string{"replay", "lessons/07-production/pingpong.trace", "--report", "--top", "1"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errb.String())
	}
	if !strings.HasPrefix(out.String(), "lessons/07-production/pingpong.trace: a Go 1.26 execution trace") {
		t.Errorf("the report begins %q", out.String()[:min(80, out.Len())])
	}
	errb.Reset()
	if code := Run([]string{"replay", "lessons/07-production/nosuch.trace"}, nil, &out, &errb); code != 1 || !strings.Contains(errb.String(), "no such file") {
		t.Errorf("a trace no lesson has: exit %d, stderr %s", code, errb.String())
	}
}

func TestReplayErrors(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	os.WriteFile(text, []byte("these are notes\n"), 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"replay"}, 2, "gmplab replay: missing TRACE: the execution trace to open (go test -trace trace.out writes one) (see 'gmplab replay --help')\n"},
		{[]string{"replay", "a", "b"}, 2, "gmplab replay: want one trace file, got 2 arguments: a b (see 'gmplab replay --help')\n"},
		{[]string{"replay", "x.trace", "--top", "3"}, 2, "gmplab replay: --top counts the waits of --report: give --report too (see 'gmplab replay --help')\n"},
		{[]string{"replay", "x.trace", "--report", "--top", "0"}, 2, "gmplab replay: --top 0: want 1 or more (see 'gmplab replay --help')\n"},
		{[]string{"replay", filepath.Join(dir, "nosuch.trace")}, 1, "gmplab replay: open " + filepath.Join(dir, "nosuch.trace") + ": no such file or directory\n"},
		{[]string{"replay", text}, 1, "gmplab replay: " + text + `: not a Go execution trace: it begins "these are no", a trace begins "go 1.N trace" (write one with go test -trace, runtime/trace.Start or trace.FlightRecorder)` + "\n"},
	} {
		var out, errb bytes.Buffer
		code := Run(c.args, strings.NewReader(""), &out, &errb)
		if code != c.code || errb.String() != c.want {
			t.Errorf("gmplab %s:\n exit %d, stderr %q\nwant exit %d, stderr %q", strings.Join(c.args, " "), code, errb.String(), c.code, c.want)
		}
	}
}
