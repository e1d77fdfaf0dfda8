// wg.Done once too often: a negative WaitGroup counter panics at Done.
package main

import (
	"fmt"
	"sync"
)

func finish(wg *sync.WaitGroup) {
	wg.Done()
}

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	finish(&wg)
	fmt.Println("once")
	finish(&wg)
}
