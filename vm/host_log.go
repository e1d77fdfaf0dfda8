package vm

import (
	"strconv"
	"strings"
)

// log: the standard logger's line (log/log.go: Logger.output and
// formatHeader), the time from the simulated clock.

// The flags of package log.
const (
	LogDate         = 1 << iota // Ldate
	LogTime                     // Ltime
	LogMicroseconds             // Lmicroseconds
	LogLongfile                 // Llongfile
	LogShortfile                // Lshortfile
	LogUTC                      // LUTC
	LogMsgprefix                // Lmsgprefix
	LogStdFlags     = LogDate | LogTime
)

// LogLine is the line the standard logger writes for msg at time now with
// flag and prefix, called from file:line.
func LogLine(flag int64, prefix string, now Value, file string, line int64, msg string) string {
	buf := make([]byte, 0, 64+len(msg))
	itoa := func(i int, wid int) {
		s := strconv.Itoa(i)
		for n := len(s); n < wid; n++ {
			buf = append(buf, '0')
		}
		buf = append(buf, s...)
	}
	if flag&LogMsgprefix == 0 {
		buf = append(buf, prefix...)
	}
	if flag&(LogDate|LogTime|LogMicroseconds) != 0 {
		t, _ := timeOf(now) // always UTC: LUTC changes nothing
		if flag&LogDate != 0 {
			year, month, day := t.Date()
			itoa(year, 4)
			buf = append(buf, '/')
			itoa(int(month), 2)
			buf = append(buf, '/')
			itoa(day, 2)
			buf = append(buf, ' ')
		}
		if flag&(LogTime|LogMicroseconds) != 0 {
			hour, min, sec := t.Clock()
			itoa(hour, 2)
			buf = append(buf, ':')
			itoa(min, 2)
			buf = append(buf, ':')
			itoa(sec, 2)
			if flag&LogMicroseconds != 0 {
				buf = append(buf, '.')
				itoa(t.Nanosecond()/1e3, 6)
			}
			buf = append(buf, ' ')
		}
	}
	if flag&(LogShortfile|LogLongfile) != 0 {
		if flag&LogShortfile != 0 {
			for i := len(file) - 1; i > 0; i-- {
				if file[i] == '/' {
					file = file[i+1:]
					break
				}
			}
		}
		buf = append(buf, file...)
		buf = append(buf, ':')
		itoa(int(line), 0)
		buf = append(buf, ": "...)
	}
	if flag&LogMsgprefix != 0 {
		buf = append(buf, prefix...)
	}
	buf = append(buf, msg...)
	if len(buf) == 0 || buf[len(buf)-1] != '\n' {
		buf = append(buf, '\n')
	}
	return string(buf)
}

func init() {
	// flags (stored xor LstdFlags, so that a zeroed global is the
	// default), prefix, now, file, line, message → the line.
	RegisterHost(HostFunc{Name: "log.output", Pop: 6, Push: 1, Fn: func(_ *Machine, _ int32, a, r []Value) string {
		r[0].S = LogLine(a[0].I^LogStdFlags, a[1].S, a[2], a[3].S, a[4].I, a[5].S)
		return ""
	}})
	// How panic prints a string value: each newline followed by a tab
	// (runtime/error.go: printpanicval, printindented).
	RegisterHost(HostFunc{Name: "runtime.printindented", Pop: 1, Push: 1, Fn: func(_ *Machine, _ int32, a, r []Value) string {
		r[0].S = strings.ReplaceAll(a[0].S, "\n", "\n\t")
		return ""
	}})
}
