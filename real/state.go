//go:build linux && (amd64 || arm64)

package real

import (
	"cmp"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-delve/delve/pkg/proc"

	"github.com/gmplab/gmplab/debugger"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
)

// structCfg loads a slice of pointers to structs with their fields (not
// following the fields' own pointers): allp and allgs in one read each.
var structCfg = proc.LoadConfig{FollowPointers: true, MaxVariableRecurse: 1, MaxStringLen: 64, MaxArrayValues: 1 << 16, MaxStructFields: -1}

// The runtime's status names (runtime2.go), as the simulator's State
// spells them.
var (
	pStatus = map[int64]string{0: "idle", 1: "running", 3: "gcstop", 4: "dead"}
	gStatus = map[int64]string{0: "idle", 1: "runnable", 2: "running", 3: "syscall", 4: "waiting", 6: "dead", 8: "copystack", 9: "preempted", 10: "leaked"}
)

// State reads the real runtime's scheduler into the simulator's State
// (cached until the next stop): allp with each P's runq (head to tail,
// runqhead to runqtail), runnext, schedtick and syscalltick; sched's
// global queue (from sched.runq.head along schedlink), counters and idle
// P list; allm; allgs. Timers, the netpoller and sysmon's locals are not
// read.
func (s *Session) State() *runtime.State {
	if s.st != nil {
		return s.st
	}
	st := &runtime.State{Seq: s.pos, Clock: s.last.T, Layers: "real", Exit: s.exit}
	s.st = st
	if s.exit != nil || s.grp == nil {
		return st
	}
	r, err := s.reader()
	if err != nil {
		return st
	}
	st.GOMAXPROCS = int(r.intOr("runtime.gomaxprocs", 0))

	// Gs first: the queues hold their addresses.
	goid := map[int64]int64{}      // g address → goid
	schedlink := map[int64]int64{} // g address → next in a queue
	parent := map[int64]int64{}    // goid → its creator's
	onM := map[int64]int32{}       // goid → the M it is on
	if allgs, err := r.sc.EvalExpression("runtime.allgs", structCfg); err == nil {
		for i := range allgs.Children {
			gv := &allgs.Children[i]
			if len(gv.Children) == 0 {
				continue
			}
			addr := int64(gv.Children[0].Addr)
			id := fint(gv, "goid")
			goid[addr] = id
			schedlink[addr] = fint(gv, "schedlink")
			parent[id] = fint(gv, "parentGoid")
			if m := fint(gv, "m"); m > 0 {
				onM[id] = int32(r.intOr(fmt.Sprintf("(*runtime.m)(%#x).id", m), -1))
			}
		}
	}
	// Status, wait reason and where each G is, from Delve's reading of
	// allgs.
	if gs, _, err := proc.GoroutinesInfo(s.tg, 0, 0); err == nil {
		for _, g := range gs {
			status := int64(g.Status) &^ 0x1000             // _Gscan
			if status == 6 || status == 0 || status == 11 { // dead, idle or _Gdeadextra: not live
				continue
			}
			st2 := runtime.GState{Goid: g.ID, Status: gStatus[status], M: -1, CreatedBy: parent[g.ID]}
			if m, ok := onM[g.ID]; ok {
				st2.M = m
			}
			if st2.Status == "" {
				st2.Status = fmt.Sprintf("status %d", status)
			}
			if status == 4 {
				st2.WaitReason = r.str(fmt.Sprintf("runtime.waitReasonStrings[%d]", g.WaitReason))
			}
			loc := g.UserCurrent()
			if loc.Fn != nil {
				st2.Func = loc.Fn.Name
			}
			st2.Pos = fmt.Sprintf("%s:%d", filepath.Base(loc.File), loc.Line)
			st2.Line = int32(loc.Line)
			st.Gs = append(st.Gs, st2)
		}
		slices.SortFunc(st.Gs, func(a, b runtime.GState) int { return cmp.Compare(a.Goid, b.Goid) })
	}
	where := map[int64]string{}
	gid := func(addr int64) int64 {
		if addr == 0 {
			return -1
		}
		if id, ok := goid[addr]; ok {
			return id
		}
		return r.intOr(fmt.Sprintf("(*runtime.g)(%#x).goid", addr), -1)
	}

	// Ps.
	if allp, err := r.sc.EvalExpression("runtime.allp", structCfg); err == nil {
		for i := range allp.Children {
			pv := &allp.Children[i]
			ps := runtime.PState{ID: int32(fint(pv, "id")), M: -1, G: -1,
				Schedtick: uint32(fint(pv, "schedtick")), Syscalltick: uint32(fint(pv, "syscalltick"))}
			ps.Status = pStatus[fint(pv, "status")]
			if m := fint(pv, "m"); m > 0 {
				ps.M = int32(r.intOr(fmt.Sprintf("(*runtime.m)(%#x).id", m), -1))
				ps.G = r.intOr(fmt.Sprintf("(*runtime.m)(%#x).curg.goid", m), -1)
			}
			ps.Runnext = gid(fint(pv, "runnext"))
			if ps.Runnext >= 0 {
				where[ps.Runnext] = fmt.Sprintf("runnext of P%d", ps.ID)
			}
			head, tail := uint32(fint(pv, "runqhead")), uint32(fint(pv, "runqtail"))
			if rq := field(pv, "runq"); rq != nil && tail-head <= 256 {
				for j := head; j != tail; j++ {
					if int(j%256) >= len(rq.Children) {
						break
					}
					n, _ := varInt(&rq.Children[j%256])
					id := gid(n)
					ps.Runq = append(ps.Runq, id)
					where[id] = fmt.Sprintf("runq of P%d", ps.ID)
				}
			}
			ps.Timers = int(r.intOr(fmt.Sprintf("len(runtime.allp[%d].timers.heap)", i), 0))
			st.Ps = append(st.Ps, ps)
		}
	}

	// The global queue and the counters.
	n := r.intOr("runtime.sched.runq.size", 0)
	for addr := r.intOr("runtime.sched.runq.head", 0); addr != 0 && int64(len(st.Global)) < n; addr = schedlink[addr] {
		id := gid(addr)
		st.Global = append(st.Global, id)
		where[id] = "global"
		if _, ok := schedlink[addr]; !ok {
			break
		}
	}
	st.Sched = runtime.SchedState{
		NMSpinning:   int32(r.intOr("runtime.sched.nmspinning.value", 0)),
		NPIdle:       int32(r.intOr("runtime.sched.npidle.value", 0)),
		NMIdle:       int32(r.intOr("runtime.sched.nmidle", 0)),
		NeedSpinning: r.intOr("runtime.sched.needspinning.value", 0) != 0,
		MCount:       int32(r.intOr("runtime.sched.mnext", 0) - r.intOr("runtime.sched.nmfreed", 0)),
		LastPoll:     r.intOr("runtime.sched.lastpoll.value", 0),
	}
	for addr := r.intOr("runtime.sched.pidle", 0); addr != 0 && len(st.Sched.IdlePs) <= len(st.Ps); addr = r.intOr(fmt.Sprintf("(*runtime.p)(%#x).link", addr), 0) {
		st.Sched.IdlePs = append(st.Sched.IdlePs, int32(r.intOr(fmt.Sprintf("(*runtime.p)(%#x).id", addr), -1)))
	}

	// Ms.
	s.readMs(r)
	for addr := r.intOr("uintptr(runtime.allm)", 0); addr != 0; addr = r.intOr(fmt.Sprintf("uintptr((*runtime.m)(%#x).alllink)", addr), 0) {
		m := func(f string) int64 { return r.intOr(fmt.Sprintf("(*runtime.m)(%#x).%s", addr, f), 0) }
		pid := func(p int64) int32 {
			if p == 0 {
				return -1
			}
			return int32(r.intOr(fmt.Sprintf("(*runtime.p)(%#x).id", p), -1))
		}
		ms := runtime.MState{ID: int32(m("id")), P: pid(m("p")), NextP: pid(m("nextp")), OldP: pid(m("oldp")),
			CurG: gid(m("curg")), Spinning: m("spinning") != 0}
		if debugger.FindG(st, ms.CurG) == nil {
			ms.CurG = -1 // an extra M's dead G (cgo callbacks), not a goroutine
		}
		fn := r.str(fmt.Sprintf("(*runtime.m)(%#x).mstartfn", addr))
		ms.Sysmon = strings.HasSuffix(fn, "runtime.sysmon")
		// The simulator's words for what the M does (runtime's mstate
		// names), so that the board reads the same on both; spinning is
		// a flag of its own, shown after the state.
		switch {
		case ms.Sysmon:
			ms.State = "sysmon"
		case ms.CurG >= 0 && ms.P >= 0:
			ms.State = "running"
		case ms.CurG >= 0:
			ms.State = "syscall"
		case ms.Spinning || ms.P >= 0:
			ms.State = "schedule"
		default:
			ms.State = "parked"
		}
		st.Ms = append(st.Ms, ms)
	}
	for i := range st.Gs {
		g := &st.Gs[i]
		switch {
		case where[g.Goid] != "":
			g.Where = where[g.Goid]
		case g.Status == "running" && g.M >= 0:
			g.Where = fmt.Sprintf("running on M%d", g.M)
		case g.Status == "syscall":
			g.Where = fmt.Sprintf("in a syscall on M%d", g.M)
		case g.WaitReason != "":
			g.Where = g.WaitReason
		}
	}
	return st
}

// Board draws the real state with view.Board; the lines for what is not
// read from the real runtime say so.
func (s *Session) Board(width int) string {
	if s.exit != nil {
		// The process is gone and its runtime's structures with it: a
		// board would draw an empty scheduler (GOMAXPROCS=0).
		return s.gone()
	}
	b := view.Board(s.State(), width)
	sysmon := "sysmon    not read (its delay and idle count are locals of runtime.sysmon)"
	for _, m := range s.State().Ms {
		if m.Sysmon {
			sysmon = fmt.Sprintf("sysmon    M%d (its delay and idle count are locals of runtime.sysmon: not read)", m.ID)
		}
	}
	b = strings.Replace(b, "sysmon    off (layer sysmon)", sysmon, 1)
	b = strings.Replace(b, "netpoll   nothing waits", "netpoll   not read by gmplab real", 1)
	b = strings.Replace(b, "timers    none", "timers    not read by gmplab real (procs shows each P's count)", 1)
	b = strings.Replace(b, "event ", "stop ", 1)
	return b
}

// gone says that the program has exited, for the commands that read its
// runtime's structures, as a line.
func (s *Session) gone() string {
	return fmt.Sprintf("the program has exited with code %d at stop %d (%s): its scheduler went with the process, so there is nothing to read; restart runs it again\n",
		s.exit.Code, s.pos, view.FormatTime(s.last.T))
}

func (s *Session) Procs() string {
	if s.exit != nil {
		return s.gone()
	}
	return debugger.ProcsText(s.State())
}

func (s *Session) Threads() string {
	if s.exit != nil {
		return s.gone()
	}
	return debugger.ThreadsText(s.State())
}

func (s *Session) Goroutines(group string) (string, error) {
	if s.exit != nil {
		return "", errors.New(strings.TrimSuffix(s.gone(), "\n"))
	}
	return debugger.GoroutinesText(s.State(), s.selG, group)
}

// Print evaluates print's expressions against the real state; after the
// exit, against what is left: the last stop's event and the exit.
func (s *Session) Print(expr string) (string, error) {
	var ev *runtime.Event
	if s.pos > 0 {
		ev = &s.last
	}
	if s.exit != nil {
		gone := fmt.Sprintf("the program has exited with code %d at stop %d (%s) and its scheduler went with the process (restart runs it again)",
			s.exit.Code, s.pos, view.FormatTime(s.last.T))
		return debugger.PrintExited(expr, s.State(), ev, gone)
	}
	return debugger.PrintState(expr, s.State(), ev)
}
