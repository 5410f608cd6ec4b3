//go:build !linux

package cputime

import "time"

// Thread is not measured outside Linux; benchmarks then report zeros for CPU time.
func Thread() time.Duration { return 0 }
