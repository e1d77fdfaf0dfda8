package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The README shows gmplab's output in ```console blocks: a "$ " line with
// the command, then what it prints (stdout, then stderr). TestReadme runs
// every such command and compares; with -update it rewrites the outputs,
// so the page can never drift from the program.
//
// A command is `gmplab ARGS` or `go run ./cmd/gmplab ARGS`, optionally
// with `2>&1` and piped into `head -n N` or `tail -n N`; as in a shell, the
// pipe gets stdout only (stderr is shown after it) unless 2>&1 merges
// them. Any other command in a console block must show no output (it is
// not run).

type readmeCmd struct {
	line       int    // 1-based line of the "$ " line
	cmd        string // after "$ "
	start, end int    // output lines [start, end) in the file's lines
}

func parseReadme(lines []string) ([]readmeCmd, error) {
	var cmds []readmeCmd
	in := false
	for i, l := range lines {
		switch {
		case !in && strings.TrimSpace(l) == "```console":
			in = true
		case in && strings.TrimSpace(l) == "```":
			in = false
			if len(cmds) > 0 && cmds[len(cmds)-1].end < 0 {
				cmds[len(cmds)-1].end = i
			}
		case in && strings.HasPrefix(l, "$ "):
			if len(cmds) > 0 && cmds[len(cmds)-1].end < 0 {
				cmds[len(cmds)-1].end = i
			}
			cmds = append(cmds, readmeCmd{line: i + 1, cmd: strings.TrimPrefix(l, "$ "), start: i + 1, end: -1})
		}
	}
	if in {
		return nil, fmt.Errorf("README.md: a ```console block is not closed")
	}
	return cmds, nil
}

// runReadmeCmd runs one command; ok is false for commands that are shown
// but not run.
func runReadmeCmd(t *testing.T, cmd string) (out string, ok bool, err error) {
	args, pipe, _ := strings.Cut(cmd, "|")
	args = strings.TrimSpace(args)
	switch {
	case strings.HasPrefix(args, "go run ./cmd/gmplab "):
		args = strings.TrimPrefix(args, "go run ./cmd/gmplab ")
	case strings.HasPrefix(args, "gmplab "):
		args = strings.TrimPrefix(args, "gmplab ")
	default:
		return "", false, nil
	}
	merge := strings.HasSuffix(args, " 2>&1")
	args = strings.TrimSuffix(args, " 2>&1")
	r := gmplab(t, args)
	out = r.stdout
	if merge {
		// gmplab writes stderr only once stdout is flushed, so the
		// merged stream is stdout then stderr.
		out += r.stderr
	}
	if pipe = strings.TrimSpace(pipe); pipe != "" {
		f := strings.Fields(pipe)
		if len(f) != 3 || (f[0] != "head" && f[0] != "tail") || f[1] != "-n" {
			return "", true, fmt.Errorf("%q: only | head -n N and | tail -n N are supported", cmd)
		}
		n, err := strconv.Atoi(f[2])
		if err != nil {
			return "", true, fmt.Errorf("%q: %v", cmd, err)
		}
		ls := lines(out)
		if f[0] == "head" {
			ls = ls[:min(n, len(ls))]
		} else {
			ls = ls[max(0, len(ls)-n):]
		}
		out = strings.Join(ls, "")
	}
	if !merge {
		out += r.stderr
	}
	return out, true, nil
}

func TestReadme(t *testing.T) {
	path, err := filepath.Abs(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(repoRoot)
	fileLines := strings.Split(string(data), "\n")
	cmds, err := parseReadme(fileLines)
	if err != nil {
		t.Fatal(err)
	}
	if len(cmds) == 0 {
		t.Fatal("README.md shows no gmplab command in a ```console block")
	}
	var rewritten []string
	prev := 0
	for _, c := range cmds {
		shown := strings.Join(fileLines[c.start:c.end], "\n")
		if c.end > c.start {
			shown += "\n"
		}
		out, ok, err := runReadmeCmd(t, c.cmd)
		if err != nil {
			t.Errorf("README.md:%d: %v", c.line, err)
			continue
		}
		if !ok {
			if shown != "" {
				t.Errorf("README.md:%d: %q is not a gmplab command, so its output cannot be checked: show none", c.line, c.cmd)
			}
			continue
		}
		if out != shown && !*update {
			t.Errorf("README.md:%d: the output of %q is stale (go test ./cmd/gmplab/cli -update rewrites it):\n%s",
				c.line, c.cmd, firstDiff(shown, out))
		}
		rewritten = append(rewritten, fileLines[prev:c.start]...)
		if out != "" {
			rewritten = append(rewritten, strings.Split(strings.TrimSuffix(out, "\n"), "\n")...)
		}
		prev = c.end
	}
	if *update {
		rewritten = append(rewritten, fileLines[prev:]...)
		if err := os.WriteFile(path, []byte(strings.Join(rewritten, "\n")), 0o666); err != nil {
			t.Fatal(err)
		}
	}
}
