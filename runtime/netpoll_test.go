package runtime

import "testing"

// netpoll_epoll.go: netpoll converts its delay to epoll_wait's whole
// milliseconds: -1 blocks, 0 polls, under 1 ms waits 1 ms, longer delays
// are truncated, and the cap is 1e9 ms.
func TestNetpollWaitmsRounding(t *testing.T) {
	for _, tc := range []struct{ delay, want int64 }{
		{-1, -1}, {0, 0}, {1, 1}, {999_999, 1}, {1_000_000, 1}, {1_999_999, 1},
		{2_000_000, 2}, {999_995_000, 999}, {1e15, 1e9},
	} {
		if got := netpollWaitms(tc.delay); got != tc.want {
			t.Errorf("netpollWaitms(%d) = %d, want %d", tc.delay, got, tc.want)
		}
	}
	// fs/select.c: select_estimate_accuracy: the kernel may return 0.1% of
	// the timeout late, at least the 50 µs timer slack, at most 100 ms.
	for _, tc := range []struct{ waitms, want int64 }{
		{0, 0}, {1, 1_050_000}, {999, 999_000_000 + 999_000}, {1e9, 1e15 + 100e6},
	} {
		if got := netpollSleep(tc.waitms); got != tc.want {
			t.Errorf("netpollSleep(%d) = %d, want %d", tc.waitms, got, tc.want)
		}
	}
}

// proc.go: findRunnable blocks in netpoll(pollUntil-now); a truncated wait
// wakes the M before the timer, it finds nothing and blocks again for 1 ms
// (+ slack), so timers due in that window fire together in one
// timers.check, and the last one fired runs first from runnext.
func TestNetpollSleepsWholeMilliseconds(t *testing.T) {
	mc := newTestMachine(t, 1)
	a, b := parkedG(mc, waitReasonSleep), parkedG(mc, waitReasonSleep)
	mc.cur = 0
	mc.addtimer(0, timerSleep, 2_500_000, a, nilIdx)
	mc.addtimer(0, timerSleep, 3_000_000, b, nilIdx)
	mc.releasep(0)
	mc.pidleput(0)
	mc.acc = 0
	mc.netpollBlock(0, 2_500_000, false)
	// waitms = 2: the M wakes at 2 ms + 50 µs slack + the wake-up, before
	// the first timer.
	if w := mc.allm[0].when; w != 2_050_000+CostWakeM {
		t.Fatalf("first wake at %d, want %d", w, 2_050_000+CostWakeM)
	}
	mc.now = mc.allm[0].when
	mc.netpollWake(0)
	// It found no timer due, and blocked again for waitms = 1.
	if st := mc.allm[0].state; st != mNetpoll {
		t.Fatalf("after the early wake the M is %v, want blocked in netpoll again", st)
	}
	if w := mc.allm[0].when; w != mc.now+mc.acc+1_050_000+CostWakeM {
		t.Fatalf("second wake at %d, want now+acc+1.05ms+wake", w)
	}
	mc.now = mc.allm[0].when
	mc.netpollWake(0)
	// Both timers fired in one check: b, fired last, is in runnext.
	if mc.allg[a].status != _Grunning && mc.allg[b].status != _Grunning {
		t.Errorf("neither sleeper runs after the second wake")
	}
	if mc.allg[b].status != _Grunning || mc.allg[a].status != _Grunnable {
		t.Errorf("b is %v and a %v: want the last fired (b) running from runnext and a in the ring", mc.allg[b].status, mc.allg[a].status)
	}
}
