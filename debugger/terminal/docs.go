package terminal

import (
	"fmt"
	"strings"
)

// Reference returns the command reference page (docs/debugger.md),
// generated from the command table so that the page and `help` cannot
// disagree. TestReferenceIsCurrent compares it with the committed page;
// go test ./debugger/terminal -update rewrites the page.
func Reference() string {
	c := newCommands()
	var b strings.Builder
	b.WriteString(`# gmplab step: command reference

<!-- Generated from the command table in debugger/terminal by
     go test ./debugger/terminal -update. Do not edit. -->

` + "`gmplab step LESSON|FILE.go`" + ` opens a program in the step-through debugger for
scheduling decisions. It speaks Delve's words, and it can go backwards: every
position is reached exactly as a fresh run reaches it.

` + "```" + `
gmplab step lesson-04                      # a lesson by number (4, 04, lesson-04, 04-sysmon)
gmplab step lessons/04-sysmon/handoff.go   # a lesson's scenario, from disk
gmplab step my.go --gomaxprocs 4 --seed 7  # any program in the supported subset
gmplab step lesson-04 --init script.txt    # run a script of commands first
gmplab step lesson-04 < script.txt         # or read all commands from a file
` + "```" + `

The same REPL serves ` + "`gmplab real`" + ` (the real runtime under Delve, [real.md](real.md))
and ` + "`gmplab replay`" + ` (a real execution trace, [replay.md](replay.md)).

Every stop prints one line: the event number, the virtual time, the M, P and G,
the runtime function that acted, what it did, and why. An empty line repeats the
last command. On a terminal the prompt has history, line editing and reverse
search (Ctrl-R); Ctrl-C stops a long ` + "`continue`" + `.

`)
	for _, g := range groupOrder {
		fmt.Fprintf(&b, "## %s\n\n", groupTitles[g])
		b.WriteString("| command | aliases | summary |\n|---|---|---|\n")
		for _, cmd := range c.list {
			if cmd.group != g {
				continue
			}
			fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s |\n", cmd.name(), cmd.name(), aliasList(cmd), cmd.summary())
		}
		b.WriteString("\n")
		for _, cmd := range c.list {
			if cmd.group != g {
				continue
			}
			fmt.Fprintf(&b, "### %s\n\n", cmd.name())
			fmt.Fprintf(&b, "    %s\n\n", cmd.usage)
			b.WriteString(markdownHelp(cmd.help))
			b.WriteString("\n")
		}
	}
	return b.String()
}

func aliasList(cmd *command) string {
	if len(cmd.aliases) == 1 {
		return ""
	}
	var as []string
	for _, a := range cmd.aliases[1:] {
		as = append(as, "`"+a+"`")
	}
	return strings.Join(as, ", ")
}

// markdownHelp turns a help text into Markdown: paragraphs as they are,
// indented lines (examples, tables) as a code block.
func markdownHelp(help string) string {
	var b strings.Builder
	inCode := false
	for _, line := range strings.Split(help, "\n") {
		indented := strings.HasPrefix(line, "    ")
		switch {
		case indented && !inCode:
			b.WriteString("```\n")
			inCode = true
		case !indented && inCode:
			b.WriteString("```\n")
			inCode = false
		}
		if inCode {
			line = strings.TrimPrefix(line, "    ")
		}
		b.WriteString(line + "\n")
	}
	if inCode {
		b.WriteString("```\n")
	}
	return b.String()
}
