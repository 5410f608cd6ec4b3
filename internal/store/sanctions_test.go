package store_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/sanctions"
	"github.com/kormeer/kormeer/internal/screening"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

func entry(ref, name, remarks string) sanctions.Entry {
	return sanctions.Entry{Ref: ref, Kind: "individual", Names: []sanctions.Name{{Full: name, Quality: "primary", Script: "latin"}}, Remarks: remarks}
}

// TestSanctionsVersionsAndHold: each import is a version with its diff against the previous one
// (added, changed, removed) and the latest is what screening loads; a strong hit holds a
// transaction with its review item and critical alert in the transaction's own write; a false
// positive releases it and is remembered for the same entry content only.
func TestSanctionsVersionsAndHold(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		if _, _, err := s.ImportSanctionsList(ctx, &sanctions.List{Source: "un"}, "empty.xml", "", store.Audit{}); domain.ErrorCode(err) != domain.EINVALID {
			t.Fatalf("empty list: %v", err)
		}
		v1, _, err := s.ImportSanctionsList(ctx, &sanctions.List{Source: "domestic", Entries: []sanctions.Entry{
			entry("A", "Cabdi Xasan Cali", "x"), entry("B", "Hodan Faarax", ""), entry("C", "Yaasiin Xirsi", "")}}, "v1.csv", "", store.Audit{})
		if err != nil || v1.Version != 1 || v1.Added != 3 {
			t.Fatalf("v1: %+v %v", v1, err)
		}
		v2, changes, err := s.ImportSanctionsList(ctx, &sanctions.List{Source: "domestic", Entries: []sanctions.Entry{
			entry("A", "Cabdi Xasan Cali", "y"), entry("B", "Hodan Faarax", ""), entry("D", "Warsame Ducaale", "")}}, "v2.csv", "", store.Audit{})
		if err != nil || v2.Version != 2 || v2.Added != 1 || v2.Changed != 1 || v2.Removed != 1 || len(changes) != 3 {
			t.Fatalf("v2: %+v %+v %v", v2, changes, err)
		}
		got, stored, err := s.SanctionsVersionChanges(ctx, v2.ID)
		if err != nil || got.FileName != "v2.csv" || len(stored) != 3 {
			t.Fatalf("stored changes: %+v %+v %v", got, stored, err)
		}
		kinds := map[string]string{}
		for _, c := range stored {
			kinds[c.Ref] = c.Change
		}
		if kinds["A"] != "changed" || kinds["C"] != "removed" || kinds["D"] != "added" {
			t.Fatalf("changes: %v", kinds)
		}
		latest, err := s.LatestSanctionsVersions(ctx)
		if err != nil || len(latest) != 1 || latest["domestic"] != v2.ID {
			t.Fatalf("latest: %v %v", latest, err)
		}
		l, err := s.SanctionsVersionList(ctx, v2.ID)
		if err != nil || len(l.Entries) != 3 || l.Entries[0].Remarks != "y" {
			t.Fatalf("stored list: %+v %v", l, err)
		}

		// Screen through the store as a Source, then record a held transaction.
		sc := screening.New(s, screening.Config{})
		hits, err := sc.Screen(ctx, screening.Party{Role: "recipient", Name: "Abdi Hassan Ali"})
		if err != nil || len(hits) != 1 || !hits[0].Strong() {
			t.Fatalf("hits: %+v %v", hits, err)
		}
		record := func(id string) *store.NewTransaction {
			nt := onlineTransfer(id, 40_00)
			nt.RecipientName, nt.Sanctions = "Abdi Hassan Ali", hits
			if err := s.Write(ctx, func(tx *store.Tx) error {
				_, err := tx.RecordTransaction(ctx, nt, store.Scoring{Thresholds: domain.DefaultAMLThresholds()})
				return err
			}); err != nil {
				t.Fatal(err)
			}
			return nt
		}
		held := record("TXN-SANC-001")
		if held.Status != "pending" {
			t.Fatalf("held status %s", held.Status)
		}
		ms, err := s.SanctionsMatchesOf(ctx, held.ID)
		if err != nil || len(ms) != 1 || !ms[0].Held || ms[0].AlertID == "" || ms[0].SubjectStatus != "pending" ||
			!strings.Contains(string(ms[0].Explanation), `"ref":"A"`) {
			t.Fatalf("match: %+v %v", ms, err)
		}
		out, err := s.DecideSanctionsMatch(ctx, ms[0].ID, "false_positive", "different person", "", store.Audit{})
		if err != nil || out.Status != "false_positive" || out.SubjectStatus != "completed" {
			t.Fatalf("decision: %+v %v", out, err)
		}
		logs, err := s.TransactionLogs(ctx, held.ID)
		if err != nil || len(logs) != 2 || logs[0].ReasonCode != domain.ReasonSanctionsHold || logs[1].ReasonCode != domain.ReasonSanctionsReleased ||
			logs[1].NewStatus != "completed" {
			t.Fatalf("logs: %+v %v", logs, err)
		}
		if again := record("TXN-SANC-002"); again.Status != "completed" {
			t.Fatalf("remembered pair held again: %s", again.Status)
		}
		if ms, _ := s.SanctionsMatchesOf(ctx, ""); len(ms) != 0 {
			t.Fatalf("matches of nothing: %v", ms)
		}
	})
}
