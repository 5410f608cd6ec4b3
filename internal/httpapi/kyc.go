package httpapi

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// kycJSON is a KYC application as the compliance page lists it (001 §3). The national id is
// masked for anyone but regulators.
type kycJSON struct {
	ID             string     `json:"id"`
	FullName       string     `json:"fullName"`
	NationalID     string     `json:"nationalId"`
	PhoneNumber    string     `json:"phoneNumber"`
	Email          string     `json:"email"`
	Address        string     `json:"address"`
	DocumentType   string     `json:"documentType"`
	DocumentNumber string     `json:"documentNumber"`
	Status         string     `json:"status"`
	InstitutionID  *string    `json:"institutionId"` // the PSP it was submitted through
	ReviewNotes    *string    `json:"reviewNotes"`
	ReviewedAt     *time.Time `json:"reviewedAt"`
	CreatedAt      time.Time  `json:"createdAt"`
}

func toKYCJSON(k *store.KYCView, regulator bool) kycJSON {
	j := kycJSON{ID: k.ID, FullName: k.FullName, NationalID: k.NationalID, PhoneNumber: k.PhoneNumber, Email: k.Email,
		Address: k.Address, DocumentType: k.DocumentType, DocumentNumber: k.DocumentNumber, Status: k.Status,
		InstitutionID: optional(k.PSPID), ReviewNotes: optional(k.ReviewNotes), ReviewedAt: optionalTime(k.ReviewedAt), CreatedAt: k.CreatedAt}
	if !regulator {
		j.NationalID, j.DocumentNumber = domain.MaskID(k.NationalID), domain.MaskID(k.DocumentNumber)
	}
	return j
}

// submitKYC is POST /api/kyc with the rules and messages of 001 §5. PSP staff submit for their
// institution's customers; anyone else for themself.
func (s *Server) submitKYC(w http.ResponseWriter, r *http.Request) error {
	var in domain.KYCInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := in.Validate(); err != nil {
		return err
	}
	u := principalFrom(r.Context())
	k := &store.KYCApplication{UserID: u.ID, FullName: in.FullName, NationalID: in.NationalID, PhoneNumber: in.PhoneNumber,
		Email: in.Email, Address: in.Address, DocumentType: in.DocumentType, DocumentNumber: in.DocumentNumber}
	psp := ""
	if u.Role == domain.RolePSPAdmin {
		psp = u.Institution
	}
	if err := s.store.SubmitKYC(r.Context(), k, psp, s.audit(r, "", "")); err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, toKYCJSON(&store.KYCView{KYCApplication: *k, PSPID: psp}, u.Role.IsRegulator()))
	return nil
}

// kycParams are the query parameters GET /api/kyc accepts; any other is refused.
var kycParams = map[string]bool{"status": true, "institution": true, "limit": true, "cursor": true}

// kycStatuses are the statuses a KYC application may have (the status filter's vocabulary).
var kycStatuses = []string{"under_review", "pending", "compliant", "non_compliant"}

// parseKYCFilter reads the KYC list's filters (docs/API.md): status and institution (the id of
// the PSP an application was submitted through).
func parseKYCFilter(q url.Values) (store.KYCFilter, error) {
	r := newFilterReader(q, kycParams)
	f := store.KYCFilter{Status: r.oneOf("status", kycStatuses), InstitutionID: r.id("institution", "Give an institution's id")}
	if len(r.fields) > 0 {
		return f, domain.FieldError("Please correct the KYC filters.", r.fields)
	}
	return f, nil
}

// listKYC is GET /api/kyc-applications and GET /api/kyc: the applications in the caller's scope
// (regulators all, institution staff their institution's and their own, anyone else their own)
// matching the filters, newest first, one page at a time as the transactions list pages
// (?limit=, ?cursor=, X-Next-Cursor); the first page's X-Total-Count says how many match
// ("1000+" beyond a thousand). The compliance rate is GET /api/kyc/summary's.
func (s *Server) listKYC(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f, err := parseKYCFilter(q)
	if err != nil {
		return err
	}
	limit, cursor, err := parsePage(q)
	if err != nil {
		return err
	}
	sc := kycScope(principalFrom(r.Context()))
	page, err := s.store.KYCPageAfter(r.Context(), sc, f, cursor, limit)
	if err != nil {
		return err
	}
	toJSON := func(k *store.KYCView) kycJSON { return toKYCJSON(k, sc.All) }
	return writePage(w, cursor == nil, page.Items, page.Next, toJSON, func() (int, bool, error) {
		return s.store.CountKYC(r.Context(), sc, f)
	})
}

// kycScope is whose applications the caller sees: regulators all, institution staff their
// institution's and their own, anyone else their own.
func kycScope(u *domain.User) store.KYCScope {
	sc := store.KYCScope{All: u.Role.IsRegulator(), UserID: u.ID}
	if u.Role.IsInstitutionStaff() {
		sc.InstitutionID = u.Institution
	}
	return sc
}

// kycSummary is GET /api/kyc/summary and GET /api/kyc-applications/summary: the compliance page's KYC figures over every application
// in the caller's scope (total, compliant, awaiting review, the compliance rate in percent),
// counted on the server so that no screen computes a rate from one page of the list.
func (s *Server) kycSummary(w http.ResponseWriter, r *http.Request) error {
	sum, err := s.store.KYCSummaryOf(r.Context(), kycScope(principalFrom(r.Context())))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, struct {
		Total          int64 `json:"total"`
		Compliant      int64 `json:"compliant"`
		AwaitingReview int64 `json:"awaitingReview"`
		ComplianceRate int64 `json:"complianceRate"`
	}{sum.Total, sum.Compliant, sum.AwaitingReview, sum.ComplianceRate})
	return nil
}

// reviewKYC is PATCH /api/kyc-applications/{id}/review {decision: approve|reject, notes}:
// approve makes the application compliant, reject non_compliant (with a reason).
func (s *Server) reviewKYC(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Decision string  `json:"decision"`
		Notes    *string `json:"notes"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	decision := map[string]string{"approve": domain.ApplicationApproved, "reject": domain.ApplicationRejected}[in.Decision]
	if decision == "" {
		return domain.FieldError("Decision must be approve or reject.", map[string]string{"decision": "Must be approve or reject"})
	}
	notes, err := domain.ReviewNotes(decision, in.Notes)
	if err != nil {
		return err
	}
	k, err := s.store.ReviewKYC(r.Context(), r.PathValue("id"), in.Decision, principalFrom(r.Context()).ID,
		strings.TrimSpace(notes), s.audit(r, "", ""))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toKYCJSON(k, true))
	return nil
}
