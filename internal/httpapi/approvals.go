package httpapi

import (
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// approvalJSON is a proposal waiting for (or decided by) a second administrator.
type approvalJSON struct {
	ID             string      `json:"id"`
	Kind           string      `json:"kind"`
	Status         string      `json:"status"`
	Role           domain.Role `json:"role"`
	PreviousRole   *string     `json:"previousRole"`
	Target         accountJSON `json:"target"`
	ProposedBy     string      `json:"proposedBy"`
	ProposedByName string      `json:"proposedByName"`
	ProposedAt     time.Time   `json:"proposedAt"`
	DecidedBy      *string     `json:"decidedBy"`
	DecidedByName  *string     `json:"decidedByName"`
	DecidedAt      *time.Time  `json:"decidedAt"`
	Reason         *string     `json:"reason"`
}

func toApprovalJSON(a *store.Approval) approvalJSON {
	return approvalJSON{ID: a.ID, Kind: a.Kind, Status: a.Status, Role: a.Role, PreviousRole: optional(string(a.PreviousRole)),
		Target: toAccountJSON(a.Target, ""), ProposedBy: a.ProposedBy, ProposedByName: a.ProposedByName, ProposedAt: a.ProposedAt,
		DecidedBy: optional(a.DecidedBy), DecidedByName: optional(a.DecidedByName), DecidedAt: optionalTime(a.DecidedAt),
		Reason: optional(a.Reason)}
}

// pendingApprovalJSON is the 202 of a change that waits for a second administrator.
type pendingApprovalJSON struct {
	approvalJSON
	EligibleApprovers int    `json:"eligibleApprovers"`
	Message           string `json:"message"`
}

// writeProposal answers 202 Accepted with the proposal, how many administrators could approve it
// today and what to do when none can (the only administrator asks the server's operator).
func (s *Server) writeProposal(w http.ResponseWriter, r *http.Request, a *store.Approval) error {
	n, err := s.store.EligibleApprovers(r.Context(), a.ProposedBy)
	if err != nil {
		return err
	}
	msg := "The change waits for a second administrator's approval."
	if n == 0 {
		msg = "The change waits for a second administrator's approval, and no other administrator can approve it yet: " +
			"the server's operator creates the second one with `kormeer users create`."
	}
	writeJSON(w, http.StatusAccepted, pendingApprovalJSON{toApprovalJSON(a), n, msg})
	return nil
}

// listApprovals is GET /api/approvals?status=&limit=&cursor= (cbsl_admin): proposals newest
// first, pending ones by default; the next page's cursor is in the X-Next-Cursor header.
func (s *Server) listApprovals(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	status := q.Get("status")
	switch {
	case status == "":
		status = domain.ApprovalPending
	case status == "all":
		status = ""
	case !slices.Contains(domain.ApprovalStatuses, status):
		return domain.Invalid(CodeFiltersInvalid, map[string]domain.Fault{"status": oneOfFault(append([]string{"all"}, domain.ApprovalStatuses...))})
	}
	limit, cursor, err := parsePage(q)
	if err != nil {
		return err
	}
	list, next, err := s.store.Approvals(r.Context(), status, cursor, limit)
	if err != nil {
		return err
	}
	if next != nil {
		w.Header().Set("X-Next-Cursor", encodeCursor(next))
	}
	out := make([]approvalJSON, len(list))
	for i, a := range list {
		out[i] = toApprovalJSON(a)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// approveApproval is POST /api/approvals/{id}/approve {reason?}: a second administrator (not the
// proposer, nor one the proposer created or promoted in the last 30 days, nor the account
// concerned or its creator) makes the change.
func (s *Server) approveApproval(w http.ResponseWriter, r *http.Request) error {
	return s.decideApproval(w, r, true)
}

// rejectApproval is POST /api/approvals/{id}/reject {reason}: any administrator refuses the
// change, or its proposer withdraws it; a reason is required either way.
func (s *Server) rejectApproval(w http.ResponseWriter, r *http.Request) error {
	return s.decideApproval(w, r, false)
}

// approvalDecisionInput is the request body of decideApproval.
type approvalDecisionInput struct {
	Reason string `json:"reason"`
}

func (s *Server) decideApproval(w http.ResponseWriter, r *http.Request, approve bool) error {
	var in approvalDecisionInput
	if r.ContentLength != 0 {
		if err := decodeJSON(w, r, &in); err != nil {
			return err
		}
	}
	in.Reason = strings.TrimSpace(in.Reason)
	switch {
	case !approve && in.Reason == "":
		return domain.Invalid(CodeRefusalReason, map[string]domain.Fault{"reason": domain.F(domain.CodeReasonRequired)})
	case utf8.RuneCountInString(in.Reason) > 500:
		return domain.Invalid(CodeReasonTooLong, map[string]domain.Fault{"reason": domain.F(domain.CodeMaxChars, "max", "500")})
	}
	a, err := s.store.DecideApproval(r.Context(), r.PathValue("id"), approve, principalFrom(r.Context()).ID, in.Reason, s.audit(r, "", ""))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toApprovalJSON(a))
	return nil
}
