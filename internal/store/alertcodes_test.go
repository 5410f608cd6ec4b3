package store_test

import (
	"context"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// TestAlertCodesAndReasons: a high-risk transaction's alert is stored with its code and params
// and read back with its TXN number and institution name; the log rows of a held and a failed
// transaction carry their reasons; and migration 0036's backfill derives the code, the amount and
// the rules of alerts stored before it, and the reasons of their log rows.
func TestAlertCodesAndReasons(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		psp := &store.Institution{Kind: "psp", Name: "Premium-Wallet", LicenseNumber: "CB-PSP-1"}
		held := onlineTransfer("TXN-CODE-001", 15_000_00) // large, round and from a new wallet: high risk
		failed := onlineTransfer("TXN-CODE-002", 20_00)
		failed.Status, failed.FailureReason = "failed", "insufficient_funds"
		if err := s.Write(ctx, func(tx *store.Tx) error {
			if err := tx.InsertInstitution(ctx, psp); err != nil {
				return err
			}
			for _, nt := range []*store.NewTransaction{held, failed} {
				nt.PSPID, nt.InstitutionID, nt.InstitutionType = psp.ID, psp.ID, "psp"
				if _, err := tx.RecordTransaction(ctx, nt, store.Scoring{Thresholds: domain.DefaultAMLThresholds()}); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		alert := func() *store.AlertView {
			page, err := s.AlertsPage(ctx, store.AlertScope{Role: domain.RoleCBSLOfficer}, store.AlertFilter{Kind: "aml"}, nil, 10)
			if err != nil || len(page.Items) != 1 {
				t.Fatalf("alerts: %v, %v", page, err)
			}
			return page.Items[0]
		}
		a := alert()
		if a.Code != domain.RuleLargeValue || a.Params.AmountMinor != 15_000_00 || a.Params.Currency != domain.USD ||
			len(a.Params.Rules) != 3 || a.Params.Rules[0].Code != domain.RuleLargeValue || a.Params.Rules[0].Params.ThresholdMinor != 10_000_00 {
			t.Fatalf("code and params: %q %+v", a.Code, a.Params)
		}
		if a.Title != "Large transfer: 15,000.00 USD from a wallet never seen before" || a.TransactionNumber != "TXN-CODE-001" ||
			a.Institution != (store.InstitutionRef{Kind: "psp", Name: "Premium-Wallet"}) {
			t.Fatalf("title %q, number %q, institution %q", a.Title, a.TransactionNumber, a.Institution)
		}
		reason := func(nt *store.NewTransaction) (string, *domain.AlertParams) {
			logs, err := s.TransactionLogs(ctx, nt.ID)
			if err != nil || len(logs) != 1 {
				t.Fatalf("logs %v, %v", logs, err)
			}
			return logs[0].ReasonCode, logs[0].ReasonParams
		}
		if code, p := reason(held); code != domain.ReasonAMLHold || p == nil || p.Score != 70 || len(p.Rules) != 3 {
			t.Fatalf("held: %q %+v", code, p)
		}
		if code, _ := reason(failed); code != "insufficient_funds" {
			t.Fatalf("failed: %q", code)
		}

		// The same rows as they were before migration 0036, then its backfill.
		backfill, err := store.AlertCodesBackfill(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Write(ctx, func(tx *store.Tx) error {
			for _, q := range append([]string{`UPDATE aml_alerts SET code = '', params = '{}'`,
				`UPDATE transaction_logs SET reason_code = NULL, reason_params = NULL`}, backfill...) {
				if _, err := tx.ExecContext(ctx, q); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		a = alert()
		var codes []string
		for _, r := range a.Params.Rules {
			codes = append(codes, r.Code)
		}
		if a.Code != domain.RuleLargeValue || a.Params.AmountMinor != 15_000_00 || a.Params.Currency != domain.USD ||
			len(codes) != 3 || codes[0] != domain.RuleLargeValue {
			t.Fatalf("backfilled: %q %+v", a.Code, a.Params)
		}
		if code, p := reason(held); code != domain.ReasonAMLHold || p == nil || p.Score != 70 {
			t.Fatalf("backfilled hold: %q %+v", code, p)
		}
		if code, _ := reason(failed); code != domain.ReasonNotStated {
			t.Fatalf("backfilled failure: %q", code)
		}
	})
}
