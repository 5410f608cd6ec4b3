//go:build unix

package httpapi

import "syscall"

// writeNow is one write(2) on a non-blocking socket: the bytes written, or 0 when none could be
// (EAGAIN: the buffer is full, or an error the next blocking write will meet and report).
func writeNow(fd uintptr, p []byte) int {
	n, err := syscall.Write(int(fd), p)
	if err != nil {
		return 0
	}
	return n
}
