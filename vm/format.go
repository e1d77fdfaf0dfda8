package vm

import (
	"math"
	"strings"
)

// DurationString is time.Duration.String without importing time.
func DurationString(d int64) string {
	if d == 0 {
		return "0s"
	}
	if d == math.MinInt64 {
		return "-2562047h47m16.854775808s"
	}
	neg := d < 0
	u := uint64(d)
	if neg {
		u = uint64(-d)
	}
	var s string
	switch {
	case u < 1000:
		s = itoa(int64(u)) + "ns"
	case u < 1000_000:
		s = fracString(u, 3) + "µs"
	case u < 1000_000_000:
		s = fracString(u, 6) + "ms"
	default:
		secs := u / 1e9
		frac := u % 1e9
		h := secs / 3600
		m := secs / 60 % 60
		sec := secs % 60
		s = ""
		if h > 0 {
			s += itoa(int64(h)) + "h"
		}
		if h > 0 || m > 0 {
			s += itoa(int64(m)) + "m"
		}
		s += fracString(sec*1e9+frac, 9) + "s"
	}
	if neg {
		s = "-" + s
	}
	return s
}

// fracString prints v / 10^prec with trailing zeros of the fraction dropped.
func fracString(v uint64, prec int) string {
	div := uint64(1)
	for i := 0; i < prec; i++ {
		div *= 10
	}
	ip, fp := v/div, v%div
	s := itoa(int64(ip))
	if fp == 0 {
		return s
	}
	f := itoa(int64(fp + div))[1:]
	f = strings.TrimRight(f, "0")
	return s + "." + f
}
