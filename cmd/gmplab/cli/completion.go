package cli

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gmplab/gmplab/checker"
	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/runtime"
)

// Shell completion: cobra's completion command writes the script for
// bash, zsh, fish or PowerShell, and the script asks gmplab (its hidden
// __complete command) what to offer. This table says it for each
// command's arguments, and completeFlags for the flags whose values are
// names.

// argCompletions are what each command's arguments complete to.
var argCompletions = map[string]cobra.CompletionFunc{
	"run":     oneArg(completeGoFiles),
	"step":    oneArg(both(completeLessons, completeGoFiles)),
	"real":    oneArg(both(completeLessons, completeGoFiles)),
	"compare": oneArg(both(completeLessons, completeGoFiles)),
	"lesson":  oneArg(completeLessons),
	"quiz":    oneArg(completeLessons),
	"check":   oneArg(completeExercises),
}

// addCompletions sets the completions of root's commands and flags.
func addCompletions(root *cobra.Command) {
	for _, c := range root.Commands() {
		if f, ok := argCompletions[c.Name()]; ok {
			c.ValidArgsFunction = f
		}
		completeFlags(c)
	}
}

// completeFlags completes the values of c's flags that take names.
func completeFlags(c *cobra.Command) {
	fixed := func(names ...string) cobra.CompletionFunc {
		return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return names, cobra.ShellCompDirectiveNoFileComp
		}
	}
	for name, f := range map[string]cobra.CompletionFunc{
		"layers": completeLayers,
		"format": fixed("text", "json", "schedtrace", "chrome"),
		"with":   completeExerciseDirs,
	} {
		if c.Flags().Lookup(name) != nil {
			c.RegisterFlagCompletionFunc(name, f)
		}
	}
}

// oneArg offers f's completions for the first argument only.
func oneArg(f cobra.CompletionFunc) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return f(cmd, args, toComplete)
	}
}

// both offers the completions of a and of b.
func both(a, b cobra.CompletionFunc) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		x, dx := a(cmd, args, toComplete)
		y, dy := b(cmd, args, toComplete)
		return append(x, y...), dx | dy
	}
}

// completeLessons offers the lessons' names, with their titles.
func completeLessons(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	ls, _ := lessons.All()
	var out []string
	for _, l := range ls {
		if strings.HasPrefix(l.Name(), toComplete) {
			out = append(out, l.Name()+"\t"+l.Title)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeExercises offers the exercises' names (02-runqput) of the clone
// holding the current folder.
func completeExercises(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, d := range exercises() {
		if strings.HasPrefix(d.Name, toComplete) {
			out = append(out, d.Name)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeExerciseDirs offers the exercises' folders (exercises/02-runqput)
// from the current folder.
func completeExerciseDirs(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	wd, _ := os.Getwd()
	var out []string
	for _, d := range exercises() {
		if rel, err := filepath.Rel(wd, d.Path); err == nil && strings.HasPrefix(rel, toComplete) {
			out = append(out, filepath.ToSlash(rel))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

func exercises() []checker.Dir {
	root := RepoRoot()
	if root == "" {
		return nil
	}
	ds, _ := checker.ListExercises(root)
	return ds
}

// completeGoFiles offers the Go files (tests left out) and the folders
// that start with toComplete, as paths from the current folder.
func completeGoFiles(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	dir, prefix := filepath.Split(toComplete)
	ents, err := os.ReadDir(filepath.Join(".", dir))
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	d := cobra.ShellCompDirectiveNoFileComp
	for _, e := range ents {
		name := e.Name()
		if !strings.HasPrefix(name, prefix) || strings.HasPrefix(name, ".") {
			continue
		}
		switch {
		case e.IsDir():
			out = append(out, dir+name+"/")
			d |= cobra.ShellCompDirectiveNoSpace // go on into the folder
		case strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go"):
			out = append(out, dir+name)
		}
	}
	return out, d
}

// completeLayers completes the last name of a comma-separated list of
// layers.
func completeLayers(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	done, last := "", toComplete
	if i := strings.LastIndexByte(toComplete, ','); i >= 0 {
		done, last = toComplete[:i+1], toComplete[i+1:]
	}
	var out []string
	for _, n := range append([]string{"all"}, runtime.LayerNames()...) {
		if strings.HasPrefix(n, last) && (n != "all" || done == "") {
			out = append(out, done+n)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}
