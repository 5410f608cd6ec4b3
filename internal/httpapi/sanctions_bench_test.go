package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/sanctions"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// BenchmarkScreenedTransfer measures POST /api/transfer with the sender's and recipient's names,
// one at a time, without a sanctions list ("nolist") and with 20,000 entries loaded ("list20k"),
// on each database; the difference of the two is what screening adds to a transfer end to end.
// Customers' names are new lineages: the ordinary case of no match. It reports the median and
// 99th percentile in wall time:
//
//	go test -run '^$' -bench BenchmarkScreenedTransfer -benchtime 3000x ./internal/httpapi/
func BenchmarkScreenedTransfer(b *testing.B) {
	list := sanctions.SyntheticList(20000, 1)
	people := sanctions.SyntheticList(4000, 99)
	for _, backend := range storetest.Backends() {
		for _, loaded := range []bool{false, true} {
			name := backend.Name + "/nolist"
			if loaded {
				name = backend.Name + "/list20k"
			}
			b.Run(name, func(b *testing.B) {
				e := newEnv(b, backend, nil)
				u := e.mustUser("bench@example.so", domain.RoleCBSLOfficer, nil)
				tok := e.token(u)
				if loaded {
					if _, _, err := e.store.ImportSanctionsList(context.Background(), list, "synthetic.csv", u.ID, store.Audit{}); err != nil {
						b.Fatal(err)
					}
					if err := e.server.screen.Refresh(context.Background(), true); err != nil {
						b.Fatal(err)
					}
				}
				wall := make([]time.Duration, 0, b.N)
				b.ResetTimer()
				for i := range b.N {
					body := transferBody("12.34")
					body["senderNumber"] = fmt.Sprintf("+252 65 %07d", i%50_000)
					body["senderName"] = people.Entries[(2*i)%len(people.Entries)].Names[0].Full
					body["recipientName"] = people.Entries[(2*i+1)%len(people.Entries)].Names[0].Full
					start := time.Now()
					if res := e.do(nil, "POST", "/api/transfer", body, "Authorization", "Bearer "+tok); res.status != http.StatusCreated {
						b.Fatalf("transfer: %d %s", res.status, res.body)
					}
					wall = append(wall, time.Since(start))
				}
				b.StopTimer()
				slices.Sort(wall)
				b.ReportMetric(float64(wall[len(wall)/2].Nanoseconds())/1000, "wall-p50-µs")
				b.ReportMetric(float64(wall[len(wall)*99/100].Nanoseconds())/1000, "wall-p99-µs")
			})
		}
	}
}
