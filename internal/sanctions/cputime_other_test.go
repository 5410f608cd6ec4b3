//go:build !linux

package sanctions

import "time"

// threadCPU is not measured outside Linux; BenchmarkSearch then reports zeros for CPU time.
func threadCPU() time.Duration { return 0 }
