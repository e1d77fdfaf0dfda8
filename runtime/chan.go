package runtime

import "github.com/gmplab/gmplab/vm"

// Channels (chan.go: chansend, chanrecv, closechan; select.go: selectgo).
// A waiting G is a sudog on the channel's recvq or sendq (FIFO). The G that
// completes the operation writes the result onto the waiter's operand stack
// (as the real runtime writes into sg.elem) and readies it into its own P's
// runnext; the current G keeps running.

type hchan struct {
	// buf holds the buffered values: a ring of qcount values from recvx
	// that grows as values arrive, up to dataqsiz, and is dropped when it
	// empties (see bufput). The runtime allocates dataqsiz elements at
	// makechan; the model spends host memory only on what is buffered, so a
	// channel of any capacity Go allows costs nothing until it is used.
	buf      []vm.Value
	qcount   int64
	dataqsiz int64
	recvx    int64
	closed   bool
	recvq    waitq
	sendq    waitq
	timer    int32 // the timer feeding it + 1 (c.timer), 0 for none (timer_chan.go)
}

// chanBufKeep is the largest ring an empty channel keeps for reuse; a
// larger one is dropped when the channel drains (a model choice: 64 slots
// cover every buffered channel of the lessons).
const chanBufKeep = 64

// bufput appends v at the buffer's tail (chan.go: chanbuf(c, c.sendx),
// sendx++). The caller checked qcount < dataqsiz.
func (ch *hchan) bufput(v vm.Value) {
	if int(ch.qcount) == len(ch.buf) {
		n := min(max(8, 2*int64(len(ch.buf))), ch.dataqsiz)
		nb := make([]vm.Value, n)
		for i := int64(0); i < ch.qcount; i++ {
			nb[i] = ch.buf[(ch.recvx+i)%int64(len(ch.buf))]
		}
		ch.buf, ch.recvx = nb, 0
	}
	ch.buf[(ch.recvx+ch.qcount)%int64(len(ch.buf))] = v
	ch.qcount++
}

// bufget takes the value at the buffer's head (chan.go: chanbuf(c,
// c.recvx), recvx++). The caller checked qcount > 0.
func (ch *hchan) bufget() vm.Value {
	v := ch.buf[ch.recvx]
	ch.buf[ch.recvx] = vm.Value{}
	ch.recvx = (ch.recvx + 1) % int64(len(ch.buf))
	ch.qcount--
	if ch.qcount == 0 {
		ch.recvx = 0
		if len(ch.buf) > chanBufKeep {
			ch.buf = nil
		}
	}
	return v
}

type waitq struct{ first, last int32 }

type sudogKind uint8

const (
	sudogRecv   sudogKind = iota // plain receive: push v
	sudogRecvOk                  // v, ok := <-c: push v, ok
	sudogSend                    // send: nothing to push
	sudogSelect                  // a select case: push caseIdx, v, ok
)

// sudog is a G waiting on a channel (runtime2.go: type sudog).
type sudog struct {
	g        int32
	next     int32
	prev     int32
	c        int32
	elem     vm.Value
	kind     sudogKind
	isSend   bool  // for select cases
	caseIdx  int32 // for select cases
	waitlink int32 // the G's next sudog of the same select
}

// makechan's limit on a channel's buffer on linux/amd64 (chan.go:
// makechan, malloc.go: maxAlloc): the buffer's bytes may not pass maxAlloc
// less the hchan header.
const (
	maxAlloc  = 1 << 48 // malloc.go: maxAlloc = 1<<heapAddrBits (48 on amd64)
	hchanSize = 104     // chan.go: hchanSize, unsafe.Sizeof(hchan{}) on amd64, 8-aligned
)

// makechanSizeOK is makechan's check (chan.go: makechan): "makechan: size
// out of range" when size < 0 or elemSize*size overflows or passes
// maxAlloc-hchanSize. A channel of zero-size elements may have any
// non-negative capacity.
func makechanSizeOK(size, elemSize int64) bool {
	if size < 0 {
		return false
	}
	return elemSize == 0 || size <= (maxAlloc-hchanSize)/elemSize
}

func (mc *Machine) makechan(size int64) int32 {
	id := int32(len(mc.chans))
	mc.chans = append(mc.chans, hchan{dataqsiz: size, recvq: waitq{nilIdx, nilIdx}, sendq: waitq{nilIdx, nilIdx}})
	return id
}

func (mc *Machine) acquireSudog() int32 {
	if s := mc.freeSudo; s != nilIdx {
		mc.freeSudo = mc.sudogs[s].next
		mc.sudogs[s] = sudog{}
		return s
	}
	mc.sudogs = append(mc.sudogs, sudog{})
	return int32(len(mc.sudogs) - 1)
}

func (mc *Machine) releaseSudog(s int32) {
	mc.sudogs[s] = sudog{next: mc.freeSudo}
	mc.freeSudo = s
}

func (mc *Machine) enqueue(q *waitq, s int32) {
	sg := &mc.sudogs[s]
	sg.next = nilIdx
	sg.prev = q.last
	if q.last != nilIdx {
		mc.sudogs[q.last].next = s
	} else {
		q.first = s
	}
	q.last = s
}

func (mc *Machine) dequeue(q *waitq) int32 {
	s := q.first
	if s == nilIdx {
		return nilIdx
	}
	mc.unlinkSudog(q, s)
	return s
}

func (mc *Machine) unlinkSudog(q *waitq, s int32) {
	sg := &mc.sudogs[s]
	if sg.prev != nilIdx {
		mc.sudogs[sg.prev].next = sg.next
	} else {
		q.first = sg.next
	}
	if sg.next != nilIdx {
		mc.sudogs[sg.next].prev = sg.prev
	} else {
		q.last = sg.prev
	}
	sg.next, sg.prev = nilIdx, nilIdx
}

// complete delivers a finished operation to waiting sudog s: pushes its
// results on its G's operand stack, removes a select's other cases from their
// channels, and frees the sudogs. It returns the G to ready.
func (mc *Machine) complete(s int32, v vm.Value, ok bool) int32 {
	sg := mc.sudogs[s]
	G := &mc.allg[sg.g]
	switch sg.kind {
	case sudogRecv:
		G.th.Push(v)
	case sudogRecvOk:
		G.th.Push(v, vm.Value{I: boolInt(ok)})
	case sudogSend:
	case sudogSelect:
		G.th.Push(vm.Value{I: int64(sg.caseIdx)}, v, vm.Value{I: boolInt(ok)})
		// Dequeue the G's other cases (select.go: selectgo pass 3).
		for o := G.param; o != nilIdx; {
			next := mc.sudogs[o].waitlink
			if o != s {
				c := &mc.chans[mc.sudogs[o].c]
				if mc.sudogs[o].isSend {
					mc.unlinkSudog(&c.sendq, o)
				} else {
					mc.unlinkSudog(&c.recvq, o)
				}
				mc.releaseSudog(o)
			}
			o = next
		}
		G.param = nilIdx
	}
	mc.releaseSudog(s)
	return sg.g
}

func kindOfRecv(withOk bool) sudogKind {
	if withOk {
		return sudogRecvOk
	}
	return sudogRecv
}

// chansend sends v on c for the running G of M mi (chan.go: chansend). It
// reports whether the G blocked. The pc has been advanced already.
func (mc *Machine) chansend(mi int32, c int32, v vm.Value, pos vm.Pos) (blocked bool) {
	gi := mc.allm[mi].curg
	if c == 0 {
		mc.gopark(mi, waitReasonChanSendNilChan, pos)
		return true
	}
	ch := &mc.chans[c]
	if ch.closed {
		mc.gopanic(mi, "send on closed channel")
		return true
	}
	mc.acc += CostChan
	if s := mc.dequeue(&ch.recvq); s != nilIdx {
		// A receiver is waiting: hand v over directly (chan.go: send).
		rg := mc.complete(s, v, true)
		mc.ready(rg, mc.allm[mi].p, "chan send found it waiting to receive and handed the value over")
		return false
	}
	if ch.qcount < ch.dataqsiz {
		ch.bufput(v)
		return false
	}
	s := mc.acquireSudog()
	mc.sudogs[s] = sudog{g: gi, c: c, elem: v, kind: sudogSend, caseIdx: -1, waitlink: nilIdx}
	mc.enqueue(&ch.sendq, s)
	mc.gopark(mi, waitReasonChanSend, pos)
	return true
}

// chanrecv receives from c for the running G (chan.go: chanrecv). If it does
// not block, the value (and ok) are pushed on the G's operand stack.
func (mc *Machine) chanrecv(mi int32, c int32, withOk bool, pos vm.Pos) (blocked bool) {
	gi := mc.allm[mi].curg
	G := &mc.allg[gi]
	if c == 0 {
		mc.gopark(mi, waitReasonChanReceiveNilChan, pos)
		return true
	}
	if mc.chans[c].timer != 0 {
		mc.maybeRunChan(mi, c)
	}
	ch := &mc.chans[c]
	mc.acc += CostChan
	push := func(v vm.Value, ok bool) {
		G.th.Push(v)
		if withOk {
			G.th.Push(vm.Value{I: boolInt(ok)})
		}
	}
	if ch.closed && ch.qcount == 0 {
		push(vm.Value{}, false)
		return false
	}
	if s := mc.dequeue(&ch.sendq); s != nilIdx {
		// A sender is waiting (chan.go: recv). Unbuffered: take its
		// value. Buffered (full): take the head, put the sender's value
		// at the tail.
		sv := mc.sudogs[s].elem
		if ch.dataqsiz == 0 {
			push(sv, true)
		} else {
			push(ch.bufget(), true)
			ch.bufput(sv)
		}
		sg := mc.complete(s, vm.Value{}, true)
		mc.ready(sg, mc.allm[mi].p, "chan receive found it waiting to send and took its value")
		return false
	}
	if ch.qcount > 0 {
		push(ch.bufget(), true)
		return false
	}
	s := mc.acquireSudog()
	mc.sudogs[s] = sudog{g: gi, c: c, kind: kindOfRecv(withOk), caseIdx: -1, waitlink: nilIdx}
	mc.enqueue(&ch.recvq, s)
	if ch.timer != 0 {
		mc.blockTimerChan(mi, c)
	}
	mc.gopark(mi, waitReasonChanReceive, pos)
	return true
}

// closechan closes c (chan.go: closechan). Waiting receivers get the zero
// value, waiting senders panic. The waiters are collected in FIFO order onto
// a LIFO list and readied by popping it, so they are readied in reverse wait
// order, each kicking the previous one out of runnext: the first waiter
// ends up running first... from the ring, and the last one readied from runnext.
// It reports whether the G panicked (close of a nil or closed channel).
func (mc *Machine) closechan(mi int32, c int32) (panicked bool) {
	if c == 0 {
		mc.gopanic(mi, "close of nil channel")
		return true
	}
	ch := &mc.chans[c]
	if ch.closed {
		mc.gopanic(mi, "close of closed channel")
		return true
	}
	ch.closed = true
	mc.acc += CostChan
	var glist []int32 // pushed at the head: glist[len-1] is the list's head
	for {
		s := mc.dequeue(&ch.recvq)
		if s == nilIdx {
			break
		}
		glist = append(glist, mc.complete(s, vm.Value{}, false))
	}
	for {
		s := mc.dequeue(&ch.sendq)
		if s == nilIdx {
			break
		}
		gi := mc.sudogs[s].g
		mc.complete(s, vm.Value{}, false)
		mc.allg[gi].th.SetPanic("send on closed channel", vm.Pos{})
		glist = append(glist, gi)
	}
	pp := mc.allm[mi].p
	for i := len(glist) - 1; i >= 0; i-- {
		mc.ready(glist[i], pp, "close(chan) wakes its waiters in reverse wait order (gList is LIFO)")
	}
	return false
}

// timerSend is a channel timer firing: a non-blocking send of the time
// it was due (time/sleep.go: sendTime).
func (mc *Machine) timerSend(c int32, pp int32, due int64) {
	ch := &mc.chans[c]
	v := vm.MonoTime(due)
	if s := mc.dequeue(&ch.recvq); s != nilIdx {
		rg := mc.complete(s, v, true)
		mc.ready(rg, pp, "the timer's channel handed the time to a waiting receiver")
		return
	}
	if ch.qcount < ch.dataqsiz {
		ch.bufput(v)
	}
}

// cheaprandn returns a number in [0, n) (proc.go: cheaprandn).
func (mc *Machine) cheaprandn(n uint32) uint32 {
	return uint32((uint64(mc.cheaprand()) * uint64(n)) >> 32)
}

// selectgo runs a select statement for the running G (select.go:
// selectgo): cases are polled in a random order (from the seeded PCG); the
// first ready one is taken; otherwise default; otherwise the G waits on every
// channel and the first operation to complete wins. ops holds each case's
// channel and, for a send, its value.
func (mc *Machine) selectgo(mi int32, info *vm.SelectInfo, ops []vm.Value, pos vm.Pos) (blocked bool) {
	gi := mc.allm[mi].curg
	G := &mc.allg[gi]
	n := len(info.Cases)
	chans := make([]int32, n)
	vals := make([]vm.Value, n)
	k := 0
	for i, cs := range info.Cases {
		chans[i] = int32(ops[k].I)
		k++
		if cs.Send {
			vals[i] = ops[k]
			k++
		}
	}
	mc.acc += CostChan
	for _, c := range chans {
		if c != 0 && mc.chans[c].timer != 0 {
			mc.maybeRunChan(mi, c)
		}
	}
	// pollorder: a random permutation (select.go).
	order := make([]int, n)
	for i := 1; i < n; i++ {
		j := int(mc.cheaprandn(uint32(i + 1)))
		order[i] = order[j]
		order[j] = i
	}
	pp := mc.allm[mi].p
	done := func(idx int, v vm.Value, ok bool) {
		G.th.Push(vm.Value{I: int64(idx)}, v, vm.Value{I: boolInt(ok)})
	}
	for _, i := range order {
		c := chans[i]
		if c == 0 {
			continue
		}
		ch := &mc.chans[c]
		if info.Cases[i].Send {
			if ch.closed {
				mc.gopanic(mi, "send on closed channel")
				return true
			}
			if s := mc.dequeue(&ch.recvq); s != nilIdx {
				rg := mc.complete(s, vals[i], true)
				done(i, vm.Value{}, false)
				mc.ready(rg, pp, "select sent to it while it waited")
				return false
			}
			if ch.qcount < ch.dataqsiz {
				ch.bufput(vals[i])
				done(i, vm.Value{}, false)
				return false
			}
		} else {
			if s := mc.dequeue(&ch.sendq); s != nilIdx {
				sv := mc.sudogs[s].elem
				if ch.dataqsiz == 0 {
					done(i, sv, true)
				} else {
					done(i, ch.bufget(), true)
					ch.bufput(sv)
				}
				sg := mc.complete(s, vm.Value{}, true)
				mc.ready(sg, pp, "select received from it while it waited to send")
				return false
			}
			if ch.qcount > 0 {
				done(i, ch.bufget(), true)
				return false
			}
			if ch.closed {
				done(i, vm.Value{}, false)
				return false
			}
		}
	}
	if info.HasDefault {
		done(n, vm.Value{}, false)
		return false
	}
	if n == 0 {
		mc.gopark(mi, waitReasonSelectNoCases, pos)
		return true
	}
	// Wait on every case (in case order).
	G.param = nilIdx
	last := int32(nilIdx)
	for i := 0; i < n; i++ {
		c := chans[i]
		if c == 0 {
			continue
		}
		s := mc.acquireSudog()
		mc.sudogs[s] = sudog{g: gi, c: c, elem: vals[i], kind: sudogSelect, isSend: info.Cases[i].Send, caseIdx: int32(i), waitlink: nilIdx}
		if last == nilIdx {
			G.param = s
		} else {
			mc.sudogs[last].waitlink = s
		}
		last = s
		if info.Cases[i].Send {
			mc.enqueue(&mc.chans[c].sendq, s)
		} else {
			mc.enqueue(&mc.chans[c].recvq, s)
		}
		if mc.chans[c].timer != 0 {
			mc.blockTimerChan(mi, c)
		}
	}
	mc.gopark(mi, waitReasonSelect, pos)
	return true
}
