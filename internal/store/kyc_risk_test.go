package store_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// TestKYCRiskBackfillMatchesDomain: migration 0029's SQL gives every application the level that
// InsertKYCApplication gives through domain.KYCRisk (raising earlier holders of a reused national
// ID or phone number), over every combination of document type and shared identity number.
func TestKYCRiskBackfillMatchesDomain(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.MustOpen(t, b)
		ctx := context.Background()
		docs := []string{"passport", "national_id", "drivers_license"}
		levels := map[string]int{}
		if err := s.Write(ctx, func(tx *store.Tx) error {
			for i := range 36 {
				// National IDs repeat every 5th application and phone numbers every 7th, so some share
				// one, some the other, some both and some nothing.
				nid, phone := fmt.Sprintf("SL%08d", i), fmt.Sprintf("+2526340%05d", i)
				if i%5 == 4 {
					nid = fmt.Sprintf("SL%08d", i-1)
				}
				if i%7 == 6 {
					phone = fmt.Sprintf("+2526340%05d", i-3)
				}
				k := &store.KYCApplication{FullName: "Applicant", NationalID: nid, PhoneNumber: phone, Email: "a@mail.so",
					Address: "Jigjiga Yar, Hargeisa", DocumentType: docs[i%3], DocumentNumber: "D" + nid, Status: "under_review"}
				if err := tx.InsertKYCApplication(ctx, k); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		risks := func() map[string]string {
			list, err := s.KYCApplications(ctx, store.KYCScope{All: true}, store.KYCFilter{}, nil, 100)
			if err != nil {
				t.Fatal(err)
			}
			out := map[string]string{}
			for _, k := range list {
				out[k.ID] = k.Risk
				levels[k.Risk]++
			}
			return out
		}
		want := risks()
		if levels["low"] == 0 || levels["medium"] == 0 || levels["high"] == 0 {
			t.Fatalf("the data should reach every level: %v", levels)
		}
		backfill, err := store.KYCRiskBackfill(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Write(ctx, func(tx *store.Tx) error {
			if _, err := tx.ExecContext(ctx, `UPDATE kyc_applications SET risk = 'low'`); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, backfill)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		for id, got := range risks() {
			if got != want[id] {
				t.Errorf("application %s: the migration says %s, domain.KYCRisk %s", id, got, want[id])
			}
		}
	})
}
