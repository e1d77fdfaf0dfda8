package grade

import (
	"strings"
	"testing"
)

// TestOutputKeepsHeadAndTail: a process that prints a lot costs the
// grader a bounded amount of memory, and the runtime's last words, at
// the end, are kept.
func TestOutputKeepsHeadAndTail(t *testing.T) {
	o := newOutput(16)
	line := strings.Repeat("debug output\n", 1000)
	for i := 0; i < 100; i++ {
		o.Write([]byte(line))
	}
	o.Write([]byte("panic: boom\n"))
	if o.n != int64(100*len(line)+len("panic: boom\n")) {
		t.Errorf("counted %d bytes", o.n)
	}
	if len(o.head) != 16 || len(o.tail) != 16 {
		t.Errorf("kept %d+%d bytes, want 16+16", len(o.head), len(o.tail))
	}
	got := o.String()
	if !strings.HasPrefix(got, "debug output\ndeb") || !strings.HasSuffix(got, "\npanic: boom\n") || !strings.Contains(got, "[... 1 MB left out ...]") {
		t.Errorf("kept %q", got)
	}
	small := newOutput(16)
	small.Write([]byte("short\n"))
	if small.String() != "short\n" {
		t.Errorf("kept %q, want all of it", small.String())
	}
	none := newOutput(0)
	none.Write([]byte(line))
	if none.n != int64(len(line)) || none.String() != "\n[... 12 KB left out ...]\n" {
		t.Errorf("stdout counter: %d bytes, %q", none.n, none.String())
	}
}

// TestDeathLines finds the runtime's report after a learner's own output,
// without the goroutines' stacks.
func TestDeathLines(t *testing.T) {
	for _, c := range []struct{ stderr, want string }{
		{"debug 1\ndebug 2\npanic: assignment to entry in nil map\n\ngoroutine 7 [running]:\nmain.f()\n\t/x/y.go:3 +0x1d\n",
			"panic: assignment to entry in nil map"},
		{"panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x4a1b2c]\n\ngoroutine 1 [running]:\n",
			"panic: runtime error: invalid memory address or nil pointer dereference"},
		{"runtime: out of memory: cannot allocate 4194304-byte block (3997696 in use)\nfatal error: out of memory\n\ngoroutine 1 [running]:\n",
			"runtime: out of memory: cannot allocate 4194304-byte block (3997696 in use)\nfatal error: out of memory"},
		{"panic: a [recovered]\n\tpanic: b\n\ngoroutine 1 [running]:\n", "panic: a [recovered]\n\tpanic: b"},
		{"just output\n", ""},
	} {
		if got := deathLines(c.stderr); got != c.want {
			t.Errorf("deathLines(%q) = %q, want %q", c.stderr, got, c.want)
		}
	}
}
