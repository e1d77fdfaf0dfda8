package replay

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNotATrace: a file that is not an execution trace, or a trace this
// reader does not take, gets one sentence that says what it is and what
// to do, and never a panic.
func TestNotATrace(t *testing.T) {
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "the file is empty, not an execution trace"},
		{"text", []byte("hello, world\nnot a trace\n"), `not a Go execution trace: it begins "hello, world"`},
		{"elf", []byte("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00"), "not a Go execution trace: it begins with the bytes 7f 45 4c 46"},
		{"pprof", []byte{0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0, 0xff}, "not a Go execution trace: it begins with the bytes 1f 8b"},
		{"go1.21", []byte("go 1.21 trace\x00\x00\x00rest"), "a trace of Go 1.21, whose format (before Go 1.22's new tracer) gmplab replay does not read"},
		{"go1.5", []byte("go 1.5 trace\x00\x00\x00\x00"), "a trace of Go 1.5"},
		{"go1.99", []byte("go 1.99 trace\x00\x00\x00"), "a trace in the format of Go 1.99, newer than this gmplab reads (Go 1.22 to 1.26's): update gmplab"},
		{"header only", []byte("go 1.26 trace\x00\x00\x00"), "the trace has no events"},
		{"short header", []byte("go 1.26 trace"), "truncated: the file ends inside its 16-byte header"},
		{"garbage after header", append([]byte("go 1.26 trace\x00\x00\x00"), bytes.Repeat([]byte{0xff}, 64)...), "expected batch event"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Read(bytes.NewReader(c.data), Options{Name: "x.trace"})
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.HasPrefix(err.Error(), "x.trace: ") || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q\nwant it to name the file and say %q", err, c.want)
			}
			if strings.Contains(err.Error(), "goroutine ") || strings.Contains(err.Error(), ".go:") {
				t.Errorf("error %q looks like a stack trace", err)
			}
		})
	}
	dir := t.TempDir()
	if _, err := Open(dir, Options{}); err == nil || !strings.Contains(err.Error(), "is a directory") {
		t.Errorf("Open(dir) = %v", err)
	}
	if _, err := Open(filepath.Join(dir, "missing.trace"), Options{}); err == nil || !os.IsNotExist(err) {
		t.Errorf("Open(missing) = %v", err)
	}
}

// TestTruncatedTrace: a trace cut anywhere opens what its complete
// generations hold, with a warning that says where it broke, or, when
// nothing before the cut is readable, an error that says it is truncated.
func TestTruncatedTrace(t *testing.T) {
	data, err := os.ReadFile(realTrace(t, "workerpool", 0))
	if err != nil {
		t.Fatal(err)
	}
	whole, err := Read(bytes.NewReader(data), Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Cuts at every 1/200th of the file and at each of the first 256
	// bytes after the header: the trace is written at test time, so a
	// fixed set of fractions lands on different boundaries from run to
	// run (a cut inside a batch's header once escaped as "malformed").
	var cuts []int
	for i := 1; i < 200; i++ {
		cuts = append(cuts, len(data)*i/200)
	}
	for n := headerLen; n < min(len(data), headerLen+256); n++ {
		cuts = append(cuts, n)
	}
	for _, n := range cuts {
		frac := fmt.Sprintf("%d of %d bytes", n, len(data))
		tr, err := Read(bytes.NewReader(data[:n]), Options{Name: "cut.trace"})
		switch {
		case err != nil:
			if !strings.Contains(err.Error(), "truncated") && !strings.Contains(err.Error(), "no events") {
				t.Errorf("cut at %s: error %q does not say the file is truncated", frac, err)
			}
		case tr.Warning == "":
			t.Errorf("cut at %s: %d events and no warning", frac, tr.Events())
		case !strings.Contains(tr.Warning, "truncated"):
			t.Errorf("cut at %s: warning %q does not say the file is truncated", frac, tr.Warning)
		case tr.Events() > whole.Events():
			t.Errorf("cut at %s: %d events, more than the whole trace's %d", frac, tr.Events(), whole.Events())
		}
	}
}

// FuzzRead: whatever the bytes, Read returns a trace or an error, and a
// trace it returns steps from end to end and back.
func FuzzRead(f *testing.F) {
	f.Add([]byte("go 1.26 trace\x00\x00\x00"))
	f.Add([]byte("not a trace at all"))
	for _, p := range []string{storedSim, storedReal} {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := Read(bytes.NewReader(data), Options{Name: "fuzz.trace"})
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.trace: ") {
				t.Errorf("error %q does not name the file", err)
			}
			return
		}
		s := NewSession(tr)
		if _, err := s.Goto(tr.Events()); err != nil {
			t.Fatal(err)
		}
		s.Board(100)
		if _, err := s.RevStep(tr.Events()); err != nil {
			t.Fatal(err)
		}
	})
}
