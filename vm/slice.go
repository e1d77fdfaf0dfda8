package vm

import "math/bits"

// Slices.
//
// A slice value is the id of a header object of four slots (the backing
// array's object id, the offset, the length, the capacity); 0 is the nil
// slice. A backing array is an object of cap slots. Slicing makes a new
// header over the same array; append writes into the array while the
// capacity allows and otherwise copies into a new array whose capacity is
// what growslice picks (nextslicecap, then roundupsize to the allocator's
// size classes, for the element size the compiler passes), so that cap
// prints what Go prints.

// A header's slots.
const (
	shArr = iota
	shOff
	shLen
	shCap
)

// sizeClassToSize is internal/runtime/gc.SizeClassToSize (Go 1.26).
var sizeClassToSize = [...]uint16{0, 8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 288, 320, 352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536, 1792, 2048, 2304, 2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728, 10240, 10880, 12288, 13568, 14336, 16384, 18432, 19072, 20480, 21760, 24576, 27264, 28672, 32768}

const (
	maxSmallSize           = 32768
	mallocHeaderSize       = 8
	minSizeForMallocHeader = 512 // goarch.PtrSize * goarch.PtrBits
	pageSize               = 8192
)

// roundupsize is runtime/msize.go's: the size mallocgc really allocates.
func roundupsize(size uint64, noscan bool) uint64 {
	req := size
	if req <= maxSmallSize-mallocHeaderSize {
		if !noscan && req > minSizeForMallocHeader {
			req += mallocHeaderSize
		}
		for _, c := range sizeClassToSize[1:] {
			if uint64(c) >= req {
				return uint64(c) - (req - size)
			}
		}
	}
	req += pageSize - 1
	if req < size {
		return size
	}
	return req &^ (pageSize - 1)
}

// nextslicecap is runtime/slice.go's.
func nextslicecap(newLen, oldCap int) int {
	newcap := oldCap
	doublecap := newcap + newcap
	if newLen > doublecap {
		return newLen
	}
	const threshold = 256
	if oldCap < threshold {
		return doublecap
	}
	for {
		newcap += (newcap + 3*threshold) >> 2
		if uint(newcap) >= uint(newLen) {
			break
		}
	}
	if newcap <= 0 {
		return newLen
	}
	return newcap
}

// growCap is the capacity growslice gives a slice of oldCap elements of
// size elemSize (noscan: no pointers) that must hold newLen.
func growCap(newLen, oldCap int, elemSize uint64, noscan bool) int {
	newcap := nextslicecap(newLen, oldCap)
	if elemSize == 0 {
		return newcap
	}
	switch {
	case elemSize == 1:
		return int(roundupsize(uint64(newcap), noscan))
	case bits.OnesCount64(elemSize) == 1:
		shift := uint(bits.TrailingZeros64(elemSize))
		return int(roundupsize(uint64(newcap)<<shift, noscan) >> shift)
	}
	return int(roundupsize(uint64(newcap)*elemSize, noscan) / elemSize)
}

// newSlice makes a header over array arr.
func (mc *Machine) newSlice(arr int64, off, n, c int) int64 {
	id := mc.newObj(4)
	h := mc.objs[id&refMask]
	h[shArr].I, h[shOff].I, h[shLen].I, h[shCap].I = arr, int64(off), int64(n), int64(c)
	return id
}

// sliceParts is the array's slots from the slice's offset, the length and
// the capacity (nil for the nil slice).
func (mc *Machine) sliceParts(s int64) (elems []Value, n, c int) {
	if s&refMask == 0 {
		return nil, 0, 0
	}
	h := mc.objs[s&refMask]
	off := int(h[shOff].I)
	n, c = int(h[shLen].I), int(h[shCap].I)
	return mc.objs[h[shArr].I&refMask][off : off+c], n, c
}

// zeroElems gives every element a fresh zero struct (layout li ≥ 0).
func (mc *Machine) zeroElems(elems []Value, li int32) {
	if li < 0 {
		return
	}
	for i := range elems {
		elems[i] = Value{I: mc.zeroObj(li)}
	}
}

// zeroObj allocates a zero struct of layout li, nested structs included.
func (mc *Machine) zeroObj(li int32) int64 {
	nested := mc.prog.Layouts[li].Nested
	id := mc.newObj(len(nested))
	for i, nl := range nested {
		if nl >= 0 {
			v := mc.zeroObj(nl)
			mc.objs[id&refMask][i] = Value{I: v}
		}
	}
	return id
}

// makeSlice is make([]T, n, c) (elements of layout li, or plain if < 0).
// heap is OpMakeSlice's B: the element's size<<1 | noscan when the array
// is a heap allocation (runtime.makeslice), 0 when it is not counted (a
// slice literal). It returns the slice and the array's size class (0
// when not counted).
func (mc *Machine) makeSlice(n, c int64, li int32, heap int32) (int64, uint64, string) {
	if n < 0 || n > 1<<40 {
		return 0, 0, "runtime error: makeslice: len out of range"
	}
	if c < n || c > 1<<40 {
		return 0, 0, "runtime error: makeslice: cap out of range"
	}
	arr := mc.newObj(int(c))
	mc.zeroElems(mc.objs[arr&refMask], li)
	var class uint64
	if heap != 0 {
		class = mc.mallocObj(arr, uint64(c)*uint64(heap>>1), heap&1 != 0)
	}
	return mc.newSlice(arr, 0, int(n), int(c)), class, ""
}

// Elements held in objects (structs and arrays, object.go): every slot
// of a backing array, up to its capacity, holds an object of its own,
// never shared with another slot or another array, so that an element is
// a value as in Go. makeSlice gives each slot a zero object; storing into
// an element (OpObjAssign), append within the capacity and copy copy the
// contents into the slot's object (as Go's memmove does, so a pointer to
// the element sees them); growslice copies the old elements into new
// objects (the old array keeps its own) and gives the new tail zero ones.

// elemSpec decodes OpAppend's B: the element's size and noscan, and its
// layout when elements are held in objects (else -1).
func (mc *Machine) elemSpec(b int32) (size uint64, noscan bool, li int32) {
	if b < 0 {
		l := &mc.prog.Layouts[^b]
		return l.Size, l.NoScan, ^b
	}
	return uint64(b >> 1), b&1 != 0, -1
}

// appendVals is append(s, vs...) with elements as OpAppend's B describes
// them; from is the slice vs are the elements of (append(s, t...)), or 0
// when vs are OpAppend's operands, objects made for this append (copies
// already), which a new array takes as they are. It returns the slice and
// the bytes' copying cost for elements held in objects.
func (mc *Machine) appendVals(s int64, vs []Value, b int32, from int64) (int64, int64) {
	if len(vs) == 0 {
		return s, 0
	}
	size, noscan, li := mc.elemSpec(b)
	elems, n, c := mc.sliceParts(s)
	if n+len(vs) <= c {
		backward := false
		if from != 0 && li >= 0 {
			h, t := mc.objs[s&refMask], mc.objs[from&refMask]
			backward = h[shArr].I == t[shArr].I && h[shOff].I+int64(n) > t[shOff].I
		}
		mc.moveElems(elems[n:n+len(vs)], vs, li, backward)
		h := mc.objs[s&refMask]
		return mc.newSlice(h[shArr].I, int(h[shOff].I), n+len(vs), c), mc.objCost(len(vs), size, li)
	}
	nc := growCap(n+len(vs), c, size, noscan)
	arr := mc.newObj(nc)
	class := mc.mallocObj(arr, uint64(nc)*size, noscan) // runtime.growslice
	a := mc.objs[arr&refMask]
	mc.copyElems(a, elems[:n], li)
	if from == 0 {
		copy(a[n:], vs)
	} else {
		mc.copyElems(a[n:], vs, li)
	}
	mc.zeroElems(a[n+len(vs):], li)
	return mc.newSlice(arr, 0, n+len(vs), nc), growCost(nc, size, class)
}

// objCost is memmoveCost for elements held in objects (layout li ≥ 0),
// 0 for plain ones.
func (mc *Machine) objCost(k int, size uint64, li int32) int64 {
	if li < 0 {
		return 0
	}
	return memmoveCost(k, size)
}

// copyElems sets dst[i] to a copy of src[i] (layout li ≥ 0: a new
// object with its contents), dst being fresh slots.
func (mc *Machine) copyElems(dst, src []Value, li int32) {
	if li < 0 {
		copy(dst, src)
		return
	}
	for i, v := range src {
		dst[i] = Value{I: mc.copyObj(v.I, li)}
	}
}

// moveElems copies src's elements into dst's, as memmove does: for
// elements held in objects (layout li ≥ 0), each one's contents into the
// object of dst's slot; backward when dst overlaps src from above.
func (mc *Machine) moveElems(dst, src []Value, li int32, backward bool) {
	if li < 0 {
		copy(dst, src)
		return
	}
	k := min(len(dst), len(src))
	for j := range k {
		i := j
		if backward {
			i = k - 1 - j
		}
		if dst[i].I&refMask == 0 {
			panic("moveElems: a slot of a backing array has no object of its own")
		}
		mc.assignObj(dst[i].I, src[i].I, li)
	}
}

// copySlice is copy(d, s) for elements of layout li (-1: plain) and size
// bytes: the count and the bytes' copying cost for elements held in
// objects.
func (mc *Machine) copySlice(d, s int64, li int32) (int, int64) {
	de, dl, _ := mc.sliceParts(d)
	se, sl, _ := mc.sliceParts(s)
	k := min(dl, sl)
	if li < 0 || k == 0 {
		return copy(de[:dl], se[:sl]), memmoveCost(k, 8)
	}
	dh, sh := mc.objs[d&refMask], mc.objs[s&refMask]
	backward := dh[shArr].I == sh[shArr].I && dh[shOff].I > sh[shOff].I
	mc.moveElems(de[:k], se[:k], li, backward)
	return k, memmoveCost(k, mc.prog.Layouts[li].Size)
}

// reslice is s[lo:hi:max] (flags as OpReslice's B); it returns the new
// slice or Go's panic message.
func (mc *Machine) reslice(s int64, lo, hi, max int64, flags int32) (int64, string) {
	_, n, c := mc.sliceParts(s)
	if flags&1 != 0 {
		lo = 0
	}
	if flags&2 != 0 {
		hi = int64(n)
	}
	if flags&4 != 0 {
		if uint64(max) > uint64(c) {
			return 0, errSliceFmt + "::" + itoa(max) + "] with capacity " + itoa(int64(c))
		}
		if uint64(hi) > uint64(max) {
			return 0, errSliceFmt + ":" + itoa(hi) + ":" + itoa(max) + "]"
		}
	} else {
		max = int64(c)
		if uint64(hi) > uint64(c) {
			return 0, errSliceFmt + ":" + itoa(hi) + "] with capacity " + itoa(int64(c))
		}
	}
	if uint64(lo) > uint64(hi) {
		if flags&4 != 0 {
			return 0, errSliceFmt + itoa(lo) + ":" + itoa(hi) + ":]"
		}
		return 0, errSliceFmt + itoa(lo) + ":" + itoa(hi) + "]"
	}
	if s&refMask == 0 {
		return 0, ""
	}
	h := mc.objs[s&refMask]
	return mc.newSlice(h[shArr].I, int(h[shOff].I+lo), int(hi-lo), int(max-lo)), ""
}
