package httpapi

import (
	"net/http"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/screening"
	"github.com/kormeer/kormeer/internal/store"
)

// applicationJSON is an application as listed (000 §3), plus who reviewed it and the licensed
// institution once approved.
type applicationJSON struct {
	ID                  string     `json:"id"`
	InstitutionName     string     `json:"institutionName"`
	InstitutionType     string     `json:"institutionType"`
	LicenseNumber       string     `json:"licenseNumber"`
	Address             string     `json:"address"`
	ContactPerson       string     `json:"contactPerson"`
	ContactEmail        string     `json:"contactEmail"`
	ContactPhone        string     `json:"contactPhone"`
	BusinessDescription *string    `json:"businessDescription"`
	LogoURL             *string    `json:"logoUrl"`
	Status              string     `json:"status"`
	ReviewedBy          *string    `json:"reviewedBy"`
	ReviewNotes         *string    `json:"reviewNotes"`
	ReviewedAt          *time.Time `json:"reviewedAt"`
	SubmittedBy         *string    `json:"submittedBy"`
	InstitutionID       *string    `json:"institutionId"`
	CreatedAt           time.Time  `json:"createdAt"`
	UpdatedAt           time.Time  `json:"updatedAt"`
}

func optionalTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

func toApplicationJSON(a *store.Application) applicationJSON {
	return applicationJSON{ID: a.ID, InstitutionName: a.InstitutionName, InstitutionType: a.InstitutionType,
		LicenseNumber: a.LicenseNumber, Address: a.Address, ContactPerson: a.ContactPerson, ContactEmail: a.ContactEmail,
		ContactPhone: a.ContactPhone, BusinessDescription: optional(a.BusinessDescription), LogoURL: optional(a.LogoURL),
		Status: a.Status, ReviewedBy: optional(a.ReviewedBy), ReviewNotes: optional(a.ReviewNotes),
		ReviewedAt: optionalTime(a.ReviewedAt), SubmittedBy: optional(a.SubmittedBy),
		InstitutionID: optional(a.InstitutionID), CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt}
}

// submitApplication is POST /api/institution-applications: a signed-in applicant files a
// pending application. The rules are those of the form (testdata/institution_application.json);
// a logo must be one the applicant uploaded.
func (s *Server) submitApplication(w http.ResponseWriter, r *http.Request) error {
	var in domain.ApplicationInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := in.Validate(); err != nil {
		return err
	}
	if in.LogoURL != nil {
		o, err := s.objectFromURL(r, *in.LogoURL)
		if err == nil && o.Kind != "logo" {
			err = domain.Invalid(CodeLogoUploadAgain, map[string]domain.Fault{"logoUrl": domain.F(domain.CodeUploadAgain)})
		}
		if err != nil {
			return err
		}
	}
	u := principalFrom(r.Context())
	a := s.audit(r, "application.submit", "institution_application")
	a.Details = map[string]any{"institutionName": in.InstitutionName, "institutionType": in.InstitutionType, "licenseNumber": in.LicenseNumber}
	hits, err := s.screenParties(r.Context(), screening.Party{Role: "institution", Name: in.InstitutionName, Kind: "entity"},
		screening.Party{Role: "contact", Name: in.ContactPerson, Kind: "individual"})
	if err != nil {
		return err
	}
	app, err := s.store.SubmitApplication(r.Context(), &in, u.ID, s.sealer.Seal, a, hits...)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, toApplicationJSON(app))
	return nil
}

// Application filter vocabularies (the institution_applications table's).
var (
	applicationStatuses = []string{domain.ApplicationPending, domain.ApplicationUnderReview, domain.ApplicationApproved, domain.ApplicationRejected}
	institutionTypes    = []string{"psp", "mno", "bank"}
	applicationParams   = listParams("status", "type")
	onboardingParams    = listParams("type")
)

// listApplications is GET /api/institution-applications?status=&type=: every application for
// regulators, one's own for anyone else, newest first and paged (servePage).
func (s *Server) listApplications(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	fr := newFilterReader(r.URL.Query(), applicationParams)
	f := store.ApplicationFilter{Status: fr.oneOf("status", applicationStatuses), Type: fr.oneOf("type", institutionTypes)}
	if !u.Role.IsRegulator() {
		f.SubmittedBy = u.ID
	}
	return servePage(w, r, fr, f, s.store.ApplicationsPage, s.store.CountApplications, toApplicationJSON)
}

// getApplication answers one application to a regulator or its applicant; to anyone else it
// does not exist.
func (s *Server) getApplication(w http.ResponseWriter, r *http.Request) error {
	app, err := s.store.ApplicationByID(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	if u := principalFrom(r.Context()); !u.Role.IsRegulator() && app.SubmittedBy != u.ID {
		return domain.E(domain.ENOTFOUND, domain.CodeApplicationNotFound)
	}
	writeJSON(w, http.StatusOK, toApplicationJSON(app))
	return nil
}

// reviewInput is the optional body of approving or rejecting an application.
type reviewInput struct {
	Notes *string `json:"notes"`
}

// readNotes reads the optional {notes} body of a review; an empty body means no notes.
func readNotes(w http.ResponseWriter, r *http.Request) (*string, error) {
	var in reviewInput
	if r.ContentLength == 0 {
		return nil, nil
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return nil, err
	}
	return in.Notes, nil
}

func (s *Server) approveApplication(w http.ResponseWriter, r *http.Request) error {
	return s.decide(w, r, domain.ApplicationApproved)
}

func (s *Server) rejectApplication(w http.ResponseWriter, r *http.Request) error {
	return s.decide(w, r, domain.ApplicationRejected)
}

func (s *Server) decide(w http.ResponseWriter, r *http.Request, decision string) error {
	notes, err := readNotes(w, r)
	if err != nil {
		return err
	}
	return s.review(w, r, r.PathValue("id"), decision, notes)
}

// review applies a regulator's decision and answers the application as it now stands.
func (s *Server) review(w http.ResponseWriter, r *http.Request, id, decision string, notes *string) error {
	n, err := domain.ReviewNotes(decision, notes)
	if err != nil {
		return err
	}
	app, err := s.store.ReviewApplication(r.Context(), store.Review{ApplicationID: id, Decision: decision,
		ReviewerID: principalFrom(r.Context()).ID, Notes: n, LicenseValidity: s.opts.LicenseValidity,
		Seal: s.sealer.Seal, Audit: s.audit(r, "", "")})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toApplicationJSON(app))
	return nil
}

// onboardingItem is an application as the pending-onboarding table shows it (001 §3).
type onboardingItem struct {
	ID            string `json:"id"`
	Name          string `json:"name"`
	Type          string `json:"type"`
	LicenseNumber string `json:"licenseNumber"`
	ContactEmail  string `json:"contactEmail"`
	Status        string `json:"status"`
}

// listOnboarding is GET /api/onboarding?type=: the applications awaiting a decision, newest
// first and paged (servePage).
func (s *Server) listOnboarding(w http.ResponseWriter, r *http.Request) error {
	fr := newFilterReader(r.URL.Query(), onboardingParams)
	f := store.ApplicationFilter{Status: domain.ApplicationPending, Type: fr.oneOf("type", institutionTypes)}
	return servePage(w, r, fr, f, s.store.ApplicationsPage, s.store.CountApplications, func(a *store.Application) onboardingItem {
		return onboardingItem{ID: a.ID, Name: a.InstitutionName, Type: strings.ToUpper(a.InstitutionType),
			LicenseNumber: a.LicenseNumber, ContactEmail: a.ContactEmail, Status: a.Status}
	})
}

// onboardingStatusInput is the request body of setOnboardingStatus.
type onboardingStatusInput struct {
	Status string  `json:"status"`
	Notes  *string `json:"notes"`
}

// setOnboardingStatus is PATCH /api/onboarding/{id}/status {status, notes}: the same decision
// as approve and reject, with the same rules.
func (s *Server) setOnboardingStatus(w http.ResponseWriter, r *http.Request) error {
	var in onboardingStatusInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.Status != domain.ApplicationApproved && in.Status != domain.ApplicationRejected {
		return domain.Invalid(CodeApplicationDecisionInvalid, map[string]domain.Fault{"status": domain.F(CodeApplicationDecision)})
	}
	return s.review(w, r, r.PathValue("id"), in.Status, in.Notes)
}
