package runtime

import (
	"strconv"
	"unsafe"
)

// Why sentences without an allocation each.
//
// With Config.Why every event carries a sentence, and building it with +
// and itoa allocated two or three strings per event: a third of the cost
// of `gmplab run`'s text output. The hot rules build theirs with a
// whyWriter instead: the bytes go at the end of a chunk that the machine
// appends to and never rewrites, and the sentence is a string that points
// into it (unsafe.String). A full chunk is left to the strings that point
// into it and a new one is started, so a chunk is allocated every few
// hundred events. Clone gives the copy no chunk: two machines appending
// to one array would overwrite each other's sentences.
//
// Rejected: building the sentence only when it is printed (the why needs
// state the event does not carry, such as how many Gs are left in a ring);
// a strings.Builder per event (still one allocation per sentence).

// whyChunk is the size of a chunk of sentences.
const whyChunk = 16 << 10

type whyWriter struct {
	buf   []byte
	start int
}

// why starts a sentence.
func (mc *Machine) why() *whyWriter {
	w := &mc.whyw
	if cap(w.buf)-len(w.buf) < 512 {
		w.buf = make([]byte, 0, whyChunk)
	}
	w.start = len(w.buf)
	return w
}

func (w *whyWriter) s(s string) *whyWriter {
	w.buf = append(w.buf, s...)
	return w
}

func (w *whyWriter) i(v int64) *whyWriter {
	w.buf = strconv.AppendInt(w.buf, v, 10)
	return w
}

// str ends the sentence.
func (w *whyWriter) str() string {
	n := len(w.buf) - w.start
	if n == 0 {
		return ""
	}
	return unsafe.String(&w.buf[w.start], n)
}
