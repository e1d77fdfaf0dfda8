package startcycle

import (
	"testing"

	"github.com/gmplab/gmplab/checker/checktest"
)

// TestExercise runs the checker on your function. It is skipped while
// the exercise is not started; go test -v shows the feedback.
func TestExercise(t *testing.T) { checktest.Test(t, Exercise()) }
