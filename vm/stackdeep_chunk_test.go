package vm

import (
	"math"
	"slices"
	"testing"
)

// A chunk decodes to the frames and values it was made of, whatever the
// values: big and negative ints, tagged ids (whose refs the collector
// reads), strings, frames of every shape; and a Thread spilled and
// unspilled by hand keeps its frames and values, seen through Frame.
func TestDeepChunkRoundTrip(t *testing.T) {
	fs := []frame{
		{fn: 3, pc: 7, base: 0, clo: 0},
		{fn: 3, pc: 7, base: 2, clo: 0},
		{fn: 3, pc: 7, base: 4, clo: 9},
		{fn: 1, pc: -1, base: 6, clo: 9},
		{fn: 2, pc: 0, base: 6, clo: 0},
	}
	vals := []Value{
		{I: 1}, {I: -5, S: "s"},
		{I: 2}, {I: math.MinInt64, S: "s"},
		{I: math.MaxInt64}, {I: cloTag | 12, S: "t"},
		{I: boxTag | 4}, {I: objTag | 77}, {I: -1 << 62},
	}
	c, _ := encodeChunk(fs, vals, nil)
	got := make([]Value, len(vals))
	gotFs := c.decode(nil, got)
	if !slices.Equal(gotFs, fs) || !slices.Equal(got, vals) {
		t.Fatalf("decoded\n%v\n%v", gotFs, got)
	}
	if f := c.decode(nil, nil); !slices.Equal(f, fs) {
		t.Fatalf("frames only: %v", f)
	}
	want := []int64{cloTag | 9, cloTag | 12, boxTag | 4, objTag | 77}
	if !slices.Equal(c.refs, want) || len(c.strs) != 2 {
		t.Errorf("refs %x, strs %q", c.refs, c.strs)
	}

	old := spillFrames
	spillFrames = 2
	defer func() { spillFrames = old }()
	var th Thread
	th.frames = slices.Clone(fs)
	th.vals = slices.Clone(vals)
	cut := th.spill(th.vals, len(th.vals))
	th.vals = th.vals[:len(th.vals)-cut]
	if cut != 4 || th.NumFrames() != 5 || len(th.frames) != 3 || th.frames[0].base != 0 {
		t.Fatalf("spill: cut %d, %d frames, window %v", cut, th.NumFrames(), th.frames)
	}
	for i := range fs {
		if fn, pc := th.Frame(i); fn != fs[i].fn || pc != fs[i].pc {
			t.Errorf("frame %d = %d %d", i, fn, pc)
		}
	}
	cl := th.Clone()
	mc := &Machine{prog: &Program{Funcs: make([]Func, 4)}}
	th.frames = th.frames[:0] // the window returned
	v, sp, shift := mc.unspill(&th, th.vals[:cap(th.vals)], 0)
	if shift != 4 || sp != 4 || !slices.Equal(v[:4], vals[:4]) || !slices.Equal(th.frames, fs[:2]) || th.NumFrames() != 2 {
		t.Fatalf("unspill: shift %d sp %d %v %v", shift, sp, v[:sp], th.frames)
	}
	if cl.NumFrames() != 5 {
		t.Errorf("the clone lost frames: %d", cl.NumFrames())
	}
	for i := range fs {
		if fn, pc := cl.Frame(i); fn != fs[i].fn || pc != fs[i].pc {
			t.Errorf("clone's frame %d = %d %d", i, fn, pc)
		}
	}
}

// CountFrames skips a chunk whose listed functions f rejects and decodes
// one that lists none (too many functions): both count as a walk would.
func TestCountFramesUsesChunkFunctions(t *testing.T) {
	old := spillFrames
	spillFrames = 20
	defer func() { spillFrames = old }()
	var th Thread
	for i := range 50 {
		fn := int32(1) // 20 frames of one function, then 20 of many
		if i >= 20 {
			fn = int32(i % 13)
		}
		th.frames = append(th.frames, frame{fn: fn, pc: 1, base: int32(i)})
		th.vals = append(th.vals, Value{I: int64(i)})
	}
	var want []int32
	for i := range th.NumFrames() {
		fn, _ := th.Frame(i)
		want = append(want, fn)
	}
	th.spill(th.vals, len(th.vals))
	th.spill(th.vals, len(th.vals)-20)
	if len(th.deep) != 2 || len(th.deep[0].fns) != 1 || len(th.deep[1].fns) != 0 {
		t.Fatalf("chunks: %d, fns %v %v", len(th.deep), th.deep[0].fns, th.deep[1].fns)
	}
	for _, odd := range []bool{false, true} {
		f := func(fn int32) bool { return fn%2 == 1 == odd }
		n := 0
		for i, fn := range want {
			if f(fn) {
				n++
			}
			if g, _ := th.Frame(i); g != fn {
				t.Fatalf("frame %d: %d, want %d", i, g, fn)
			}
		}
		if got := th.CountFrames(f); got != n {
			t.Errorf("odd=%v: %d frames, want %d", odd, got, n)
		}
	}
}
