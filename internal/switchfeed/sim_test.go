package switchfeed

import (
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/iso20022"
)

// TestSimWritesValidDocuments: every document the simulator writes passes the parser, and a
// status report names its transfer by the identifiers the transfer carries.
func TestSimWritesValidDocuments(t *testing.T) {
	sim := NewSim(1)
	at := time.Now().UTC()
	for i := 0; i < 200; i++ {
		tr := sim.CreditTransfer(at)
		msgs, err := iso20022.Parse(tr.Doc)
		if err != nil {
			t.Fatalf("transfer %d: %v\n%s", i, err, tr.Doc)
		}
		got := msgs[0].Transfers[0]
		if got.UETR != tr.UETR || got.EndToEndID != tr.EndToEnd || msgs[0].MsgID != tr.MsgID {
			t.Fatalf("transfer %d identifiers %+v, want %+v", i, got, tr)
		}
		code, reason := sim.Outcome()
		reports, err := iso20022.Parse(sim.StatusReport(tr, code, reason, at))
		if err != nil {
			t.Fatalf("report %d: %v", i, err)
		}
		st := reports[0].Statuses[0]
		if st.OrigUETR != tr.UETR || st.Code != code || st.Reason != reason {
			t.Fatalf("report %d: %+v", i, st)
		}
	}
}
