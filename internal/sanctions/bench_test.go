package sanctions

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// syntheticList builds n list entries: half the name parts from the dictionary's Somali and Arabic
// names, the few most common (Mohamed above all) much more often, the other half from a few thousand
// made-up names (lineage names, nicknames and names from elsewhere, which a real list of 20,000
// entries is full of). Each entry has two aliases in other spellings. Deterministic for a seed.
func syntheticList(n int, seed uint64) *List {
	rng := rand.New(rand.NewPCG(seed, 2026))
	var groups [][]string
	for _, g := range nameGroups {
		groups = append(groups, strings.Fields(g))
	}
	syll := strings.Fields("ba bi bu da di du fa ga go ha hi ja ka ki ku la li lu ma mi mo na ni nu ra ri ro sa si so ta ti wa ya yu qo xa ca ce dhu sha ro le re")
	made := make([][]string, 3000)
	for i := range made {
		w := ""
		for range 2 + rng.IntN(2) {
			w += syll[rng.IntN(len(syll))]
		}
		made[i] = []string{strings.ToUpper(w[:1]) + w[1:]}
	}
	common := []int{0, 0, 0, 2, 8, 9, 3}
	name := func() []string {
		switch rng.IntN(6) {
		case 0:
			return groups[common[rng.IntN(len(common))]]
		case 1, 2:
			return groups[rng.IntN(len(groups))]
		}
		return made[rng.IntN(len(made))]
	}
	l := &List{Source: "domestic"}
	for i := range n {
		parts := make([][]string, 3+rng.IntN(2))
		for p := range parts {
			parts[p] = name()
		}
		e := Entry{Ref: fmt.Sprintf("SYN-%05d", i), Kind: "individual", DatesOfBirth: []string{fmt.Sprint(1950 + rng.IntN(50))}, Nationalities: []string{"SO"}}
		for a := range 3 {
			var full []string
			for _, g := range parts {
				full = append(full, g[rng.IntN(len(g))])
			}
			q := "good"
			if a == 0 {
				q = "primary"
			}
			e.Names = append(e.Names, Name{Full: strings.Join(full, " "), Quality: q, Script: "latin"})
		}
		l.Entries = append(l.Entries, e)
	}
	return l
}

// syntheticQueries: half spellings of listed people's names (hits), half new lineages (misses).
func syntheticQueries(l *List, n int) []Query {
	other := syntheticList(n, 99)
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
	l := syntheticList(20000, 1)
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
		start, startCPU := time.Now(), threadCPU()
		ix.Search(qs[i%len(qs)], th, 10)
		cpu = append(cpu, threadCPU()-startCPU)
		wall = append(wall, time.Since(start))
	}
	b.StopTimer()
	for _, m := range []struct {
		unit string
		d    []time.Duration
	}{{"wall", wall}, {"cpu", cpu}} {
		slices.Sort(m.d)
		b.ReportMetric(float64(m.d[len(m.d)/2].Nanoseconds())/1000, m.unit+"-p50-µs")
		b.ReportMetric(float64(m.d[len(m.d)*99/100].Nanoseconds())/1000, m.unit+"-p99-µs")
	}
}

// BenchmarkNewIndex: building the index of 20,000 entries (what an import or a restart costs).
func BenchmarkNewIndex(b *testing.B) {
	l := syntheticList(20000, 1)
	for b.Loop() {
		NewIndex(l)
	}
}
