package sandbox

import (
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"

	seccomp "github.com/elastic/go-seccomp-bpf"
)

// denied are the system calls a grading process never needs: a new
// process, a new program, a socket, a signal to another process, a
// debugger's hold on one. They fail with EPERM. (The Go runtime makes its
// threads with clone and signals them with tgkill, which stay allowed.)
var denied = []string{"fork", "vfork", "execve", "execveat", "socket", "socketpair", "connect", "bind",
	"kill", "ptrace", "process_vm_readv", "process_vm_writev", "personality", "mount", "unshare", "setns"}

func apply(c Config) {
	limits(c)
	if err := restrict(c); err != nil {
		failed = append(failed, err.Error())
	}
	f := seccomp.Filter{NoNewPrivs: true, Flag: seccomp.FilterFlagTSync, Policy: seccomp.Policy{
		DefaultAction: seccomp.ActionAllow,
		Syscalls:      []seccomp.SyscallGroup{{Action: seccomp.ActionErrno, Names: denied}},
	}}
	if err := seccomp.LoadFilter(f); err != nil {
		failed = append(failed, "seccomp: "+err.Error())
	} else {
		applied = append(applied, "seccomp (no fork, exec, socket, kill, ptrace)")
	}
}

// limits sets the resource limits. The address space is capped at what
// the process holds now plus c.MemoryBytes (a Go process reserves about
// 1 GB of address space at start), with the GC's soft limit below it.
func limits(c Config) {
	var names []string
	set := func(name string, res int, cur, max uint64) {
		var rl syscall.Rlimit
		if err := syscall.Getrlimit(res, &rl); err != nil {
			failed = append(failed, name+": "+err.Error())
			return
		}
		rl.Cur, rl.Max = min(cur, rl.Max), min(max, rl.Max)
		if err := syscall.Setrlimit(res, &rl); err != nil {
			failed = append(failed, name+": "+err.Error())
			return
		}
		names = append(names, name)
	}
	if n := c.MemoryBytes; n > 0 {
		debug.SetMemoryLimit(int64(n) * 3 / 4)
		as := vmSize() + n
		set("memory", syscall.RLIMIT_AS, as, as)
	}
	if n := c.CPUSeconds; n > 0 {
		// Go ignores SIGXCPU (the soft limit's signal); the hard limit,
		// a second later, is SIGKILL.
		set("cpu", syscall.RLIMIT_CPU, n, n+1)
	}
	if n := c.FileBytes; n > 0 {
		set("file size", syscall.RLIMIT_FSIZE, n, n)
	}
	set("no core files", syscall.RLIMIT_CORE, 0, 0)
	applied = append(applied, "limits ("+strings.Join(names, ", ")+")")
}

// vmSize is the process's reserved address space, from /proc/self/status.
func vmSize() uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmSize:" {
			kb, _ := strconv.ParseUint(f[1], 10, 64)
			return kb * 1024
		}
	}
	return 0
}
