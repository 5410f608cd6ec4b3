package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/cputime"
	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/sanctions"
	"github.com/kormeer/kormeer/internal/screening"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// noLists is a sanctions source with no list: a screener over it screens nothing.
type noLists struct{}

func (noLists) LatestSanctionsVersions(context.Context) (map[string]string, error) {
	return map[string]string{}, nil
}

func (noLists) SanctionsVersionList(context.Context, string) (*sanctions.List, error) {
	return nil, fmt.Errorf("no lists")
}

// BenchmarkScreenedTransfer measures what screening adds to POST /api/transfer end to end. One
// portal per database holds 20,000 list entries; requests (sender's and recipient's names, one at
// a time) alternate in blocks of 50 between the portal's screener ("on") and one with no list
// ("off"), so both see the same table sizes, caches and machine load. It reports the median and
// 99th percentile in wall time of each, of the "on" requests whose names match nothing
// ("on-nomatch": the screening alone), and the share of "on" requests with a possible or strong
// match (these also write a review item, and a strong one holds the transfer and raises an alert):
//
//	go test -run '^$' -bench BenchmarkScreenedTransfer -benchtime 4000x ./internal/httpapi/
func BenchmarkScreenedTransfer(b *testing.B) {
	list := sanctions.SyntheticList(20000, 1)
	people := sanctions.SyntheticList(4000, 99)
	for _, backend := range storetest.Backends() {
		b.Run(backend.Name, func(b *testing.B) {
			e := newEnv(b, backend, nil)
			u := e.mustUser("bench@example.so", domain.RoleCBSLOfficer, nil)
			tok := e.token(u)
			ctx := context.Background()
			if _, _, err := e.store.ImportSanctionsList(ctx, list, "synthetic.csv", u.ID, store.Audit{}); err != nil {
				b.Fatal(err)
			}
			on := e.server.screen
			if err := on.Refresh(ctx, true); err != nil {
				b.Fatal(err)
			}
			off := screening.New(noLists{}, on.Config())
			name := func(i int) string { return people.Entries[i%len(people.Entries)].Names[0].Full }
			matches := make([]bool, len(people.Entries)) // by sender index: does the pair match?
			for i := range matches {
				hits, err := on.Screen(ctx, screening.Party{Role: "sender", Name: name(2 * i)}, screening.Party{Role: "recipient", Name: name(2*i + 1)})
				if err != nil {
					b.Fatal(err)
				}
				matches[i] = len(hits) > 0
			}
			var offWall, onWall, noMatchWall []time.Duration
			matched := 0
			b.ResetTimer()
			for i := range b.N {
				screened := (i/50)%2 == 1
				e.server.screen = off
				if screened {
					e.server.screen = on
				}
				body := transferBody("12.34")
				body["senderNumber"] = fmt.Sprintf("+252 65 %07d", i%50_000)
				body["senderName"] = name(2 * i)
				body["recipientName"] = name(2*i + 1)
				start := time.Now()
				if res := e.do(nil, "POST", "/api/transfer", body, "Authorization", "Bearer "+tok); res.status != http.StatusCreated {
					b.Fatalf("transfer: %d %s", res.status, res.body)
				}
				d := time.Since(start)
				switch {
				case !screened:
					offWall = append(offWall, d)
				case matches[i%len(matches)]:
					onWall = append(onWall, d)
					matched++
				default:
					onWall = append(onWall, d)
					noMatchWall = append(noMatchWall, d)
				}
			}
			b.StopTimer()
			e.server.screen = on
			cputime.ReportPercentiles(b, "off", offWall)
			cputime.ReportPercentiles(b, "on", onWall)
			cputime.ReportPercentiles(b, "on-nomatch", noMatchWall)
			if len(onWall) > 0 {
				b.ReportMetric(100*float64(matched)/float64(len(onWall)), "matched-%")
			}
		})
	}
}
