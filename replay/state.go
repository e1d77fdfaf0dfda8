package replay

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/gmplab/gmplab/runtime"
)

// State is the model's state after the current event as the simulator's
// runtime.State, so that the debugger's words (board, procs, goroutines,
// print p0.runq) read it as they read gmplab step's. Run queues, runnext
// and the global queue are the model's inferences; a runnable G whose
// queue the model does not know is listed with Where "runnable, queue
// unknown". Layers is "procs,replay": the replay has Ps, and no layer of
// the simulator's.
func (s *Session) State() *runtime.State {
	if s.st != nil {
		return s.st
	}
	s.st = s.t.state(s.md, s.pos, s.last.T)
	return s.st
}

func (t *Trace) state(md *model, pos, now int64) *runtime.State {
	st := &runtime.State{Seq: pos, Clock: now, GOMAXPROCS: int(md.gomaxprocs), Layers: "procs,replay"}
	if st.GOMAXPROCS == 0 {
		st.GOMAXPROCS = len(md.ps)
	}
	st.Global = md.global.list()
	var npidle int32
	for i := range md.ps {
		pp := &md.ps[i]
		if md.gomaxprocs > 0 && int64(i) >= md.gomaxprocs {
			break
		}
		ps := runtime.PState{ID: int32(i), Status: pStatusNames[pp.status], M: pp.m, G: pp.g, Runnext: pp.runnext,
			Runq: slices.Clone(pp.runq), Schedtick: uint32(pp.schedtick)}
		if ps.Runq == nil {
			ps.Runq = []int64{}
		}
		if pp.status == pIdle {
			npidle++
			st.Sched.IdlePs = append(st.Sched.IdlePs, int32(i))
		}
		st.Ps = append(st.Ps, ps)
	}
	st.Sched.NPIdle = npidle
	st.Sched.MCount = int32(len(md.ms))
	for i := range md.ms {
		mm := &md.ms[i]
		ms := runtime.MState{ID: int32(i), P: mm.p, NextP: -1, OldP: -1, CurG: mm.g}
		switch {
		case mm.g >= 0 && md.lookup(mm.g) != nil && md.lookup(mm.g).status == gSyscall:
			ms.State = "syscall"
		case mm.g >= 0 || mm.p >= 0:
			ms.State = "running"
		default:
			ms.State = "idle"
		}
		st.Ms = append(st.Ms, ms)
	}
	for i := range md.gs {
		g := &md.gs[i]
		if g.status == gNone || g.status == gDead {
			continue
		}
		gs := runtime.GState{Goid: g.id, Status: gStatusNames[g.status], M: g.m, CreatedBy: max(g.createdBy, 0)}
		switch g.status {
		case gWaiting:
			gs.WaitReason = t.str(g.reason)
			gs.WaitSince = g.since
		case gRunning:
			gs.Where = fmt.Sprintf("running on M%d", g.m)
			if g.p >= 0 {
				gs.Where += " and P" + strconv.Itoa(int(g.p))
			}
		case gSyscall:
			gs.Where = fmt.Sprintf("in a system call on M%d", g.m)
		case gRunnable:
			gs.Where = whereText(g)
		}
		if gs.Where == "" {
			gs.Where = gs.Status
		}
		gs.Frames = t.frames(g.stk)
		if len(gs.Frames) > 0 {
			gs.Func, gs.Pos, gs.Line = gs.Frames[0].Func, gs.Frames[0].Pos, gs.Frames[0].Line
		} else if fr := t.frames(g.startStk); len(fr) > 0 {
			gs.Func = fr[0].Func
		}
		st.Gs = append(st.Gs, gs)
	}
	slices.SortFunc(st.Gs, func(a, b runtime.GState) int { return cmp.Compare(a.Goid, b.Goid) })
	return st
}

// whereText says where the model has a runnable G wait.
func whereText(g *gInfo) string {
	switch g.where {
	case wRunnext:
		return "runnext of P" + strconv.Itoa(int(g.p)) + " (inferred)"
	case wRunq:
		return "runq of P" + strconv.Itoa(int(g.p)) + " (inferred)"
	case wGlobal:
		return "global (inferred)"
	case wSyscall:
		return "back from a system call, global (inferred)"
	}
	return "runnable, queue unknown"
}

// frames turns a recorded stack into the debugger's frames, innermost
// first.
func (t *Trace) frames(id uint32) []runtime.FrameState {
	if id == 0 || int(id) >= len(t.stacks) {
		return nil
	}
	var out []runtime.FrameState
	for _, f := range t.stacks[id] {
		file := t.str(f.file)
		out = append(out, runtime.FrameState{
			Func: t.str(f.fn),
			Pos:  filepath.Base(file) + ":" + strconv.FormatInt(f.line, 10),
			Line: int32(f.line),
			File: file,
		})
	}
	return out
}
