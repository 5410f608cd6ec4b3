// Package cputime reads the CPU time of the calling OS thread, for benchmarks that report the
// tail of one operation on a shared machine: there the wall time's tail is the scheduler's, the
// thread's CPU time is the operation's own (docs/PERFORMANCE.md).
package cputime

import (
	"syscall"
	"time"
	"unsafe"
)

// Thread is the CPU time of the calling OS thread (CLOCK_THREAD_CPUTIME_ID), 0 where unsupported.
func Thread() time.Duration {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno != 0 {
		return 0
	}
	return time.Duration(ts.Nano())
}
