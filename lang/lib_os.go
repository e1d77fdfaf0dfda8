package lang

import (
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// os: os.Exit (a scheduler operation: the program ends at once, its
// deferred calls do not run; runtime/lockosthread.go) and os.Args (the
// program's name, then the arguments of the run: vm/host_os.go).

func init() {
	libHandlers["os.Exit"] = runtimeOpCall(vm.RtOSExit, 1)
	registerLibVar("os.Args", func(fs *fnState) {
		idx, _, _, ok := vm.Host("os.Args")
		if !ok {
			panic("lang: no host function os.Args")
		}
		fs.emitOp(vm.OpHost, idx, 0, 0, 1)
	})
	registerPackage("os", "os.Exit, os.Args (os.Args[0] is the program's name: see docs/assumptions.md), os.Stdin (gmplab's standard input, an io.Reader), os.Stdout and os.Stderr (io.Writers)",
		"Chdir Chmod Chown Clearenv CopyFS Create CreateTemp DevNull DirFS DirEntry Environ ErrClosed ErrDeadlineExceeded ErrExist ErrInvalid ErrNoDeadline ErrNotExist ErrPermission ErrProcessDone "+
			"Executable Expand ExpandEnv FileInfo FileMode Getegid Getenv Geteuid Getgid Getgroups Getpagesize Getpid Getppid Getuid Getwd Hostname Interrupt IsExist IsNotExist IsPathSeparator IsPermission IsTimeout Kill "+
			"Lchown Link LinkError LookupEnv Lstat Mkdir MkdirAll MkdirTemp NewFile NewSyscallError Open OpenFile PathError PathListSeparator PathSeparator Pipe ProcAttr Process ProcessState ReadDir ReadFile Readlink "+
			"Remove RemoveAll Rename Root SameFile Setenv Signal StartProcess Stat Stdin Symlink SyscallError TempDir Truncate Unsetenv UserCacheDir UserConfigDir UserHomeDir WriteFile",
		func(l *libs) *types.Package {
			p := types.NewPackage("os", "os")
			intT := types.Typ[types.Int]
			p.Scope().Insert(types.NewFunc(token.NoPos, p, "Exit", types.NewSignatureType(nil, nil, nil,
				types.NewTuple(types.NewParam(token.NoPos, p, "code", intT)), types.NewTuple(), false)))
			p.Scope().Insert(types.NewVar(token.NoPos, p, "Args", types.NewSlice(types.Typ[types.String])))
			declareOSFiles(p) // lib_fmt_fprint.go
			p.MarkComplete()
			return p
		})
}
