package checker

import (
	"slices"
	"testing"

	"github.com/gmplab/gmplab/lessons"
)

// TestCourse: Course holds every exercise of exercises/, once, and each
// lesson's own exercise comes first among its lesson's.
func TestCourse(t *testing.T) {
	root, err := FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	dirs, err := ListExercises(root)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range dirs {
		names = append(names, d.Name)
	}
	course := slices.Sorted(slices.Values(Course))
	if !slices.Equal(course, names) {
		t.Errorf("Course has %v, exercises/ has %v", course, names)
	}
	ls, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		if l.Exercise == "" {
			continue
		}
		if of := ExercisesOf(l.Num); len(of) == 0 || of[0] != l.Exercise {
			t.Errorf("lesson %d's exercise is %s, but Course puts %v first", l.Num, l.Exercise, of)
		}
	}
}
