// Package progress keeps a learner's progress through the course: the
// lessons read (and where the learner stopped in one not yet read to its
// end), the best and last quiz scores, the exercises passed. It is
// one small JSON file, $UserConfigDir/gmplab/progress.json
// (os.UserConfigDir: ~/.config on Linux, ~/Library/Application Support on
// macOS), or $GMPLAB_CONFIG_DIR/progress.json when that variable is set
// (tests and sandboxes point it elsewhere).
//
// Every change is saved at once and atomically: the new file is written
// beside the old one and renamed over it, so a crash leaves the old file or
// the new one, never half of one. A change re-reads the file first, under
// a lock (progress.json.lock), so that two gmplab commands at once (gmplab
// check --watch in one terminal, gmplab quiz in another) never lose each
// other's records. A file that does not parse is never
// overwritten: Open renames it to progress.json.corrupt-N (the first N
// free), starts afresh, and says so in Store.Warning for the command to
// print.
package progress

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"

	"github.com/rogpeppe/go-internal/lockedfile"
)

// FileName is the file's name in the config directory.
const FileName = "progress.json"

// EnvDir names the environment variable that overrides the directory.
const EnvDir = "GMPLAB_CONFIG_DIR"

// Quiz is a lesson's quiz results.
type Quiz struct {
	Score    int `json:"score"` // the last attempt's
	Total    int `json:"total"`
	Best     int `json:"best"`
	Attempts int `json:"attempts"`
}

// Exercise is an exercise's results.
type Exercise struct {
	Passed   bool `json:"passed"` // passed at least once
	Attempts int  `json:"attempts"`
}

// Data is what the file holds. Keys are lesson names (lesson-04) and
// exercise names (the folder under exercises/).
type Data struct {
	Version   int                  `json:"version"`
	Read      []string             `json:"read,omitempty"` // sorted
	Quizzes   map[string]*Quiz     `json:"quizzes,omitempty"`
	Exercises map[string]*Exercise `json:"exercises,omitempty"`
	// At is where the learner stopped in a lesson not yet read to its
	// end: the section (1 for the first) the reader last opened.
	At map[string]int `json:"at,omitempty"`
}

// Store is the progress file, loaded.
type Store struct {
	path string
	data Data
	// Warning is set when Open found a corrupt file and set it aside: a
	// sentence for the command to print.
	Warning string
}

// Dir returns the directory of the progress file: $GMPLAB_CONFIG_DIR, or
// $UserConfigDir/gmplab.
func Dir() (string, error) {
	if d := os.Getenv(EnvDir); d != "" {
		return d, nil
	}
	d, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("progress: no config directory (set $%s): %v", EnvDir, err)
	}
	return filepath.Join(d, "gmplab"), nil
}

// Open reads the progress file in Dir(); a missing file is no progress.
func Open() (*Store, error) {
	d, err := Dir()
	if err != nil {
		return nil, err
	}
	return OpenAt(d)
}

// OpenAt reads dir/progress.json. A file that does not parse is renamed to
// progress.json.corrupt-N and the store starts empty, with Warning saying
// so.
func OpenAt(dir string) (*Store, error) {
	s := &Store{path: filepath.Join(dir, FileName)}
	if err := s.load(); err != nil {
		return nil, err
	}
	return s, nil
}

// load reads the file into s.data: nothing when it does not exist; a
// corrupt one is set aside (and Warning says so).
func (s *Store) load() error {
	s.data = Data{Version: 1}
	b, err := os.ReadFile(s.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("progress: %v", err)
	}
	var d Data
	if perr := parse(b, &d); perr != nil {
		aside, err := setAside(s.path)
		if err != nil {
			return fmt.Errorf("progress: %s is corrupt (%v) and could not be set aside: %v", s.path, perr, err)
		}
		s.Warning = fmt.Sprintf("progress: %s was corrupt (%v); it was kept as %s and progress starts afresh", s.path, perr, aside)
		return nil
	}
	s.data = d
	return nil
}

// change applies f to the file's current contents and saves them, holding
// the lock from the read to the rename.
func (s *Store) change(f func(d *Data) error) error {
	if err := os.MkdirAll(filepath.Dir(s.path), 0o755); err != nil {
		return fmt.Errorf("progress: %v", err)
	}
	unlock, err := lockedfile.MutexAt(s.path + ".lock").Lock()
	if err != nil {
		return fmt.Errorf("progress: %v", err)
	}
	defer unlock()
	if err := s.load(); err != nil {
		return err
	}
	if err := f(&s.data); err != nil {
		return err
	}
	return s.save()
}

func parse(b []byte, d *Data) error {
	if err := json.Unmarshal(b, d); err != nil {
		return err
	}
	if d.Version != 1 {
		return fmt.Errorf("version %d, want 1", d.Version)
	}
	return nil
}

// setAside renames path to path.corrupt-N, the first N not taken.
func setAside(path string) (string, error) {
	for n := 1; n < 1000; n++ {
		dst := fmt.Sprintf("%s.corrupt-%d", path, n)
		if _, err := os.Lstat(dst); errors.Is(err, fs.ErrNotExist) {
			return dst, os.Rename(path, dst)
		}
	}
	return "", errors.New("999 corrupt copies already kept: delete some")
}

// Path is the file's path.
func (s *Store) Path() string { return s.path }

// Data returns a copy of what the store holds.
func (s *Store) Data() Data {
	d := Data{Version: s.data.Version, Read: slices.Clone(s.data.Read),
		Quizzes: map[string]*Quiz{}, Exercises: map[string]*Exercise{}}
	for k, v := range s.data.Quizzes {
		q := *v
		d.Quizzes[k] = &q
	}
	for k, v := range s.data.Exercises {
		e := *v
		d.Exercises[k] = &e
	}
	d.At = maps.Clone(s.data.At)
	return d
}

// Read reports whether the lesson was read to its end.
func (s *Store) Read(lesson string) bool {
	_, ok := slices.BinarySearch(s.data.Read, lesson)
	return ok
}

// Quiz returns the lesson's quiz results, or nil before the first attempt.
func (s *Store) Quiz(lesson string) *Quiz {
	if q := s.data.Quizzes[lesson]; q != nil {
		c := *q
		return &c
	}
	return nil
}

// Exercise returns an exercise's results, or nil before the first attempt.
func (s *Store) Exercise(name string) *Exercise {
	if e := s.data.Exercises[name]; e != nil {
		c := *e
		return &c
	}
	return nil
}

// MarkLessonRead records that the lesson (lesson-04) was read, and saves;
// where the learner stopped in it is forgotten.
func (s *Store) MarkLessonRead(lesson string) error {
	return s.change(func(d *Data) error {
		if i, ok := slices.BinarySearch(d.Read, lesson); !ok {
			d.Read = slices.Insert(d.Read, i, lesson)
		}
		delete(d.At, lesson)
		return nil
	})
}

// At returns the section (1 for the first) where the learner stopped in
// a lesson they have not read to its end, or 0.
func (s *Store) At(lesson string) int {
	return s.data.At[lesson]
}

// SetAt records that the learner opened section n (1 for the first) of a
// lesson, and saves; n of 0 or less forgets it.
func (s *Store) SetAt(lesson string, n int) error {
	return s.change(func(d *Data) error {
		if n <= 0 {
			delete(d.At, lesson)
			return nil
		}
		if d.At == nil {
			d.At = map[string]int{}
		}
		d.At[lesson] = n
		return nil
	})
}

// RecordQuiz records a quiz attempt: score right answers out of total.
func (s *Store) RecordQuiz(lesson string, score, total int) error {
	if total <= 0 || score < 0 || score > total {
		return fmt.Errorf("progress: quiz score %d/%d makes no sense", score, total)
	}
	return s.change(func(d *Data) error {
		if d.Quizzes == nil {
			d.Quizzes = map[string]*Quiz{}
		}
		q := d.Quizzes[lesson]
		if q == nil {
			q = &Quiz{}
			d.Quizzes[lesson] = q
		}
		if total != q.Total {
			q.Best = 0 // the quiz changed: the old best is out of another total
		}
		q.Score, q.Total, q.Attempts = score, total, q.Attempts+1
		q.Best = max(q.Best, score)
		return nil
	})
}

// RecordExercise records an attempt at an exercise; once passed, an
// exercise stays passed.
func (s *Store) RecordExercise(name string, passed bool) error {
	return s.change(func(d *Data) error {
		if d.Exercises == nil {
			d.Exercises = map[string]*Exercise{}
		}
		e := d.Exercises[name]
		if e == nil {
			e = &Exercise{}
			d.Exercises[name] = e
		}
		e.Attempts++
		e.Passed = e.Passed || passed
		return nil
	})
}

// Reset forgets everything and saves the empty store.
func (s *Store) Reset() error {
	return s.change(func(d *Data) error {
		*d = Data{Version: 1}
		return nil
	})
}

// save writes the file atomically: a temporary file in the same
// directory, synced, then renamed over the old one.
func (s *Store) save() error {
	b, err := json.MarshalIndent(&s.data, "", "  ")
	if err != nil {
		return fmt.Errorf("progress: %v", err)
	}
	b = append(b, '\n')
	f, err := os.CreateTemp(filepath.Dir(s.path), FileName+".tmp-*")
	if err != nil {
		return fmt.Errorf("progress: %v", err)
	}
	tmp := f.Name()
	_, werr := f.Write(b)
	if werr == nil {
		werr = f.Sync()
	}
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp, s.path)
	}
	if werr != nil {
		os.Remove(tmp)
		return fmt.Errorf("progress: saving %s: %v", s.path, werr)
	}
	return nil
}

// ExerciseNames returns the exercises attempted, sorted.
func (s *Store) ExerciseNames() []string {
	out := make([]string, 0, len(s.data.Exercises))
	for n := range s.data.Exercises {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
