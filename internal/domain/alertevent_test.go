package domain

import "testing"

func TestAlertVisibility(t *testing.T) {
	officer := AlertViewer{ID: "o", Role: RoleCBSLOfficer}
	staffA := AlertViewer{ID: "a", Role: RolePSPAdmin, Institution: "inst-a"}
	staffB := AlertViewer{ID: "b", Role: RolePSPAdmin, Institution: "inst-b"}
	citizen := AlertViewer{ID: "c", Role: RoleCitizen}
	cases := []struct {
		name  string
		alert AlertEvent
		sees  map[AlertViewer]bool
	}{
		{"institution alert", AlertEvent{InstitutionID: "inst-a"},
			map[AlertViewer]bool{officer: true, staffA: true, staffB: false, citizen: false}},
		{"alert of no institution", AlertEvent{},
			map[AlertViewer]bool{officer: true, staffA: false, staffB: false, citizen: false}},
		{"targeted at one account", AlertEvent{TargetUserID: "c", InstitutionID: "inst-a"},
			map[AlertViewer]bool{officer: false, staffA: false, staffB: false, citizen: true}},
		{"targeted at one role", AlertEvent{TargetRole: string(RolePSPAdmin)},
			map[AlertViewer]bool{officer: false, staffA: true, staffB: true, citizen: false}},
	}
	for _, c := range cases {
		for v, want := range c.sees {
			if got := c.alert.VisibleTo(v); got != want {
				t.Errorf("%s: %+v sees it: %v, want %v", c.name, v, got, want)
			}
		}
	}
}
