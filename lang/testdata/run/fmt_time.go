//go:build ignore

// fmt of time values held in structs, slices and maps: an exported
// field or an element is a Stringer (Duration, Time, Month, Weekday); an
// unexported one prints its integer (fmt cannot call its method).
package main

import (
	"fmt"
	"time"
)

type event struct {
	Name  string
	At    time.Duration
	when  time.Duration
	When  time.Time
	Month time.Month
	day   time.Weekday
}

func main() {
	e := event{"x", 3 * time.Second, 2 * time.Millisecond, time.Unix(5, 0).UTC(), time.May, time.Friday}
	fmt.Println(e)
	fmt.Printf("%v %+v\n", e, &e)
	ds := []time.Duration{time.Second, time.Minute}
	ms := map[string]time.Month{"a": time.June}
	fmt.Println(ds, ms)
}
