//go:build ignore

// The simulated clock starts at the playground's instant, 2009-11-10
// 23:00:00 UTC: log's default header and time.Now show it, and they move
// with virtual time only.
package main

import (
	"fmt"
	"log"
	"time"
)

func main() {
	start := time.Now()
	fmt.Println(start)
	fmt.Println(start.Format(time.RFC3339Nano), start.Unix(), start.Weekday())
	log.Println("the default flags: date and time")
	time.Sleep(25 * time.Second)
	log.SetFlags(log.LstdFlags | log.Lmicroseconds)
	log.Printf("%v later", time.Since(start).Round(time.Second))
	fmt.Println(time.Now().Sub(start) >= 25*time.Second, time.Until(start) < 0)
	tm := time.NewTimer(20 * time.Second)
	fmt.Println(<-tm.C)
	log.Fatalln("exit status 1")
}
