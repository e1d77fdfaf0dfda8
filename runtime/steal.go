package runtime

// Work stealing (proc.go: stealWork, randomOrder, runqsteal).

// stealTries is the number of passes over all Ps (proc.go: stealWork).
const stealTries = 4

// randomOrder enumerates 0..n-1 starting at a random position with a
// random stride coprime to n, so that every P is visited once per pass
// (proc.go: randomOrder, randomEnum). The random number comes from the
// machine's seeded PCG (cheaprand in the runtime).
type randomOrder struct {
	count    uint32
	coprimes []uint32
}

func newRandomOrder(n uint32) randomOrder {
	o := randomOrder{count: n}
	for i := uint32(1); i <= n; i++ {
		if gcd(i, n) == 1 {
			o.coprimes = append(o.coprimes, i)
		}
	}
	return o
}

func gcd(a, b uint32) uint32 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// start returns the first position and the stride for random number i.
func (o *randomOrder) start(i uint32) (pos, inc uint32) {
	return i % o.count, o.coprimes[i/o.count%uint32(len(o.coprimes))]
}

// cheaprand is the runtime's per-M fast random number (proc.go: cheaprand);
// here it is the machine's seeded PCG, so runs are reproducible.
func (mc *Machine) cheaprand() uint32 { return uint32(mc.rng.Uint64() >> 32) }

// stealWork tries to steal a G or run a timer from another P
// (proc.go: stealWork). Four passes over all Ps in a random order; on the
// last pass it also runs the victims' expired timers (readying Gs into this
// P's runnext) and may take a victim's runnext. A timer that ran but made
// nothing runnable here does not stop the search: newWork tells the caller
// to look again from the top.
func (mc *Machine) stealWork(mi int32) (gi int32, inheritTime, newWork bool, pollUntil int64, why string) {
	pp := mc.allm[mi].p
	n := uint32(len(mc.allp))
	if mc.stealOrder.count != n {
		mc.stealOrder = newRandomOrder(n)
	}
	ranTimer := false
	for i := 0; i < stealTries; i++ {
		stealTimersOrRunNextG := i == stealTries-1
		pos, inc := mc.stealOrder.start(mc.cheaprand())
		for e := uint32(0); e < n; e, pos = e+1, (pos+inc)%n {
			p2 := int32(pos)
			if p2 == pp {
				continue
			}
			mc.acc += CostStealTry
			// Steal timers from p2 (only on the last pass): readied Gs go
			// into this P's runnext, then run from the local queue.
			if stealTimersOrRunNextG && len(mc.allp[p2].timers) > 0 {
				ran, w := mc.runTimers(p2, pp, mi)
				if w != 0 && (pollUntil == 0 || w < pollUntil) {
					pollUntil = w
				}
				if ran {
					if gi, inh := mc.runqgetEv(mi, pp); gi != nilIdx {
						return gi, inh, ranTimer, pollUntil, "readied by another P's timer, run by this thief"
					}
					ranTimer = true
				}
			}
			// Don't bother to attempt to steal if p2 is idle.
			if !mc.isIdleP(p2) {
				if gi := mc.runqstealEv(mi, pp, p2, i, stealTimersOrRunNextG); gi != nilIdx {
					return gi, false, ranTimer, pollUntil, "stolen"
				}
			}
		}
	}
	return nilIdx, false, ranTimer, pollUntil, ""
}

// runqstealEv is stealWork's runqsteal(pp, p2, stealRunNextG), reported;
// pass is stealWork's pass (0-3), or -1 when unknown (a hook's
// stealWork).
func (mc *Machine) runqstealEv(mi, pp, p2 int32, pass int, stealRunNextG bool) int32 {
	before := mc.runqlen(p2)
	gi, k, backoff := mc.runqsteal(pp, p2, stealRunNextG)
	if gi == nilIdx {
		return nilIdx
	}
	if backoff {
		mc.acc += CostRunnextBackoff
	}
	mc.stats.Steals++
	if ev := mc.emit(EvRunqsteal, mi, pp, mc.goidOf(gi), int64(k), int64(p2)); mc.cfg.Why {
		w := mc.why()
		if pass >= 0 {
			w.s("pass ").i(int64(pass + 1))
		} else {
			w.s("your stealWork")
		}
		if before == 0 {
			if pass >= 0 {
				w.s(" of 4 (the last, which may take runnext)")
			}
			w.s(": P").i(int64(p2)).s("'s ring was empty, so its runnext G").i(mc.goidOf(gi)).s(" was stolen")
			if backoff {
				w.s(" after usleep(3) gave its owner a chance to run it")
			}
		} else {
			if pass >= 0 {
				w.s(" of 4")
			}
			w.s(": stole ").i(int64(k)).s(" of P").i(int64(p2)).s("'s ").i(int64(before)).s(" (ceil(half), from the head: its oldest); runs the youngest stolen, G").i(mc.goidOf(gi)).s(", and keeps ").i(int64(k - 1)).s(" in order")
		}
		ev.Why = w.str()
	}
	return gi
}
