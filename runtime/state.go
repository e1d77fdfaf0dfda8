package runtime

// State is a plain, JSON-ready snapshot of the whole simulated runtime
// (`--state-at`, the debugger's board and print commands, the checker).
// Lists are in the runtime's order: run queues head→tail, the idle lists
// from their head (both are LIFO).
type State struct {
	Seq        int64       `json:"seq"`
	Clock      int64       `json:"clock_ns"`
	GOMAXPROCS int         `json:"gomaxprocs"`
	Layers     string      `json:"layers"`
	Ps         []PState    `json:"ps"`
	Global     []int64     `json:"global_runq"` // goids, head→tail
	Sched      SchedState  `json:"sched"`
	Ms         []MState    `json:"ms"`
	Gs         []GState    `json:"gs"` // live Gs (not dead), by goid
	Sysmon     *SysmonInfo `json:"sysmon,omitempty"`
	Timers     []TimerInfo `json:"timers"`       // pending timers, earliest first
	Netpoll    []ConnInfo  `json:"netpoll"`      // Gs parked on the network
	GC         *GCInfo     `json:"gc,omitempty"` // the collector (layer gc)
	Exit       *Exit       `json:"exit,omitempty"`
	Stats      Stats       `json:"stats"`
}

// PState is one P.
type PState struct {
	ID          int32   `json:"id"`
	Status      string  `json:"status"`
	M           int32   `json:"m"`       // -1: none
	G           int64   `json:"g"`       // goid of the G its M runs, -1: none
	Runnext     int64   `json:"runnext"` // -1: empty
	Runq        []int64 `json:"runq"`    // head→tail
	Schedtick   uint32  `json:"schedtick"`
	Syscalltick uint32  `json:"syscalltick"`
	Timers      int     `json:"timers"`
}

// SchedState is the global scheduler counters (schedt).
type SchedState struct {
	NMSpinning   int32   `json:"nmspinning"`
	NPIdle       int32   `json:"npidle"`
	NMIdle       int32   `json:"nmidle"`
	NeedSpinning bool    `json:"needspinning"`
	IdlePs       []int32 `json:"idle_ps"` // sched.pidle from its head
	IdleMs       []int32 `json:"idle_ms"` // sched.midle from its head
	MCount       int32   `json:"mcount"`
	LastPoll     int64   `json:"lastpoll"`
	LockAcq      int64   `json:"lock_acquisitions,omitempty"` // GM model
	LockWait     int64   `json:"lock_contended,omitempty"`
}

// MState is one M.
type MState struct {
	ID       int32  `json:"id"`
	State    string `json:"state"`
	P        int32  `json:"p"`     // -1: none
	NextP    int32  `json:"nextp"` // -1: none
	OldP     int32  `json:"oldp"`  // -1: none
	CurG     int64  `json:"curg"`  // -1: none
	Spinning bool   `json:"spinning"`
	Sysmon   bool   `json:"sysmon,omitempty"`
	Until    int64  `json:"until,omitempty"` // end of the syscall / work / poll it is in
}

// GState is one G.
type GState struct {
	Goid       int64        `json:"goid"`
	Status     string       `json:"status"`
	WaitReason string       `json:"wait_reason,omitempty"`
	WaitSince  int64        `json:"wait_since,omitempty"`
	M          int32        `json:"m"`     // -1: none
	Where      string       `json:"where"` // "running on M0", "runnext of P1", "runq of P0", "global", "chan 3 recvq", …
	StackSize  int64        `json:"stack_size"`
	StackUsed  int64        `json:"stack_used"`
	Preempt    bool         `json:"preempt,omitempty"`
	Func       string       `json:"func"` // the function it runs now
	Pos        string       `json:"pos"`  // file:line:col it is at
	Line       int32        `json:"line"`
	Frames     []FrameState `json:"frames"` // innermost first
	CreatedBy  int64        `json:"created_by,omitempty"`
	WorkLeft   int64        `json:"work_left,omitempty"`
}

// FrameState is one stack frame of a G.
type FrameState struct {
	Func string `json:"func"`
	Pos  string `json:"pos"`
	Line int32  `json:"line"`
	File string `json:"file"`
	Size int    `json:"size"` // bytes (0 for a body the compiler inlined into the frame below, whose size counts it)
}

// SysmonInfo is sysmon's state.
type SysmonInfo struct {
	M     int32 `json:"m"`
	Delay int64 `json:"delay_us"` // current sleep
	Idle  int   `json:"idle"`     // idle loops in a row
	Next  int64 `json:"next"`     // when it wakes next
	Deep  bool  `json:"deep_sleep"`
}

// TimerInfo is a pending timer.
type TimerInfo struct {
	When int64  `json:"when"`
	P    int32  `json:"p"`
	G    int64  `json:"g"`    // the sleeper, or -1
	Kind string `json:"kind"` // "sleep", "chan" (NewTimer, After, tickers), "func" (AfterFunc) or "zombie" (stopped, not yet removed)
}

// ConnInfo is a G parked on the network (or a pending dial).
type ConnInfo struct {
	Conn    int32 `json:"conn"`
	G       int64 `json:"g"` // -1: nobody waits yet
	ReadyAt int64 `json:"ready_at"`
}

// GCInfo is the collector's state (layer gc; mgc.go). Sizes are bytes.
type GCInfo struct {
	Phase       string `json:"phase"`  // "off", "mark", "mark termination"
	Cycles      uint32 `json:"cycles"` // started so far
	HeapLive    uint64 `json:"heap_live"`
	HeapMarked  uint64 `json:"heap_marked"` // what the last cycle marked
	Trigger     uint64 `json:"trigger"`     // the next cycle starts at this heap
	HeapGoal    uint64 `json:"heap_goal"`
	GOGC        int32  `json:"gogc"`         // -1: off
	MemoryLimit int64  `json:"memory_limit"` // 9223372036854775807: off
	// A stop of the world under way: why, and how many Ps are still
	// running.
	STW      string `json:"stw,omitempty"`
	StopWait int32  `json:"stopwait,omitempty"`
	// The mark: the scan work not yet claimed, the dedicated workers still
	// wanted, the fractional goal (per mille of a P), the workers running
	// and the goroutines assisting or waiting to.
	MarkWork           int64          `json:"mark_work,omitempty"`
	DedicatedNeeded    int64          `json:"dedicated_needed,omitempty"`
	FractionalPermille int64          `json:"fractional_permille,omitempty"`
	Workers            []GCWorkerInfo `json:"workers,omitempty"`
	Assisting          []int64        `json:"assisting,omitempty"`
	AssistQueue        []int64        `json:"assist_queue,omitempty"`
	SweepLeft          int64          `json:"sweep_left,omitempty"` // spans not yet swept
}

// GCWorkerInfo is a mark worker at work.
type GCWorkerInfo struct {
	G    int64  `json:"g"`
	P    int32  `json:"p"`
	Mode string `json:"mode"` // "GC (dedicated)", "GC (fractional)", "GC (idle)"
}
