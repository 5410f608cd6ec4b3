package httpapi

import (
	"net/http"
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
	ReviewNotes    *string    `json:"reviewNotes"`
	ReviewedAt     *time.Time `json:"reviewedAt"`
	CreatedAt      time.Time  `json:"createdAt"`
}

func toKYCJSON(k *store.KYCView, regulator bool) kycJSON {
	j := kycJSON{ID: k.ID, FullName: k.FullName, NationalID: k.NationalID, PhoneNumber: k.PhoneNumber, Email: k.Email,
		Address: k.Address, DocumentType: k.DocumentType, DocumentNumber: k.DocumentNumber, Status: k.Status,
		ReviewNotes: optional(k.ReviewNotes), ReviewedAt: optionalTime(k.ReviewedAt), CreatedAt: k.CreatedAt}
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
	writeJSON(w, http.StatusCreated, toKYCJSON(&store.KYCView{KYCApplication: *k}, u.Role.IsRegulator()))
	return nil
}

// listKYC is GET /api/kyc-applications and GET /api/kyc.
func (s *Server) listKYC(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	sc := store.KYCScope{All: u.Role.IsRegulator(), UserID: u.ID}
	if u.Role.IsInstitutionStaff() {
		sc.InstitutionID = u.Institution
	}
	list, err := s.store.KYCApplications(r.Context(), sc, 500)
	if err != nil {
		return err
	}
	out := make([]kycJSON, len(list))
	for i, k := range list {
		out[i] = toKYCJSON(k, sc.All)
	}
	writeJSON(w, http.StatusOK, out)
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
