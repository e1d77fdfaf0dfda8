package terminal

import (
	"os"
	"strings"
)

// The session: help, transcripts, scripts, leaving.

func sessionCommands() []*command {
	return []*command{
		{
			aliases: []string{"help", "h"},
			group:   groupSession,
			usage:   "help [COMMAND]",
			help:    `List the commands by group, or describe one.`,
			fn: func(t *Term, args string) error {
				args = strings.TrimSpace(args)
				if args == "" {
					t.print(t.cmds.helpText())
					return nil
				}
				out, err := t.cmds.commandHelp(args)
				if err != nil {
					return err
				}
				t.print(out)
				return nil
			},
		},
		{
			aliases: []string{"transcript"},
			group:   groupSession,
			usage:   "transcript [-t] FILE | transcript -off",
			help: `Record the session, commands and output, in FILE.

The transcript is appended to FILE, or FILE is truncated first with -t;
-off stops recording.`,
			fn:       cmdTranscript,
			noRepeat: true,
		},
		{
			aliases: []string{"source"},
			group:   groupSession,
			usage:   "source FILE",
			help: `Run the commands in FILE, one a line, as if typed.

Empty lines and lines starting with # are skipped. gmplab step --init FILE
does this at the start.`,
			fn:       cmdSource,
			noRepeat: true,
		},
		{
			aliases: []string{"exit", "quit", "q"},
			group:   groupSession,
			usage:   "exit",
			help:    `Leave the debugger (Ctrl-D too).`,
			fn: func(t *Term, args string) error {
				t.quit = true
				return nil
			},
			noRepeat: true,
		},
	}
}

func cmdTranscript(t *Term, args string) error {
	c := t.cmds.find("transcript")
	f := strings.Fields(args)
	trunc := false
	if len(f) > 0 && f[0] == "-t" {
		trunc, f = true, f[1:]
	}
	switch {
	case len(f) == 1 && f[0] == "-off":
		if t.transcript == nil {
			return usageErr(c, "no transcript is being recorded")
		}
		err := t.transcript.Close()
		t.transcript = nil
		return err
	case len(f) != 1:
		return usageErr(c, "transcript needs one file name")
	}
	flags := os.O_WRONLY | os.O_CREATE | os.O_APPEND
	if trunc {
		flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	}
	fh, err := os.OpenFile(f[0], flags, 0o644)
	if err != nil {
		return err
	}
	if t.transcript != nil {
		t.transcript.Close()
	}
	t.transcript = fh
	return nil
}

func cmdSource(t *Term, args string) error {
	name := strings.TrimSpace(args)
	if name == "" {
		return usageErr(t.cmds.find("source"), "source needs a file name")
	}
	return t.Source(name)
}
