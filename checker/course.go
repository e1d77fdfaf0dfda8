package checker

import (
	"strconv"
	"strings"
)

// Course is every exercise in the order the course takes them: by
// lesson (the number each name starts with), the lesson's own exercise
// (its lesson.md's "exercise:") first. gmplab next, check and progress
// all read it, so they agree on the next exercise; TestCourse checks it
// against the exercises/ folder and the lessons.
var Course = []string{
	"01-newstack",
	"02-runqput", "02-runqget", "02-gfree",
	"03-runqgrab", "03-wakep", "03-scenario-steal",
	"04-retake", "04-exitsyscall", "04-sysmon", "04-scenario-handoff",
	"05-preempt", "05-preemptone",
	"06-injectglist", "06-findrunnable",
	"07-scheduler",
	"09-startcycle",
}

// LessonOf is the number of the lesson an exercise belongs to (its
// name's first two digits), or 0.
func LessonOf(exercise string) int {
	n, _ := strconv.Atoi(strings.SplitN(exercise, "-", 2)[0])
	return n
}

// NextExercise is the first exercise of the course that passed says is
// not passed, among those of lesson (0: of every lesson), or "".
func NextExercise(lesson int, passed func(name string) bool) string {
	for _, e := range Course {
		if (lesson == 0 || LessonOf(e) == lesson) && !passed(e) {
			return e
		}
	}
	return ""
}

// ExercisesOf lists lesson's exercises in course order.
func ExercisesOf(lesson int) []string {
	var out []string
	for _, e := range Course {
		if LessonOf(e) == lesson {
			out = append(out, e)
		}
	}
	return out
}
