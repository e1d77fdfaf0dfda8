package debugger

import (
	"cmp"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/gmplab/gmplab/runtime"
)

// Expressions, for print, display and breakpoint conditions.
//
// An expression is Go syntax, parsed by go/parser.ParseExpr as Delve does
// (pkg/proc/eval.go), and turned into the nodes below (expr_parse.go):
//
//	!x, x && y, x || y, x == y (and != < <= > >=), (x), len(x),
//	name, x.field, x[N], numbers (1_000, 0x10, -1), "strings"
//
// Names are the current event's fields (seq, t, kind, m, p, g, arg1, arg2,
// line, why, text; ev or event for all of them), its arguments by the names
// its kind's spec gives them (step for handoffp, stolen and victim for
// runqsteal: docs/events.md) and the state's: pN, mN,
// gN (by goid), global, sched (and its fields alone: npidle, nmspinning,
// …), sysmon, timers, netpoll, gc (the collector, layer gc), clock,
// gomaxprocs, layers, stats, exit, ps,
// ms, gs, state. A field is named as in the --state-at JSON (runq,
// runnext, schedtick, wait_reason; the underscores may be left out).
// Numbers may carry a unit of time (10ms, 20us, 1s): the value is in ns;
// this one extension of Go's syntax is rewritten before parsing.

type expr interface {
	eval(c *evalCtx) (value, error)
	String() string
}

// value is the result of an expression: a reflect.Value of the state (or
// a literal) and what its integers count, for printing.
type value struct {
	v    reflect.Value
	unit unit
}

type unit int

const (
	unitNone unit = iota
	unitG         // goids: G7, -1 is none
	unitP
	unitM
	unitTime // virtual ns
)

func (v value) truth() (bool, error) {
	rv := deref(v.v)
	if rv.Kind() == reflect.Bool {
		return rv.Bool(), nil
	}
	return false, fmt.Errorf("%s is not true or false", formatValue(v, ""))
}

func deref(v reflect.Value) reflect.Value {
	for v.IsValid() && (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) {
		if v.IsNil() {
			return reflect.Value{}
		}
		v = v.Elem()
	}
	return v
}

func asInt(v value) (int64, bool) {
	rv := deref(v.v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return rv.Int(), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return int64(rv.Uint()), true
	}
	return 0, false
}

func asString(v value) (string, bool) {
	rv := deref(v.v)
	if rv.Kind() == reflect.String {
		return rv.String(), true
	}
	return "", false
}

// evalCtx is what names refer to: one event and the machine after it.
type evalCtx struct {
	ev      *runtime.Event // nil at the start
	st      *runtime.State
	stateOf func() *runtime.State // computes st when a name needs it
	// gone, when the program has exited with its scheduler (gmplab
	// real), says so: a name of the scheduler's state is then an error
	// that says it and what print can still read (PrintExited).
	gone string
	// noPs: the GM model (no procs layer), whose events carry the index
	// of the running slot where a P would be; ev shows no P there, as the
	// event list does.
	noPs bool
}

func (c *evalCtx) state() *runtime.State {
	if c.st == nil {
		c.st = c.stateOf()
	}
	return c.st
}

// evalContext is the context for ev: the session's current position, or
// the replay's during a backward search (whose machine records the state
// after every event while conditions are evaluated: see hasConds).
func (s *Session) evalContext(ev *runtime.Event) *evalCtx {
	noPs := !s.cfg.Layers.Has(runtime.LayerProcs)
	if mc := s.replayMC; mc != nil {
		return &evalCtx{ev: ev, noPs: noPs, stateOf: func() *runtime.State {
			if st := mc.StateAt(ev.Seq); st != nil {
				return st
			}
			panic("debugger: the state after a replayed event was not recorded")
		}}
	}
	if ev == nil && s.pos > 0 {
		ev = &s.last
	}
	return &evalCtx{ev: ev, noPs: noPs, stateOf: s.State}
}

// errMissing is a name of the state that does not exist now (g99 before
// G99 is created); conditions treat it as false.
type errMissing struct{ msg string }

func (e *errMissing) Error() string { return e.msg }

func isMissing(err error) bool {
	var m *errMissing
	return errors.As(err, &m)
}

// ---- the expressions ------------------------------------------------------

type litExpr struct {
	v   value
	src string
}

func (e *litExpr) eval(*evalCtx) (value, error) { return e.v, nil }
func (e *litExpr) String() string               { return e.src }

type parenExpr struct{ e expr }

func (e *parenExpr) eval(c *evalCtx) (value, error) { return e.e.eval(c) }
func (e *parenExpr) String() string                 { return "(" + e.e.String() + ")" }

type notExpr struct{ e expr }

func (e *notExpr) eval(c *evalCtx) (value, error) {
	v, err := e.e.eval(c)
	if err != nil {
		return value{}, err
	}
	b, err := v.truth()
	if err != nil {
		return value{}, err
	}
	return boolValue(!b), nil
}
func (e *notExpr) String() string { return "!" + e.e.String() }

type lenExpr struct{ e expr }

func (e *lenExpr) eval(c *evalCtx) (value, error) {
	v, err := e.e.eval(c)
	if err != nil {
		return value{}, err
	}
	rv := deref(v.v)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array, reflect.String:
		return value{v: reflect.ValueOf(int64(rv.Len()))}, nil
	}
	return value{}, fmt.Errorf("len(%s): not a list", e.e)
}
func (e *lenExpr) String() string { return "len(" + e.e.String() + ")" }

func boolValue(b bool) value { return value{v: reflect.ValueOf(b)} }

type binExpr struct {
	op   string
	l, r expr
}

func (e *binExpr) String() string { return e.l.String() + " " + e.op + " " + e.r.String() }

func (e *binExpr) eval(c *evalCtx) (value, error) {
	if e.op == "&&" || e.op == "||" {
		l, err := e.l.eval(c)
		if err != nil {
			return value{}, err
		}
		lb, err := l.truth()
		if err != nil {
			return value{}, fmt.Errorf("%s: %v", e.l, err)
		}
		if (e.op == "&&" && !lb) || (e.op == "||" && lb) {
			return boolValue(lb), nil
		}
		r, err := e.r.eval(c)
		if err != nil {
			return value{}, err
		}
		rb, err := r.truth()
		if err != nil {
			return value{}, fmt.Errorf("%s: %v", e.r, err)
		}
		return boolValue(rb), nil
	}
	l, lerr := e.l.eval(c)
	r, rerr := e.r.eval(c)
	// A bare unknown name compared with a string is that string:
	// kind == handoffp, status == running.
	if lerr != nil && rerr == nil {
		if s, ok := bareName(e.l); ok {
			if _, isStr := asString(r); isStr {
				l, lerr = value{v: reflect.ValueOf(s)}, nil
			}
		}
	}
	if rerr != nil && lerr == nil {
		if s, ok := bareName(e.r); ok {
			if _, isStr := asString(l); isStr {
				r, rerr = value{v: reflect.ValueOf(s)}, nil
			}
		}
	}
	if lerr != nil {
		return value{}, lerr
	}
	if rerr != nil {
		return value{}, rerr
	}
	if li, ok := asInt(l); ok {
		ri, ok := asInt(r)
		if !ok {
			return value{}, fmt.Errorf("%s: cannot compare a number with %s", e, formatValue(r, ""))
		}
		return boolValue(compare(e.op, cmp.Compare(li, ri))), nil
	}
	if ls, ok := asString(l); ok {
		rs, ok := asString(r)
		if !ok {
			return value{}, fmt.Errorf("%s: cannot compare a string with %s", e, formatValue(r, ""))
		}
		return boolValue(compare(e.op, strings.Compare(ls, rs))), nil
	}
	lv, rv := deref(l.v), deref(r.v)
	if lv.Kind() == reflect.Bool && rv.Kind() == reflect.Bool && (e.op == "==" || e.op == "!=") {
		return boolValue((lv.Bool() == rv.Bool()) == (e.op == "==")), nil
	}
	return value{}, fmt.Errorf("%s: compare numbers, strings or booleans (len(x) for a list)", e)
}

func bareName(e expr) (string, bool) {
	if p, ok := e.(*pathExpr); ok && len(p.segs) == 1 {
		return p.segs[0], true
	}
	return "", false
}

func compare(op string, c int) bool {
	switch op {
	case "==":
		return c == 0
	case "!=":
		return c != 0
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	case ">=":
		return c >= 0
	}
	return false
}

// ---- paths -----------------------------------------------------------------

type pathExpr struct{ segs []string }

func (e *pathExpr) String() string {
	var b strings.Builder
	for i, s := range e.segs {
		if i > 0 && !strings.HasPrefix(s, "[") {
			b.WriteByte('.')
		}
		b.WriteString(s)
	}
	return b.String()
}

// eventView is the current event with its kind and position by name. Its
// arguments are also named by the kind's spec (runtime.EvSpec.Args): print
// ev shows them so, and an expression names them (step, stolen, …) as well
// as by position (arg1, arg2).
type eventView struct {
	Seq  int64  `json:"seq"`
	T    int64  `json:"t"`
	Kind string `json:"kind"`
	M    int32  `json:"m"`
	P    int32  `json:"p"`
	G    int64  `json:"g"`
	Arg1 int64  `json:"arg1"`
	Arg2 int64  `json:"arg2"`
	Line int32  `json:"line"`
	Text string `json:"text"`
	Why  string `json:"why"`

	kind runtime.EvKind
}

func (c *evalCtx) eventView() *eventView {
	if c.ev == nil {
		return &eventView{M: -1, P: -1, G: -1, Kind: "none"}
	}
	ev := c.ev
	p := ev.P
	if c.noPs {
		p = -1
	}
	return &eventView{Seq: ev.Seq, T: ev.T, Kind: ev.Kind.String(), M: ev.M, P: p, G: ev.G,
		Arg1: ev.Arg1, Arg2: ev.Arg2, Line: ev.Pos.Line, Text: ev.Text, Why: ev.Why, kind: ev.Kind}
}

var eventViewType = reflect.TypeFor[eventView]()

// arg returns the argument of the event's kind named name (underscores
// may be left out, as in field names).
func (e *eventView) arg(name string) (value, bool) {
	for i, a := range e.kind.Spec().Args {
		if a.Name != "" && normName(a.Name) == normName(name) {
			return value{v: reflect.ValueOf([2]int64{e.Arg1, e.Arg2}[i]), unit: argUnit(a.Type)}, true
		}
	}
	return value{}, false
}

// fields lists the event's fields for print ev: its arguments by their
// names, arg1 and arg2 only for a value the kind has no name for.
func (e *eventView) fields() (names []string, vals []value) {
	spec := e.kind.Spec()
	rv := reflect.ValueOf(e).Elem()
	gn, gv := structFields(rv)
	for i, n := range gn {
		if n == "arg1" || n == "arg2" {
			a, v := spec.Args[n[3]-'1'], [2]int64{e.Arg1, e.Arg2}[n[3]-'1']
			switch {
			case a.Name != "":
				names, vals = append(names, a.Name), append(vals, value{v: reflect.ValueOf(v), unit: argUnit(a.Type)})
			case v != 0:
				names, vals = append(names, n), append(vals, gv[i])
			}
			continue
		}
		names, vals = append(names, n), append(vals, gv[i])
	}
	return names, vals
}

// isArgName reports whether name is an argument of some event kind.
func isArgName(name string) bool {
	for _, k := range runtime.EvKinds() {
		for _, a := range k.Spec().Args {
			if a.Name != "" && normName(a.Name) == normName(name) {
				return true
			}
		}
	}
	return false
}

// argUnit is how an argument of type t prints.
func argUnit(t runtime.ArgType) unit {
	switch t {
	case runtime.ArgG:
		return unitG
	case runtime.ArgP:
		return unitP
	case runtime.ArgM:
		return unitM
	case runtime.ArgTime, runtime.ArgDuration:
		return unitTime
	}
	return unitNone
}

func (e *pathExpr) eval(c *evalCtx) (value, error) {
	v, err := e.root(c)
	if err != nil {
		return value{}, err
	}
	for i, seg := range e.segs[1:] {
		so := &pathExpr{segs: e.segs[:i+2]}
		if v, err = field(v, seg, so.String()); err != nil {
			return value{}, err
		}
	}
	return v, nil
}

// eventNames lists the names of the current event an expression starts
// with: its fields and its kind's arguments.
func (c *evalCtx) eventNames() string {
	names := "ev, seq, t, kind, m, p, g, arg1, arg2, line, why"
	if c.ev != nil {
		for _, a := range c.ev.Kind.Spec().Args {
			if a.Name != "" {
				names += ", " + a.Name
			}
		}
	}
	return names
}

// readsEvent reports whether a root name is the current event's.
func (c *evalCtx) readsEvent(name string) bool {
	switch name {
	case "ev", "event", "seq", "t", "time", "kind", "m", "p", "g", "arg1", "arg2", "line", "why", "text":
		return true
	}
	_, ok := c.eventView().arg(name)
	return ok
}

// rootNames lists the names an expression starts with, for errors: the
// event's (with its kind's arguments) and the state's.
func (c *evalCtx) rootNames() string {
	return c.eventNames() + "; pN, mN, gN, global, sched, sysmon, timers, netpoll, clock, gomaxprocs, ps, ms, gs, state"
}

func (e *pathExpr) root(c *evalCtx) (value, error) {
	name := strings.ToLower(e.segs[0])
	if c.gone != "" && !c.readsEvent(name) && name != "exit" && name != "clock" {
		return value{}, fmt.Errorf("%s: %s; print still reads the last stop's event (%s) and exit", e.segs[0], c.gone, c.eventNames())
	}
	switch name {
	case "ev", "event":
		return value{v: reflect.ValueOf(c.eventView())}, nil
	case "seq", "t", "time", "kind", "m", "p", "g", "arg1", "arg2", "line", "why", "text":
		if name == "time" {
			name = "t"
		}
		return field(value{v: reflect.ValueOf(c.eventView())}, name, name)
	case "state":
		return value{v: reflect.ValueOf(c.state())}, nil
	case "global":
		return value{v: reflect.ValueOf(c.state().Global), unit: unitG}, nil
	case "ps", "ms", "gs", "sched", "sysmon", "timers", "netpoll", "gc", "clock", "gomaxprocs", "layers", "stats", "exit":
		return field(value{v: reflect.ValueOf(c.state())}, name, name)
	}
	// An argument of the event's kind by name (handoffp's step).
	if v, ok := c.eventView().arg(name); ok {
		return v, nil
	}
	if isArgName(name) {
		return value{}, &errMissing{fmt.Sprintf("%s: the event (%s) has no such argument (print ev lists its fields)", e.segs[0], c.eventView().Kind)}
	}
	if len(name) > 1 && isDigits(name[1:]) {
		n, err := strconv.ParseInt(name[1:], 10, 64)
		if err == nil {
			st := c.state()
			switch name[0] {
			case 'p':
				if n >= int64(len(st.Ps)) {
					return value{}, fmt.Errorf("no %s: there are %d Ps (p0 to p%d)", name, len(st.Ps), len(st.Ps)-1)
				}
				return value{v: reflect.ValueOf(&st.Ps[n])}, nil
			case 'm':
				if n >= int64(len(st.Ms)) {
					return value{}, &errMissing{fmt.Sprintf("no %s: there are %d Ms (m0 to m%d)", name, len(st.Ms), len(st.Ms)-1)}
				}
				return value{v: reflect.ValueOf(&st.Ms[n])}, nil
			case 'g':
				for i := range st.Gs {
					if st.Gs[i].Goid == n {
						return value{v: reflect.ValueOf(&st.Gs[i])}, nil
					}
				}
				return value{}, &errMissing{fmt.Sprintf("no goroutine G%d now (goroutines lists them)", n)}
			}
		}
	}
	// The scheduler's counters by themselves: npidle, nmspinning, …
	if v, err := field(value{v: reflect.ValueOf(&c.state().Sched)}, name, name); err == nil {
		return v, nil
	}
	msg := fmt.Sprintf("unknown name %q (names: %s)", e.segs[0], c.rootNames())
	return value{}, errors.New(msg)
}

// field selects seg ("runq", "[3]") of v.
func field(v value, seg, path string) (value, error) {
	rv := deref(v.v)
	if !rv.IsValid() {
		return value{}, &errMissing{path + ": there is none"}
	}
	if strings.HasPrefix(seg, "[") {
		n, _ := strconv.Atoi(strings.Trim(seg, "[]"))
		if rv.Kind() != reflect.Slice && rv.Kind() != reflect.Array {
			return value{}, fmt.Errorf("%s: %s is not a list", path, strings.TrimSuffix(path, seg))
		}
		if n >= rv.Len() {
			return value{}, &errMissing{fmt.Sprintf("%s: out of range (length %d)", path, rv.Len())}
		}
		return value{v: rv.Index(n), unit: v.unit}, nil
	}
	if rv.Kind() != reflect.Struct {
		return value{}, fmt.Errorf("%s: %s has no fields", path, strings.TrimSuffix(strings.TrimSuffix(path, seg), "."))
	}
	if rv.Type() == eventViewType {
		if v, ok := rv.Addr().Interface().(*eventView).arg(seg); ok {
			return v, nil
		}
	}
	want := normName(seg)
	t := rv.Type()
	var names []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		jn := jsonName(f)
		if jn == "-" || !f.IsExported() {
			continue
		}
		names = append(names, jn)
		if normName(jn) == want || normName(f.Name) == want || (want == "global" && jn == "global_runq") || (want == "clock" && jn == "clock_ns") {
			return value{v: rv.Field(i), unit: unitOf(t.Name(), f.Name)}, nil
		}
	}
	return value{}, fmt.Errorf("%s: no field %s (fields: %s)", path, seg, strings.Join(names, ", "))
}

func normName(s string) string { return strings.ToLower(strings.ReplaceAll(s, "_", "")) }

func jsonName(f reflect.StructField) string {
	tag := f.Tag.Get("json")
	name, _, _ := strings.Cut(tag, ",")
	if name == "" {
		return strings.ToLower(f.Name)
	}
	return name
}

// unitOf says what an integer field of the state counts.
func unitOf(typ, field string) unit {
	switch field {
	case "G", "Runnext", "Runq", "Global", "CurG", "CreatedBy":
		if typ == "Stats" {
			return unitNone
		}
		return unitG
	case "P", "NextP", "OldP", "IdlePs":
		return unitP
	case "M", "IdleMs":
		return unitM
	case "T", "Clock", "When", "ReadyAt", "Until", "Next", "WaitSince", "LastPoll":
		return unitTime
	}
	return unitNone
}
