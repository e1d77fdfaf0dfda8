package vm

import (
	"encoding/binary"
	"slices"
)

// Deep frames: the compact form of the frames far from the top of a G's
// stack.
//
// An infinite recursion runs until the simulated stack reaches the real
// 1 GB limit: some 16,700,000 frames of a one-int function. As plain frames
// and Values (16 + 24 bytes each, the Values holding a string pointer that
// the host's collector scans and every copy of which pays a write barrier)
// that cost 961 MiB and 7.5 s, most of it in growing and scanning vals.
// Only the top of a stack is ever touched by the code that runs (a call
// pushes, a return pops), so the Thread keeps a window of at most
// 2*spillFrames frames as plain frames and vals, and moves the frames below
// it, spillFrames at a time, into deepChunks: bytes of varints (function,
// pc, closure, the number of values, then each value) with the values'
// strings in a side table. When a return empties the window, the last chunk
// is decoded back. Each frame is encoded once when spilled and decoded once
// when returned to, so a call or return costs O(1) amortised, and a spill
// moves a fixed number of frames, so nothing is O(depth) per call.
//
// The form is invisible to the program and the schedule: the stack words
// (stackUsed, the prologue check, newstack's costs) are the scheduler's and
// do not change, the depth a deferred call records is the absolute depth
// (Thread.depth), and everything that reads frames (tracebacks, the state
// JSON, the collector's roots, Clone) goes through methods that see the
// whole stack. A chunk is never changed once made, so a clone of a Thread
// (a debugger snapshot) shares the chunks instead of copying them.
//
// Rejected: a leaner Value (an int64 slice and a string slice side by
// side) would halve the scanning but touch every instruction of the
// interpreter, and still cost 8 bytes per int slot of a frame that is not
// running; delta-encoding a frame's values against the frame below it
// would save a few more bytes per frame for a recursion but not for mutual
// recursions, and a chunk already costs some 8 bytes per one-int frame.

// spillFrames is how many frames a spill moves into a chunk, and half the
// window's size (a variable so that tests can make it small).
var spillFrames = 1024

// deepChunk is spillFrames frames, bottom first, with their values, in
// compact form. It is never changed once made.
//
// A frame is a header (a byte: 0 for a frame of the same function, pc,
// closure, inlining node and number of values as the frame below it in the
// chunk, the common case in a recursion; 2 for the same as the frame two
// below, as in a mutual recursion and in a recursion inlined into itself
// once; 1 followed by the function, the pc in zig-zag form, the closure,
// the node in zig-zag form and the number of values as uvarints
// otherwise), then its
// values. A value is a uvarint header: bit 0 says it has a string (its index
// in strs follows), bit 1 that its int follows as a raw uvarint (an int
// whose delta does not fit in 62 bits); otherwise the header shifted right
// by 2 is the zig-zag form of the delta between its int and the int of the
// value at the same index in the frame below (0 if that has fewer values):
// n+1 over n costs one byte.
type deepChunk struct {
	data    []byte   // the frames, bottom first
	strs    []string // the values' strings (a run of equal ones is stored once)
	refs    []int64  // the values and closures that may name a closure, box or object (see Roots)
	fns     []int32  // the functions of its frames, up to chunkFns of them (empty: more)
	nframes int32
	nvals   int32 // values in the chunk
}

// chunkFns is how many distinct functions a chunk lists in fns: enough for
// a recursion, mutual or not, so that counting frames (CountFrames) need
// not decode it.
const chunkFns = 8

// The bits of a value's header.
const (
	valHasStr = 1
	valBigInt = 2
)

// depth is the number of frames on t's stack, deep ones included: the
// depth a deferred call records.
func (t *Thread) depth() int32 { return t.deepN + int32(len(t.frames)) }

func zigzag(v int64) uint64   { return uint64(v<<1) ^ uint64(v>>63) }
func unzigzag(u uint64) int64 { return int64(u>>1) ^ -int64(u&1) }

// isRef reports whether v has the tag of a func value, a box or an object
// (the values the collector follows, mgc.go).
func isRef(v int64) bool {
	switch v &^ refMask {
	case cloTag, boxTag, objTag:
		return true
	}
	return false
}

// shape is what a frame's header says: its function, pc, closure and
// number of values.
type shape struct {
	fn, pc, clo, inl int32
	n                int
}

func shapeOf(fr *frame, n int) shape { return shape{fr.fn, fr.pc, fr.clo, fr.inl, n} }

// encodeChunk makes the chunk of frames fs, whose values are vals (frame
// j's are vals[fs[j].base:fs[j+1].base], the last one's up to len(vals)).
// scratch is a buffer to encode into; the chunk gets an exact-size copy.
func encodeChunk(fs []frame, vals []Value, scratch []byte) (*deepChunk, []byte) {
	c := &deepChunk{nframes: int32(len(fs)), nvals: int32(len(vals))}
	b := scratch[:0]
	var prev []Value
	var s1, s2 shape // the shapes of the frames one and two below
	for j := range fs {
		fr := &fs[j]
		end := len(vals)
		if j+1 < len(fs) {
			end = int(fs[j+1].base)
		}
		cur := vals[fr.base:end]
		s := shapeOf(fr, len(cur))
		switch {
		case j > 0 && s == s1:
			b = append(b, 0)
		case j > 1 && s == s2:
			b = append(b, 2)
		default:
			if j == 0 || len(c.fns) > 0 && !slices.Contains(c.fns, fr.fn) {
				c.fns = append(c.fns, fr.fn)
				if len(c.fns) > chunkFns {
					c.fns = c.fns[:0] // too many to list
				}
			}
			b = append(b, 1)
			b = binary.AppendUvarint(b, uint64(uint32(fr.fn)))
			b = binary.AppendUvarint(b, zigzag(int64(fr.pc)))
			b = binary.AppendUvarint(b, uint64(uint32(fr.clo)))
			b = binary.AppendUvarint(b, zigzag(int64(fr.inl)))
			b = binary.AppendUvarint(b, uint64(len(cur)))
		}
		if fr.clo != 0 {
			c.addRef(cloTag | int64(fr.clo))
		}
		for i, v := range cur {
			d := v.I
			if i < len(prev) {
				d -= prev[i].I
			}
			var h uint64
			if z := zigzag(d); z < 1<<62 {
				h = z << 2
			} else {
				h = valBigInt
			}
			if v.S != "" {
				h |= valHasStr
			}
			b = binary.AppendUvarint(b, h)
			if h&valBigInt != 0 {
				b = binary.AppendUvarint(b, uint64(v.I))
			}
			if h&valHasStr != 0 {
				if n := len(c.strs); n == 0 || c.strs[n-1] != v.S {
					c.strs = append(c.strs, v.S)
				}
				b = binary.AppendUvarint(b, uint64(len(c.strs)-1))
			}
			if isRef(v.I) {
				c.addRef(v.I)
			}
		}
		prev = cur
		s1, s2 = s, s1
	}
	c.data = append([]byte(nil), b...)
	return c, b
}

// addRef lists v in c.refs, unless it is one of the last two listed (a
// closure recursing names itself in every frame, as its closure and often
// as a value too): marking is idempotent.
func (c *deepChunk) addRef(v int64) {
	n := len(c.refs)
	if n > 0 && c.refs[n-1] == v || n > 1 && c.refs[n-2] == v {
		return
	}
	c.refs = append(c.refs, v)
}

// chunkReader decodes a chunk.
type chunkReader struct {
	c   *deepChunk
	off int
}

func (r *chunkReader) uvarint() uint64 {
	if b := r.c.data[r.off]; b < 0x80 {
		r.off++
		return uint64(b)
	}
	u, n := binary.Uvarint(r.c.data[r.off:])
	r.off += n
	return u
}

// decode appends the chunk's frames to fs, their bases counted from the
// chunk's first value, and writes the values into vals (nil: skip them).
func (c *deepChunk) decode(fs []frame, vals []Value) []frame {
	r := chunkReader{c: c}
	var fr frame
	var s1, s2 shape // the shapes of the frames one and two below
	for range c.nframes {
		fr.base += int32(s1.n)
		pn := s1.n // values of the frame below
		s := s1
		h := r.c.data[r.off]
		r.off++
		switch h {
		case 2:
			s = s2
		case 1:
			s.fn = int32(r.uvarint())
			s.pc = int32(unzigzag(r.uvarint()))
			s.clo = int32(r.uvarint())
			s.inl = int32(unzigzag(r.uvarint()))
			s.n = int(r.uvarint())
		}
		fr.fn, fr.pc, fr.clo, fr.inl = s.fn, s.pc, s.clo, s.inl
		n := s.n
		s1, s2 = s, s1
		fs = append(fs, fr)
		for i := range n {
			h := r.uvarint()
			var v Value
			if h&valBigInt != 0 {
				v.I = int64(r.uvarint())
			} else {
				v.I = unzigzag(h >> 2)
				if i < pn && vals != nil {
					v.I += vals[int(fr.base)-pn+i].I
				}
			}
			if h&valHasStr != 0 {
				v.S = r.c.strs[r.uvarint()]
			}
			if vals != nil {
				vals[int(fr.base)+i] = v
			}
		}
	}
	return fs
}

// spill moves the bottom spillFrames frames of the window and their values
// (vals[:sp] are the window's values) into a chunk, moves the rest down
// and returns by how many slots the values moved.
func (t *Thread) spill(vals []Value, sp int) int {
	k := spillFrames
	cut := int(t.frames[k].base)
	var c *deepChunk
	// The window's first frame starts at value 0 (the entry frame's
	// base, or a spill's cut), so its values are the chunk's.
	c, t.scratch = encodeChunk(t.frames[:k], vals[:cut], t.scratch)
	t.deep = append(t.deep, c)
	t.deepN += int32(k)
	n := copy(t.frames, t.frames[k:])
	t.frames = t.frames[:n]
	for i := range t.frames {
		t.frames[i].base -= int32(cut)
	}
	copy(vals, vals[cut:sp])
	clear(vals[sp-cut : sp]) // no stale strings kept alive
	return cut
}

// popFrame pops the top frame, that of function f, and its stack words:
// the one place a frame leaves the stack. It reports whether that emptied
// the window while frames remain in chunks: the caller then unspills, so
// that the window is never empty under a live frame.
func (t *Thread) popFrame(f *Func) (unspill bool) {
	if !t.frames[len(t.frames)-1].inlinedFrame() {
		t.stackUsed -= int64(f.FrameSize)
	}
	t.frames = t.frames[:len(t.frames)-1]
	return len(t.frames) == 0 && t.deepN > 0
}

// unspill decodes the last chunk into the empty window under the values
// vals[:sp] (a returned frame's results) and returns vals, sp and by how
// many slots the values moved. The new top frame's operands get room as
// enter gives it.
func (mc *Machine) unspill(gp *g, vals []Value, sp int) ([]Value, int, int) {
	c := gp.deep[len(gp.deep)-1]
	gp.deep[len(gp.deep)-1] = nil
	gp.deep = gp.deep[:len(gp.deep)-1]
	gp.deepN -= c.nframes
	m := int(c.nvals)
	vals = growVals(vals, sp, sp+m)
	copy(vals[m:], vals[:sp])
	gp.frames = c.decode(gp.frames[:0], vals[:m])
	top := &gp.frames[len(gp.frames)-1]
	f := &mc.prog.Funcs[top.fn]
	vals = growVals(vals, sp+m, int(top.base)+f.NLocals+f.MaxStack+4)
	return vals, sp + m, m
}

// deepFrame is frame i (< t.deepN) of the deep part, decoded through a
// one-chunk cache so that a walk over the stack decodes each chunk once.
func (t *Thread) deepFrame(i int) frame {
	k := int(t.deep[0].nframes)
	c := t.deep[i/k]
	if t.cacheChunk != c {
		t.cacheFrames = c.decode(t.cacheFrames[:0], nil)
		t.cacheChunk = c
	}
	return t.cacheFrames[i%k]
}

// frameAt is frame i of the whole stack (0 is the entry function's).
func (t *Thread) frameAt(i int) frame {
	if i < int(t.deepN) {
		return t.deepFrame(i)
	}
	return t.frames[i-int(t.deepN)]
}

// CountFrames counts the frames of t whose function f reports true for,
// asking f once per function of a chunk instead of once per frame.
func (t *Thread) CountFrames(f func(fn int32) bool) int {
	n := 0
	for _, c := range t.deep {
		if len(c.fns) > 0 && !slices.ContainsFunc(c.fns, f) {
			continue
		}
		t.cacheFrames = c.decode(t.cacheFrames[:0], nil)
		t.cacheChunk = c
		for i := range t.cacheFrames {
			if f(t.cacheFrames[i].fn) {
				n++
			}
		}
	}
	for i := range t.frames {
		if f(t.frames[i].fn) {
			n++
		}
	}
	return n
}

// PhysicalFrames is the number of the G's frames that are frames on the
// real stack: those the compiler did not inline into the frame below
// (copystack adjusts each of them).
func (t *Thread) PhysicalFrames() int {
	n := 0
	for _, c := range t.deep {
		t.cacheFrames = c.decode(t.cacheFrames[:0], nil)
		t.cacheChunk = c
		for i := range t.cacheFrames {
			if !t.cacheFrames[i].inlinedFrame() {
				n++
			}
		}
	}
	for i := range t.frames {
		if !t.frames[i].inlinedFrame() {
			n++
		}
	}
	return n
}

// dropDeep forgets the deep part (a G reset or freed).
func (t *Thread) dropDeep() {
	clear(t.deep)
	t.deep = t.deep[:0]
	t.deepN = 0
	t.cacheChunk, t.cacheFrames, t.scratch = nil, nil, nil
}
