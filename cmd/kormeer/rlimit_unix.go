//go:build unix

package main

import "syscall"

// openFileLimit is how many files this process may open (0: unknown). The Go runtime raises the
// soft limit to the hard one at start, so this is the hard limit of the shell that started us.
func openFileLimit() uint64 {
	var l syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l) != nil {
		return 0
	}
	return l.Cur
}
