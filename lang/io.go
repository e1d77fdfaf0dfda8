package lang

import "strings"

// File and network I/O are outside the simulation: a program that opens
// files, dials or serves is told so, and how to model the same blocking
// with the simulator's own calls (issue 8: "the message says so and names
// sim.Syscall and sim.Dial").

// ioAdvice is what a refusal of I/O says instead of the list of packages.
const ioAdvice = "gmplab simulates no files or network: model a blocking system call with sim.Syscall(d) and a connection whose reads wait on the netpoller with sim.Dial(d) and Conn.Read"

// ioPackages are the import paths (and their subtrees) that do I/O.
var ioPackages = []string{"net", "io", "bufio", "os/exec", "os/signal", "os/user", "syscall", "database/sql", "embed", "path/filepath", "log/slog", "crypto/tls", "crypto/rand"}

// notIO are packages under ioPackages' trees that only compute.
var notIO = map[string]bool{"net/url": true, "net/netip": true, "net/mail": true, "net/textproto": true}

// isIOPackage reports whether path is, or is under, one of ioPackages.
func isIOPackage(path string) bool {
	if notIO[path] {
		return false
	}
	for _, p := range ioPackages {
		if path == p || strings.HasPrefix(path, p+"/") {
			return true
		}
	}
	return false
}

// osIO are the os package's names that do I/O (files, processes,
// environment and the file system).
var osIO = map[string]bool{}

func init() {
	for _, n := range strings.Fields("Open OpenFile Create ReadFile WriteFile ReadDir Mkdir MkdirAll MkdirTemp CreateTemp Remove RemoveAll Rename Stat Lstat Chdir Chmod Chown Getwd Getenv Setenv LookupEnv Environ Stdin Pipe StartProcess FindProcess Hostname Executable Link Symlink Readlink Truncate DirFS CopyFS TempDir UserHomeDir UserCacheDir UserConfigDir File") {
		osIO[n] = true
	}
}
