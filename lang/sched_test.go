package lang

import "testing"

// TestSchedPrograms: programs whose output depends on the schedule (the
// order in which contending goroutines get a lock), compared with the real
// runtime's output at GOMAXPROCS=1, where the real schedule is
// deterministic, and simulated on one P only (testdata/run's programs must
// print the same at GOMAXPROCS 1, 2 and 4; these cannot). The goldens are
// rebuilt with -real, as testdata/run's.
func TestSchedPrograms(t *testing.T) {
	testRealPrograms(t, "testdata/sched", []int{1}, "the real runtime's at GOMAXPROCS=1")
}
