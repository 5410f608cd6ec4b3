package screening

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/cputime"
	"github.com/kormeer/kormeer/internal/sanctions"
)

// fakeSource is a database of list versions in memory.
type fakeSource struct {
	latest map[string]string
	lists  map[string]*sanctions.List
	checks int
	fail   error
}

func (f *fakeSource) LatestSanctionsVersions(context.Context) (map[string]string, error) {
	f.checks++
	return f.latest, f.fail
}

func (f *fakeSource) SanctionsVersionList(_ context.Context, id string) (*sanctions.List, error) {
	return f.lists[id], nil
}

func domestic(t testing.TB, remarks string) *sanctions.List {
	t.Helper()
	l, err := sanctions.ParseDomesticCSV(strings.NewReader("ref,kind,name,aliases,date_of_birth,nationality,listed_on,remarks\n" +
		"CBS-1,individual,Cabdiraxmaan Maxamuud Faarax,Abdirahman Mohamud Farah,1980,SO,2024-02-01," + remarks + "\n" +
		"CBS-2,entity,Hodan Fake Traders,,,SO,2024-03-15,\n"))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestScreenerFollowsTheLatestVersion: a screener loads the latest version when it sees one (at
// most once per recheck interval), screens against it, and keeps the loaded index when the check
// fails.
func TestScreenerFollowsTheLatestVersion(t *testing.T) {
	src := &fakeSource{latest: map[string]string{}, lists: map[string]*sanctions.List{"v1": domestic(t, "a"), "v2": domestic(t, "b")}}
	s := New(src, Config{RecheckEvery: time.Hour})
	now := time.Unix(1_000_000, 0)
	s.now = func() time.Time { return now }
	hits, err := s.Screen(context.Background(), Party{Role: "recipient", Name: "Abdirahman Mohamud Farah"})
	if err != nil || len(hits) != 0 {
		t.Fatalf("no list: %v %v", hits, err)
	}
	src.latest = map[string]string{"domestic": "v1"}
	if hits, _ := s.Screen(context.Background(), Party{Name: "Abdirahman Mohamud Farah"}); len(hits) != 0 || src.checks != 1 {
		t.Fatalf("checked again within the interval: %d checks, hits %v", src.checks, hits)
	}
	now = now.Add(time.Hour)
	hits, err = s.Screen(context.Background(), Party{Role: "recipient", Name: "Cabdiraxmaan Faarax Maxamuud"}, Party{Role: "sender", Name: ""})
	if err != nil || len(hits) != 1 || !hits[0].Strong() || hits[0].Match.Ref != "CBS-1" || hits[0].Party.Role != "recipient" {
		t.Fatalf("after the import: %+v %v", hits, err)
	}
	h1 := hits[0].EntryHash
	if hits[0].NameKey != NameKey("Maxamed Faarax Cabdiraxmaan") && hits[0].NameKey != NameKey("Abdirahman Farah Mohamud") {
		t.Fatalf("name key %q does not ignore order and spelling", hits[0].NameKey)
	}
	// A changed entry has another hash; a failed check keeps screening with what is loaded.
	src.latest = map[string]string{"domestic": "v2"}
	if err := s.Refresh(context.Background(), true); err != nil {
		t.Fatal(err)
	}
	hits, _ = s.Screen(context.Background(), Party{Name: "Abdirahman Mohamud Farah"})
	if len(hits) != 1 || hits[0].EntryHash == h1 {
		t.Fatalf("changed entry: %+v (was %s)", hits, h1)
	}
	src.fail = errors.New("database away")
	now = now.Add(2 * time.Hour)
	hits, err = s.Screen(context.Background(), Party{Name: "Abdirahman Mohamud Farah"})
	if err == nil || len(hits) != 1 {
		t.Fatalf("failed check: %v %v", hits, err)
	}
	// Names of any script and length are screened without error.
	src.fail = nil
	for _, n := range []string{strings.Repeat("محمد ", 500), strings.Repeat("x", 10_000), "李小龍", "\u200f"} {
		if _, err := s.Screen(context.Background(), Party{Name: n}); err != nil {
			t.Fatalf("%q: %v", n[:min(len(n), 20)], err)
		}
	}
}

// TestParseListRefusesBadFiles: a bad file is a 4xx-mapped field error naming the line.
func TestParseListRefusesBadFiles(t *testing.T) {
	for kind, body := range map[string]string{"domestic": "ref,kind\nx,y\n", "un": "<CONSOLIDATED_LIST><INDIVIDUALS>", "ofac": "x"} {
		if _, err := ParseList(kind, strings.NewReader(body)); err == nil || (kind != "ofac" && !strings.Contains(err.Error(), "line")) {
			t.Fatalf("%s: %v", kind, err)
		}
	}
}

// BenchmarkTransferScreening is what screening adds to a transfer: its sender's and recipient's
// names screened against 20,000 list entries (60,000 names), through the screener as the transfer
// handler calls it (the version check included, once a second). It reports the median and 99th
// percentile of one transfer's screening in wall time and in the CPU time of the screening thread:
//
//	go test -run '^$' -bench BenchmarkTransferScreening -benchtime 20000x ./internal/screening/
func BenchmarkTransferScreening(b *testing.B) {
	l := sanctions.SyntheticList(20000, 1)
	src := &fakeSource{latest: map[string]string{"domestic": "v1"}, lists: map[string]*sanctions.List{"v1": l}}
	s := New(src, DefaultConfig())
	if err := s.Refresh(context.Background(), true); err != nil {
		b.Fatal(err)
	}
	// Customers: new lineages (mostly no match), and one in fifty a listed person's alias.
	people := sanctions.SyntheticList(4000, 99)
	name := func(i int) string {
		if i%50 == 0 {
			e := l.Entries[(i*7919)%len(l.Entries)]
			return e.Names[1].Full
		}
		return people.Entries[i%len(people.Entries)].Names[0].Full
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	wall := make([]time.Duration, 0, b.N)
	cpu := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		start, startCPU := time.Now(), cputime.Thread()
		if _, err := s.Screen(context.Background(), Party{Role: "sender", Name: name(2 * i)}, Party{Role: "recipient", Name: name(2*i + 1)}); err != nil {
			b.Fatal(err)
		}
		cpu = append(cpu, cputime.Thread()-startCPU)
		wall = append(wall, time.Since(start))
	}
	b.StopTimer()
	cputime.ReportPercentiles(b, "wall", wall)
	cputime.ReportPercentiles(b, "cpu", cpu)
}
