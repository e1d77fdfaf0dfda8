package replay

import "slices"

// The model: what the scheduler's state was, event by event.
//
// A trace records what executed: a G was created, started on a P, blocked,
// was made runnable, a P started or stopped. It does not record the run
// queues (mknyszek, golang/go#57175: "the execution trace should focus
// solely on what's necessary for tracing execution"). The model fills them
// in with Go 1.26's own rules, each in a function named after the one in
// runtime/proc.go that it follows:
//
//   - newproc and ready put a G in the runnext of the P that ran the go
//     statement or the wake-up (runqput with next=true), pushing the G
//     that was there to the tail of the P's ring (runqputslow to the global
//     queue when the ring holds 256);
//   - goschedImpl puts a yielding or preempted G on the global queue, goyield
//     on its own P's ring;
//   - exitsyscall without a P puts the G on the global queue unless the
//     same thread takes a P and runs it at once;
//   - injectglist puts the Gs the network poller readied on the global
//     queue when the thread has no P, else one per idle P there and the
//     rest on its own ring.
//
// When a G starts, the model says which rule of findRunnable took it:
// runqget (runnext, then the ring's head), globrunqget (a batch for the
// ring), runqsteal (half of another P's ring, the youngest of them run), or
// a G readied to run at once (a GC mark worker, the network poller's first
// G). What the trace shows and the model did not expect is a finding,
// recorded and reported, and the model follows the trace from there.
//
// The model simplifies: it cannot know the queues of Ps as they were when
// the trace began (their Gs are "runnable, where unknown" until they run);
// schedtick counts only the starts the trace shows, so the schedtick%61
// rule is only named, never checked; timers and the netpoller are told
// apart by the G's wait reason, not by who ran them.

// gStatus is a goroutine's state in the model.
type gStatus uint8

const (
	gNone gStatus = iota // not yet seen
	gRunnable
	gRunning
	gWaiting
	gSyscall
	gDead
)

var gStatusNames = [...]string{gNone: "unknown", gRunnable: "runnable", gRunning: "running", gWaiting: "waiting", gSyscall: "syscall", gDead: "dead"}

// where is where a runnable G waits, as the model infers it.
type where uint8

const (
	wNowhere where = iota // not runnable
	wUnknown              // runnable when the trace began, or by a path the model does not follow
	wRunnext              // P's runnext
	wRunq                 // P's ring
	wGlobal               // the global queue
	wSyscall              // just back from a system call without a P (exitsyscall)
)

// source is where a G that starts came from, by the model.
type source uint8

const (
	srcUnknown    source = iota // the model did not know where it waited
	srcRunnext                  // runqget: P's runnext (inheritTime)
	srcRunq                     // runqget: the head of P's ring
	srcGlobal                   // globrunqget
	srcSteal                    // runqsteal from another P
	srcDirect                   // readied by this M to run at once (findRunnable)
	srcSyscall                  // exitsyscall: back from a system call, with a P
	srcOutOfOrder               // from P's own ring, but not its head (a finding)
)

var sourceNames = [...]string{
	srcUnknown: "unknown", srcRunnext: "runnext", srcRunq: "runq", srcGlobal: "global",
	srcSteal: "steal", srcDirect: "direct", srcSyscall: "exitsyscall", srcOutOfOrder: "out-of-order",
}

// gInfo is one goroutine.
type gInfo struct {
	id        int64
	status    gStatus
	where     where
	p         int32 // the P it runs on, or whose queue it is in (-1)
	m         int32 // the M it runs on or is in a system call on (-1)
	since     int64 // when it became runnable (or started waiting)
	sinceRec  int64 // the record that made it so
	readyBy   int64 // the G that made it runnable (-1: none)
	readyP    int32 // on which P (-1: none)
	gpos      int64 // its place in the global queue, when there
	reason    int64 // string: why it waits or last stopped
	stk       uint32
	startStk  uint32 // where it began (its function)
	createdBy int64
	label     int64 // string: a GC worker's label (-1: none)
	regions   []int64
	assist    bool
	// The last wait that ended: runnable from waitFrom to waitTo, the
	// records that began and ended it (for why-waited).
	waitFrom, waitTo       int64
	waitFromRec, waitToRec int64
	// partial: it was runnable when the trace began, so its wait began
	// before the trace did.
	partial     bool
	waitPartial bool // the last wait was partial
}

// pInfo is one P.
type pInfo struct {
	status    uint8 // pUnknown, pIdle, pRunning
	m         int32
	g         int64 // the G its M runs (-1)
	runnext   int64 // inferred (-1: empty)
	runq      []int64
	schedtick int64
}

const (
	pUnknown uint8 = iota
	pIdle
	pRunning
)

var pStatusNames = [...]string{pUnknown: "unknown", pIdle: "idle", pRunning: "running"}

// mInfo is one thread.
type mInfo struct {
	p       int32 // -1
	g       int64 // -1
	lastRec int64 // its last event's record
	lastG   int64 // the G its last event made runnable (-1)
	lastGAt int64 // when
	// An injectglist batch under way on the M: how many Ps were idle
	// when it began, and how many of its Gs went to the global queue.
	injecting            bool
	injectIdle, injected int
	stole                int32 // the P its last event took from a system call (-1)
	borrow               int32 // a P it holds only to make an M for it (allocm, -1)
}

// gqueue is the global run queue: Gs in the order they were put, with
// holes where one left from the middle (a G the model had there started
// elsewhere first), so that taking one out by its place is cheap.
type gqueue struct {
	buf  []int64 // -1: a hole
	base int64   // the place of buf[0]
	n    int     // Gs in it
}

func (q *gqueue) push(g int64) int64 {
	q.buf = append(q.buf, g)
	q.n++
	return q.base + int64(len(q.buf)) - 1
}

func (q *gqueue) remove(pos int64) {
	i := pos - q.base
	if i < 0 || i >= int64(len(q.buf)) || q.buf[i] < 0 {
		return
	}
	q.buf[i] = -1
	q.n--
	q.trim()
}

// trim drops the holes at the head.
func (q *gqueue) trim() {
	k := 0
	for k < len(q.buf) && q.buf[k] < 0 {
		k++
	}
	if k > 0 {
		q.base += int64(k)
		q.buf = q.buf[k:]
		if len(q.buf) == 0 {
			q.buf = nil
		}
	}
}

// list returns the Gs head first.
func (q *gqueue) list() []int64 {
	out := make([]int64, 0, q.n)
	for _, g := range q.buf {
		if g >= 0 {
			out = append(out, g)
		}
	}
	return out
}

// headPos returns the place of the head (false if empty).
func (q *gqueue) head() (int64, int64, bool) {
	for i, g := range q.buf {
		if g >= 0 {
			return g, q.base + int64(i), true
		}
	}
	return -1, 0, false
}

// model is the replay's scheduler.
type model struct {
	gs      []gInfo
	gIdx    []int32         // goid → slot+1 (0: none), for goids under denseGoids
	gBig    map[int64]int32 // goid → slot, for the others
	indexed bool            // gIdx and gBig are built (a snapshot has neither)
	live    int             // goroutines in gs
	free    []int32
	ps      []pInfo
	ms      []mInfo
	global  gqueue

	gomaxprocs int64
	stw        int64 // string: the stop-the-world's reason, -1: none
	stwSince   int64
	gc         bool
	gcSince    int64
	gcCount    int64
	now        int64
	rec        int64 // records applied

	stats modelStats
}

// modelStats counts what the model matched.
type modelStats struct {
	starts   [len(sourceNames)]int64
	findings int64
	creates  int64
	gcs      int64
	seen     int64 // distinct goroutines
}

func newModel() *model {
	return &model{stw: -1, indexed: true}
}

// clone copies the model for a snapshot: everything but the index of
// goids, which a snapshot does not need and a restore rebuilds.
func (md *model) clone() *model {
	c := *md
	c.gs = slices.Clone(md.gs)
	for i := range c.gs {
		if c.gs[i].regions != nil {
			c.gs[i].regions = slices.Clone(c.gs[i].regions)
		}
	}
	c.gIdx, c.gBig, c.indexed = nil, nil, false
	c.free = slices.Clone(md.free)
	c.ps = slices.Clone(md.ps)
	for i := range c.ps {
		c.ps[i].runq = slices.Clone(c.ps[i].runq)
	}
	c.ms = slices.Clone(md.ms)
	c.global.buf = slices.Clone(md.global.buf)
	return &c
}

// size estimates the bytes a clone takes.
func (md *model) size() int64 {
	n := int64(len(md.gs))*(120+16) + int64(len(md.ps))*80 + int64(len(md.ms))*32 + int64(len(md.global.buf))*8 + 256
	for i := range md.ps {
		n += int64(len(md.ps[i].runq)) * 8
	}
	return n
}

// The index of goids: a slot of gs by goid, in a slice for the goids a
// program makes in its first million goroutines (a map lookup per event was
// a tenth of reading a trace), in a map beyond.
const denseGoids = 1 << 20

func (md *model) index() {
	if md.indexed {
		return
	}
	md.indexed = true
	for i := range md.gs {
		if md.gs[i].id != 0 {
			md.setSlot(md.gs[i].id, int32(i))
		}
	}
}

func (md *model) slot(id int64) (int32, bool) {
	md.index()
	if id >= 0 && id < denseGoids {
		if id < int64(len(md.gIdx)) && md.gIdx[id] != 0 {
			return md.gIdx[id] - 1, true
		}
		return 0, false
	}
	i, ok := md.gBig[id]
	return i, ok
}

func (md *model) setSlot(id int64, i int32) {
	if id >= 0 && id < denseGoids {
		if id >= int64(len(md.gIdx)) {
			n := min(max(int(id)+1, 2*len(md.gIdx)), denseGoids)
			md.gIdx = append(md.gIdx, make([]int32, n-len(md.gIdx))...)
		}
		md.gIdx[id] = i + 1
		return
	}
	if md.gBig == nil {
		md.gBig = map[int64]int32{}
	}
	md.gBig[id] = i
}

func (md *model) delSlot(id int64) {
	if id >= 0 && id < denseGoids {
		if id < int64(len(md.gIdx)) {
			md.gIdx[id] = 0
		}
		return
	}
	delete(md.gBig, id)
}

// g returns goroutine id, made on first sight.
func (md *model) g(id int64) *gInfo {
	if i, ok := md.slot(id); ok {
		return &md.gs[i]
	}
	var i int32
	if n := len(md.free); n > 0 {
		i = md.free[n-1]
		md.free = md.free[:n-1]
	} else {
		i = int32(len(md.gs))
		md.gs = append(md.gs, gInfo{})
	}
	md.gs[i] = gInfo{id: id, p: -1, m: -1, readyBy: -1, readyP: -1, createdBy: -1, label: -1}
	md.stats.seen++
	md.live++
	md.setSlot(id, i)
	return &md.gs[i]
}

// lookup returns goroutine id or nil.
func (md *model) lookup(id int64) *gInfo {
	if i, ok := md.slot(id); ok {
		return &md.gs[i]
	}
	return nil
}

// drop forgets a goroutine that ended.
func (md *model) drop(id int64) {
	if i, ok := md.slot(id); ok {
		md.gs[i] = gInfo{}
		md.delSlot(id)
		md.free = append(md.free, i)
		md.live--
	}
}

// p returns P id, made on first sight.
func (md *model) p(id int32) *pInfo {
	for int(id) >= len(md.ps) {
		md.ps = append(md.ps, pInfo{m: -1, g: -1, runnext: -1})
	}
	return &md.ps[id]
}

func (md *model) m(id int32) *mInfo {
	for int(id) >= len(md.ms) {
		md.ms = append(md.ms, mInfo{p: -1, g: -1, lastRec: -1, lastG: -1, stole: -1, borrow: -1})
	}
	return &md.ms[id]
}

// idlePs counts the Ps the model knows to be idle.
func (md *model) idlePs() int {
	if md.stw >= 0 {
		return 0 // a stop-the-world holds every P (_Pgcstop), none is idle
	}
	n := 0
	for i := range md.ps {
		if md.ps[i].status == pIdle && (md.gomaxprocs == 0 || int64(i) < md.gomaxprocs) {
			n++
		}
	}
	return n
}

// unqueue takes g out of whatever queue the model has it in.
func (md *model) unqueue(g *gInfo) {
	switch g.where {
	case wRunnext:
		if pp := md.p(g.p); pp.runnext == g.id {
			pp.runnext = -1
		}
	case wRunq:
		pp := md.p(g.p)
		if i := slices.Index(pp.runq, g.id); i >= 0 {
			pp.runq = slices.Delete(pp.runq, i, i+1)
		}
	case wGlobal, wSyscall:
		md.global.remove(g.gpos)
	}
	g.where = wNowhere
}

// The rules. Each returns what it did, for the why.

// runqputResult is what runqput did.
type runqputResult struct {
	kicked  int64 // the G kicked out of runnext to the ring (-1)
	slow    int   // Gs runqputslow moved to the global queue (0: none)
	toRunq  bool  // next was false: the G went to the ring's tail
	toGlobl bool  // the ring was full: G went to the global queue
}

// runqLen is the size of a P's ring (runtime2.go: runq [256]guintptr).
const runqLen = 256

// runqput puts g on pp: in runnext if next (the G there moves to the
// ring's tail), else at the ring's tail; a full ring sends half of itself
// and the G to the global queue (runqputslow). proc.go runqput.
func (md *model) runqput(p int32, g *gInfo, next bool) runqputResult {
	res := runqputResult{kicked: -1}
	pp := md.p(p)
	put := g.id
	if next {
		old := pp.runnext
		pp.runnext = g.id
		g.where, g.p = wRunnext, p
		if old < 0 {
			return res
		}
		res.kicked = old
		put = old
	} else {
		res.toRunq = true
	}
	pg := md.lookup(put)
	if len(pp.runq) < runqLen {
		pp.runq = append(pp.runq, put)
		if pg != nil {
			pg.where, pg.p = wRunq, p
		}
		return res
	}
	// runqputslow: half the ring (128) and the G go to the global queue.
	n := runqLen / 2
	moved := pp.runq[:n]
	for _, id := range moved {
		if mg := md.lookup(id); mg != nil {
			md.globrunqput(mg)
		}
	}
	pp.runq = slices.Delete(pp.runq, 0, n)
	if pg != nil {
		md.globrunqput(pg)
	}
	res.slow = n + 1
	res.toGlobl = !next
	return res
}

// globrunqput puts g at the global queue's tail. proc.go globrunqput.
func (md *model) globrunqput(g *gInfo) {
	g.where, g.p = wGlobal, -1
	g.gpos = md.global.push(g.id)
}

// globrunqgetbatch takes g, found on the global queue, for P p and moves a
// batch behind it to p's ring: n = min(len(pp.runq)/2, size, size/gomaxprocs+1)
// Gs in all, as proc.go globrunqgetbatch does (len(pp.runq) is the ring's
// capacity, 256). It returns the batch size.
func (md *model) globrunqgetbatch(p int32, g *gInfo) int {
	size := md.global.n
	procs := max(md.gomaxprocs, 1)
	n := min(runqLen/2, size, size/int(procs)+1)
	md.unqueue(g)
	pp := md.p(p)
	taken := 1
	for taken < n && len(pp.runq) < runqLen {
		h, pos, ok := md.global.head()
		if !ok {
			break
		}
		md.global.remove(pos)
		hg := md.lookup(h)
		if hg == nil {
			continue
		}
		pp.runq = append(pp.runq, h)
		hg.where, hg.p = wRunq, p
		taken++
	}
	return taken
}

// runqsteal moves half of victim's ring to p's (runqgrab takes n-n/2 from
// the head, the last of them is run), or victim's runnext when its ring is
// empty. g is the G that started; the model takes the Gs up to it. It
// returns how many were stolen and whether g was the one the rule picks
// (the youngest of the batch).
func (md *model) runqsteal(p, victim int32, g *gInfo) (n int, picked bool) {
	vp := md.p(victim)
	if g.where == wRunnext {
		md.unqueue(g)
		return 1, len(vp.runq) == 0
	}
	k := slices.Index(vp.runq, g.id)
	want := len(vp.runq) - len(vp.runq)/2
	if k < 0 {
		return 0, false
	}
	batch := slices.Clone(vp.runq[:k])
	vp.runq = slices.Delete(vp.runq, 0, k+1)
	g.where = wNowhere
	pp := md.p(p)
	for _, id := range batch {
		pp.runq = append(pp.runq, id)
		if bg := md.lookup(id); bg != nil {
			bg.where, bg.p = wRunq, p
		}
	}
	return k + 1, k+1 == want
}

// destroyPs is procresize shrinking GOMAXPROCS from old to n: each P it
// destroys, from P n up, moves its ring, tail first, then its runnext, to
// the global queue's head ((*p).destroy, globrunqputhead), so they run
// before what was there, the last P's runnext first.
func (md *model) destroyPs(n, old int64) {
	for id := n; id < old && id < int64(len(md.ps)); id++ {
		pp := &md.ps[id]
		for i := len(pp.runq) - 1; i >= 0; i-- {
			if g := md.lookup(pp.runq[i]); g != nil {
				md.globrunqputhead(g)
			}
		}
		pp.runq = nil
		if pp.runnext >= 0 {
			if g := md.lookup(pp.runnext); g != nil {
				md.globrunqputhead(g)
			}
			pp.runnext = -1
		}
	}
}

// globrunqputhead puts g at the global queue's head. proc.go
// globrunqputhead.
func (md *model) globrunqputhead(g *gInfo) {
	g.where, g.p = wGlobal, -1
	q := &md.global
	q.buf = append([]int64{g.id}, q.buf...)
	q.base--
	q.n++
	g.gpos = q.base
}
