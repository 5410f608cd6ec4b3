package store_test

import (
	"context"
	"slices"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// TestAlertListsFollowVisibility: for every reader of a table of accounts and every alert of a
// table of AML alerts and system notices, the alerts list (its SQL), one alert's lookup and the
// real-time rule (domain.AlertEvent.VisibleTo) agree on whether the reader sees the alert.
func TestAlertListsFollowVisibility(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		instA := &store.Institution{Kind: "psp", Name: "Wallet-A", LicenseNumber: "CB-PSP-A"}
		instB := &store.Institution{Kind: "mno", Name: "Telco-B", LicenseNumber: "CB-MNO-B"}
		if err := s.Write(ctx, func(tx *store.Tx) error {
			if err := tx.InsertInstitution(ctx, instA); err != nil {
				return err
			}
			return tx.InsertInstitution(ctx, instB)
		}); err != nil {
			t.Fatal(err)
		}
		officer := mustUser(t, s, "officer@cbs.so", func(u *domain.User) { u.Role = domain.RoleCBSLOfficer })
		admin := mustUser(t, s, "admin@cbs.so", func(u *domain.User) { u.Role = domain.RoleCBSLAdmin })
		staffA := mustUser(t, s, "a@wallet.so", func(u *domain.User) { u.Role, u.Institution = domain.RolePSPAdmin, instA.ID })
		staffB := mustUser(t, s, "b@telco.so", func(u *domain.User) { u.Role, u.Institution = domain.RoleMNOAdmin, instB.ID })
		citizen := mustUser(t, s, "c@mail.so", nil)
		viewers := map[string]domain.AlertViewer{
			"officer": {ID: officer.ID, Role: officer.Role},
			"admin":   {ID: admin.ID, Role: admin.Role},
			"staffA":  {ID: staffA.ID, Role: staffA.Role, Institution: instA.ID},
			"staffB":  {ID: staffB.ID, Role: staffB.Role, Institution: instB.ID},
			"citizen": {ID: citizen.ID, Role: citizen.Role},
		}

		// The alerts, each as the event the real-time feed would carry.
		var events []domain.AlertEvent
		if err := s.Write(ctx, func(tx *store.Tx) error {
			for _, inst := range []string{instA.ID, instB.ID, ""} {
				a := &store.AMLAlert{AlertType: "aml", Severity: "high", TriggerRule: domain.RuleLargeValue, Code: domain.RuleLargeValue,
					Title: "Large", Status: domain.AlertOpen, InstitutionID: inst}
				if err := tx.InsertAMLAlert(ctx, a); err != nil {
					return err
				}
				events = append(events, domain.AlertEvent{ID: a.ID, InstitutionID: inst})
			}
			for _, target := range []struct{ user, role string }{
				{citizen.ID, ""}, {staffA.ID, ""}, {"", string(domain.RolePSPAdmin)}, {"", string(domain.RoleCBSLAdmin)},
				{"", string(domain.RoleCitizen)}, {"", ""},
			} {
				a := &store.SystemAlert{Title: "Notice", Message: "Text", AlertType: domain.NoticeInfo, TargetUserID: target.user, TargetRole: target.role}
				if err := tx.InsertSystemAlert(ctx, a); err != nil {
					return err
				}
				events = append(events, domain.AlertEvent{ID: a.ID, TargetUserID: target.user, TargetRole: target.role})
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}

		for name, v := range viewers {
			sc := store.AlertScope{UserID: v.ID, Role: v.Role, InstitutionID: v.Institution}
			page, err := s.AlertsPage(ctx, sc, store.AlertFilter{}, nil, 100)
			if err != nil {
				t.Fatal(err)
			}
			listed := map[string]bool{}
			for _, a := range page.Items {
				listed[a.ID] = true
			}
			n, _, err := s.CountAlerts(ctx, sc, store.AlertFilter{})
			if err != nil {
				t.Fatal(err)
			}
			visible := 0
			for i, e := range events {
				want := e.VisibleTo(v)
				if want {
					visible++
				}
				if listed[e.ID] != want {
					t.Errorf("%s, alert %d (%+v): listed %v, VisibleTo %v", name, i, e, listed[e.ID], want)
				}
				_, err := s.Alert(ctx, sc, e.ID)
				if found := err == nil; found != want {
					t.Errorf("%s, alert %d: found %v (%v), VisibleTo %v", name, i, found, err, want)
				}
			}
			if n != visible || len(page.Items) != visible {
				t.Errorf("%s: counted %d, listed %d, want %d", name, n, len(page.Items), visible)
			}
		}
	})
}

// TestAlertSeverityStored: each alert keeps its severity and rank as written (domain.SeverityRank,
// domain.NoticeSeverity), the queue's severity order and filter use them, and migration 0038's
// backfill gives rows stored before it the same values.
func TestAlertSeverityStored(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		if err := s.Write(ctx, func(tx *store.Tx) error {
			for _, sev := range domain.AlertSeverities {
				if err := tx.InsertAMLAlert(ctx, &store.AMLAlert{AlertType: "aml", Severity: sev, TriggerRule: domain.RuleLargeValue,
					Code: domain.RuleLargeValue, Title: sev, Status: domain.AlertOpen}); err != nil {
					return err
				}
			}
			for _, typ := range []string{domain.NoticeInfo, domain.NoticeWarning, domain.NoticeCritical} {
				if err := tx.InsertSystemAlert(ctx, &store.SystemAlert{Title: typ, Message: typ, AlertType: typ}); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		sc := store.AlertScope{Role: domain.RoleCBSLOfficer}
		check := func(when string) {
			t.Helper()
			page, err := s.AlertsPage(ctx, sc, store.AlertFilter{Sort: store.AlertSortSeverity}, nil, 100)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, a := range page.Items {
				want := a.Title // AML alerts are titled by their severity
				if a.Kind == "system" {
					want = domain.NoticeSeverity(a.AlertType)
				}
				if a.Severity != want {
					t.Errorf("%s: %s alert %q has severity %q, want %q", when, a.Kind, a.Title, a.Severity, want)
				}
				got = append(got, a.Severity)
			}
			if !slices.IsSortedFunc(got, func(x, y string) int { return domain.SeverityRank(y) - domain.SeverityRank(x) }) || len(got) != 7 {
				t.Errorf("%s: severity order %v", when, got)
			}
			for sev, want := range map[string]int{"critical": 2, "high": 1, "medium": 2, "low": 2} {
				n, _, err := s.CountAlerts(ctx, sc, store.AlertFilter{Severity: sev})
				if err != nil || n != want {
					t.Errorf("%s: %d %s alerts (%v), want %d", when, n, sev, err, want)
				}
			}
		}
		check("as written")

		backfill, err := store.SeverityBackfill(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Write(ctx, func(tx *store.Tx) error {
			for _, q := range append([]string{`UPDATE aml_alerts SET severity_rank = 0`,
				`UPDATE system_alerts SET severity = 'low', severity_rank = 0`}, backfill...) {
				if _, err := tx.ExecContext(ctx, q); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		check("after the backfill")
	})
}
