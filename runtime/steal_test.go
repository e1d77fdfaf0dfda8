package runtime

import "testing"

// proc.go: stealWork: when a victim's timers ran on the last pass but
// readied nothing on this P (a channel timer nobody waits on: sendTime
// buffers the value), stealWork remembers it (ranTimer) and goes on to the
// next victims; it reports newWork only if it found nothing to steal.
func TestStealWorkGoesOnAfterATimer(t *testing.T) {
	timerFirst := 0
	for seed := uint64(1); seed <= 16; seed++ {
		mc := newTestMachine(t, 3)
		mc.rng.Seed(seed, 0x676d706c6162)
		// P0 steals. P1 is idle with an expired channel timer. P2 runs and
		// has a G in runnext only, which is stolen on the last pass.
		if pp := mc.pidleget(); pp != 2 {
			t.Fatalf("the idle list's head is P%d, want P2", pp)
		}
		c := mc.makechan(1)
		mc.addtimer(1, timerChan, 100, nilIdx, c)
		a := mkG(mc)
		mc.allp[2].status = _Prunning
		mc.allp[2].runnext = a
		mc.now = 1000
		mc.cur = 0
		gi, _, newWork, _, _ := mc.stealWork(0)
		if gi != a {
			t.Fatalf("seed %d: stealWork returned G index %d (newWork=%v), want P2's runnext, G index %d: a timer that readied nothing here does not end the search", seed, gi, newWork, a)
		}
		if len(mc.allp[1].timers) == 0 {
			timerFirst++ // the last pass visited P1 before P2
			if !newWork {
				t.Errorf("seed %d: P1's timer ran but newWork is false", seed)
			}
		}
	}
	if timerFirst == 0 {
		t.Errorf("in 16 seeds the last pass never visited P1 first: the test proves nothing")
	}
}
