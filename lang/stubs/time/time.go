// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package time as gmplab declares it: the simulated clock (Now, Since,
// Until, Sleep), Duration's and Time's methods (computed by the VM with the
// real package on a clock that starts at 2009-11-10 23:00:00 UTC,
// vm/host_time.go), Month and Weekday, and the timers, performed by the
// scheduler (runtime/timer_chan.go).
//
// A Time is the virtual clock's reading in nanoseconds (one slot); a
// *Location is an id. A Timer or Ticker is its channel C and the runtime
// timer's id + 1.
package time

type Duration int64

const (
	Nanosecond  Duration = 1
	Microsecond          = 1000 * Nanosecond
	Millisecond          = 1000 * Microsecond
	Second               = 1000 * Millisecond
	Minute               = 60 * Second
	Hour                 = 60 * Minute
)

type Month int

const (
	January Month = 1 + iota
	February
	March
	April
	May
	June
	July
	August
	September
	October
	November
	December
)

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
	Wednesday
	Thursday
	Friday
	Saturday
)

const (
	Layout      = "01/02 03:04:05PM '06 -0700" // The reference time, in numerical order.
	ANSIC       = "Mon Jan _2 15:04:05 2006"
	UnixDate    = "Mon Jan _2 15:04:05 MST 2006"
	RubyDate    = "Mon Jan 02 15:04:05 -0700 2006"
	RFC822      = "02 Jan 06 15:04 MST"
	RFC822Z     = "02 Jan 06 15:04 -0700" // RFC822 with numeric zone
	RFC850      = "Monday, 02-Jan-06 15:04:05 MST"
	RFC1123     = "Mon, 02 Jan 2006 15:04:05 MST"
	RFC1123Z    = "Mon, 02 Jan 2006 15:04:05 -0700" // RFC1123 with numeric zone
	RFC3339     = "2006-01-02T15:04:05Z07:00"
	RFC3339Nano = "2006-01-02T15:04:05.999999999Z07:00"
	Kitchen     = "3:04PM"
	// Handy time stamps.
	Stamp      = "Jan _2 15:04:05"
	StampMilli = "Jan _2 15:04:05.000"
	StampMicro = "Jan _2 15:04:05.000000"
	StampNano  = "Jan _2 15:04:05.000000000"
	DateTime   = "2006-01-02 15:04:05"
	DateOnly   = "2006-01-02"
	TimeOnly   = "15:04:05"
)

type Time struct{ ns int64 }

type Location struct{ name string }

var (
	UTC   *Location = location(1)
	Local *Location = location(2)
)

func location(id int) *Location

// String is the zone's name. UTC and Local are both the nil *Location,
// which Go's Location methods take as UTC (zoneinfo.go: get): gmplab's
// Times are all in UTC, and Local is UTC, as on the playground.
func (l *Location) String() string { return "UTC" }

// Location is t's zone: UTC, whatever made t (see String).
func (t Time) Location() *Location { return UTC }

type Timer struct {
	C <-chan Time
	r int64
}

type Ticker struct {
	C <-chan Time
	r int64
}

func After(d Duration) <-chan Time

func AfterFunc(d Duration, f func()) *Timer {
	return &Timer{r: afterFunc(d, f)}
}

func afterFunc(d Duration, f func()) int64

func Date(year int, month Month, day, hour, min, sec, nsec int, loc *Location) Time

func (d Duration) String() string

func (d Duration) Nanoseconds() int64

func (d Duration) Microseconds() int64

func (d Duration) Milliseconds() int64

func (d Duration) Hours() float64

func (d Duration) Minutes() float64

func (d Duration) Seconds() float64

func (d Duration) Round(m Duration) Duration

func (d Duration) Truncate(m Duration) Duration

func (d Duration) Abs() Duration

func (m Month) String() string

func NewTicker(d Duration) *Ticker {
	c, id := newTicker(d)
	return &Ticker{C: c, r: id}
}

func newTicker(d Duration) (<-chan Time, int64)

func NewTimer(d Duration) *Timer {
	c, id := newTimer(d)
	return &Timer{C: c, r: id}
}

func newTimer(d Duration) (<-chan Time, int64)

func Now() Time

func Since(t Time) Duration {
	return Now().Sub(t)
}

func Sleep(d Duration)

func Tick(d Duration) <-chan Time

func (t *Ticker) Stop() {
	stopTicker(t.r)
}

func stopTicker(id int64)

func (t *Ticker) Reset(d Duration) {
	resetTicker(t.r, d)
}

func resetTicker(id int64, d Duration)

func (t Time) Before(u Time) bool

func (t Time) After(u Time) bool

func (t Time) Equal(u Time) bool

func (t Time) Sub(u Time) Duration

func (t Time) Compare(u Time) int

func (t Time) Add(d Duration) Time

func (t Time) Round(d Duration) Time

func (t Time) Truncate(d Duration) Time

func (t Time) UTC() Time

func (t Time) Local() Time

func (t Time) IsZero() bool

func (t Time) Unix() int64

func (t Time) UnixMilli() int64

func (t Time) UnixMicro() int64

func (t Time) UnixNano() int64

func (t Time) Year() int

func (t Time) Day() int

func (t Time) Hour() int

func (t Time) Minute() int

func (t Time) Second() int

func (t Time) Nanosecond() int

func (t Time) YearDay() int

func (t Time) Month() Month

func (t Time) Weekday() Weekday

func (t Time) Date() (year int, month Month, day int)

func (t Time) Clock() (hour, min, sec int)

func (t Time) ISOWeek() (year, week int)

func (t Time) Format(layout string) string

func (t Time) String() string

func (t *Timer) Stop() bool {
	return stopTimer(t.r)
}

func stopTimer(id int64) bool

func (t *Timer) Reset(d Duration) bool {
	return resetTimer(t.r, d)
}

func resetTimer(id int64, d Duration) bool

func Unix(sec int64, nsec int64) Time

func UnixMicro(usec int64) Time

func UnixMilli(msec int64) Time

func Until(t Time) Duration {
	return t.Sub(Now())
}

func (d Weekday) String() string
