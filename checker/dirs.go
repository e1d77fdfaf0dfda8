package checker

import (
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Module is the import path of gmplab's module.
const Module = "github.com/gmplab/gmplab"

// FindRoot returns the root of the gmplab checkout holding dir: the
// folder whose go.mod declares Module.
func FindRoot(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := dir; ; d = filepath.Dir(d) {
		if b, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil && strings.Contains(string(b), "module "+Module+"\n") {
			return d, nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("%s is not inside a clone of gmplab (no go.mod with module %s above it)", dir, Module)
		}
	}
}

// Dir is an exercise's folder.
type Dir struct {
	Name     string   // 02-runqput
	Pkg      string   // the Go package's name: runqput
	Path     string   // absolute
	Files    []string // the files the learner edits
	Scenario bool     // a scenario exercise: Files is scenario.go
}

var exerciseName = regexp.MustCompile(`^\d\d-[a-z0-9-]+$`)

// ListExercises lists the exercises under root/exercises, in order.
func ListExercises(root string) ([]Dir, error) {
	ents, err := os.ReadDir(filepath.Join(root, "exercises"))
	if err != nil {
		return nil, err
	}
	var out []Dir
	for _, e := range ents {
		if !e.IsDir() || !exerciseName.MatchString(e.Name()) {
			continue
		}
		d, err := exerciseDir(root, e.Name())
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

func exerciseDir(root, name string) (Dir, error) {
	d := Dir{Name: name, Path: filepath.Join(root, "exercises", name)}
	if _, err := os.Stat(filepath.Join(d.Path, "scenario.go")); err == nil {
		d.Scenario, d.Files = true, []string{"scenario.go"}
	}
	ents, err := os.ReadDir(d.Path)
	if err != nil {
		return d, err
	}
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		if n == "exercise.go" {
			f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(d.Path, n), nil, parser.PackageClauseOnly)
			if err != nil {
				return d, err
			}
			d.Pkg = f.Name.Name
			continue
		}
		if !d.Scenario {
			d.Files = append(d.Files, n)
		}
	}
	if d.Pkg == "" {
		return d, fmt.Errorf("exercises/%s has no exercise.go", name)
	}
	return d, nil
}

// FindExercise resolves a name (02-runqput, runqput, exercises/02-runqput).
func FindExercise(root, name string) (Dir, error) {
	all, err := ListExercises(root)
	if err != nil {
		return Dir{}, err
	}
	n := strings.TrimSuffix(strings.TrimPrefix(filepath.ToSlash(name), "./"), "/")
	n = strings.TrimPrefix(n, "exercises/")
	var names []string
	for _, d := range all {
		if d.Name == n || strings.TrimLeft(d.Name[2:], "-") == n {
			return d, nil
		}
		names = append(names, d.Name)
	}
	return Dir{}, fmt.Errorf("no exercise %q (exercises: %s)", name, strings.Join(names, ", "))
}

// allowedImports are what an exercise's code may import: the exercise
// types and pure computation. No files, processes, network or unsafe.
var allowedImports = map[string]bool{
	Module + "/exercises/rt": true, "errors": true, "fmt": true, "math": true, "math/bits": true,
	"slices": true, "sort": true, "strconv": true, "strings": true, "container/list": true, "container/heap": true,
}

// ErrImport is returned by CheckImports for a forbidden import.
var ErrImport = errors.New("forbidden import")

// CheckImports refuses learner code that imports anything outside
// allowedImports (os, io/fs, syscall, unsafe, net, os/exec, embed, C, …):
// exercise code computes; it does not read files or end the process.
func CheckImports(filename string, src []byte) error {
	f, err := parser.ParseFile(token.NewFileSet(), filename, src, parser.ImportsOnly)
	if err != nil {
		return nil // the compiler reports syntax errors in its words
	}
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		if !allowedImports[p] {
			var ok []string
			for a := range allowedImports {
				ok = append(ok, a)
			}
			sort.Strings(ok)
			return fmt.Errorf("%w: %s imports %q: exercise code may import only %s", ErrImport, filepath.Base(filename), p, strings.Join(ok, ", "))
		}
	}
	return nil
}
