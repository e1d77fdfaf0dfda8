package vm

import (
	"runtime"
	"strings"
	"testing"
)

// builderRun writes n words to a new strings.Builder object through the
// host functions, as a program's b.WriteString and b.WriteByte do, and
// returns the machine, the object and the host bytes it allocated.
func builderRun(t *testing.T, n int) (*Machine, int64, uint64) {
	t.Helper()
	mc := New(prog())
	o := mc.newObj(2)
	ws := hostTable[hostByName["strings.Builder.WriteString"]]
	wb := hostTable[hostByName["strings.Builder.WriteByte"]]
	r := make([]Value, 2)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range n {
		if msg := ws.Fn(&mc, 0, []Value{{I: o}, {S: "word"}}, r); msg != "" {
			t.Fatal(msg)
		}
		if msg := wb.Fn(&mc, 0, []Value{{I: o}, {I: ' '}}, r); msg != "" {
			t.Fatal(msg)
		}
	}
	runtime.ReadMemStats(&after)
	return &mc, o, after.TotalAlloc - before.TotalAlloc
}

// Go's strings.Builder appends to a growing []byte: n writes copy O(n)
// bytes in all (strings/builder.go: WriteString is append). The model's
// does too (builderAppend); it used to make a new string of the whole text
// on each write, quadratic (issue 17: 80,000 writes took 31 s). The host
// bytes allocated for 4n writes are about 4 times those for n (16 times
// if quadratic).
func TestBuilderAppendIsAmortised(t *testing.T) {
	sealHost()
	const n = 20000
	_, _, small := builderRun(t, n)
	mc, o, big := builderRun(t, 4*n)
	if got := mc.objs[o&refMask][0].S; got != strings.Repeat("word ", 4*n) {
		t.Fatalf("text: %d bytes, want %d", len(got), 5*4*n)
	}
	if r := float64(big) / float64(small); r > 6 {
		t.Errorf("host bytes allocated: %d for %d writes, %d for %d (%.1fx): want about 4x (linear)", small, n, big, 4*n, r)
	}
}

// A clone (a debugger snapshot, restored) shares the Builder's text with
// the machine it was cloned from, and both go on writing: neither may
// write into bytes the other's text shows.
func TestBuilderCloneDoesNotShareBuffer(t *testing.T) {
	sealHost()
	mc, o, _ := builderRun(t, 10)
	ws := hostTable[hostByName["strings.Builder.WriteString"]]
	r := make([]Value, 2)
	snap := mc.Clone()
	restored := snap.Clone()
	write := func(m *Machine, s string) {
		if msg := ws.Fn(m, 0, []Value{{I: o}, {S: s}}, r); msg != "" {
			t.Fatal(msg)
		}
	}
	prefix := strings.Repeat("word ", 10)
	write(mc, "live")
	write(&restored, "RESTORED")
	write(&snap, "snap")
	for _, c := range []struct {
		m    *Machine
		want string
	}{{mc, prefix + "live"}, {&restored, prefix + "RESTORED"}, {&snap, prefix + "snap"}} {
		if got := c.m.objs[o&refMask][0].S; got != c.want {
			t.Errorf("text %q, want %q", got, c.want)
		}
	}
}
