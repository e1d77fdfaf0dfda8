// stealing: the seed article's work-stealing program ("Observing Work
// Stealing behavior"): 1,000 goroutines, spawned from one P, each summing
// to 1,000,000. As in the article, except that the size can be given and
// the unused sum is assigned to _ (Go refuses an unused variable).
// Usage: stealing [goroutines n] (defaults 1,000 and 1,000,000).
package main

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
)

func main() {
	gs, n := 1000, 1_000_000
	if len(os.Args) > 2 {
		gs, _ = strconv.Atoi(os.Args[1])
		n, _ = strconv.Atoi(os.Args[2])
	}
	runtime.GOMAXPROCS(4)
	var counters [4]atomic.Int64
	var wg sync.WaitGroup
	// All goroutines created from one P's context
	// Observe that they get distributed via work stealing
	for i := 0; i < gs; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sum := 0
			for j := 0; j < n; j++ {
				sum += j
			}
			_ = sum
		}()
	}
	wg.Wait()
	fmt.Println("Work stealing ensures load balance across", runtime.GOMAXPROCS(0), "Ps")
	_ = counters
}
