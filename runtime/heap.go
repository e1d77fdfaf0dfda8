package runtime

// One binary min-heap over ids, used for the Ms' next actions (machine.go),
// each P's timers (time.go) and the connections the netpoller waits on
// (netpoll.go). The ids' order and where each id sits are the caller's:
// less compares two ids, moved records an id's new index.
type heapOrder interface {
	less(a, b int32) bool
	moved(id int32, i int)
}

func heapUp[O heapOrder](o O, h []int32, i int) {
	for i > 0 {
		parent := (i - 1) / 2
		if !o.less(h[i], h[parent]) {
			break
		}
		h[i], h[parent] = h[parent], h[i]
		o.moved(h[i], i)
		o.moved(h[parent], parent)
		i = parent
	}
}

func heapDown[O heapOrder](o O, h []int32, i int) {
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		j := l
		if r := l + 1; r < len(h) && o.less(h[r], h[l]) {
			j = r
		}
		if !o.less(h[j], h[i]) {
			return
		}
		h[i], h[j] = h[j], h[i]
		o.moved(h[i], i)
		o.moved(h[j], j)
		i = j
	}
}

// heapPush appends id and restores the order.
func heapPush[O heapOrder](o O, h []int32, id int32) []int32 {
	h = append(h, id)
	o.moved(id, len(h)-1)
	heapUp(o, h, len(h)-1)
	return h
}

// heapRemove removes the id at index i and restores the order.
func heapRemove[O heapOrder](o O, h []int32, i int) []int32 {
	last := len(h) - 1
	if i != last {
		h[i] = h[last]
		o.moved(h[i], i)
	}
	h = h[:last]
	if i < len(h) {
		heapUp(o, h, i)
		heapDown(o, h, i)
	}
	return h
}

// The three orders.

type actorOrder struct{ mc *Machine }

func (o actorOrder) less(a, b int32) bool {
	ma, mb := &o.mc.allm[a], &o.mc.allm[b]
	if ma.when != mb.when {
		return ma.when < mb.when
	}
	return a < b // ties go to the lower M id
}
func (o actorOrder) moved(id int32, i int) { o.mc.allm[id].heapIdx = int32(i) }

type timerOrder struct{ mc *Machine }

func (o timerOrder) less(a, b int32) bool {
	ta, tb := &o.mc.timers[a], &o.mc.timers[b]
	if ta.hwhen != tb.hwhen {
		return ta.hwhen < tb.hwhen
	}
	return ta.seq < tb.seq
}
func (o timerOrder) moved(id int32, i int) { o.mc.timers[id].heapI = int32(i) }

type connOrder struct{ mc *Machine }

func (o connOrder) less(a, b int32) bool {
	ca, cb := &o.mc.conns[a], &o.mc.conns[b]
	if ca.readyAt != cb.readyAt {
		return ca.readyAt < cb.readyAt
	}
	return a < b
}
func (o connOrder) moved(id int32, i int) { o.mc.conns[id].heapI = int32(i) }
