package httpapi

import (
	"net/http"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// ofKind binds a registry route's handler to the kind of institution its path names.
func ofKind(kind string, h func(http.ResponseWriter, *http.Request, string) error) func(http.ResponseWriter, *http.Request) error {
	return func(w http.ResponseWriter, r *http.Request) error { return h(w, r, kind) }
}

// complianceChangeInput is the request body of changeCompliance.
type complianceChangeInput struct {
	Status string `json:"status"`
	Reason string `json:"reason"`
}

// changeCompliance is PATCH /api/{psps,mnos}/{id}/compliance {status, reason}: a regulator sets an
// institution's compliance status, always with a reason for the record; the institution's staff
// are told.
func (s *Server) changeCompliance(w http.ResponseWriter, r *http.Request, kind string) error {
	var in complianceChangeInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	reason, err := domain.ComplianceReason(in.Reason)
	if err != nil {
		return err
	}
	if err := domain.ComplianceTransition("", in.Status); err != nil {
		return err
	}
	e, err := s.store.ChangeCompliance(r.Context(), store.ComplianceChange{Kind: kind, ID: r.PathValue("id"),
		To: in.Status, Reason: reason, Source: "manual", Seal: s.sealer.Seal, Audit: s.audit(r, "", "")})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toRegistryJSON(e))
	return nil
}

// complianceDetailJSON is an institution with its compliance history, newest first, and the
// system's pending proposal (regulators only).
type complianceDetailJSON struct {
	Institution registryJSON           `json:"institution"`
	History     []complianceChangeJSON `json:"history"`
	Proposal    *proposalJSON          `json:"proposal"`
}

// complianceChangeJSON is one change of a compliance status.
type complianceChangeJSON struct {
	ID            string    `json:"id"`
	From          string    `json:"from"`
	To            string    `json:"to"`
	Reason        string    `json:"reason"`
	Source        string    `json:"source"`
	ChangedBy     *string   `json:"changedBy"`
	ChangedByName *string   `json:"changedByName"`
	CreatedAt     time.Time `json:"createdAt"`
}

// complianceDetail is GET /api/{psps,mnos}/{id}/compliance: the history of the institution's
// compliance status, newest first, and (for regulators) the pending proposal. Staff may read
// their own institution's history; any other institution is not found for them.
func (s *Server) complianceDetail(w http.ResponseWriter, r *http.Request, kind string) error {
	id := r.PathValue("id")
	u := principalFrom(r.Context())
	if !u.Role.IsRegulator() && u.Institution != id {
		return domain.E(domain.ENOTFOUND, domain.CodeInstitutionNotFound)
	}
	entry, err := s.store.RegistryEntryByID(r.Context(), kind, id)
	if err != nil {
		return err
	}
	history, err := s.store.ComplianceHistory(r.Context(), id)
	if err != nil {
		return err
	}
	out := complianceDetailJSON{Institution: toRegistryJSON(entry), History: make([]complianceChangeJSON, len(history))}
	for i, h := range history {
		out.History[i] = complianceChangeJSON{ID: h.ID, From: h.From, To: h.To, Reason: h.Reason, Source: h.Source,
			ChangedBy: optional(h.ChangedBy), ChangedByName: optional(h.ChangedByName), CreatedAt: h.CreatedAt}
	}
	if u.Role.IsRegulator() {
		proposals, err := s.store.ComplianceProposals(r.Context(), kind, []string{id})
		if err != nil {
			return err
		}
		out.Proposal = toProposalJSON(proposals[id])
		out.Institution.Proposal = out.Proposal
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// proposalDecision is the body of confirming or dismissing a proposal: the status the regulator
// was shown (so a proposal that changed meanwhile is not decided blind) and, to dismiss, why.
type proposalDecision struct {
	Status string `json:"status"`
	Reason string `json:"reason"`
}

// confirmProposal is POST /api/{psps,mnos}/{id}/compliance/proposal/confirm {status}: the
// regulator accepts the system's proposal, which changes the status with the proposal's reason
// (the facts), and any note the regulator adds.
func (s *Server) confirmProposal(w http.ResponseWriter, r *http.Request, kind string) error {
	var in proposalDecision
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.Status == "" {
		return domain.Invalid(CodeProposalConfirmStatus, map[string]domain.Fault{"status": domain.F(domain.CodeRequired)})
	}
	id := r.PathValue("id")
	p, err := s.store.ComplianceProposal(r.Context(), kind, id)
	if err != nil {
		return err
	}
	if p.To != in.Status {
		return domain.E(domain.ECONFLICT, domain.CodeProposalChanged, "status", p.To)
	}
	reason := p.Reason()
	if note, err := domain.ComplianceReason(in.Reason); err == nil {
		reason += " " + note
	}
	e, err := s.store.ChangeCompliance(r.Context(), store.ComplianceChange{Kind: kind, ID: id, To: p.To, From: p.Current,
		Reason: reason, Source: "proposal", Seal: s.sealer.Seal, Audit: s.audit(r, "", "")})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toRegistryJSON(e))
	return nil
}

// dismissProposal is POST /api/{psps,mnos}/{id}/compliance/proposal/dismiss {status, reason}: the
// regulator judges the facts do not call for a change; the reason is required, and the proposal
// comes back only when new facts arrive.
func (s *Server) dismissProposal(w http.ResponseWriter, r *http.Request, kind string) error {
	var in proposalDecision
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	reason, err := domain.ComplianceReason(in.Reason)
	if err != nil {
		return err
	}
	if in.Status == "" {
		return domain.Invalid(CodeProposalDismissStatus, map[string]domain.Fault{"status": domain.F(domain.CodeRequired)})
	}
	if err := s.store.DismissProposal(r.Context(), kind, r.PathValue("id"), in.Status, reason, s.audit(r, "", "")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
