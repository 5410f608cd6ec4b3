package realtime

import (
	"encoding/json"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
)

func TestVisibility(t *testing.T) {
	officer := Viewer{ID: "o", Role: domain.RoleCBSLOfficer}
	staffA := Viewer{ID: "a", Role: domain.RolePSPAdmin, Institution: "inst-a"}
	staffB := Viewer{ID: "b", Role: domain.RolePSPAdmin, Institution: "inst-b"}
	citizen := Viewer{ID: "c", Role: domain.RoleCitizen}
	alert := Alert{Severity: "critical", InstitutionID: "inst-a"}
	for v, want := range map[Viewer]bool{officer: true, staffA: true, staffB: false, citizen: false} {
		if got := alert.Visible(v); got != want {
			t.Errorf("%+v sees the alert: %v, want %v", v, got, want)
		}
	}
	if (Alert{TargetUserID: "c"}).Visible(citizen) != true || (Alert{TargetUserID: "c"}).Visible(officer) {
		t.Error("a targeted alert reaches the wrong account")
	}
	if !(Alert{TargetRole: "psp_admin"}).Visible(staffB) || (Alert{TargetRole: "psp_admin"}).Visible(officer) {
		t.Error("a role-targeted alert reaches the wrong role")
	}
}

func TestPublishDropsSlowClientsOnly(t *testing.T) {
	h := NewHub()
	fast := h.Register(Viewer{ID: "f", Role: domain.RoleCBSLAdmin})
	slow := h.Register(Viewer{ID: "s", Role: domain.RoleCBSLAdmin})
	other := h.Register(Viewer{ID: "x", Role: domain.RoleCitizen})
	for i := 0; i < QueueSize+5; i++ {
		h.Publish(Alert{Severity: "high", Title: "t"})
		select { // the fast client drains its queue
		case msg := <-fast.Messages():
			var m map[string]any
			if err := json.Unmarshal(msg, &m); err != nil || m["type"] != "compliance_alert" {
				t.Fatalf("message %s", msg)
			}
		default:
			t.Fatal("fast client got nothing")
		}
	}
	select {
	case <-slow.Dropped():
	default:
		t.Fatal("the slow client was not dropped")
	}
	select {
	case <-fast.Dropped():
		t.Fatal("the fast client was dropped")
	default:
	}
	if len(other.Messages()) != 0 {
		t.Fatal("a citizen received a compliance alert")
	}
	if h.Len() != 2 {
		t.Fatalf("%d clients left, want 2", h.Len())
	}
}
