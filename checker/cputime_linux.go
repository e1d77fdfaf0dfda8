package checker

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func threadID() int { return syscall.Gettid() }

// clockTick is USER_HZ, the unit of /proc's times (100 on Linux).
const clockTick = 100

// threadCPU is the CPU time (user and system) thread tid of this process
// has used, from /proc/self/task/TID/stat.
func threadCPU(tid int) (time.Duration, bool) {
	b, err := os.ReadFile("/proc/self/task/" + strconv.Itoa(tid) + "/stat")
	if err != nil {
		return 0, false
	}
	// Fields after the command (which may hold spaces) in parentheses.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0, false
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	return time.Duration(utime+stime) * time.Second / clockTick, true
}
