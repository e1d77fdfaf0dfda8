package vm

import (
	"io"
	"strings"
)

// os.Args: the program's name, then the arguments the run was given
// (SetArgs). Go's os.Args[0] is the path of the executable, which `go run`
// puts in a fresh temporary directory ("/tmp/go-build…/b001/exe/NAME"); the
// model's is NAME alone, the source file's name without ".go", so that
// runs are deterministic. Each read of os.Args builds a fresh slice: a
// program that stores into os.Args[i] does not see the store on its next
// read (Go would).
//
// os.Stdin: what the run was given (SetStdin: gmplab's own standard
// input), read from the host only when the program first reads it, into a
// buffer that only grows and that every copy of the Machine shares; the
// position read to is the Machine's own, so a snapshot restores it and a
// run is a function of its input. A read takes the next bytes, up to the
// buffer's length (as many as the host's read gave, as a read of a pipe
// does), in no virtual time and without entering a system call: a
// simplification (docs/assumptions.md).

func init() {
	RegisterHost(HostFunc{Name: "os.Args", Pop: 0, Push: 1, Fn: func(mc *Machine, _ int32, _, r []Value) string {
		r[0].I = mc.stringSlice(mc.OSArgs())
		return ""
	}})
	// os.readStdin(n) is the next at most n bytes of stdin, "" at its end.
	RegisterHost(HostFunc{Name: "os.readStdin", Pop: 1, Push: 1, Fn: func(mc *Machine, _ int32, a, r []Value) string {
		in := mc.stdin
		if in == nil {
			return ""
		}
		if mc.stdinPos == len(in.data) && in.r != nil && a[0].I > 0 {
			buf := make([]byte, min(a[0].I, 64<<10))
			n, err := in.r.Read(buf)
			in.data = append(in.data, buf[:n]...)
			if err != nil {
				in.r = nil // at its end, or unreadable: EOF from now on
			}
		}
		n := min(int(a[0].I), len(in.data)-mc.stdinPos)
		r[0].S = string(in.data[mc.stdinPos : mc.stdinPos+n])
		mc.stdinPos += n
		return ""
	}})
}

// stdinSource is os.Stdin's input: what has been read of it so far.
type stdinSource struct {
	r    io.Reader // nil once it has ended
	data []byte
}

// SetStdin sets what os.Stdin reads (nil: nothing).
func (mc *Machine) SetStdin(r io.Reader) {
	mc.stdin, mc.stdinPos = nil, 0
	if r != nil {
		mc.stdin = &stdinSource{r: r}
	}
}

// SetArgs sets os.Args[1:] (os.Args[0] is the program's name).
func (mc *Machine) SetArgs(args []string) { mc.args = args }

// OSArgs is what os.Args holds.
func (mc *Machine) OSArgs() []string {
	name := ""
	if len(mc.prog.Files) > 0 {
		name = mc.prog.Files[0]
		if i := strings.LastIndexAny(name, `/\`); i >= 0 {
			name = name[i+1:]
		}
		name = strings.TrimSuffix(name, ".go")
	}
	return append([]string{name}, mc.args...)
}
