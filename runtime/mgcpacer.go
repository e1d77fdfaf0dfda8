package runtime

import (
	"math"
	"strconv"
)

// The GC pacer (mgcpacer.go: gcControllerState): when a cycle starts (the
// trigger), how big the heap may grow before it ends (the heap goal), how
// many Ps its background workers take (startCycle's dedicated and
// fractional split) and how much marking an allocating goroutine owes
// (the assist ratio). The arithmetic is the runtime's, function by
// function, with its constants; its inputs are the model's heap (the
// interpreter's allocations and live set, vm/malloc.go) and virtual time.
//
// Floating point: every product the runtime computes in float64 is
// rounded on its own here (float64(x*y)), so that no platform fuses a
// multiply and an add and a run stays byte-identical everywhere (the Go
// spec lets a compiler fuse them unless a conversion says not to).
//
// Simplified: gcCPULimiter (which turns assists off when the GC has used
// over half the CPU for a while) and the scavenger's pacing are not
// modelled; the Green Tea span queues are one pool of scan work. The
// scannable heap (heapScan) grows with the pointer-holding bytes allocated
// outside a mark, as update adds them (Machine.gcStartMark).

const (
	// gcBackgroundUtilization is the fraction of GOMAXPROCS the background
	// mark workers aim to use (gcGoalUtilization is the same).
	gcBackgroundUtilization = 0.25
	gcGoalUtilization       = gcBackgroundUtilization
	// gcOverAssistWork: an assist does at least this much scan work, to
	// pay for future allocations.
	gcOverAssistWork = 64 << 10
	// defaultHeapMinimum: the heap goal is never below 4 MB (at GOGC=100;
	// goexperiment.HeapMinimum512KiB is off in 1.26).
	defaultHeapMinimum = 4 << 20
	// memoryLimitMinHeapGoalHeadroom and memoryLimitHeapGoalHeadroomPercent:
	// the memory-limit goal keeps 3% (at least 1 MB) of headroom.
	memoryLimitMinHeapGoalHeadroom     = 1 << 20
	memoryLimitHeapGoalHeadroomPercent = 3
	// The trigger lies between 45/64 and 61/64 of the way from the live
	// heap to the goal.
	triggerRatioDen    = 64
	minTriggerRatioNum = 45
	maxTriggerRatioNum = 61
	// sweepMinHeapDistance is the runway kept for sweeping (mgc.go).
	sweepMinHeapDistance = 1024 * 1024
	// maxInt64 is GOMEMLIMIT=off (math.MaxInt64).
	maxInt64 = math.MaxInt64
)

// gcControllerState is the pacer's state (mgcpacer.go), in bytes and
// virtual ns.
type gcControllerState struct {
	gcPercent   int32 // GOGC; -1 is off
	memoryLimit int64 // GOMEMLIMIT; math.MaxInt64 is off
	heapMinimum uint64

	runway       uint64
	consMark     float64
	lastConsMark [4]float64

	gcPercentHeapGoal   uint64
	sweepDistMinTrigger uint64
	triggered           uint64 // heapLive when the cycle started; ^0 outside one
	lastHeapGoal        uint64

	heapMarked    uint64 // live heap the last cycle marked
	heapScan      uint64 // scannable heap, fixed at a cycle's start
	lastHeapScan  uint64
	lastStackScan uint64
	maxStackScan  uint64
	globalsScan   uint64

	heapScanWork, stackScanWork, globalsScanWork int64
	bgScanCredit                                 int64

	assistTime, dedicatedMarkTime, fractionalMarkTime, idleMarkTime int64
	markStartTime                                                   int64

	dedicatedMarkWorkersNeeded int64
	dedicatedAtStart           int64 // startCycle's dedicatedMarkWorkersNeeded (for the why)
	fractionalUtilizationGoal  float64
	idleMarkWorkers            int32 // running
	maxIdleMarkWorkers         int32

	assistWorkPerByte  float64
	assistBytesPerWork float64
}

// init sets the pacer up from GOGC and GOMEMLIMIT (gcControllerState.init).
func (c *gcControllerState) init(gcPercent int32, memoryLimit int64, mem memSnapshot) {
	c.heapMinimum = defaultHeapMinimum
	c.triggered = ^uint64(0)
	c.setGCPercent(gcPercent)
	c.setMemoryLimit(memoryLimit)
	c.commit(true, mem) // no sweep phase in the first cycle
}

// setGCPercent sets GOGC (-1: off) and the heap minimum with it; commit
// must follow (gcControllerState.setGCPercent). It returns the old value.
func (c *gcControllerState) setGCPercent(in int32) int32 {
	out := c.gcPercent
	if in < 0 {
		in = -1
	}
	c.heapMinimum = defaultHeapMinimum * uint64(in) / 100
	c.gcPercent = in
	return out
}

// setMemoryLimit sets GOMEMLIMIT if in ≥ 0 (gcControllerState.setMemoryLimit).
func (c *gcControllerState) setMemoryLimit(in int64) int64 {
	out := c.memoryLimit
	if in >= 0 {
		c.memoryLimit = in
	}
	return out
}

// memSnapshot is what the pacer reads of the memory the runtime holds
// (mstats.go): the inputs of memoryLimitHeapGoal and commit.
type memSnapshot struct {
	heapLive    uint64 // gcController.heapLive
	heapFree    uint64 // free heap memory not given back to the OS
	heapAlloc   uint64 // totalAlloc - totalFree: objects not yet swept away
	mappedReady uint64 // memory mapped and not released
}

// commit recomputes the GOGC goal and the runway (gcControllerState.commit).
func (c *gcControllerState) commit(isSweepDone bool, mem memSnapshot) {
	if isSweepDone {
		c.sweepDistMinTrigger = 0
	} else {
		c.sweepDistMinTrigger = mem.heapLive + sweepMinHeapDistance
	}
	goal := ^uint64(0)
	if c.gcPercent >= 0 {
		goal = c.heapMarked + (c.heapMarked+c.lastStackScan+c.globalsScan)*uint64(c.gcPercent)/100
	}
	if goal < c.heapMinimum {
		goal = c.heapMinimum
	}
	c.gcPercentHeapGoal = goal
	scan := float64(c.lastHeapScan + c.lastStackScan + c.globalsScan)
	c.runway = uint64(float64(float64(c.consMark*(1-gcGoalUtilization))/gcGoalUtilization) * scan)
}

// heapGoal is the current heap goal (gcControllerState.heapGoal).
func (c *gcControllerState) heapGoal(mem memSnapshot) uint64 {
	goal, _ := c.heapGoalInternal(mem)
	return goal
}

// heapGoalInternal is heapGoal with the lowest trigger it allows
// (gcControllerState.heapGoalInternal).
func (c *gcControllerState) heapGoalInternal(mem memSnapshot) (goal, minTrigger uint64) {
	goal = c.gcPercentHeapGoal
	if newGoal := c.memoryLimitHeapGoal(mem); newGoal < goal {
		goal = newGoal
	} else {
		sweepDistTrigger := c.sweepDistMinTrigger
		if sweepDistTrigger > goal {
			goal = sweepDistTrigger
		}
		minTrigger = sweepDistTrigger
		const minRunway = 64 << 10
		if c.triggered != ^uint64(0) && goal < c.triggered+minRunway {
			goal = c.triggered + minRunway
		}
	}
	return goal, minTrigger
}

// memoryLimitHeapGoal is the heap goal GOMEMLIMIT allows: the limit less
// what the runtime holds besides heap objects, less 3% (at least 1 MB)
// of headroom (gcControllerState.memoryLimitHeapGoal).
func (c *gcControllerState) memoryLimitHeapGoal(mem memSnapshot) uint64 {
	memoryLimit := uint64(c.memoryLimit)
	nonHeapMemory := mem.mappedReady - mem.heapFree - mem.heapAlloc
	var overage uint64
	if mem.mappedReady > memoryLimit {
		overage = mem.mappedReady - memoryLimit
	}
	if nonHeapMemory+overage >= memoryLimit {
		return c.heapMarked
	}
	goal := memoryLimit - (nonHeapMemory + overage)
	headroom := goal / 100 * memoryLimitHeapGoalHeadroomPercent
	if headroom < memoryLimitMinHeapGoalHeadroom {
		headroom = memoryLimitMinHeapGoalHeadroom
	}
	if goal < headroom || goal-headroom < headroom {
		goal = headroom
	} else {
		goal -= headroom
	}
	if goal < c.heapMarked {
		goal = c.heapMarked
	}
	return goal
}

// trigger is the heap size at which the next cycle starts, and the goal
// (gcControllerState.trigger).
func (c *gcControllerState) trigger(mem memSnapshot) (trigger, goal uint64) {
	goal, minTrigger := c.heapGoalInternal(mem)
	if c.heapMarked >= goal {
		return goal, goal
	}
	if minTrigger < c.heapMarked {
		minTrigger = c.heapMarked
	}
	triggerLowerBound := ((goal-c.heapMarked)/triggerRatioDen)*minTriggerRatioNum + c.heapMarked
	if minTrigger < triggerLowerBound {
		minTrigger = triggerLowerBound
	}
	maxTrigger := ((goal-c.heapMarked)/triggerRatioDen)*maxTriggerRatioNum + c.heapMarked
	if goal > defaultHeapMinimum && goal-defaultHeapMinimum > maxTrigger {
		maxTrigger = goal - defaultHeapMinimum
	}
	maxTrigger = max(maxTrigger, minTrigger)
	if c.runway > goal {
		trigger = minTrigger
	} else {
		trigger = goal - c.runway
	}
	trigger = max(trigger, minTrigger)
	trigger = min(trigger, maxTrigger)
	if trigger > goal {
		panic("gcControllerState.trigger: produced a trigger greater than the heap goal")
	}
	return trigger, goal
}

// startCycle resets the cycle's counters and sets the workers
// startCycleWorkers decided (gcControllerState.startCycle); the engine
// asks that decision of Hooks.GCStartCycle when an exercise replaces it
// (Machine.gcStartCycleWorkers).
func (c *gcControllerState) startCycle(markStartTime int64, w GCWorkers, mem memSnapshot) {
	c.heapScanWork, c.stackScanWork, c.globalsScanWork = 0, 0, 0
	c.bgScanCredit = 0
	c.assistTime, c.dedicatedMarkTime, c.fractionalMarkTime, c.idleMarkTime = 0, 0, 0, 0
	c.markStartTime = markStartTime
	c.triggered = mem.heapLive

	c.fractionalUtilizationGoal = w.FractionalUtilizationGoal
	c.maxIdleMarkWorkers = w.MaxIdleMarkWorkers
	c.dedicatedMarkWorkersNeeded = w.DedicatedMarkWorkersNeeded
	c.dedicatedAtStart = w.DedicatedMarkWorkersNeeded
	c.revise(mem)
}

// GCWorkers is startCycle's decision about a cycle's mark workers
// (mgcpacer.go: gcControllerState's dedicatedMarkWorkersNeeded,
// fractionalUtilizationGoal and maxIdleMarkWorkers).
type GCWorkers struct {
	// DedicatedMarkWorkersNeeded is how many Ps run a dedicated worker
	// for the whole mark.
	DedicatedMarkWorkersNeeded int64
	// FractionalUtilizationGoal is the share of each P's time a
	// fractional worker should take (0: none).
	FractionalUtilizationGoal float64
	// MaxIdleMarkWorkers is how many idle-priority workers may run at
	// once on Ps with nothing else to do.
	MaxIdleMarkWorkers int32
}

// startCycleWorkers is startCycle's decision, as the runtime computes it:
// split the 25% of GOMAXPROCS between dedicated workers (whole Ps) and a
// fractional goal (gcWorkerSplit), then bound the idle workers: a periodic
// (forced by time) cycle allows none when it has a dedicated worker and
// one when it has not; any other cycle allows one on every P a dedicated
// worker does not take (gcControllerState.startCycle).
func startCycleWorkers(procs int32, periodic bool) GCWorkers {
	dedicated, fractional := gcWorkerSplit(int(procs))
	w := GCWorkers{DedicatedMarkWorkersNeeded: dedicated, FractionalUtilizationGoal: fractional}
	if periodic {
		if dedicated > 0 {
			w.MaxIdleMarkWorkers = 0
		} else {
			w.MaxIdleMarkWorkers = 1
		}
	} else {
		w.MaxIdleMarkWorkers = procs - int32(dedicated)
	}
	return w
}

// gcWorkerSplit is startCycle's split: how many dedicated mark workers a
// cycle runs at GOMAXPROCS procs, and the fraction of each P's time the
// fractional worker should take: round to the nearest whole P, and if
// that is more than 30% off 25% (GOMAXPROCS ≤ 3 or 6), use one dedicated
// worker fewer when it rounded up and make up the rest with fractional
// workers.
func gcWorkerSplit(procs int) (dedicated int64, fractionalGoal float64) {
	totalUtilizationGoal := float64(procs) * gcBackgroundUtilization
	dedicated = int64(totalUtilizationGoal + 0.5)
	utilError := float64(dedicated)/totalUtilizationGoal - 1
	const maxUtilError = 0.3
	if utilError < -maxUtilError || utilError > maxUtilError {
		if float64(dedicated) > totalUtilizationGoal {
			dedicated--
		}
		fractionalGoal = (totalUtilizationGoal - float64(dedicated)) / float64(procs)
	}
	return dedicated, fractionalGoal
}

// revise recomputes the assist ratio: the scan work left over the bytes
// left before the goal (gcControllerState.revise).
func (c *gcControllerState) revise(mem memSnapshot) {
	gcPercent := c.gcPercent
	if gcPercent < 0 {
		gcPercent = 100000
	}
	live := mem.heapLive
	scan := c.heapScan
	work := c.heapScanWork + c.stackScanWork + c.globalsScanWork
	heapGoal := int64(c.heapGoal(mem))
	scanWorkExpected := int64(c.lastHeapScan + c.lastStackScan + c.globalsScan)
	maxScanWork := int64(scan + c.maxStackScan + c.globalsScan)
	if work > scanWorkExpected {
		extHeapGoal := int64(float64(float64(heapGoal-int64(c.triggered))/float64(scanWorkExpected))*float64(maxScanWork)) + int64(c.triggered)
		scanWorkExpected = maxScanWork
		hardGoal := int64(float64(1.0+float64(gcPercent)/100.0) * float64(heapGoal))
		if extHeapGoal > hardGoal {
			extHeapGoal = hardGoal
		}
		heapGoal = extHeapGoal
	}
	if int64(live) > heapGoal {
		const maxOvershoot = 1.1
		heapGoal = int64(float64(float64(heapGoal) * maxOvershoot))
		scanWorkExpected = maxScanWork
	}
	scanWorkRemaining := scanWorkExpected - work
	if scanWorkRemaining < 1000 {
		scanWorkRemaining = 1000
	}
	heapRemaining := heapGoal - int64(live)
	if heapRemaining <= 0 {
		heapRemaining = 1
	}
	c.assistWorkPerByte = float64(scanWorkRemaining) / float64(heapRemaining)
	c.assistBytesPerWork = float64(heapRemaining) / float64(scanWorkRemaining)
}

// endCycle measures this cycle's cons/mark ratio for the next one's runway
// (gcControllerState.endCycle).
func (c *gcControllerState) endCycle(now int64, procs int, mem memSnapshot) {
	c.lastHeapGoal = c.heapGoal(mem)
	assistDuration := now - c.markStartTime
	utilization := gcBackgroundUtilization
	if assistDuration > 0 {
		utilization += float64(c.assistTime) / float64(assistDuration*int64(procs))
	}
	if mem.heapLive <= c.triggered {
		return
	}
	idleUtilization := 0.0
	if assistDuration > 0 {
		idleUtilization = float64(c.idleMarkTime) / float64(assistDuration*int64(procs))
	}
	scanWork := c.heapScanWork + c.stackScanWork + c.globalsScanWork
	currentConsMark := float64(float64(mem.heapLive-c.triggered)*float64(utilization+idleUtilization)) /
		float64(float64(scanWork)*float64(1-utilization))
	c.consMark = currentConsMark
	for i := range c.lastConsMark {
		if c.lastConsMark[i] > c.consMark {
			c.consMark = c.lastConsMark[i]
		}
	}
	copy(c.lastConsMark[:], c.lastConsMark[1:])
	c.lastConsMark[len(c.lastConsMark)-1] = currentConsMark
}

// resetLive sets the heap up for the next cycle after this one marked
// bytesMarked (gcControllerState.resetLive).
func (c *gcControllerState) resetLive(bytesMarked uint64) {
	c.heapMarked = bytesMarked
	c.heapScan = uint64(c.heapScanWork)
	c.lastHeapScan = uint64(c.heapScanWork)
	c.lastStackScan = uint64(c.stackScanWork)
	c.triggered = ^uint64(0)
}

// markWorkerStop accounts a worker's run (gcControllerState.markWorkerStop).
func (c *gcControllerState) markWorkerStop(mode gcMarkWorkerMode, duration int64) {
	switch mode {
	case gcMarkWorkerDedicatedMode:
		c.dedicatedMarkTime += duration
		c.dedicatedMarkWorkersNeeded++
	case gcMarkWorkerFractionalMode:
		c.fractionalMarkTime += duration
	case gcMarkWorkerIdleMode:
		c.idleMarkTime += duration
		c.idleMarkWorkers--
		if c.idleMarkWorkers < 0 {
			panic("markWorkerStop: negative idle mark workers")
		}
	default:
		panic("markWorkerStop: unknown mark worker mode")
	}
}

// addIdleMarkWorker reserves an idle worker's place if one is allowed
// (gcControllerState.addIdleMarkWorker).
func (c *gcControllerState) addIdleMarkWorker() bool {
	if c.idleMarkWorkers >= c.maxIdleMarkWorkers {
		return false
	}
	c.idleMarkWorkers++
	return true
}

// needIdleMarkWorker: could another idle worker run
// (gcControllerState.needIdleMarkWorker).
func (c *gcControllerState) needIdleMarkWorker() bool {
	return c.idleMarkWorkers < c.maxIdleMarkWorkers
}

// readGOGC is GOGC's value: "off" is -1, a number is itself, anything else
// 100 (mgcpacer.go: readGOGC).
func readGOGC(s string) int32 {
	if s == "off" {
		return -1
	}
	if n, err := strconv.ParseInt(s, 10, 32); err == nil {
		return int32(n)
	}
	return 100
}

// readGOMEMLIMIT is GOMEMLIMIT's value: "" or "off" is no limit
// (math.MaxInt64), else a byte count with an optional B, KiB, MiB, GiB or
// TiB suffix; ok is false when it is malformed, which the runtime throws
// on at start (mgcpacer.go: readGOMEMLIMIT).
func readGOMEMLIMIT(s string) (int64, bool) {
	if s == "" || s == "off" {
		return maxInt64, true
	}
	return parseByteCount(s)
}

// parseByteCount parses a non-negative byte count with an optional unit
// (string.go: parseByteCount).
func parseByteCount(s string) (int64, bool) {
	if s == "" {
		return 0, false
	}
	last := s[len(s)-1]
	if last >= '0' && last <= '9' {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 {
			return 0, false
		}
		return n, true
	}
	if last != 'B' || len(s) < 2 {
		return 0, false
	}
	if c := s[len(s)-2]; c >= '0' && c <= '9' {
		n, err := strconv.ParseInt(s[:len(s)-1], 10, 64)
		if err != nil || n < 0 {
			return 0, false
		}
		return n, true
	} else if c != 'i' {
		return 0, false
	}
	if len(s) < 4 {
		return 0, false
	}
	power := 0
	switch s[len(s)-3] {
	case 'K':
		power = 1
	case 'M':
		power = 2
	case 'G':
		power = 3
	case 'T':
		power = 4
	default:
		return 0, false
	}
	m := uint64(1)
	for i := 0; i < power; i++ {
		m *= 1024
	}
	n, err := strconv.ParseInt(s[:len(s)-3], 10, 64)
	if err != nil || n < 0 {
		return 0, false
	}
	un := uint64(n)
	if un > math.MaxUint64/m {
		return 0, false
	}
	un *= m
	if un > uint64(math.MaxInt64) {
		return 0, false
	}
	return int64(un), true
}
