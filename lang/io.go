package lang

import (
	"slices"
	"strings"
)

// File and network I/O are outside the simulation: a program that opens
// files, dials or serves is told so, and how to model the same blocking
// with the simulator's own calls (issue 8: "the message says so and names
// sim.Syscall and sim.Dial").

// ioAdvice is what a refusal of I/O says instead of the list of packages.
const ioAdvice = "gmplab simulates no files or network: model a blocking system call with sim.Syscall(d) and a connection whose reads wait on the netpoller with sim.Dial(d) and Conn.Read"

// ioPackages are the import paths (and their subtrees) that do I/O.
var ioPackages = []string{"net", "io", "bufio", "os/exec", "os/signal", "os/user", "syscall", "database/sql", "embed", "path/filepath", "crypto/tls", "crypto/rand"}

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
	for _, n := range strings.Fields("Open OpenFile Create ReadFile WriteFile ReadDir Mkdir MkdirAll MkdirTemp CreateTemp Remove RemoveAll Rename Stat Lstat Chdir Chmod Chown Getwd Getenv Setenv Unsetenv Clearenv LookupEnv Environ ExpandEnv Stdin Pipe StartProcess FindProcess Hostname Executable Link Symlink Readlink Truncate DirFS CopyFS TempDir UserHomeDir UserCacheDir UserConfigDir File") {
		osIO[n] = true
	}
}

// envAdvice is what a refusal of the os package's environment says.
const envAdvice = "gmplab gives a program no environment, which would make a run depend on the host: pass what it needs as arguments after -- (os.Args, flag)"

// osEnv are the os package's names that read or set the environment.
var osEnv = map[string]bool{"Getenv": true, "Setenv": true, "Unsetenv": true, "Clearenv": true, "LookupEnv": true, "Environ": true, "ExpandEnv": true}

// osAdvice is what a refusal of os's name says.
func osAdvice(name string) string {
	if osEnv[name] {
		return envAdvice
	}
	return ioAdvice
}

// Besides I/O, gmplab deliberately leaves out what needs a machine's
// memory or Go's run-time type descriptors: unsafe, cgo and reflection
// (issue 17). An import of such a package says so (unsupportedAdvice),
// where any other unsupported import lists what gmplab has.
const (
	reflectAdvice = "it works by reflection (package reflect), most of which gmplab does not simulate: its values carry no run-time type descriptors"
	unsafeAdvice  = "gmplab's values have no memory layout for unsafe to read or write"
	cgoAdvice     = "gmplab runs Go only: cgo's C code has no place in the simulation"
)

// reflectPackages are the import paths that work by reflection.
var reflectPackages = []string{"reflect", "encoding/json", "encoding/xml", "encoding/gob", "encoding/asn1", "text/template", "html/template", "log/slog", "net/rpc", "testing/quick"}

// unsupportedAdvice is what a refusal of importing path says instead of
// the list of supported packages, or "" if path is not deliberately left
// out.
func unsupportedAdvice(path string) string {
	switch {
	case path == "unsafe":
		return unsafeAdvice
	case path == "C":
		return cgoAdvice
	case slices.Contains(reflectPackages, path):
		return reflectAdvice
	case isIOPackage(path):
		return ioAdvice
	}
	return ""
}
