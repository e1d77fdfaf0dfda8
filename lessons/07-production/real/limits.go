//go:build ignore

// limits: the GOMAXPROCS this process got, next to what decides it (the
// CPUs in its affinity mask, its cgroup's CPU limit) and to what the limit
// costs when the Ps use more than it (the cgroup's throttling counters).
// runtime/cgroup_linux.go: defaultGOMAXPROCS takes the minimum of the CPUs
// and the limit rounded up, the limit never below 2. This program finds
// the cgroup at the usual mount points (/sys/fs/cgroup for v2,
// /sys/fs/cgroup/cpu for v1); the runtime reads /proc/self/mountinfo
// (internal/runtime/cgroup: FindCPUMountPoint). Lesson 07, "Is it the
// scheduler?":
//
//	go build -o limits lessons/07-production/real/limits.go
//	./limits
//	GOMAXPROCS=1 ./limits
//	GODEBUG=containermaxprocs=0 ./limits
package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
)

// cgroupDir returns the directory of this process's CPU cgroup and its
// version, or "" when it finds none.
func cgroupDir() (string, int) {
	f, err := os.Open("/proc/self/cgroup")
	if err != nil {
		return "", 0
	}
	defer f.Close()
	v1, v2 := "", ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// hierarchy-ID:controllers:path
		parts := strings.SplitN(sc.Text(), ":", 3)
		if len(parts) != 3 {
			continue
		}
		if parts[0] == "0" && parts[1] == "" {
			v2 = parts[2]
		}
		for _, c := range strings.Split(parts[1], ",") {
			if c == "cpu" {
				v1 = parts[2]
			}
		}
	}
	if v1 != "" {
		for _, mnt := range []string{"/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct"} {
			if _, err := os.Stat(filepath.Join(mnt, v1, "cpu.cfs_quota_us")); err == nil {
				return filepath.Join(mnt, v1), 1
			}
		}
	}
	if v2 != "" {
		if _, err := os.Stat(filepath.Join("/sys/fs/cgroup", v2, "cpu.max")); err == nil {
			return filepath.Join("/sys/fs/cgroup", v2), 2
		}
	}
	return "", 0
}

// read returns a file's text without its final newline, or "?".
// ratio is quota / period, or 0 where there is no quota (-1 in v1, max
// in v2).
func ratio(quota, period string) float64 {
	q, err1 := strconv.ParseFloat(quota, 64)
	p, err2 := strconv.ParseFloat(period, 64)
	if err1 != nil || err2 != nil || q <= 0 || p <= 0 {
		return 0
	}
	return q / p
}

func read(name string) string {
	b, err := os.ReadFile(name)
	if err != nil {
		return "?"
	}
	return strings.TrimSpace(string(b))
}

func main() {
	s := []metrics.Sample{{Name: "/sched/gomaxprocs:threads"}}
	metrics.Read(s)
	fmt.Printf("GOMAXPROCS %d (/sched/gomaxprocs:threads %d), NumCPU %d\n",
		runtime.GOMAXPROCS(0), s[0].Value.Uint64(), runtime.NumCPU())
	dir, v := cgroupDir()
	limit := 0.0 // the cgroup's CPU limit, quota / period; 0: none
	switch v {
	case 1:
		quota, period := read(filepath.Join(dir, "cpu.cfs_quota_us")), read(filepath.Join(dir, "cpu.cfs_period_us"))
		fmt.Printf("cgroup v1 %s: cpu.cfs_quota_us %s cpu.cfs_period_us %s\n", dir, quota, period)
		limit = ratio(quota, period)
	case 2:
		cpuMax := read(filepath.Join(dir, "cpu.max"))
		fmt.Printf("cgroup v2 %s: cpu.max %s\n", dir, cpuMax)
		if quota, period, ok := strings.Cut(cpuMax, " "); ok {
			limit = ratio(quota, period)
		}
	default:
		fmt.Println("no CPU cgroup found")
	}
	// defaultGOMAXPROCS's rule, computed here from what the runtime reads.
	rule := runtime.NumCPU()
	if limit > 0 {
		rule = min(rule, max(2, int(math.Ceil(limit))))
		fmt.Printf("the rule gives %d: min(NumCPU %d, the limit %.2f rounded up, at least 2)\n", rule, runtime.NumCPU(), limit)
	} else {
		fmt.Printf("the rule gives %d: NumCPU, with no CPU limit\n", rule)
	}
	if v == 0 {
		return
	}
	// nr_throttled: periods in which the cgroup used up its quota and was
	// stopped; throttled_time (v1, ns) or throttled_usec (v2): for how long.
	for _, l := range strings.Split(read(filepath.Join(dir, "cpu.stat")), "\n") {
		if strings.HasPrefix(l, "nr_") || strings.HasPrefix(l, "throttled_") {
			fmt.Println("cpu.stat", l)
		}
	}
}
