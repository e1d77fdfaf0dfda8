//go:build ignore

// log.Fatalf writes its line, then exits with status 1 (os.Exit(1)):
// deferred calls do not run.
package main

import (
	"fmt"
	"log"
)

func main() {
	defer fmt.Println("deferred: never printed")
	log.SetFlags(0)
	fmt.Println("before")
	log.Fatalf("fatal: %d", 7)
}
