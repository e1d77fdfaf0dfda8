//go:build ignore

// firstsyscall measures when sysmon takes a P from a system call with
// nothing waiting and a second P idle (runtime/proc.go: retake), for a P's
// first system call and for one after an earlier call. Lesson 04 runs it
// in a runs cell; from the repository's root:
//
//	go build -o firstsyscall lessons/04-sysmon/real/firstsyscall.go
//	GOMAXPROCS=2 ./firstsyscall
//
// It runs itself twice as a child with GODEBUG=schedtrace=1 (without and
// with PRIOR=1) and reads the child's SCHED lines: the child's main makes
// a 30 ms nanosleep(2) through syscall.Syscall, so between entersyscall
// and exitsyscall; the first SCHED line after its "syscall-start" mark
// with idleprocs=2 shows that sysmon took main's P. It prints, for each,
// how many ms after the last SCHED line before the mark that came (99 if
// the P was kept to the call's end).
//
// The child makes no system call before the long one: it imports neither
// os nor fmt (os's start-up asks the kernel about its files, a system
// call on main's P), println writes without entersyscall, and this file's
// packages (syscall, strings, strconv) make none when they start. With
// PRIOR=1 it makes a 1 µs call first, so that its P's syscalltick is no
// longer 0 when sysmon looks at the long one.
package main

import (
	"runtime"
	"strconv"
	"strings"
	"syscall"
)

func nanosleep(ns int64) {
	ts := syscall.NsecToTimespec(ns)
	for syscall.Nanosleep(&ts, &ts) == syscall.EINTR {
	}
}

func main() {
	if v, _ := syscall.Getenv("FIRSTSYSCALL_CHILD"); v == "1" {
		child()
		return
	}
	println("first call: P taken after " + strconv.Itoa(measure("0")) + " ms")
	println("after an earlier call: P taken after " + strconv.Itoa(measure("1")) + " ms")
}

func child() {
	runtime.Gosched() // let the runtime's own goroutines run and park first
	if v, _ := syscall.Getenv("PRIOR"); v == "1" {
		nanosleep(1000)
	}
	println("syscall-start")
	nanosleep(30_000_000)
	println("syscall-end")
}

// measure runs the child with PRIOR=prior under schedtrace and returns
// when its P was taken, in ms.
func measure(prior string) int {
	var p [2]int
	check("pipe", syscall.Pipe(p[:]))
	var env []string
	for _, kv := range syscall.Environ() { // the child's settings replace any of ours: a runtime reads the first
		if name, _, _ := strings.Cut(kv, "="); name != "GODEBUG" && name != "FIRSTSYSCALL_CHILD" && name != "PRIOR" {
			env = append(env, kv)
		}
	}
	env = append(env, "GODEBUG=schedtrace=1", "FIRSTSYSCALL_CHILD=1", "PRIOR="+prior)
	pid, err := syscall.ForkExec("/proc/self/exe", []string{"firstsyscall"}, &syscall.ProcAttr{
		Env: env, Files: []uintptr{0, uintptr(p[1]), uintptr(p[1])},
	})
	check("fork/exec", err)
	syscall.Close(p[1])
	var out []byte
	buf := make([]byte, 4096)
	for {
		n, err := syscall.Read(p[0], buf)
		if err == syscall.EINTR {
			continue
		}
		if n <= 0 {
			break
		}
		out = append(out, buf[:n]...)
	}
	syscall.Close(p[0])
	var ws syscall.WaitStatus
	_, err = syscall.Wait4(pid, &ws, 0, nil)
	check("wait", err)
	if ws.ExitStatus() != 0 {
		panic("the child failed:\n" + string(out))
	}
	ms, ok := retakeMs(string(out))
	if !ok {
		panic("no syscall-start and syscall-end in the child's output:\n" + string(out))
	}
	return ms
}

func check(what string, err error) {
	if err != nil {
		panic(what + ": " + err.Error())
	}
}

// retakeMs reads the child's output: how many ms after the last SCHED line
// before "syscall-start" (0 if none) the first SCHED line with
// idleprocs=2 came, before "syscall-end" (99 if none did).
func retakeMs(out string) (int, bool) {
	start, in, ended, retake := 0, false, false, 99
	for _, line := range strings.Split(out, "\n") {
		switch {
		case line == "syscall-start":
			in = true
		case line == "syscall-end":
			ended, in = in, false
		case strings.HasPrefix(line, "SCHED "):
			f := strings.Fields(line) // SCHED 12ms: gomaxprocs=2 idleprocs=1 …
			if len(f) < 4 {
				continue
			}
			ms, err := strconv.Atoi(strings.TrimSuffix(f[1], "ms:"))
			if err != nil {
				continue
			}
			if !in && !ended {
				start = ms
			} else if in && f[3] == "idleprocs=2" && retake == 99 {
				retake = ms - start
			}
		}
	}
	return retake, ended
}
