//go:build ignore

// busy: main computes for 40 ms and makes no system call. sysmon has
// nothing to retake, so every loop counts as idle: after 50 loops of 20 µs
// it doubles its sleep, up to 10 ms, however busy the P is. Run it with
// --format schedtrace: sysmon prints a SCHED line on the first loop after
// each period, so the lines' times show when it looked.
package main

import (
	"fmt"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	sim.Work(40 * time.Millisecond)
	fmt.Println("done")
}
