// A program that calls sim.Breakpoint, for docs/events.md's example of the
// breakpoint event.
package main

import (
	"fmt"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	fmt.Println("before")
	sim.Breakpoint()
	fmt.Println("after")
}
