package newstack

import "github.com/gmplab/gmplab/exercises/rt"

// A submission whose goroutine panics: no recover can catch it, so the
// process dies.
func newstack(gp *rt.G, framesize int64) (newsize, copied int64) {
	done := make(chan bool)
	go func() {
		var m map[string]int
		m["boom"] = 1
		done <- true
	}()
	<-done
	return 0, 0
}
