package vm

// Green Tea's span scans (runtime/mgcmark_greenteagc.go: scanSpan,
// spanSetScans, scanObjectsSmall, scanObjectSmall). A small object that
// holds pointers (16 to 512 bytes, its heap bits in its span) is not
// scanned when it is greyed: its mark bit is set in its span's inline
// mark bits and the span is queued (tryDeferToSpanScan). When the span is
// scanned, every object marked since its last scan is scanned together:
// if they are at least an eighth of the span's objects, densely
// (ScanSpanPacked), and the scan work counted is their whole size
// (objsMarked * elemsize); if fewer, one by one (scanObjectsSmall), each
// counting the bytes up to its last pointer. So the same 64-byte node
// with one pointer is 8 bytes of scan work in a linked list (each node
// greys the next alone) and 64 in a table of pointers to nodes (the
// table's scan greys a whole span's nodes at once), which the real
// pacer's trace shows (gcpacertrace: a 4 MB cache of 64,000 nodes is
// 4.6 MB of heap scan work).
//
// Simplified (docs/assumptions.md): the model has no spans. The objects
// of one size class that one object's scan (or the roots' scan: the
// globals, then the stacks, channel buffers and sudogs) greys are taken
// to share spans, as objects allocated one after another do; if they are
// at least an eighth of a span's objects, they are scanned densely. An
// object greyed alone, or with few of its class, is scanned sparsely,
// whatever else of its span other objects grey before the span's scan.

const (
	// spanInlineMarkBitsSize is unsafe.Sizeof(spanInlineMarkBits{}): the
	// scans and mark bits at the end of every small span.
	spanInlineMarkBitsSize = 128
	// spanHeapBitsSize is a pointer-holding span's heap bits (a bit a
	// word: gc.PageSize / goarch.PtrSize / 8).
	spanHeapBitsSize = pageSize / ptrSize / 8
	// minSizeForSpanScan is the smallest object with inline mark bits
	// (gcUsesSpanInlineMarkBits: size >= 16).
	minSizeForSpanScan = 16
)

// spanNelems is how many objects of size class size a pointer-holding
// small span holds (scanSpan: usableSpanSize over elemsize).
func spanNelems(size uint64) uint64 {
	return (pageSize - spanInlineMarkBitsSize - spanHeapBitsSize) / size
}

// spanScanDenseObjs is how many objects of size class size must be marked
// in a span for scanSpan to scan it densely (objsMarked >= nelems/8).
func spanScanDenseObjs(size uint64) uint64 {
	return max(spanNelems(size)/8, 1)
}

// spanScanDense looks at the objects greyed since work[from:] was pushed
// (one object's scan, or a batch of roots) and marks as dense those of a
// size class with at least spanScanDenseObjs of them.
func (mc *Machine) spanScanDense(from int) {
	g := &mc.gc
	pushed := g.work[from:]
	if len(pushed) < 2 {
		return // one object alone is scanned sparsely (nelems/8 >= 1 for every small class)
	}
	// Counts by size class: classes up to 512 bytes are multiples of 8.
	var count [minSizeForMallocHeader/ptrSize + 1]uint32
	for _, v := range pushed {
		if size, ok := mc.spanScanned(v); ok {
			count[size/ptrSize]++
		}
	}
	for _, v := range pushed {
		if size, ok := mc.spanScanned(v); ok && uint64(count[size/ptrSize]) >= spanScanDenseObjs(size) {
			g.dense[v&refMask] = true
		}
	}
}

// spanScanned reports whether the work item v is an object Green Tea scans
// by span (a small object holding pointers), and its size class.
func (mc *Machine) spanScanned(v int64) (uint64, bool) {
	if v < 0 || v&objTag != objTag {
		return 0, false
	}
	size, scan := mc.objBytes(v & refMask)
	if scan == 0 || size < minSizeForSpanScan || size > minSizeForMallocHeader {
		return 0, false
	}
	return size, true
}
