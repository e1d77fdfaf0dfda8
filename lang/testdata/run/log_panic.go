//go:build ignore

// log.Panicln writes its line, then panics with the message.
package main

import (
	"fmt"
	"log"
)

func main() {
	log.SetFlags(0)
	fmt.Println("before")
	log.Panicln("panic", "now")
}
