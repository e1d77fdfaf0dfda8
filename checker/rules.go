package checker

import "strings"

// Rules: an exercise's score is the share of its rules that hold, each
// rule worth the same, and a rule holds when every test of it passes. A
// wrong rule in 04-retake costs one rule of eight, not one test of forty.
// The tests are grouped by the prefix of their names (battery/test); a
// property no rule names is a rule of its own, and each scenario battery
// is one rule.

// ruleDef is a rule and the prefixes of its tests' names.
type ruleDef struct {
	name  string
	tests []string
}

// ruleTable lists each exercise's rules, in the order the gradebook
// shows them.
var ruleTable = map[string][]ruleDef{
	"01-newstack": {
		{"the new size: double until the frame fits", []string{"properties/doubles", "properties/grows from 8 KB", "properties/every stack size"}},
		{"StackGuard bytes stay free below the frame, and no more", []string{"properties/leaves StackGuard", "properties/the frame fits exactly", "properties/one byte more"}},
		{"copystack copies the used bytes", []string{"properties/copies the used bytes"}},
	},
	"02-runqput": {
		{"runqput puts at the ring's tail, wrapping", []string{"properties/puts at the ring's tail", "properties/the ring wraps around"}},
		{"next: into runnext, the kicked G to the tail", []string{"properties/next goes into runnext", "properties/the kicked runnext"}},
		{"a full ring: runqputslow moves half + 1 to the global queue, in order", []string{"properties/a full ring"}},
		{"no G lost or duplicated, on every ring", []string{"properties/no G lost", "properties/every ring"}},
	},
	"02-runqget": {
		{"runqget: runnext first (inheriting the time slice), then the ring's head", []string{"properties/runqget: runnext first", "properties/runqget: then the ring's head", "properties/runqget: the ring wraps around"}},
		{"runqget: nothing from an empty queue, on every ring", []string{"properties/runqget: nothing", "properties/every ring: runqget"}},
		{"findRunnable: every 61st schedtick one global G first", []string{"properties/findRunnable: every 61st", "properties/findRunnable: the 61st tick"}},
		{"findRunnable: the local queue before the global one", []string{"properties/findRunnable: local before global", "properties/findRunnable: nothing anywhere"}},
		{"globrunqgetbatch: min(max, size, size/gomaxprocs+1)", []string{"properties/findRunnable: a batch"}},
	},
	"02-gfree": {
		{"gfput: a dead G goes on its P's free list, at the head", []string{"properties/gfput: on the P's list", "properties/gfput: 63 stay"}},
		{"gfput: at 64, Gs move to the global list until 31 are left", []string{"properties/gfput: at 64"}},
		{"gfget: from the P's free list's head", []string{"properties/gfget: from the P's list"}},
		{"gfget: an empty list is refilled with up to 32 from the global list's head", []string{"properties/gfget: an empty list", "properties/gfget: nothing anywhere"}},
		{"both, on every length of both lists", []string{"properties/every length of both lists"}},
	},
	"03-runqgrab": {
		{"ceil(half) from the victim's head, in order", []string{"properties/ceil(half)", "properties/half of a full ring", "properties/one of one"}},
		{"runnext only when asked and the ring is empty", []string{"properties/runnext"}},
		{"the batch wraps at batchHead, on every ring", []string{"properties/the batch wraps", "properties/every ring"}},
	},
	"03-wakep": {
		{"wakep: only when no M spins, counting the new spinner first", []string{"properties/wakep: an M spins", "properties/wakep: two Ms"}},
		{"wakep: a spinning M on the idle P", []string{"properties/wakep: no M spins"}},
		{"wakep: no idle P: the count goes back, and pidlegetSpinning sets needspinning", []string{"properties/wakep: no idle P", "properties/pidlegetSpinning"}},
		{"becomeSpinning: the flag, the count, needspinning cleared", []string{"properties/becomeSpinning"}},
		{"resetspinning: the flag and the count down, then wakep", []string{"properties/resetspinning"}},
		{"every spinning state: the same calls", []string{"properties/every spinning state"}},
	},
	"04-retake": {
		{"retake: the first look records the syscalltick", []string{"properties/retake: first look", "properties/retake: a stale time slice"}},
		{"retake: take the P when there is work or nobody to help", []string{"properties/retake: second look", "properties/retake: no work but no idle"}},
		{"retake: after 10 ms in the syscall, take it anyway", []string{"properties/retake: no work, but over 10ms", "properties/every combination of retake's"}},
		{"handoffp: work, local or global, starts an M", []string{"properties/handoffp: local work", "properties/handoffp: global work"}},
		{"handoffp: a spinning M when nobody looks for work", []string{"properties/handoffp: no work, nobody looking"}},
		{"handoffp: the last running P gets an M to poll the network", []string{"properties/handoffp: the last running P"}},
		{"handoffp: otherwise the P goes idle", []string{"properties/handoffp: no work and help is there", "properties/every combination of handoffp's"}},
	},
	"04-exitsyscall": {
		{"fast path: the M kept its P: syscalltick, stackguard0, and the G goes on", []string{"properties/exitsyscall: fast path"}},
		{"slow path: its old P back, if the M holding it is in a syscall", []string{"properties/exitsyscall: slow path: the old P, held", "properties/exitsyscallTryGetP: its old P"}},
		{"slow path: else an idle P, waking sysmon from a deep sleep", []string{"properties/exitsyscall: slow path: the old P busy", "properties/exitsyscall: slow path: an idle P", "properties/exitsyscallTryGetP: else", "properties/exitsyscallTryGetP: an idle P", "properties/exitsyscallTryGetP: none"}},
		{"slowest path: runnable, the global queue, and the M parks", []string{"properties/exitsyscall: slowest path", "properties/exitsyscallNoP: no P"}},
		{"slowest path: an idle P that appeared meanwhile runs the G", []string{"properties/exitsyscallNoP: an idle P"}},
		{"every syscall exit: the same calls", []string{"properties/every syscall exit"}},
	},
	"04-sysmon": {
		{"back-off: 20 µs, doubling after 50 idle passes", []string{"properties/back-off: 20 µs", "properties/back-off: doubling"}},
		{"back-off: at most 10 ms", []string{"properties/back-off: at most 10 ms"}},
		{"back-off: a pass that takes a P resets it", []string{"properties/back-off: a pass that takes a P", "properties/every idle count"}},
		{"deep sleep: only when every P is idle and no timer is due", []string{"properties/deep sleep: not while", "properties/deep sleep: not when"}},
		{"deep sleep: until the next timer, at most 60 s", []string{"properties/deep sleep: every P idle", "properties/deep sleep: a timer later"}},
		{"deep sleep: at every idle count and timer", []string{"properties/deep sleep at every idle count and timer"}},
	},
	"05-preempt": {
		{"gopreempt_m: the G goes to the global queue's tail", []string{"properties/gopreempt_m"}},
		{"wantAsyncPreempt: asked through the G or the P, and running", []string{"properties/the signal stops a G asked, running", "properties/the signal stops a G asked through", "properties/the signal stops a G not asked", "properties/the signal stops a G asked, but in a syscall"}},
		{"isAsyncSafePoint: not at a call into the runtime, but inside sim.Work", []string{"properties/the signal stops a G asked, stopped", "properties/the signal stops a G asked, inside"}},
		{"every ring and global queue: the preempted G's place", []string{"properties/on every ring and global queue"}},
		{"every G and P: the same decision on the signal", []string{"properties/the signal on every G and P"}},
	},
	"06-findrunnable": {
		{"the 61st schedtick: one global G before the local queue", []string{"properties/findRunnable: every 61st", "properties/findRunnable: the 61st schedtick"}},
		{"its own timers, then runnext, the ring, a batch of the global queue", []string{"properties/findRunnable: its own timers", "properties/findRunnable: the local queue", "properties/findRunnable: then a batch"}},
		{"netpoll(0) when Gs wait and no M is blocked in netpoll", []string{"properties/findRunnable: netpoll(0)", "properties/findRunnable: no netpoll(0)"}},
		{"steal only spinning, or while spinners are under half the busy Ps", []string{"properties/findRunnable: stealing: it becomes", "properties/findRunnable: no stealing"}},
		{"stealWork: four passes in cheaprand's order; timers and runnext on the last", []string{"properties/stealWork: four passes", "properties/stealWork: runnext only", "properties/stealWork: half of", "properties/stealWork: idle Ps", "properties/stealWork: the earliest timer", "properties/findRunnable: stealing: a timer on another P"}},
		{"a timer that readied nothing here: look again", []string{"properties/findRunnable: stealing: a timer that readies nothing", "properties/stealWork: a timer that readies nothing"}},
		{"before dropping the P: the global queue, needspinning", []string{"properties/findRunnable: before dropping"}},
		{"after dropping the P: drop spinning, then the global queue, the other Ps, the timers", []string{"properties/findRunnable: after dropping", "properties/checkRunqsNoP", "properties/checkTimersNoP"}},
		{"then block in netpoll until the next timer, or stop the M", []string{"properties/findRunnable: nothing anywhere", "properties/findRunnable: block in netpoll", "properties/findRunnable: a timer and an M"}},
		{"every small world: the same calls in the same order", []string{"properties/every small world"}},
	},
	"05-preemptone": {
		{"retake: only running Ps; a new schedtick is recorded with now", []string{"properties/retake: a new schedtick", "properties/retake: only running", "properties/retake: the same schedtick for 9 ms"}},
		{"retake: 10 ms on one schedtick: preemptone, and sysretake", []string{"properties/retake: the same schedtick for 10 ms", "properties/retake: every P in one pass", "properties/retake: a P between Gs"}},
		{"preemptone: not the caller's M, no G, or a G in a syscall: nothing", []string{"properties/preemptone: a G in a syscall", "properties/preemptone: an M between", "properties/preemptone: no M"}},
		{"preemptone: gp.preempt, stackguard0, pp.preempt and the signal", []string{"properties/preemptone: the running G", "properties/preemptone: async preemption off"}},
		{"the syscall half: the first look, the stale slice, work or nobody to help, 10 ms", []string{"properties/retake: a syscall seen for the first time", "properties/retake: a syscall seen before, no work, help idle", "properties/retake: a stale time slice"}},
		{"take the P, hand it off, count it", []string{"properties/retake: a syscall seen before, work waiting", "properties/retake: a syscall seen before, no work, nobody", "properties/retake: a syscall for over 10 ms"}},
		{"every P as sysmon finds it: the same calls", []string{"properties/every P as sysmon"}},
	},
	"07-scheduler": {
		{"schedule: what findRunnable finds runs; runnext inherits the time slice", []string{"properties/schedule: runs what"}},
		{"schedule: a spinning M stops spinning before it runs its G", []string{"properties/schedule: a spinning M"}},
		{"schedule: locked Gs and Ms: stoplockedm, startlockedm", []string{"properties/schedule: an M locked", "properties/schedule: a G locked"}},
		{"schedule: nothing to run: the M parks", []string{"properties/schedule: nothing to run"}},
	},
	"09-startcycle": {
		{"dedicated: 25% of GOMAXPROCS rounded to whole Ps", []string{"properties/dedicated:"}},
		{"fractional: more than 30% off, one dedicated fewer and the rest as a share of each P", []string{"properties/fractional:"}},
		{"idle: on every P a dedicated worker does not take", []string{"properties/idle:"}},
		{"periodic: no idle worker beside a dedicated one, else one", []string{"properties/periodic:"}},
		{"every GOMAXPROCS: the same workers", []string{"properties/every GOMAXPROCS"}},
	},
	"06-injectglist": {
		{"without a P: all to the global queue, and start that many idle Ps", []string{"properties/without a P"}},
		{"with a P: one per idle P to the global queue, the rest local", []string{"properties/with a P"}},
		{"a full ring overflows to the global queue", []string{"properties/a full ring"}},
		{"every list, idle count and ring: the same queues", []string{"properties/every list, idle count and ring"}},
	},
}

// batteryRules name the rule of a scenario battery's tests.
var batteryRules = map[string]string{
	"lesson":    "the lesson's scenarios: every decision and queue as Go's",
	"generated": "generated scenarios, 1 to 64 Ps: every decision and queue as Go's",
	"hidden":    "the instructor's hidden scenarios: every decision and queue as Go's",
	"scenario":  "the goal",
}

// ruleOf names the rule test (battery/test) of exercise ex belongs to.
func ruleOf(ex, test string) string {
	for _, r := range ruleTable[ex] {
		for _, p := range r.tests {
			if strings.HasPrefix(test, p) {
				return r.name
			}
		}
	}
	battery, name, _ := strings.Cut(test, "/")
	if r, ok := batteryRules[battery]; ok {
		return r
	}
	return name
}

// RuleResult is one rule's outcome: pass when every test of it passed.
type RuleResult struct {
	Name   string   `json:"name"`
	Status string   `json:"status"`
	Failed []string `json:"failed,omitempty"` // its failing tests
}

// scoreRules fills r.Rules, r.Score and r.Total from r.Tests.
func scoreRules(r *Result) {
	index := map[string]int{}
	r.Rules = nil
	for _, t := range r.Tests {
		name := ruleOf(r.Exercise, t.Name)
		i, ok := index[name]
		if !ok {
			i = len(r.Rules)
			index[name] = i
			r.Rules = append(r.Rules, RuleResult{Name: name, Status: StatusPass})
		}
		if t.Status != StatusPass {
			r.Rules[i].Status = StatusFail
			r.Rules[i].Failed = append(r.Rules[i].Failed, t.Name)
		}
	}
	r.Score, r.Total = 0, len(r.Rules)
	for _, rr := range r.Rules {
		if rr.Status == StatusPass {
			r.Score++
		}
	}
}

// FailedRules lists the names of the rules that do not hold.
func (r *Result) FailedRules() []string {
	var out []string
	for _, rr := range r.Rules {
		if rr.Status != StatusPass {
			out = append(out, rr.Name)
		}
	}
	return out
}

// Rules lists ex's rules: the table's, then one per scenario battery.
func (ex *Exercise) Rules() []string {
	seen := map[string]bool{}
	var out []string
	for _, b := range ex.batteries {
		for _, t := range b.tests {
			if n := ruleOf(ex.Name, b.name+"/"+t.name); !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	return out
}
