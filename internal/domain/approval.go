package domain

import (
	"strconv"
	"time"
)

// Approval kinds: the changes that one administrator may propose but not make alone.
const (
	ApprovalAccountCreate = "account.create" // a new cbsl_admin or cbsl_officer account
	ApprovalAccountRole   = "account.role"   // an existing account's role becoming one of those
)

// Approval statuses. A proposal is decided once: approved or rejected by another administrator,
// or cancelled by its proposer.
const (
	ApprovalPending   = "pending"
	ApprovalApproved  = "approved"
	ApprovalRejected  = "rejected"
	ApprovalCancelled = "cancelled"
)

// ApprovalStatuses lists every status, in the order a filter offers them.
var ApprovalStatuses = []string{ApprovalPending, ApprovalApproved, ApprovalRejected, ApprovalCancelled}

// SponsorCooldown is how long an administrator may not approve the proposals of whoever created
// their account or granted them their role. Without it one administrator could make a second
// one (with a colleague's single click) and from then on approve their own proposals through it.
const SponsorCooldown = 30 * 24 * time.Hour

// NeedsDualControl reports whether granting role r needs a second administrator: the central
// bank's own staff see every institution's data, and administrators manage accounts and rules.
func NeedsDualControl(r Role) bool { return r == RoleCBSLAdmin || r == RoleCBSLOfficer }

// Approver is what dual control needs to know about the account deciding a proposal, read in the
// same transaction as the decision.
type Approver struct {
	ID        string
	Role      Role
	Active    bool
	Guest     bool
	CreatedBy string    // who created the account ("" for bootstrap, the command line, sign-up)
	CreatedAt time.Time // when
	GrantedBy string    // who proposed the privileged role it holds ("" when none was proposed)
	GrantedAt time.Time // when that proposal was approved
}

// Proposal is what dual control needs to know about the change being approved.
type Proposal struct {
	ProposedBy string
	// Target is the account the change is about, and TargetCreatedBy who created it; both are
	// empty for changes that are not about an account (AML rules).
	Target          string
	TargetCreatedBy string
}

// CheckApprover says whether a may approve p at now: only an active, non-guest cbsl_admin who is
// not the proposer, not an account the proposer created or promoted within SponsorCooldown, not
// the account the change is about and not the one who created it. AML rule approvals and account
// approvals both go through here, so the two cannot drift apart.
func CheckApprover(a Approver, p Proposal, now time.Time) error {
	switch {
	case a.Role != RoleCBSLAdmin || !a.Active || a.Guest:
		return E(EFORBIDDEN, CodeApproverNotAdmin)
	case p.ProposedBy != "" && a.ID == p.ProposedBy:
		return E(EFORBIDDEN, CodeApproverIsProposer)
	case p.ProposedBy != "" && a.CreatedBy == p.ProposedBy && now.Sub(a.CreatedAt) < SponsorCooldown:
		return E(EFORBIDDEN, CodeApproverCreatedByProposer, "days", strconv.Itoa(cooldownDays()))
	case p.ProposedBy != "" && a.GrantedBy == p.ProposedBy && now.Sub(a.GrantedAt) < SponsorCooldown:
		return E(EFORBIDDEN, CodeApproverPromotedByProposer, "days", strconv.Itoa(cooldownDays()))
	case p.Target != "" && a.ID == p.Target:
		return E(EFORBIDDEN, CodeApproverIsTarget)
	case p.TargetCreatedBy != "" && a.ID == p.TargetCreatedBy:
		return E(EFORBIDDEN, CodeApproverCreatedTarget)
	}
	return nil
}

func cooldownDays() int { return int(SponsorCooldown / (24 * time.Hour)) }
