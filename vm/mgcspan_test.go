package vm_test

import (
	"fmt"
	"testing"

	"github.com/gmplab/gmplab/vm"
)

// Green Tea's span scans (mgcmark_greenteagc.go: scanSpan, spanSetScans,
// scanObjectsSmall): the objects of a span greyed together are scanned
// densely when they are at least an eighth of its objects, and their scan
// work is then their whole size; fewer are scanned one by one, each up to
// its last pointer. 64-byte nodes with one pointer: a table of n of them
// greys them together (124 to a span, dense from 15), a linked list one
// at a time (sparse).
func TestSpanScanDense(t *testing.T) {
	for _, c := range []struct {
		name   string
		n      int
		table  bool
		perObj uint64
	}{
		{"a list is sparse", 100, false, 8},
		{"a table of 100 is dense", 100, true, 64},
		{"a table of 15 is dense (nelems/8 of 124)", 15, true, 64},
		{"a table of 14 is sparse", 14, true, 8},
	} {
		t.Run(c.name, func(t *testing.T) {
			body := "for i := 0; i < N; i++ { list = &node{next: list} }"
			if c.table {
				body = "table = make([]*node, N); for i := range table { table[i] = &node{} }"
			}
			src := fmt.Sprintf(`package main

type node struct {
	next *node
	pad  [7]int
}

const N = %d

var list *node
var table []*node

func main() {
	%s
}
`, c.n, body)
			m := runMain(t, src)
			live := m.Collect(func(vm.Roots) {})
			want := uint64(c.n) * c.perObj
			if c.table {
				want += vm.SizeClass(uint64(c.n)*8, false) // the table: all pointers
			}
			if live.ScanBytes != want {
				t.Errorf("%d nodes: scan work %d bytes, want %d (%d a node)", c.n, live.ScanBytes, want, c.perObj)
			}
		})
	}
}
