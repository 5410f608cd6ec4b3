package sanctions

import (
	"runtime"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/cputime"
)

// syntheticQueries: half spellings of listed people's names (hits), half new lineages (misses).
func syntheticQueries(l *List, n int) []Query {
	other := SyntheticList(n, 99)
	qs := make([]Query, n)
	for i := range qs {
		if i%2 == 0 {
			e := l.Entries[(i*7919)%len(l.Entries)]
			qs[i] = Query{Name: e.Names[i%len(e.Names)].Full, DateOfBirth: "1970"}
		} else {
			qs[i] = Query{Name: other.Entries[i].Names[0].Full}
		}
	}
	return qs
}

// BenchmarkSearch screens names against 20,000 entries (60,000 indexed names) and reports, besides
// the mean, the median and 99th percentile of one search in wall time and in the CPU time of the
// searching thread (on a shared machine the wall time's tail is the scheduler's; see
// docs/PERFORMANCE.md):
//
//	go test -run '^$' -bench BenchmarkSearch -benchtime 20000x ./internal/sanctions/
func BenchmarkSearch(b *testing.B) {
	l := SyntheticList(20000, 1)
	ix := NewIndex(l)
	qs := syntheticQueries(l, 2000)
	th := DefaultThresholds()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	wall := make([]time.Duration, 0, b.N)
	cpu := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		start, startCPU := time.Now(), cputime.Thread()
		ix.Search(qs[i%len(qs)], th, 10)
		cpu = append(cpu, cputime.Thread()-startCPU)
		wall = append(wall, time.Since(start))
	}
	b.StopTimer()
	cputime.ReportPercentiles(b, "wall", wall)
	cputime.ReportPercentiles(b, "cpu", cpu)
}

// BenchmarkNewIndex: building the index of 20,000 entries (what an import or a restart costs).
func BenchmarkNewIndex(b *testing.B) {
	l := SyntheticList(20000, 1)
	for b.Loop() {
		NewIndex(l)
	}
}
