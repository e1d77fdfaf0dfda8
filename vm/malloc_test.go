package vm_test

import (
	"testing"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/vm"
)

// runMain compiles src and runs its main on a bare VM (no scheduler) until
// it ends or stops at a scheduler op; it returns the machine.
func runMain(t *testing.T, src string) *vm.Machine {
	t.Helper()
	p, err := lang.Compile("m.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m := vm.New(p)
	var th vm.Thread
	th.Reset(vm.FuncValue(p.Main), nil)
	th.SetStack(1<<20, 0, 928)
	for range 1000 {
		_, _, stop := m.Run(&th, 1<<20)
		switch stop {
		case vm.StopBudget, vm.StopAlloc:
			continue
		case vm.StopExit, vm.StopSched:
			return &m
		default:
			t.Fatalf("stopped with %d", stop)
		}
	}
	t.Fatal("did not finish")
	return nil
}

// mallocgc's size classes (malloc.go, internal/runtime/gc/sizeclasses.go):
// a small object takes the smallest class that holds it, an object with
// pointers over 512 bytes has an 8-byte header, a large one whole pages.
func TestSizeClass(t *testing.T) {
	for _, c := range []struct {
		size   uint64
		noscan bool
		want   uint64
	}{
		{1, true, 8}, {8, true, 8}, {9, true, 16}, {24, false, 24}, {33, true, 48},
		{512, false, 512}, {513, true, 576}, {512 + 1, false, 576}, {568, false, 576}, {569, false, 640},
		{1000, true, 1024}, {32768, true, 32768}, {32769, true, 40960}, {1 << 20, true, 1 << 20},
	} {
		if got := vm.SizeClass(c.size, c.noscan); got != c.want {
			t.Errorf("SizeClass(%d, noscan=%v) = %d, want %d", c.size, c.noscan, got, c.want)
		}
	}
}

// runtime.makeslice, growslice, newobject, rawstring: what the accounting
// counts for each kind of allocation (malloc.go).
func TestHeapAccounting(t *testing.T) {
	for _, c := range []struct {
		name, body string
		bytes      uint64
	}{
		{"makeslice", "b := make([]byte, 1000); sink = len(b)", 1024},
		{"makeslice of pointers", "b := make([]*int, 100); sink = len(b)", 896},
		{"a slice literal is not counted", "b := []int{1, 2, 3}; sink = len(b)", 0},
		{"growslice", "var b []int; for i := 0; i < 5; i++ { b = append(b, i) }; sink = len(b)", 8 + 16 + 32 + 64},
		{"newobject", "p := &T{}; sink = p.a", 24},
		{"new(T)", "p := new(T); sink = p.b", 24},
		{"a struct value is not", "var v T; v.a = 1; sink = v.a", 0},
		{"concatenation over 32 bytes", `s := "0123456789012345678901234567890123"; s += s; sink = len(s)`, 80},
		{"a short concatenation is not", `s := "ab"; s += s; sink = len(s)`, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "package main\n\ntype T struct{ a, b, c int }\n\nvar sink int\n\nfunc main() {\n" + c.body + "\n}\n"
			m := runMain(t, src)
			if got := m.HeapStats().Alloc; got != c.bytes {
				t.Errorf("%s: allocated %d bytes, want %d", c.body, got, c.bytes)
			}
		})
	}
}

// Collect's HeapLive counts what is reachable, as heap bytes; a noscan
// array is live but not scanned, and a small object is scanned up to its
// last pointer (mallocObjPtrs).
func TestHeapLive(t *testing.T) {
	src := `package main

type node struct {
	next *node
	pad  [5]int
}

var keep []byte
var list *node

func main() {
	keep = make([]byte, 4096)
	for i := 0; i < 10; i++ {
		list = &node{next: list}
		_ = make([]byte, 1000) // garbage
	}
}
`
	m := runMain(t, src)
	live := m.Collect(func(vm.Roots) {})
	// 4096 noscan + 10 nodes of 48 bytes, of which the mark scans each
	// node's first word: its only pointer (heapSetTypeNoHeader's scanSize,
	// scanObjectSmall's heapScanWork).
	if live.Bytes != 4096+10*48 || live.ScanBytes != 10*8 || live.Objects != 11 || live.ScanObjects != 10 {
		t.Errorf("live %+v, want 4576 bytes, 80 scannable in 10 objects, 11 objects", live)
	}
	hs := m.HeapStats()
	if hs.Alloc != 4096+10*48+10*1024 || hs.ScanAlloc != 10*8 {
		t.Errorf("allocated %+v, want %d bytes, 80 scannable (mcache.scanAlloc)", hs, 4096+10*48+10*1024)
	}
}

// SetAllocLimit stops Run after the instruction that reaches the limit.
func TestAllocLimitStops(t *testing.T) {
	p, err := lang.Compile("m.go", []byte("package main\n\nvar sink []byte\n\nfunc main() {\n\tfor i := 0; i < 100; i++ {\n\t\tsink = make([]byte, 1024)\n\t}\n}\n"))
	if err != nil {
		t.Fatal(err)
	}
	m := vm.New(p)
	var th vm.Thread
	th.Reset(vm.FuncValue(p.Main), nil)
	th.SetStack(1<<20, 0, 928)
	m.SetAllocLimit(10 * 1024)
	for {
		_, _, stop := m.Run(&th, 1<<20)
		if stop == vm.StopAlloc {
			break
		}
		if stop != vm.StopBudget {
			t.Fatalf("stop %d before the limit", stop)
		}
	}
	if a := m.HeapStats().Alloc; a != 10*1024 {
		t.Fatalf("stopped at %d bytes, want 10240", a)
	}
	m.SetAllocLimit(0)
	if _, _, stop := m.Run(&th, 1<<20); stop != vm.StopExit && stop != vm.StopSched {
		t.Fatalf("stop %d, want the end", stop)
	}
	if a := m.HeapStats().Alloc; a != 100*1024 {
		t.Fatalf("allocated %d", a)
	}
}
