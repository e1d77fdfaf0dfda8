package lang

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"time"

	"github.com/gmplab/gmplab/vm"
)

// time: the simulated clock (Now, Since, Until, Sleep), Duration's and
// Time's methods (computed with the real package by the VM,
// vm/host_time.go, on a clock that starts at 2009-11-10 23:00:00 UTC),
// Month and Weekday, and the timers: NewTimer, After, AfterFunc,
// NewTicker, Tick and the Timer's and Ticker's methods (OpTimer, performed
// by the scheduler: runtime/timer_chan.go).
//
// A Timer or Ticker is a struct of two slots, as the program sees it: C
// (its channel) and the runtime timer's id + 1, so *time.Timer is an
// object pointer and t.C an ordinary field.

var timeAPI = "time.Duration (String, Hours, Minutes, Seconds, Milliseconds, Microseconds, Nanoseconds, Round, Truncate, Abs), time.Nanosecond … time.Hour, " +
	"time.Time (Sub, Add, Before, After, Equal, Compare, IsZero, Unix, UnixMilli, UnixMicro, UnixNano, Format, String, Year, Month, Day, Hour, Minute, Second, Nanosecond, Weekday, YearDay, Date, Clock, Round, Truncate, UTC, Local), " +
	"time.Now, time.Since, time.Until, time.Sleep, time.Unix, time.UnixMilli, time.UnixMicro, time.Date, time.UTC, time.Local, time.Month, time.Weekday and their constants and String, the layouts (time.RFC3339 …), " +
	"time.NewTimer, time.After, time.AfterFunc, time.Timer (C, Stop, Reset), time.NewTicker, time.Tick, time.Ticker (C, Stop, Reset)"

// timeLayouts are the layout constants, with the real package's values.
var timeLayouts = []struct{ name, v string }{
	{"Layout", time.Layout}, {"ANSIC", time.ANSIC}, {"UnixDate", time.UnixDate}, {"RubyDate", time.RubyDate},
	{"RFC822", time.RFC822}, {"RFC822Z", time.RFC822Z}, {"RFC850", time.RFC850}, {"RFC1123", time.RFC1123},
	{"RFC1123Z", time.RFC1123Z}, {"RFC3339", time.RFC3339}, {"RFC3339Nano", time.RFC3339Nano}, {"Kitchen", time.Kitchen},
	{"Stamp", time.Stamp}, {"StampMilli", time.StampMilli}, {"StampMicro", time.StampMicro}, {"StampNano", time.StampNano},
	{"DateTime", time.DateTime}, {"DateOnly", time.DateOnly}, {"TimeOnly", time.TimeOnly},
}

// timeHost are the functions and methods computed by host functions of the
// same name.
var timeHost = strings.Fields(`time.Unix time.UnixMilli time.UnixMicro time.Date time.Month.String time.Weekday.String
	time.Duration.Hours time.Duration.Minutes time.Duration.Seconds time.Duration.Milliseconds time.Duration.Microseconds
	time.Duration.Nanoseconds time.Duration.Round time.Duration.Truncate time.Duration.Abs
	time.Time.Sub time.Time.Add time.Time.Before time.Time.After time.Time.Equal time.Time.Compare time.Time.IsZero
	time.Time.Unix time.Time.UnixMilli time.Time.UnixMicro time.Time.UnixNano time.Time.Format time.Time.String
	time.Time.Year time.Time.Month time.Time.Day time.Time.Hour time.Time.Minute time.Time.Second time.Time.Nanosecond
	time.Time.Weekday time.Time.YearDay time.Time.Date time.Time.Clock time.Time.Round time.Time.Truncate time.Time.UTC time.Time.Local`)

func init() {
	for _, k := range timeHost {
		libHandlers[k] = hostCall(k, nil)
	}
	libHandlers["time.Sleep"] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		fs.expr(call.Args[0])
		fs.setPos(call.Lparen)
		fs.emitOp(vm.OpSleep, 0, 0, 1, 0)
		return 0
	}
	libHandlers["time.Now"] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		fs.setPos(call.Lparen)
		fs.emitOp(vm.OpNow, 0, 0, 0, 1)
		return 1
	}
	// Since(t) is Now().Sub(t), Until(t) is t.Sub(Now()) (time.go).
	libHandlers["time.Since"] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		fs.setPos(call.Lparen)
		fs.emitOp(vm.OpNow, 0, 0, 0, 1)
		fs.expr(call.Args[0])
		fs.host("time.Time.Sub")
		return 1
	}
	libHandlers["time.Until"] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		fs.expr(call.Args[0])
		fs.setPos(call.Lparen)
		fs.emitOp(vm.OpNow, 0, 0, 0, 1)
		fs.host("time.Time.Sub")
		return 1
	}
	libHandlers["time.Duration.String"] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		fs.expr(ce.recv)
		fs.emitOp(vm.OpFmtDur, 0, 0, 1, 1)
		return 1
	}
	// The timers: OpTimer's operation, its operands and results.
	for key, op := range map[string]struct {
		a         int32
		pop, push int
		obj       bool // the result is a new Timer or Ticker (c id → object)
		recv      bool // a method: the receiver's timer id comes first
	}{
		"time.After": {vm.TimerAfter, 1, 1, false, false}, "time.Tick": {vm.TimerTick, 1, 1, false, false},
		"time.NewTimer": {vm.TimerNewTimer, 1, 2, true, false}, "time.NewTicker": {vm.TimerNewTicker, 1, 2, true, false},
		"time.AfterFunc":   {vm.TimerAfterFunc, 2, 1, true, false},
		"time.Timer.Stop":  {vm.TimerStop, 1, 1, false, true},
		"time.Timer.Reset": {vm.TimerReset, 2, 1, false, true}, "time.Ticker.Stop": {vm.TickerStop, 1, 0, false, true},
		"time.Ticker.Reset": {vm.TickerReset, 2, 0, false, true},
	} {
		libHandlers[key] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
			if op.recv {
				fs.addr(ce.recv)
				fs.emit(vm.OpField, 1, 0, 1, 1)
			}
			for _, a := range call.Args {
				fs.expr(a)
			}
			fs.setPos(call.Lparen)
			fs.emitOp(vm.OpTimer, op.a, 0, op.pop, op.push)
			if op.obj {
				fs.timerObject(op.push == 2)
			}
			return min(op.push, 1)
		}
	}
	registerLibVar("time.UTC", func(fs *fnState) { fs.pushInt(1) })
	registerLibVar("time.Local", func(fs *fnState) { fs.pushInt(2) })
}

// timerObject replaces the timer id (under it, the channel, if withC) on
// top of the stack by a new Timer or Ticker object {C, id}.
func (fs *fnState) timerObject(withC bool) {
	id := fs.newSlot(8)
	fs.emit(vm.OpStore, id, 0, 1, 0)
	ch := int32(-1)
	if withC {
		ch = fs.newSlot(8)
		fs.emit(vm.OpStore, ch, 0, 1, 0)
	}
	fs.emit(vm.OpNewObj, 2, 0, 0, 1)
	if withC {
		fs.emit(vm.OpDup, 0, 0, 1, 2)
		fs.emit(vm.OpLoad, ch, 0, 0, 1)
		fs.emit(vm.OpSetField, 0, 0, 2, 0)
	}
	fs.emit(vm.OpDup, 0, 0, 1, 2)
	fs.emit(vm.OpLoad, id, 0, 0, 1)
	fs.emit(vm.OpSetField, 1, 0, 2, 0)
}

// host emits the host function called name.
func (fs *fnState) host(name string) {
	idx, pop, push, ok := vm.Host(name)
	if !ok {
		panic("lang: no host function " + name)
	}
	fs.emitOp(vm.OpHost, idx, 0, pop, push)
}

// libVars compile the library's package-level variables (time.UTC), by
// "path.Name": each pushes the value.
var libVars = map[string]func(fs *fnState){}

func registerLibVar(key string, push func(fs *fnState)) { libVars[key] = push }

// libVar compiles a use of a library package's variable (false if obj is
// none).
func (fs *fnState) libVar(obj *types.Var) bool {
	if obj.Pkg() == nil || !fs.c.libs.isLib(obj.Pkg()) {
		return false
	}
	h := libVars[obj.Pkg().Path()+"."+obj.Name()]
	if h == nil {
		return false
	}
	h(fs)
	return true
}

// isTimeType reports whether t is package time's type called one of names.
func (l *libs) isTimeType(t types.Type, names ...string) bool {
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() != l.time {
		return false
	}
	for _, name := range names {
		if n.Obj().Name() == name {
			return true
		}
	}
	return false
}

// fmtTimeArg formats a time.Time, Month or Weekday with %v, %s or %q
// through its String method (fmt's handleMethods: a Stringer).
func (fs *fnState) fmtTimeArg(b *sbuild, a ast.Expr, verb rune, width int, flags string) bool {
	c := fs.c
	t := c.info.TypeOf(a)
	if t == nil || !c.libs.isTimeType(t, "Time", "Month", "Weekday") || !strings.ContainsRune("vsq", verb) {
		return false
	}
	name := "time." + t.(*types.Named).Obj().Name() + ".String"
	b.dyn(func() {
		fs.expr(a)
		fs.setPos(a.Pos())
		fs.host(name)
		if verb == 'q' {
			fs.emitOp(vm.OpFmtQ, 0, 0, 1, 1)
		}
		fs.pad(width, flags, false)
	})
	return true
}

// declareTime builds package time.
func (l *libs) declareTime() {
	tp := types.NewPackage("time", "time")
	l.time = tp
	var (
		int64T  = types.Typ[types.Int64]
		intT    = types.Typ[types.Int]
		boolT   = types.Typ[types.Bool]
		stringT = types.Typ[types.String]
		float64 = types.Typ[types.Float64]
	)
	v := func(name string, t types.Type) *types.Var { return types.NewParam(token.NoPos, tp, name, t) }
	tuple := func(ts ...types.Type) *types.Tuple {
		var vs []*types.Var
		for _, t := range ts {
			vs = append(vs, v("", t))
		}
		return types.NewTuple(vs...)
	}
	named := func(name string, under types.Type) *types.Named {
		obj := types.NewTypeName(token.NoPos, tp, name, nil)
		t := types.NewNamed(obj, under, nil)
		tp.Scope().Insert(obj)
		return t
	}
	fn := func(name string, params, results *types.Tuple) {
		tp.Scope().Insert(types.NewFunc(token.NoPos, tp, name, types.NewSignatureType(nil, nil, nil, params, results, false)))
	}
	method := func(recv types.Type, name string, params, results *types.Tuple) {
		n := recv
		if p, ok := recv.(*types.Pointer); ok {
			n = p.Elem()
		}
		sig := types.NewSignatureType(v("", recv), nil, nil, params, results, false)
		n.(*types.Named).AddMethod(types.NewFunc(token.NoPos, tp, name, sig))
	}
	consts := func(t types.Type, names []string, v0 int64) {
		for i, n := range names {
			tp.Scope().Insert(types.NewConst(token.NoPos, tp, n, t, constant.MakeInt64(v0+int64(i))))
		}
	}

	dur := named("Duration", int64T)
	l.duration = dur
	for _, c := range []struct {
		name string
		v    int64
	}{{"Nanosecond", 1}, {"Microsecond", 1e3}, {"Millisecond", 1e6}, {"Second", 1e9}, {"Minute", 60e9}, {"Hour", 3600e9}} {
		tp.Scope().Insert(types.NewConst(token.NoPos, tp, c.name, dur, constant.MakeInt64(c.v)))
	}
	method(dur, "String", tuple(), tuple(stringT))
	for _, m := range []string{"Nanoseconds", "Microseconds", "Milliseconds"} {
		method(dur, m, tuple(), tuple(int64T))
	}
	for _, m := range []string{"Hours", "Minutes", "Seconds"} {
		method(dur, m, tuple(), tuple(float64))
	}
	method(dur, "Round", tuple(dur), tuple(dur))
	method(dur, "Truncate", tuple(dur), tuple(dur))
	method(dur, "Abs", tuple(), tuple(dur))

	month := named("Month", intT)
	method(month, "String", tuple(), tuple(stringT))
	consts(month, strings.Fields("January February March April May June July August September October November December"), 1)
	weekday := named("Weekday", intT)
	method(weekday, "String", tuple(), tuple(stringT))
	consts(weekday, strings.Fields("Sunday Monday Tuesday Wednesday Thursday Friday Saturday"), 0)
	for _, c := range timeLayouts {
		tp.Scope().Insert(types.NewConst(token.NoPos, tp, c.name, types.Typ[types.UntypedString], constant.MakeString(c.v)))
	}
	loc := named("Location", types.NewStruct([]*types.Var{types.NewField(token.NoPos, tp, "name", stringT, false)}, nil))
	locPtr := types.NewPointer(loc)
	tp.Scope().Insert(types.NewVar(token.NoPos, tp, "UTC", locPtr))
	tp.Scope().Insert(types.NewVar(token.NoPos, tp, "Local", locPtr))

	timeT := named("Time", types.NewStruct([]*types.Var{types.NewField(token.NoPos, tp, "ns", int64T, false)}, nil))
	l.timeT = timeT
	for _, m := range []string{"Before", "After", "Equal"} {
		method(timeT, m, tuple(timeT), tuple(boolT))
	}
	method(timeT, "Sub", tuple(timeT), tuple(dur))
	method(timeT, "Compare", tuple(timeT), tuple(intT))
	method(timeT, "Add", tuple(dur), tuple(timeT))
	method(timeT, "Round", tuple(dur), tuple(timeT))
	method(timeT, "Truncate", tuple(dur), tuple(timeT))
	method(timeT, "UTC", tuple(), tuple(timeT))
	method(timeT, "Local", tuple(), tuple(timeT))
	method(timeT, "IsZero", tuple(), tuple(boolT))
	for _, m := range []string{"Unix", "UnixMilli", "UnixMicro", "UnixNano"} {
		method(timeT, m, tuple(), tuple(int64T))
	}
	for _, m := range []string{"Year", "Day", "Hour", "Minute", "Second", "Nanosecond", "YearDay"} {
		method(timeT, m, tuple(), tuple(intT))
	}
	method(timeT, "Month", tuple(), tuple(month))
	method(timeT, "Weekday", tuple(), tuple(weekday))
	method(timeT, "Date", tuple(), types.NewTuple(v("year", intT), v("month", month), v("day", intT)))
	method(timeT, "Clock", tuple(), types.NewTuple(v("hour", intT), v("min", intT), v("sec", intT)))
	method(timeT, "Format", types.NewTuple(v("layout", stringT)), tuple(stringT))
	method(timeT, "String", tuple(), tuple(stringT))

	fn("Now", tuple(), tuple(timeT))
	fn("Since", types.NewTuple(v("t", timeT)), tuple(dur))
	fn("Until", types.NewTuple(v("t", timeT)), tuple(dur))
	fn("Sleep", types.NewTuple(v("d", dur)), tuple())
	fn("Unix", types.NewTuple(v("sec", int64T), v("nsec", int64T)), tuple(timeT))
	fn("UnixMilli", types.NewTuple(v("msec", int64T)), tuple(timeT))
	fn("UnixMicro", types.NewTuple(v("usec", int64T)), tuple(timeT))
	fn("Date", types.NewTuple(v("year", intT), v("month", month), v("day", intT), v("hour", intT), v("min", intT), v("sec", intT), v("nsec", intT), v("loc", locPtr)), tuple(timeT))

	recvC := types.NewChan(types.RecvOnly, timeT)
	timerStruct := func() *types.Struct {
		return types.NewStruct([]*types.Var{types.NewField(token.NoPos, tp, "C", recvC, false), types.NewField(token.NoPos, tp, "r", int64T, false)}, nil)
	}
	timer := named("Timer", timerStruct())
	ticker := named("Ticker", timerStruct())
	method(types.NewPointer(timer), "Stop", tuple(), tuple(boolT))
	method(types.NewPointer(timer), "Reset", types.NewTuple(v("d", dur)), tuple(boolT))
	method(types.NewPointer(ticker), "Stop", tuple(), tuple())
	method(types.NewPointer(ticker), "Reset", types.NewTuple(v("d", dur)), tuple())
	fn("After", types.NewTuple(v("d", dur)), tuple(recvC))
	fn("Tick", types.NewTuple(v("d", dur)), tuple(recvC))
	fn("NewTimer", types.NewTuple(v("d", dur)), tuple(types.NewPointer(timer)))
	fn("NewTicker", types.NewTuple(v("d", dur)), tuple(types.NewPointer(ticker)))
	fn("AfterFunc", types.NewTuple(v("d", dur), v("f", types.NewSignatureType(nil, nil, nil, nil, nil, false))), tuple(types.NewPointer(timer)))
	tp.MarkComplete()
}
