//go:build ignore

// time.Time and time.Duration computed with the real package: Date,
// Unix, Format with the layout constants, the calendar fields, Add, Sub,
// comparisons, Round, Truncate, and Month and Weekday printing.
package main

import (
	"fmt"
	"time"
)

func main() {
	t := time.Date(2009, time.November, 17, 20, 34, 58, 651387237, time.UTC)
	fmt.Println(t)
	for _, layout := range []string{time.RFC3339, time.RFC3339Nano, time.Kitchen, time.DateTime, time.DateOnly, time.TimeOnly,
		time.Stamp, time.StampMilli, time.ANSIC, time.UnixDate, time.RFC1123, time.RFC822, "2006-01-02T15:04:05.000 Mon Jan"} {
		fmt.Println(t.Format(layout))
	}
	fmt.Println(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), t.Weekday(), t.YearDay())
	y, m, d := t.Date()
	h, mi, s := t.Clock()
	fmt.Println(y, m, d, h, mi, s)
	fmt.Printf("%v|%s|%q|%d\n", t.Month(), t.Weekday(), time.March, time.March)
	u := time.Unix(1257894000, 0).UTC()
	fmt.Println(u, u.Unix(), u.UnixMilli(), u.UnixMicro(), u.UnixNano())
	fmt.Println(time.UnixMilli(1257894000123).UTC(), time.UnixMicro(-1).UTC())
	later := t.Add(36*time.Hour + 90*time.Second)
	fmt.Println(later, later.Sub(t), t.Sub(later))
	fmt.Println(t.Before(later), t.After(later), t.Equal(t.Add(0)), t.Compare(later), later.Compare(t), t.Compare(t))
	fmt.Println(t.Round(time.Hour), t.Truncate(time.Hour), t.Round(time.Second).Format(time.RFC3339Nano))
	var zero, zero2 time.Time
	fmt.Println(zero, zero.IsZero(), t.IsZero(), zero.Year(), zero == zero2, zero == t)
	d1 := 90*time.Minute + 30*time.Second + 500*time.Millisecond
	fmt.Println(d1, d1.Round(time.Minute), d1.Truncate(time.Minute), (-d1).Abs(), d1.Milliseconds(), d1.Microseconds(), d1.Nanoseconds())
	fmt.Printf("%v %s %d\n", d1, d1, d1)
	fmt.Println(time.Duration(1500)*time.Microsecond, time.Duration(0), 2*time.Hour+3*time.Nanosecond)
	// Normalised dates, as time.Date does.
	fmt.Println(time.Date(2023, 2, 30, 25, 61, 0, 0, time.UTC), time.Date(2024, 12, 31, 0, 0, 0, 0, time.UTC).YearDay())
}
