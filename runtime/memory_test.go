package runtime

import (
	"github.com/gmplab/gmplab/vm"
	"testing"
)

// chan.go: the buffer is a FIFO ring (chanbuf, sendx, recvx). The model's
// ring holds only what is buffered: a channel of capacity 2^40 costs the
// values in it, grows as they arrive, and drops a large ring when it drains.
func TestChanBufferCostsWhatIsBuffered(t *testing.T) {
	ch := hchan{dataqsiz: 1 << 40}
	if len(ch.buf) != 0 {
		t.Fatal("a new channel has a buffer")
	}
	next := int64(0)
	for round := 0; round < 3; round++ {
		for i := 0; i < 1000; i++ {
			ch.bufput(vm.Value{I: int64(round*1000 + i)})
		}
		if ch.qcount != 1000 || len(ch.buf) > 2048 {
			t.Fatalf("round %d: qcount %d, ring of %d", round, ch.qcount, len(ch.buf))
		}
		// Interleave: take half, put half back behind, take all, in FIFO order.
		for i := 0; i < 500; i++ {
			if v := ch.bufget(); v.I != next {
				t.Fatalf("got %d, want %d", v.I, next)
			}
			next++
		}
		for ch.qcount > 0 {
			if v := ch.bufget(); v.I != next {
				t.Fatalf("got %d, want %d", v.I, next)
			}
			next++
		}
		if ch.buf != nil {
			t.Fatalf("round %d: a drained ring of %d slots is kept", round, len(ch.buf))
		}
	}
	// A full small channel wraps around without growing past its capacity.
	small := hchan{dataqsiz: 3}
	for i := 0; i < 10; i++ {
		small.bufput(vm.Value{I: int64(i)})
		if small.qcount == 3 {
			small.bufget()
		}
		if len(small.buf) > 3 {
			t.Fatalf("ring of %d slots for capacity 3", len(small.buf))
		}
	}
}
