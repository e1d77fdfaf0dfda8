package checker

import (
	capref "github.com/gmplab/gmplab/exercises/07-scheduler/solution"
	"github.com/gmplab/gmplab/exercises/rt"
	"github.com/gmplab/gmplab/runtime"
)

// SchedulerFuncs are the capstone's functions: schedule, and every
// function of the earlier exercises it runs on.
type SchedulerFuncs struct {
	Schedule         WakepFunc
	FindRunnable     FindRunnableFunc
	StealWork        StealWorkFunc
	CheckRunqsNoP    CheckRunqsNoPFunc
	CheckTimersNoP   CheckTimersNoPFunc
	Wakep            WakepFunc
	Resetspinning    WakepFunc
	BecomeSpinning   WakepFunc
	PidlegetSpinning PidlegetSpinningFunc
	Runqput          RunqputFunc
	Runqget          RunqgetFunc
	Runqgrab         RunqgrabFunc
	Retake           RetakeAllFunc
	Preemptone       PreemptoneFunc
	Handoffp         HandoffpFunc
	Exitsyscall      ExitsyscallFunc
	Injectglist      InjectglistFunc
	GopreemptM       GopreemptFunc
}

// hooks puts f's functions in the engine's table: the scheduler runs on
// them entirely (schedule calls the learner's findRunnable, stealWork, …
// directly; the engine calls the others where the runtime does).
func (f SchedulerFuncs) hooks() *runtime.Hooks {
	return &runtime.Hooks{
		Schedule: f.Schedule, FindRunnable: f.FindRunnable,
		Wakep: f.Wakep, Resetspinning: f.Resetspinning, BecomeSpinning: f.BecomeSpinning, PidlegetSpinning: f.PidlegetSpinning,
		Runqput: f.Runqput, Runqget: f.Runqget, Runqgrab: f.Runqgrab,
		Retake: f.Retake, Handoffp: f.Handoffp, Exitsyscall: f.Exitsyscall,
		Injectglist: f.Injectglist, GopreemptM: f.GopreemptM,
	}
}

// schedRun runs a schedule on w: its calls (findRunnable's among them).
func schedRun(f WakepFunc) func(*world) string {
	return func(w *world) string {
		w.run(func() { f(w) })
		return outcome(w.acts, "returns")
	}
}

// Scheduler is exercise 07-scheduler, the capstone: schedule, and the
// whole scheduler on the learner's functions, on lesson 07's scenarios
// and generated ones.
func Scheduler(f SchedulerFuncs) *Exercise {
	ex := &Exercise{Name: "07-scheduler", Funcs: []string{"schedule", "findRunnable", "stealWork", "checkRunqsNoP", "checkTimersNoP",
		"wakep", "resetspinning", "becomeSpinning", "pidlegetSpinning", "runqput", "runqget", "runqgrab", "retake", "preemptone",
		"handoffp", "exitsyscall", "exitsyscallTryGetP", "exitsyscallNoP", "injectglist", "gopreempt_m"}}
	yours, want := schedRun(f.Schedule), schedRun(capref.Schedule)
	s := func(name string, w *world) test { return worldProp("schedule: "+name, w, yours, want) }
	props := []test{
		s("runs what findRunnable finds; runnext inherits the time slice", newWorld(2).local(0, 9, 1)),
		s("a spinning M that found work stops spinning before it runs it", func() *world {
			w := newWorld(3).running(1, 30).local(1, 0, 1, 2)
			w.self().spinning, w.nmspinning = true, 1
			return w
		}()),
		s("an M locked to a G hands its P off and waits for it", func() *world {
			w := newWorld(2).local(0, 9)
			w.self().lockedg = true
			return w
		}()),
		s("a G locked to another M: hand it the P", func() *world {
			w := newWorld(2).local(0, 9)
			w.gs[9].lockedm = true
			return w
		}()),
		s("nothing to run: the M parks, and schedule returns", newWorld(2).running(1, 30)),
	}
	hooks := f.hooks()
	ex.hooks = hooks
	ex.batteries = append([]battery{{name: "properties", tests: props}}, scenarioBatteries(ex.Name, 7, []string{"spawn.go", "yield.go", "syscalls.go", "netwait.go", "idlepoll.go"}, []int{1, 2, 4, 16, 64}, hooks)...)
	return ex
}

// capstoneRef is the capstone with the reference functions.
func capstoneRef() SchedulerFuncs {
	return SchedulerFuncs{
		Schedule: capref.Schedule, FindRunnable: capref.FindRunnable, StealWork: capref.StealWork,
		CheckRunqsNoP: capref.CheckRunqsNoP, CheckTimersNoP: capref.CheckTimersNoP,
		Wakep: capref.Wakep, Resetspinning: capref.Resetspinning, BecomeSpinning: capref.BecomeSpinning, PidlegetSpinning: capref.PidlegetSpinning,
		Runqput: capref.Runqput, Runqget: capref.Runqget, Runqgrab: capref.Runqgrab,
		Retake: capref.Retake, Preemptone: capref.Preemptone, Handoffp: capref.Handoffp,
		Exitsyscall: capref.Exitsyscall, Injectglist: capref.Injectglist, GopreemptM: capref.GopreemptM,
	}
}

var _ = rt.Guintptr(0)
