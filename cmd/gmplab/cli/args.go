package cli

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gmplab/gmplab/lessons"
)

// The commands' argument checks, in gmplab's words rather than cobra's
// ("accepts 1 arg(s), received 2"): each says what was expected and where
// to find it. A failed check is a usage error (exit status 2).

// lessonError is a command's error about its lesson or file: a usage
// error (exit status 2) for a name that is no lesson, else a failure
// (1), as for a missing file.
func lessonError(command string, err error) *ExitError {
	code := 1
	var u *lessons.UnknownError
	if errors.As(err, &u) {
		code = 2
	}
	return &ExitError{Code: code, Msg: command + ": " + err.Error()}
}

// oneTarget checks that a command got one lesson or Go file.
func oneTarget(cmd *cobra.Command, args []string) error {
	switch len(args) {
	case 1:
		return nil
	case 0:
		return errors.New("missing LESSON or FILE.go: gmplab lessons lists the lessons")
	}
	return fmt.Errorf("want one lesson or Go file, got %d arguments: %s", len(args), strings.Join(args, " "))
}

// noArgs checks that a command got no arguments; hint says what to do
// instead ("" for nothing).
func noArgs(hint string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return nil
		}
		msg := cmd.CommandPath() + " takes no arguments"
		if cmd.HasSubCommands() {
			msg = fmt.Sprintf("unknown command %q: %s", args[0], subcommandList(cmd))
		} else if hint != "" {
			msg += " (" + hint + ")"
		}
		return errors.New(strings.TrimPrefix(msg, "gmplab "))
	}
}

// subcommandList names cmd's subcommands: "gmplab book build or gmplab
// book serve".
func subcommandList(cmd *cobra.Command) string {
	var names []string
	for _, c := range cmd.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.CommandPath())
		}
	}
	switch len(names) {
	case 0:
		return "it has no subcommands"
	case 1:
		return "the command is " + names[0]
	}
	return "the commands are " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
