package domain

import (
	"strings"
	"testing"
	"time"
)

func TestCheckApprover(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	admin := func(mod func(*Approver)) Approver {
		a := Approver{ID: "checker", Role: RoleCBSLAdmin, Active: true, CreatedAt: now.AddDate(-1, 0, 0)}
		if mod != nil {
			mod(&a)
		}
		return a
	}
	rules := Proposal{ProposedBy: "maker"}
	account := Proposal{ProposedBy: "maker", Target: "newbie", TargetCreatedBy: "maker"}
	tests := []struct {
		name     string
		approver Approver
		proposal Proposal
		want     string // "" allowed, else a word of the refusal
	}{
		{"a different, older administrator", admin(nil), rules, ""},
		{"a different administrator on an account proposal", admin(nil), account, ""},
		{"the proposer", admin(func(a *Approver) { a.ID = "maker" }), rules, "You proposed"},
		{"an officer", admin(func(a *Approver) { a.Role = RoleCBSLOfficer }), rules, "Only an active"},
		{"a citizen", admin(func(a *Approver) { a.Role = RoleCitizen }), rules, "Only an active"},
		{"a disabled administrator", admin(func(a *Approver) { a.Active = false }), rules, "Only an active"},
		{"a guest", admin(func(a *Approver) { a.Guest = true }), rules, "Only an active"},
		{"created by the proposer yesterday", admin(func(a *Approver) { a.CreatedBy, a.CreatedAt = "maker", now.AddDate(0, 0, -1) }), rules, "created by the proposer"},
		{"created by the proposer 29 days ago", admin(func(a *Approver) { a.CreatedBy, a.CreatedAt = "maker", now.Add(-SponsorCooldown+time.Minute) }), rules, "created by the proposer"},
		{"created by the proposer 30 days ago", admin(func(a *Approver) { a.CreatedBy, a.CreatedAt = "maker", now.Add(-SponsorCooldown) }), rules, ""},
		{"created by someone else yesterday", admin(func(a *Approver) { a.CreatedBy, a.CreatedAt = "other", now.AddDate(0, 0, -1) }), rules, ""},
		{"promoted by the proposer last week", admin(func(a *Approver) { a.GrantedBy, a.GrantedAt = "maker", now.AddDate(0, 0, -7) }), rules, "gave your account its role"},
		{"promoted by the proposer two months ago", admin(func(a *Approver) { a.GrantedBy, a.GrantedAt = "maker", now.AddDate(0, -2, 0) }), rules, ""},
		{"created by the proposer, on an account proposal", admin(func(a *Approver) { a.CreatedBy, a.CreatedAt = "maker", now.AddDate(0, 0, -3) }), account, "created by the proposer"},
		{"the account the change is about", admin(func(a *Approver) { a.ID = "newbie" }), account, "your own account"},
		{"the account's creator, not the proposer", admin(func(a *Approver) { a.ID = "creator" }),
			Proposal{ProposedBy: "maker", Target: "newbie", TargetCreatedBy: "creator"}, "You created this account"},
		{"a proposal without a proposer (defaults)", admin(func(a *Approver) { a.CreatedBy = "" }), Proposal{}, ""},
		{"no proposer does not match an account without creator", admin(func(a *Approver) { a.CreatedBy, a.CreatedAt = "", now }), Proposal{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckApprover(tt.approver, tt.proposal, now)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if ErrorCode(err) != EFORBIDDEN || !strings.Contains(ErrorMessage(err), tt.want) {
				t.Fatalf("got %v, want a refusal mentioning %q", err, tt.want)
			}
		})
	}
}

func TestNeedsDualControl(t *testing.T) {
	for r, want := range map[Role]bool{RoleCBSLAdmin: true, RoleCBSLOfficer: true, RolePSPAdmin: false, RoleMNOAdmin: false, RoleCitizen: false} {
		if NeedsDualControl(r) != want {
			t.Errorf("NeedsDualControl(%s) = %v", r, !want)
		}
	}
}
