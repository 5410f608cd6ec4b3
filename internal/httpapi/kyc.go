package httpapi

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/screening"
	"github.com/kormeer/kormeer/internal/store"
)

// kycJSON is a KYC application as the compliance page and the KYC screen list it (001 §3). The
// national id and document number are masked for anyone but regulators.
type kycJSON struct {
	ID             string     `json:"id"`
	FullName       string     `json:"fullName"`
	NationalID     string     `json:"nationalId"`
	PhoneNumber    string     `json:"phoneNumber"`
	Email          string     `json:"email"`
	Address        string     `json:"address"`
	DocumentType   string     `json:"documentType"`
	DocumentNumber string     `json:"documentNumber"`
	PEP            bool       `json:"pep"`
	Status         string     `json:"status"`
	Risk           string     `json:"risk"`          // low, medium or high (domain.KYCRisk)
	InstitutionID  *string    `json:"institutionId"` // the PSP it was submitted through
	ReviewedBy     *string    `json:"reviewedBy"`    // the reviewer's name
	ReviewNotes    *string    `json:"reviewNotes"`
	ReviewedAt     *time.Time `json:"reviewedAt"`
	CreatedAt      time.Time  `json:"createdAt"`
}

func toKYCJSON(k *store.KYCView, regulator bool) kycJSON {
	j := kycJSON{ID: k.ID, FullName: k.FullName, NationalID: k.NationalID, PhoneNumber: k.PhoneNumber, Email: k.Email,
		Address: k.Address, DocumentType: k.DocumentType, DocumentNumber: k.DocumentNumber, PEP: k.PEP, Status: k.Status,
		Risk: k.Risk, InstitutionID: optional(k.PSPID), ReviewedBy: optional(k.ReviewerName), ReviewNotes: optional(k.ReviewNotes), ReviewedAt: optionalTime(k.ReviewedAt), CreatedAt: k.CreatedAt}
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
		Email: in.Email, Address: in.Address, DocumentType: in.DocumentType, DocumentNumber: in.DocumentNumber, PEP: in.PEP}
	if u.Role == domain.RolePSPAdmin {
		k.PSPID = u.Institution
	}
	hits, err := s.screenParties(r.Context(), screening.Party{Role: "applicant", Name: k.FullName, Kind: "individual"})
	if err != nil {
		return err
	}
	if err := s.store.SubmitKYC(r.Context(), k, s.audit(r, "", ""), hits...); err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, toKYCJSON(&store.KYCView{KYCApplication: *k}, u.Role.IsRegulator()))
	return nil
}

// kycParams are the query parameters GET /api/kyc accepts; any other is refused.
var kycParams = map[string]bool{"status": true, "risk": true, "institution": true, "q": true, "limit": true, "cursor": true}

// kycSummaryParams are the query parameters GET /api/kyc/summary accepts.
var kycSummaryParams = map[string]bool{"institution": true}

// maxKYCQuery bounds the search text (longer than any name or identity number).
const maxKYCQuery = 100

// kycStatuses are the statuses a KYC application may have (the status filter's vocabulary).
var kycStatuses = []string{"under_review", "pending", "compliant", "non_compliant"}

// parseKYCFilter reads the KYC list's filters (docs/API.md) among known: status, risk,
// institution (the id of the PSP an application was submitted through) and q, the search.
func parseKYCFilter(q url.Values, known map[string]bool) (store.KYCFilter, error) {
	r := newFilterReader(q, known)
	f := store.KYCFilter{Status: r.oneOf("status", kycStatuses), Risk: r.oneOf("risk", domain.KYCRiskLevels),
		InstitutionID: r.id("institution", CodeInstitutionID), Query: strings.TrimSpace(q.Get("q"))}
	if utf8.RuneCountInString(f.Query) > maxKYCQuery {
		r.fields["q"] = domain.F(domain.CodeMaxChars, "max", strconv.Itoa(maxKYCQuery))
	}
	return f, r.err()
}

// listKYC is GET /api/kyc-applications and GET /api/kyc: the applications in the caller's scope
// (regulators all, institution staff their institution's and their own, anyone else their own)
// matching the filters, newest first, one page at a time as the transactions list pages
// (?limit=, ?cursor=, X-Next-Cursor); the first page's X-Total-Count says how many match
// ("1000+" beyond a thousand). The compliance rate is GET /api/kyc/summary's.
func (s *Server) listKYC(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f, err := parseKYCFilter(q, kycParams)
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

// kycSummaryJSON counts the KYC applications in the caller's scope.
type kycSummaryJSON struct {
	Total          int64            `json:"total"`
	Compliant      int64            `json:"compliant"`
	AwaitingReview int64            `json:"awaitingReview"`
	ComplianceRate int64            `json:"complianceRate"`
	ByStatus       map[string]int64 `json:"byStatus"`
	Decided        int64            `json:"decided"`
	ApprovalRate   int64            `json:"approvalRate"`
}

// kycSummary is GET /api/kyc/summary and GET /api/kyc-applications/summary: the KYC figures over
// every application in the caller's scope, or of one institution (?institution=, the KYC screen's
// standing): the count per status, the compliance rate (compliant of all) and the approval rate
// (compliant of decided), counted on the server so that no screen computes a rate from one page
// of the list.
func (s *Server) kycSummary(w http.ResponseWriter, r *http.Request) error {
	f, err := parseKYCFilter(r.URL.Query(), kycSummaryParams)
	if err != nil {
		return err
	}
	sum, err := s.store.KYCSummaryOf(r.Context(), kycScope(principalFrom(r.Context())), f)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, kycSummaryJSON{sum.Total, sum.Compliant, sum.AwaitingReview, sum.ComplianceRate, sum.ByStatus, sum.Decided, sum.ApprovalRate})
	return nil
}

// kycReviewInput is the request body of reviewKYC.
type kycReviewInput struct {
	Decision string  `json:"decision"`
	Notes    *string `json:"notes"`
}

// reviewKYC is PATCH /api/kyc-applications/{id}/review {decision: approve|reject, notes}:
// approve makes the application compliant, reject non_compliant (with a reason).
func (s *Server) reviewKYC(w http.ResponseWriter, r *http.Request) error {
	var in kycReviewInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	decision := map[string]string{"approve": domain.ApplicationApproved, "reject": domain.ApplicationRejected}[in.Decision]
	if decision == "" {
		return domain.ErrKYCDecision()
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
