package runtime

import (
	"github.com/gmplab/gmplab/vm"
	"strings"
	"testing"
)

// deadG makes a G that has exited, with a stack of size.
func deadG(mc *Machine, size int64) int32 {
	gi := mkG(mc)
	setgstatus(mc, gi, _Grunnable, _Gdead)
	mc.setStackSize(gi, size)
	return gi
}

// proc.go: gfput: when a P's free list reaches 64 Gs, Gs move to the
// global list until 31 are left (33 move).
func TestGfputMovesToGlobalAt64(t *testing.T) {
	mc := newTestMachine(t, 1)
	var gs []int32
	for i := 0; i < 64; i++ {
		gs = append(gs, deadG(mc, fixedStack))
	}
	for _, gi := range gs[:63] {
		mc.gfput(0, gi)
	}
	if mc.allp[0].nFree != 63 || mc.sched.gFree.size != 0 {
		t.Fatalf("63 on the P: local %d, global %d", mc.allp[0].nFree, mc.sched.gFree.size)
	}
	mc.gfput(0, gs[63])
	if mc.allp[0].nFree != 31 || mc.sched.gFree.size != 33 {
		t.Errorf("at 64: local %d, global %d; want 31 and 33", mc.allp[0].nFree, mc.sched.gFree.size)
	}
}

// proc.go: gfget: an empty local list takes up to 32 Gs from the global
// list first.
func TestGfgetRefills32FromGlobal(t *testing.T) {
	mc := newTestMachine(t, 2)
	var gs []int32
	for i := 0; i < 40; i++ {
		gs = append(gs, deadG(mc, fixedStack))
	}
	for _, gi := range gs {
		mc.gqPushBack(&mc.sched.gFree, gi)
	}
	if gi := mc.gfget(1); gi == nilIdx {
		t.Fatal("gfget found nothing")
	}
	if mc.allp[1].nFree != 31 || mc.sched.gFree.size != 8 {
		t.Errorf("after gfget: local %d, global %d; want 31 (32 taken, one returned) and 8", mc.allp[1].nFree, mc.sched.gFree.size)
	}
}

// proc.go: gfput, gfget, malg: a grown stack is freed when the G dies and a
// new 2 KB one is allocated when it is reused; a new G costs malg, a reused
// one with its stack costs nothing more.
func TestGfreeStacksAndCosts(t *testing.T) {
	mc := newTestMachine(t, 1)
	grown := deadG(mc, 8192)
	mc.acc = 0
	mc.gfput(0, grown)
	if mc.allg[grown].stackSize != 0 || mc.acc != CostStackfree {
		t.Errorf("gfput of an 8 KB stack: stack %d, cost %d; want freed (0), CostStackfree", mc.allg[grown].stackSize, mc.acc)
	}
	mc.acc = 0
	if gi := mc.gfget(0); gi != grown || mc.allg[gi].stackSize != fixedStack || mc.acc != CostStackalloc {
		t.Errorf("gfget: stack %d, cost %d; want a new 2048-byte stack, CostStackalloc", mc.allg[gi].stackSize, mc.acc)
	}
	kept := deadG(mc, fixedStack)
	mc.gfput(0, kept)
	mc.acc = 0
	if gi := mc.newproc1(0, 1, nil); gi != kept || mc.acc != 0 {
		t.Errorf("newproc1 with a free G: G%d, cost %d; want the free G, no allocation", gi, mc.acc)
	}
	mc.acc = 0
	if gi := mc.newproc1(0, 1, nil); gi == kept || mc.acc != CostMalg || mc.allg[gi].stackSize != fixedStack {
		t.Errorf("newproc1 with no free G: cost %d; want CostMalg and a 2048-byte stack", mc.acc)
	}
}

// stack.go: copystack adjusts every frame (adjustframe) besides copying
// the used bytes, so its cost grows with the depth, not only the size. The
// stack is built by running code: main calls r(999), which recurses to
// r(0), which calls f, whose 2,000-byte frame crosses stackguard0 with
// main's frame and 1,000 of r's on the stack.
func TestCopystackCostsPerFrame(t *testing.T) {
	in := func(op vm.Op, a, b int32) vm.Instr { return vm.Instr{Op: op, A: a, B: b} }
	fn := func(name string, params, frame int, code ...vm.Instr) vm.Func {
		f := vm.Func{Name: name, NParams: params, NLocals: params, FrameSize: frame, MaxStack: 8, Code: code, NoSplit: frame == 0}
		for k := range code {
			f.Pos = append(f.Pos, vm.Pos{Line: int32(k + 1), Col: 1})
		}
		return f
	}
	prog := &vm.Program{Files: []string{"t.go"}, Main: 0, Init: -1, Funcs: []vm.Func{
		fn("main.main", 0, 0, in(vm.OpInt, 0, 999), in(vm.OpCall, 1, 1), in(vm.OpExit, 0, 0)),
		fn("main.r", 1, 0,
			in(vm.OpLoad, 0, 0), in(vm.OpInt, 0, 0), in(vm.OpEq, 0, 0), in(vm.OpJumpIfNot, 6, 0),
			in(vm.OpCall, 2, 0), in(vm.OpReturn, 0, 0),
			in(vm.OpLoad, 0, 0), in(vm.OpInt, 0, 1), in(vm.OpSub, 0, 0), in(vm.OpCall, 1, 1), in(vm.OpReturn, 0, 0)),
		fn("main.f", 0, 2000, in(vm.OpReturn, 0, 0)),
	}}
	mc, err := New(prog, Config{GOMAXPROCS: 1, Layers: AllLayers, Why: true, bareStart: true})
	if err != nil {
		t.Fatal(err)
	}
	for {
		ev, ok := mc.Step()
		if !ok {
			t.Fatal("the run ended with no newstack")
		}
		if ev.Kind != EvNewstack {
			continue
		}
		G := &mc.allg[mc.allm[0].curg]
		if frames := G.th.NumFrames(); frames != 1001 {
			t.Fatalf("%d frames at newstack, want 1001", frames)
		}
		want := G.stackUsed/StackCopyBytesPerNs + 1001*CostAdjustFrame
		if !strings.HasSuffix(ev.Why, "adjusts 1001 frames ("+fmtNs(want)+")") || ev.Arg2 != 4096 {
			t.Errorf("newstack to %d: %s; want 4096 and 1001 frames adjusted in %s", ev.Arg2, ev.Why, fmtNs(want))
		}
		return
	}
}
