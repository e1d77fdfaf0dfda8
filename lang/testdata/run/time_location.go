//go:build ignore

// time.Time's Location and ISOWeek, as Go by Example's time prints
// then.Location(): gmplab's Times are all in UTC, and Location is UTC
// whatever made the Time (docs/assumptions.md).
package main

import (
	"fmt"
	"time"
)

func main() {
	then := time.Date(2009, 11, 17, 20, 34, 58, 651387237, time.UTC)
	fmt.Println(then.Location(), then.Location() == time.UTC, then.Location().String())
	fmt.Println(then.ISOWeek())
	y, w := time.Date(2021, 1, 3, 0, 0, 0, 0, time.UTC).ISOWeek()
	fmt.Println(y, w)
	fmt.Printf("%v %s\n", time.UTC, time.UTC)
}
