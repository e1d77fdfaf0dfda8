// Package terminal is the REPL of `gmplab step`: a table of commands in
// Delve's words (pkg/terminal/command.go), each with its aliases, group,
// usage and help, over a debugger.Session. One file per command group:
// cmds_run.go (forwards), cmds_rev.go (backwards), cmds_break.go,
// cmds_look.go, cmds_session.go. The reference page docs/debugger.md is
// generated from the same table (docs.go), and a test fails when the
// committed page is stale.
package terminal

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/gmplab/gmplab/debugger"
)

// group is a heading of help and of the reference page.
type group int

const (
	groupRun group = iota
	groupRev
	groupBreak
	groupLook
	groupSession
)

var groupTitles = map[group]string{
	groupRun:     "Running the program",
	groupRev:     "Going backwards",
	groupBreak:   "Breakpoints",
	groupLook:    "Looking at the scheduler",
	groupSession: "The session",
}

var groupOrder = []group{groupRun, groupRev, groupBreak, groupLook, groupSession}

// command is one row of the table.
type command struct {
	aliases []string // the first is the name
	group   group
	usage   string // the synopsis: "step [n]"
	// help is the description: its first line is the summary shown in
	// lists, the rest (after a blank line) details and examples.
	help string
	fn   func(t *Term, args string) error
	// noRepeat: an empty line after this command does not run it again.
	noRepeat bool
}

func (c *command) name() string { return c.aliases[0] }

func (c *command) summary() string {
	s, _, _ := strings.Cut(c.help, "\n")
	return s
}

func (c *command) match(name string) bool {
	for _, a := range c.aliases {
		if a == name {
			return true
		}
	}
	return false
}

// commands is the table.
type commands struct {
	list []*command
}

func newCommands() *commands {
	c := &commands{}
	for _, g := range [][]*command{runCommands(), revCommands(), breakCommands(), lookCommands(), sessionCommands()} {
		c.list = append(c.list, g...)
	}
	seen := map[string]string{}
	for _, cmd := range c.list {
		for _, a := range cmd.aliases {
			if other, ok := seen[a]; ok {
				panic("terminal: alias " + a + " of " + cmd.name() + " is taken by " + other)
			}
			seen[a] = cmd.name()
		}
	}
	return c
}

func (c *commands) find(name string) *command {
	for _, cmd := range c.list {
		if cmd.match(name) {
			return cmd
		}
	}
	return nil
}

func (c *commands) words() []string {
	var ws []string
	for _, cmd := range c.list {
		ws = append(ws, cmd.aliases...)
	}
	return ws
}

// unknown is the error for a word that is no command: it names the nearest.
func (c *commands) unknown(name string) error {
	msg := fmt.Sprintf("unknown command %q", name)
	if near := debugger.Nearest(name, c.words()); near != "" {
		cmd := c.find(near)
		msg += fmt.Sprintf("; did you mean %s (%s)?", near, cmd.summary())
	} else {
		msg += "; help lists the commands"
	}
	return errors.New(msg)
}

// errUsage is a command used wrongly: it prints the usage.
type errUsage struct {
	cmd *command
	msg string
}

func (e *errUsage) Error() string {
	return e.msg + "\nusage: " + e.cmd.usage
}

func usageErr(c *command, format string, args ...any) error {
	return &errUsage{cmd: c, msg: fmt.Sprintf(format, args...)}
}

// helpText is `help` with no argument: the commands by group.
func (c *commands) helpText() string {
	var b strings.Builder
	b.WriteString("Commands (an empty line repeats the last one; help COMMAND for more):\n")
	for _, g := range groupOrder {
		fmt.Fprintf(&b, "\n%s:\n", groupTitles[g])
		for _, cmd := range c.list {
			if cmd.group != g {
				continue
			}
			names := cmd.name()
			if len(cmd.aliases) > 1 {
				names += " (" + strings.Join(cmd.aliases[1:], ", ") + ")"
			}
			fmt.Fprintf(&b, "    %-26s %s\n", names, cmd.summary())
		}
	}
	return b.String()
}

// commandHelp is `help NAME`.
func (c *commands) commandHelp(name string) (string, error) {
	cmd := c.find(name)
	if cmd == nil {
		return "", c.unknown(name)
	}
	var b strings.Builder
	b.WriteString("usage: " + cmd.usage + "\n")
	if len(cmd.aliases) > 1 {
		b.WriteString("aliases: " + strings.Join(cmd.aliases[1:], ", ") + "\n")
	}
	b.WriteString("\n" + cmd.help + "\n")
	return b.String(), nil
}

// sortedNames lists every name and alias, sorted (for completion).
func (c *commands) sortedNames() []string {
	ws := c.words()
	sort.Strings(ws)
	return ws
}
