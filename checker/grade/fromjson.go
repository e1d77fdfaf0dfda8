package grade

import (
	"bufio"
	"crypto/hmac"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gmplab/gmplab/checker"
)

// FromTestJSON builds a gradebook from go test -json outputs, one file per
// submission (named after the file, without .json): the result lines the
// exercises' tests print (checker.ResultLine). A package that failed
// before its test reported (a refused folder, a compile error, a test
// binary that ended early) is an error result with go test's words. With
// key, a result line must carry its signature (checker.EnvResultKey).
func FromTestJSON(files []string, key string) (*Gradebook, error) {
	gb := &Gradebook{}
	seen := map[string]bool{}
	for _, f := range files {
		s, err := readTestJSON(f, key)
		if err != nil {
			return nil, err
		}
		for _, r := range s.Results {
			if !seen[r.Exercise] {
				seen[r.Exercise] = true
				gb.Exercises = append(gb.Exercises, r.Exercise)
			}
		}
		gb.Submissions = append(gb.Submissions, s)
	}
	sort.Strings(gb.Exercises)
	for _, s := range gb.Submissions {
		by := map[string]*checker.Result{}
		for _, r := range s.Results {
			by[r.Exercise] = r
		}
		s.Results = s.Results[:0]
		for _, e := range gb.Exercises {
			r := by[e]
			if r == nil {
				r = errResult(e, NotSubmitted+": no result for "+e+" in "+s.Name+"'s go test output")
			}
			s.Results = append(s.Results, r)
		}
	}
	gb.total()
	return gb, nil
}

// testEvent is a line of go test -json (cmd/test2json).
type testEvent struct {
	Action  string
	Package string
	Test    string
	Output  string
}

func readTestJSON(file, key string) (*Submission, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s := &Submission{Name: strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)), Dir: file}
	results := map[string]*checker.Result{} // by package
	failed := map[string]*strings.Builder{} // output of packages that failed
	var order []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var ev testEvent
		if json.Unmarshal(sc.Bytes(), &ev) != nil || !strings.Contains(ev.Package, "/exercises/") {
			continue
		}
		if _, ok := failed[ev.Package]; !ok {
			failed[ev.Package] = &strings.Builder{}
			order = append(order, ev.Package)
		}
		switch {
		case ev.Action == "output" && strings.HasPrefix(ev.Output, checker.ResultPrefix):
			r, err := parseResultLine(strings.TrimSpace(ev.Output), key)
			if err != nil {
				return nil, fmt.Errorf("%s: %s: %v", file, ev.Package, err)
			}
			results[ev.Package] = r
		case ev.Action == "output":
			if b := failed[ev.Package]; b.Len() < 4<<10 {
				b.WriteString(ev.Output)
			}
		case ev.Action == "fail" && ev.Test == "" && results[ev.Package] == nil:
			name := ev.Package[strings.LastIndex(ev.Package, "/")+1:]
			results[ev.Package] = errResult(name, "go test failed before the checker reported: "+strings.TrimSpace(failed[ev.Package].String()))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	for _, p := range order {
		if r := results[p]; r != nil {
			s.Results = append(s.Results, r)
		}
	}
	return s, nil
}

// parseResultLine reads a checker.ResultLine, checking its signature
// when key is set.
func parseResultLine(line, key string) (*checker.Result, error) {
	rest := strings.TrimPrefix(line, checker.ResultPrefix)
	sig, js, ok := strings.Cut(rest, " ")
	if !ok {
		return nil, fmt.Errorf("a result line without its JSON")
	}
	if key != "" && !hmac.Equal([]byte(sig), []byte(checker.Sign(key, []byte(js)))) {
		return nil, fmt.Errorf("a result line whose signature does not match the key: printed by something else than the checker")
	}
	var r checker.Result
	if err := json.Unmarshal([]byte(js), &r); err != nil {
		return nil, fmt.Errorf("a result line that is not a result: %v", err)
	}
	return &r, nil
}

// ClassroomResult writes r as a runner result of GitHub Classroom's
// autograding-grading-reporter (base64 JSON in the step's output
// "result"): one test per rule, the rules sharing maxScore.
func ClassroomResult(w io.Writer, r *checker.Result, maxScore float64) error {
	type test struct {
		Name    string  `json:"name"`
		Status  string  `json:"status"`
		Score   float64 `json:"score"`
		Message string  `json:"message,omitempty"`
	}
	out := struct {
		Version  int     `json:"version"`
		Status   string  `json:"status"`
		MaxScore float64 `json:"max_score"`
		Tests    []test  `json:"tests"`
	}{Version: 1, Status: r.Status, MaxScore: maxScore}
	if out.Status == checker.StatusNotStarted {
		out.Status = checker.StatusFail
	}
	for _, rr := range r.Rules {
		t := test{Name: r.Exercise + ": " + rr.Name, Status: rr.Status}
		if rr.Status == checker.StatusPass {
			t.Score = maxScore / float64(len(r.Rules))
		} else {
			t.Message = "failing: " + strings.Join(rr.Failed, ", ")
		}
		out.Tests = append(out.Tests, t)
	}
	if len(r.Rules) == 0 {
		out.Tests = append(out.Tests, test{Name: r.Exercise, Status: checker.StatusFail, Message: firstLine(r.Message)})
	}
	b, err := json.Marshal(out)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "result=%s\n", base64Encode(b))
	return err
}

func base64Encode(b []byte) string { return base64.StdEncoding.EncodeToString(b) }
