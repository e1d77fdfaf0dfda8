package vm

import "strings"

// os.Args: the program's name, then the arguments the run was given
// (SetArgs). Go's os.Args[0] is the path of the executable, which `go run`
// puts in a fresh temporary directory ("/tmp/go-build…/b001/exe/NAME"); the
// model's is NAME alone, the source file's name without ".go", so that
// runs are deterministic. Each read of os.Args builds a fresh slice: a
// program that stores into os.Args[i] does not see the store on its next
// read (Go would).

func init() {
	RegisterHost(HostFunc{Name: "os.Args", Pop: 0, Push: 1, Fn: func(mc *Machine, _ int32, _, r []Value) string {
		r[0].I = mc.stringSlice(mc.OSArgs())
		return ""
	}})
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
