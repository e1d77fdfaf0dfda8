package vm

import (
	"math"
	"strconv"
	"time"
)

// time: Duration's and Time's methods, computed with the real package in
// UTC. The simulated clock starts at the playground's instant, 2009-11-10
// 23:00:00 UTC: virtual time 0 (the start of the run) is Epoch.
//
// A time.Time is one Value: I = ((off << 1) | mono) ^ math.MinInt64, where
// off is the time's nanoseconds since Epoch and mono says it carries a
// monotonic reading, as Now's results do. The zero Time (January 1, year 1)
// is I = 0, so a Time's zero value is the zero Time, and == compares what
// Go's == compares (wall time and whether there is a monotonic reading).
// The virtual clock never jumps, so a monotonic reading is the wall time
// less Epoch, plus 1 (time.go: startNano = runtimeNano() - 1): it needs no
// room of its own. Simplified: other times must fall within ±2^62 ns
// (146 years) of Epoch (1863 to 2156); one outside makes the G panic with
// a gmplab message. Every Time is in UTC (time.Local is UTC, as on the
// playground).

// EpochUnix is the simulated clock's start, in Unix seconds.
const EpochUnix = 1257894000

const epochNano = EpochUnix * int64(time.Second)

// MonoTime is the time.Time of virtual time ns (Now's result: with a
// monotonic reading).
func MonoTime(ns int64) Value {
	v, _ := timeValue(epochNano+ns, true)
	return v
}

// timeValue encodes the time unixNano ns after 1970 (ok false if out of
// range).
func timeValue(unixNano int64, mono bool) (Value, bool) {
	off := unixNano - epochNano // out of range if it wraps: then |off| is near 2^63
	if off <= -1<<62 || off >= 1<<62 {
		return Value{}, false
	}
	x := off << 1
	if mono {
		x |= 1
	}
	return Value{I: x ^ math.MinInt64}, true
}

// timeOf decodes v: the time in UTC and whether it has a monotonic reading.
func timeOf(v Value) (time.Time, bool) {
	if v.I == 0 {
		return time.Time{}, false
	}
	x := v.I ^ math.MinInt64
	return time.Unix(0, epochNano+x>>1).UTC(), x&1 != 0
}

// fromTime encodes t (no monotonic reading), or returns the panic message
// for a time out of range.
func fromTime(t time.Time, mono bool) (Value, string) {
	if t.IsZero() {
		return Value{}, ""
	}
	lo, hi := time.Unix(0, epochNano-1<<62+1).UTC(), time.Unix(0, epochNano+1<<62-1).UTC()
	if t.Before(lo) || t.After(hi) {
		return Value{}, "gmplab: time " + t.UTC().Format(time.RFC3339) + " is outside the years " + strconv.Itoa(lo.Year()+1) + "-" + strconv.Itoa(hi.Year()-1) + " that the simulated time.Time holds"
	}
	v, _ := timeValue(t.UnixNano(), mono)
	return v, ""
}

// TimeString is time.Time.String: the time in UTC and, for a time with a
// monotonic reading, its " m=±s.nnnnnnnnn" (time/format.go: Time.String).
func TimeString(v Value) string {
	t, mono := timeOf(v)
	s := t.String()
	if mono {
		ext := t.UnixNano() - epochNano + 1
		sign := byte('+')
		m2 := uint64(ext)
		if ext < 0 {
			sign = '-'
			m2 = -m2
		}
		m1, m2 := m2/1e9, m2%1e9
		s += " m=" + string(sign) + strconv.FormatUint(m1, 10) + "." + pad9(m2)
	}
	return s
}

func pad9(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for len(s) < 9 {
		s = "0" + s
	}
	return s
}

func fbits(f float64) Value { return Value{I: int64(math.Float64bits(f))} }

func init() {
	dur := func(name string, f func(d time.Duration) Value) {
		RegisterHost(HostFunc{Name: "time.Duration." + name, Pop: 1, Push: 1, Fn: func(_ *Machine, _ int32, a, r []Value) string {
			r[0] = f(time.Duration(a[0].I))
			return ""
		}})
	}
	dur("Hours", func(d time.Duration) Value { return fbits(d.Hours()) })
	dur("Minutes", func(d time.Duration) Value { return fbits(d.Minutes()) })
	dur("Seconds", func(d time.Duration) Value { return fbits(d.Seconds()) })
	dur("Milliseconds", func(d time.Duration) Value { return Value{I: d.Milliseconds()} })
	dur("Microseconds", func(d time.Duration) Value { return Value{I: d.Microseconds()} })
	dur("Nanoseconds", func(d time.Duration) Value { return Value{I: d.Nanoseconds()} })
	dur("Abs", func(d time.Duration) Value { return Value{I: int64(d.Abs())} })
	for name, f := range map[string]func(d, m time.Duration) time.Duration{
		"Round": time.Duration.Round, "Truncate": time.Duration.Truncate,
	} {
		RegisterHost(HostFunc{Name: "time.Duration." + name, Pop: 2, Push: 1, Fn: func(_ *Machine, _ int32, a, r []Value) string {
			r[0].I = int64(f(time.Duration(a[0].I), time.Duration(a[1].I)))
			return ""
		}})
	}
	RegisterHost(HostFunc{Name: "time.Month.String", Pop: 1, Push: 1, Fn: func(_ *Machine, _ int32, a, r []Value) string {
		r[0].S = time.Month(a[0].I).String()
		return ""
	}})
	RegisterHost(HostFunc{Name: "time.Weekday.String", Pop: 1, Push: 1, Fn: func(_ *Machine, _ int32, a, r []Value) string {
		r[0].S = time.Weekday(a[0].I).String()
		return ""
	}})
	registerTimeMethods()
	registerTimeFuncs()
}

// registerTimeMethods registers time.Time's methods.
func registerTimeMethods() {
	// Methods of one Time with one int result.
	for name, f := range map[string]func(t time.Time) int64{
		"Year": func(t time.Time) int64 { return int64(t.Year()) }, "Month": func(t time.Time) int64 { return int64(t.Month()) },
		"Day": func(t time.Time) int64 { return int64(t.Day()) }, "Hour": func(t time.Time) int64 { return int64(t.Hour()) },
		"Minute": func(t time.Time) int64 { return int64(t.Minute()) }, "Second": func(t time.Time) int64 { return int64(t.Second()) },
		"Nanosecond": func(t time.Time) int64 { return int64(t.Nanosecond()) }, "Weekday": func(t time.Time) int64 { return int64(t.Weekday()) },
		"YearDay": func(t time.Time) int64 { return int64(t.YearDay()) }, "Unix": time.Time.Unix,
		"UnixMilli": time.Time.UnixMilli, "UnixMicro": time.Time.UnixMicro, "UnixNano": time.Time.UnixNano,
		"IsZero": func(t time.Time) int64 { return boolInt(t.IsZero()) },
	} {
		RegisterHost(HostFunc{Name: "time.Time." + name, Pop: 1, Push: 1, Fn: func(_ *Machine, _ int32, a, r []Value) string {
			t, _ := timeOf(a[0])
			r[0].I = f(t)
			return ""
		}})
	}
	RegisterHost(HostFunc{Name: "time.Time.String", Pop: 1, Push: 1, Fn: func(_ *Machine, _ int32, a, r []Value) string {
		r[0].S = TimeString(a[0])
		return ""
	}})
	RegisterHost(HostFunc{Name: "time.Time.Format", Pop: 2, Push: 1, Fn: func(_ *Machine, _ int32, a, r []Value) string {
		t, _ := timeOf(a[0])
		r[0].S = t.Format(a[1].S)
		return ""
	}})
	RegisterHost(HostFunc{Name: "time.Time.Date", Pop: 1, Push: 3, Fn: func(_ *Machine, _ int32, a, r []Value) string {
		t, _ := timeOf(a[0])
		y, m, d := t.Date()
		r[0].I, r[1].I, r[2].I = int64(y), int64(m), int64(d)
		return ""
	}})
	RegisterHost(HostFunc{Name: "time.Time.ISOWeek", Pop: 1, Push: 2, Fn: func(_ *Machine, _ int32, a, r []Value) string {
		t, _ := timeOf(a[0])
		y, w := t.ISOWeek()
		r[0].I, r[1].I = int64(y), int64(w)
		return ""
	}})
	RegisterHost(HostFunc{Name: "time.Time.Clock", Pop: 1, Push: 3, Fn: func(_ *Machine, _ int32, a, r []Value) string {
		t, _ := timeOf(a[0])
		h, m, s := t.Clock()
		r[0].I, r[1].I, r[2].I = int64(h), int64(m), int64(s)
		return ""
	}})
	// Two Times.
	for name, f := range map[string]func(t, u time.Time) int64{
		"Sub": func(t, u time.Time) int64 { return int64(t.Sub(u)) }, "Before": func(t, u time.Time) int64 { return boolInt(t.Before(u)) },
		"After": func(t, u time.Time) int64 { return boolInt(t.After(u)) }, "Equal": func(t, u time.Time) int64 { return boolInt(t.Equal(u)) },
		"Compare": func(t, u time.Time) int64 { return int64(t.Compare(u)) },
	} {
		RegisterHost(HostFunc{Name: "time.Time." + name, Pop: 2, Push: 1, Fn: func(_ *Machine, _ int32, a, r []Value) string {
			t, _ := timeOf(a[0])
			u, _ := timeOf(a[1])
			r[0].I = f(t, u)
			return ""
		}})
	}
	// Methods that make a Time: Add keeps the monotonic reading, the
	// others strip it (time.go: Add, Round, Truncate, UTC).
	RegisterHost(HostFunc{Name: "time.Time.Add", Pop: 2, Push: 1, Fn: func(_ *Machine, _ int32, a, r []Value) string {
		t, mono := timeOf(a[0])
		var msg string
		r[0], msg = fromTime(t.Add(time.Duration(a[1].I)), mono)
		return msg
	}})
	for name, f := range map[string]func(t time.Time, d time.Duration) time.Time{
		"Round": time.Time.Round, "Truncate": time.Time.Truncate,
	} {
		RegisterHost(HostFunc{Name: "time.Time." + name, Pop: 2, Push: 1, Fn: func(_ *Machine, _ int32, a, r []Value) string {
			t, _ := timeOf(a[0])
			var msg string
			r[0], msg = fromTime(f(t, time.Duration(a[1].I)), false)
			return msg
		}})
	}
	for _, name := range []string{"UTC", "Local"} {
		RegisterHost(HostFunc{Name: "time.Time." + name, Pop: 1, Push: 1, Fn: func(_ *Machine, _ int32, a, r []Value) string {
			t, _ := timeOf(a[0])
			r[0], _ = fromTime(t, false)
			return ""
		}})
	}
}

// registerTimeFuncs registers the functions that make a Time.
func registerTimeFuncs() {
	for name, f := range map[string]func(a []Value) time.Time{
		"time.Unix":      func(a []Value) time.Time { return time.Unix(a[0].I, a[1].I) },
		"time.UnixMilli": func(a []Value) time.Time { return time.UnixMilli(a[0].I) },
		"time.UnixMicro": func(a []Value) time.Time { return time.UnixMicro(a[0].I) },
		"time.Date": func(a []Value) time.Time {
			return time.Date(int(a[0].I), time.Month(a[1].I), int(a[2].I), int(a[3].I), int(a[4].I), int(a[5].I), int(a[6].I), time.UTC)
		},
	} {
		pop := map[string]int{"time.Unix": 2, "time.Date": 8}[name]
		if pop == 0 {
			pop = 1
		}
		RegisterHost(HostFunc{Name: name, Pop: pop, Push: 1, Fn: func(_ *Machine, _ int32, a, r []Value) string {
			var msg string
			r[0], msg = fromTime(f(a), false)
			return msg
		}})
	}
}
