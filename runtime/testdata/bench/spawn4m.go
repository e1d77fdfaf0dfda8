package main

import "sync"

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 4000000; i++ {
		wg.Add(1)
		go func() {
			wg.Done()
		}()
	}
	wg.Wait()
	println("done")
}
