package runtime

import (
	"strings"
	"testing"
)

// os.(*File).Write → syscall.Write: fmt's output is a write(2) between
// entersyscall and exitsyscall, so sysmon's retake sees it: a P's first
// syscall is taken at sysmon's first look (pd.syscalltick and
// pp.syscalltick are both 0; proc.go: retake), and its why names the
// print. A fast-path exitsyscall of a print emits no event.
func TestPrintIsAWriteSyscall(t *testing.T) {
	mc := newTestMachine(t, 1)
	mc.cfg.Why = true
	g, waiting := mkG(mc), mkG(mc)
	running(mc, g)
	mc.runqput(0, waiting, false)
	mc.writeSyscall(0)
	if mc.allg[g].status != _Gsyscall || mc.allm[0].state != mSyscall || mc.allm[0].p != 0 {
		t.Fatalf("during the write: G %v, M %v with P%d; want _Gsyscall, the P still attached", mc.allg[g].status, mc.allm[0].state, mc.allm[0].p)
	}
	mc.cur = mc.sysmonM
	mc.pending = mc.pending[:0]
	if n := mc.retake(mc.sysmonM, 20_000); n != 1 {
		t.Fatalf("retake took %d Ps at its first look at the write, want 1", n)
	}
	var why string
	for _, ev := range mc.pending {
		if ev.Kind == EvRetake {
			why = ev.Why
		}
	}
	if !strings.Contains(why, "print is in its write(2)") || !strings.Contains(why, "zero-tick quirk") {
		t.Errorf("retake why %q: want it to name the print's write and the first-syscall quirk", why)
	}

	// Without sysmon looking, the write returns on the fast path, quietly.
	mc = newTestMachine(t, 1)
	g = mkG(mc)
	running(mc, g)
	mc.writeSyscall(0)
	mc.pending = mc.pending[:0]
	mc.now = mc.allg[g].syscallAt
	mc.exitsyscall(0)
	if len(mc.pending) != 0 || mc.allg[g].status != _Grunning || mc.allp[0].syscalltick != 1 {
		t.Errorf("fast path: %d events, G %v, syscalltick %d; want none, running, 1", len(mc.pending), mc.allg[g].status, mc.allp[0].syscalltick)
	}
}

// When no other M (sysmon included) acts before the write returns, nobody
// can see the G in its syscall: the write takes the same time and counts
// the syscall (syscalltick) without the two engine steps.
func TestPrintWriteFastPathWhenNobodyLooks(t *testing.T) {
	mc := newTestMachine(t, 1)
	g := mkG(mc)
	running(mc, g)
	mc.setWhen(0, 0)       // M0 acts now: the heap's root
	mc.sysmon.deep = false // sysmon's next pass is at 70 µs
	mc.writeSyscall(0)
	if mc.allg[g].status != _Grunning || mc.allm[0].state != mRunning || mc.allp[0].syscalltick != 1 {
		t.Errorf("G %v, M %v, syscalltick %d; want it running on, the syscall counted", mc.allg[g].status, mc.allm[0].state, mc.allp[0].syscalltick)
	}
	if w := mc.allm[0].workEnd; w != CostPrint+CostSyscall {
		t.Errorf("the G goes on at %d, want %d", w, CostPrint+CostSyscall)
	}
}
