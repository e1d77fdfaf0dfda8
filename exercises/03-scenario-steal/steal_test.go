package steal

import (
	"testing"

	"github.com/gmplab/gmplab/checker/checktest"
)

// TestExercise runs your scenario and checks its events. It is skipped
// while scenario.go still has its NOT STARTED line.
func TestExercise(t *testing.T) { checktest.Test(t, Exercise()) }
