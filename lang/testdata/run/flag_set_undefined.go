//go:build ignore

// flag.Set of a flag not yet defined fails, and defining it afterwards
// panics with where it was set (flag.go: FlagSet.set's runtime.Caller(2),
// the caller of flag.Set). The message's path is cut to the file's name:
// Go gives the absolute path, gmplab the file as it was given.
package main

import (
	"flag"
	"fmt"
	"strings"
)

func main() {
	fmt.Println(flag.Set("late", "1"))
	defer func() {
		msg := fmt.Sprint(recover())
		if i := strings.LastIndex(msg, "/"); i >= 0 {
			msg = msg[:strings.Index(msg, " at ")+4] + msg[i+1:]
		}
		fmt.Println("recovered:", msg)
	}()
	flag.Int("late", 0, "defined too late")
}
