package httpapi

import (
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// registryJSON is a licensed institution as the PSP Registry, MNO Oversight and Bank Registry
// screens show it.
type registryJSON struct {
	ID                  string     `json:"id"`
	Type                string     `json:"type"`
	Name                string     `json:"name"`
	Code                *string    `json:"code"`
	LicenseNumber       string     `json:"licenseNumber"`
	ContactEmail        *string    `json:"contactEmail"`
	ContactPhone        *string    `json:"contactPhone"`
	Address             *string    `json:"address"`
	LogoURL             *string    `json:"logoUrl"`
	ComplianceStatus    string     `json:"complianceStatus"`
	ComplianceReason    *string    `json:"complianceReason"`
	ComplianceSince     *time.Time `json:"complianceSince"`
	LicenseStatus       string     `json:"licenseStatus"`
	LicenseStatusReason *string    `json:"licenseStatusReason"`
	IsActive            bool       `json:"isActive"`
	LicenseIssuedAt     *time.Time `json:"licenseIssuedAt"`
	LicenseExpiresAt    *time.Time `json:"licenseExpiresAt"`
	Transactions30d     int64      `json:"transactions30d"`
	VolumeUSD30d        string     `json:"volumeUsd30d"`
	CreatedAt           time.Time  `json:"createdAt"`
	// Proposal is the compliance status the facts call for, shown to regulators only (null when none).
	Proposal *proposalJSON `json:"proposal,omitempty"`
	// Routing is a wallet operator's or bank's routing attributes; absent for MNOs.
	Routing *domain.Routing `json:"routing,omitempty"`
}

// proposalJSON is a pending compliance proposal with the facts behind it.
type proposalJSON struct {
	Status                string    `json:"status" enum:"compliant,under_review,non_compliant"`
	Current               string    `json:"current"`
	Reason                string    `json:"reason"`
	AuditFindings         []string  `json:"auditFindings"`
	KYCRejections         int       `json:"kycRejections"`
	OverdueCriticalAlerts int       `json:"overdueCriticalAlerts"`
	FactsSince            time.Time `json:"factsSince"`
}

func toProposalJSON(p *store.ComplianceProposal) *proposalJSON {
	if p == nil {
		return nil
	}
	findings := p.Facts.AuditFindings
	if findings == nil {
		findings = []string{}
	}
	return &proposalJSON{Status: p.To, Current: p.Current, Reason: p.Reason(), AuditFindings: findings,
		KYCRejections: p.Facts.KYCRejections, OverdueCriticalAlerts: p.Facts.OverdueCriticalAlerts, FactsSince: p.Since}
}

func toRegistryJSON(e *store.RegistryEntry) registryJSON {
	return registryJSON{ID: e.ID, Type: e.Kind, Name: e.Name, Code: optional(e.Code), LicenseNumber: e.LicenseNumber,
		ContactEmail: optional(e.ContactEmail), ContactPhone: optional(e.ContactPhone), Address: optional(e.Address),
		LogoURL: optional(e.LogoURL), ComplianceStatus: e.ComplianceStatus, ComplianceReason: optional(e.ComplianceReason),
		ComplianceSince: optionalTime(e.ComplianceSince), LicenseStatus: e.LicenseStatus,
		LicenseStatusReason: optional(e.LicenseStatusReason), IsActive: e.IsActive,
		LicenseIssuedAt: optionalTime(e.LicenseIssuedAt), LicenseExpiresAt: optionalTime(e.LicenseExpiresAt),
		Transactions30d: e.Transactions30d, VolumeUSD30d: e.VolumeUSD30d.String(), CreatedAt: e.CreatedAt, Routing: e.Routing}
}

func (s *Server) listPSPs(w http.ResponseWriter, r *http.Request) error {
	return s.registry(w, r, "psp")
}
func (s *Server) listMNOs(w http.ResponseWriter, r *http.Request) error {
	return s.registry(w, r, "mno")
}
func (s *Server) listBanks(w http.ResponseWriter, r *http.Request) error {
	return s.registry(w, r, "bank")
}

// registryParams are the query parameters GET /api/psps and /api/mnos accept.
var registryParams = map[string]bool{"q": true, "status": true, "compliance": true, "limit": true, "cursor": true}

// registry lists one kind of institution, newest licensed first, one page at a time (the
// paging convention of GET /api/alerts). Regulators see all of them, each with its pending
// compliance proposal; PSP and MNO staff see only their own institution. Query parameters: q
// (name, code or licence number), status (licence: active, suspended, revoked) and compliance
// (compliant, under_review, non_compliant, pending).
func (s *Server) registry(w http.ResponseWriter, r *http.Request, kind string) error {
	q := r.URL.Query()
	fr := newFilterReader(q, registryParams)
	f := store.RegistryFilter{Query: fr.get("q"),
		LicenseStatus:    fr.oneOf("status", []string{domain.LicenseActive, domain.LicenseSuspended, domain.LicenseRevoked}),
		ComplianceStatus: fr.oneOf("compliance", append(slices.Clone(domain.ComplianceStatuses), domain.CompliancePending))}
	if len(f.Query) > 100 {
		fr.fields["q"] = domain.F(domain.CodeMaxChars, "max", "100")
	}
	if err := fr.err(); err != nil {
		return err
	}
	limit, cursor, err := parsePage(q)
	if err != nil {
		return err
	}
	u := principalFrom(r.Context())
	if !u.Role.IsRegulator() {
		if u.Institution == "" {
			return writePage(w, cursor == nil, []*store.RegistryEntry{}, nil, toRegistryJSON, func() (int, bool, error) { return 0, false, nil })
		}
		f.ID = u.Institution
	}
	page, err := s.store.RegistryPageAfter(r.Context(), kind, f, cursor, limit)
	if err != nil {
		return err
	}
	proposals := map[string]*store.ComplianceProposal{}
	if u.Role.IsRegulator() {
		ids := make([]string, len(page.Items))
		for i, e := range page.Items {
			ids[i] = e.ID
		}
		if proposals, err = s.store.ComplianceProposals(r.Context(), kind, ids); err != nil {
			return err
		}
	}
	return writePage(w, cursor == nil, page.Items, page.Next, func(e *store.RegistryEntry) registryJSON {
		j := toRegistryJSON(e)
		j.Proposal = toProposalJSON(proposals[e.ID])
		return j
	}, func() (int, bool, error) { return s.store.CountRegistry(r.Context(), kind, f) })
}

func (s *Server) changePSPLicense(w http.ResponseWriter, r *http.Request) error {
	return s.changeLicense(w, r, "psp")
}
func (s *Server) changeMNOLicense(w http.ResponseWriter, r *http.Request) error {
	return s.changeLicense(w, r, "mno")
}
func (s *Server) changeBankLicense(w http.ResponseWriter, r *http.Request) error {
	return s.changeLicense(w, r, "bank")
}

func (s *Server) changePSPRouting(w http.ResponseWriter, r *http.Request) error {
	return s.changeRouting(w, r, "psp")
}
func (s *Server) changeBankRouting(w http.ResponseWriter, r *http.Request) error {
	return s.changeRouting(w, r, "bank")
}

// changeRouting is PATCH /api/{psps,banks}/{id}/routing {modes, ussdCode, numberPrefixes,
// accountPrefix}: an administrator sets how the transfer engine routes through a wallet operator
// or bank. The whole set is replaced (absent fields are empty); no modes takes the institution
// out of the transfer form. The change is audited with its before and after.
func (s *Server) changeRouting(w http.ResponseWriter, r *http.Request, kind string) error {
	var in domain.Routing
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	e, err := s.store.ChangeRouting(r.Context(), store.RoutingChange{Kind: kind, ID: r.PathValue("id"), Routing: in,
		Audit: s.audit(r, "", "")})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toRegistryJSON(e))
	return nil
}

// licenseChangeInput is the request body of changeLicense.
type licenseChangeInput struct {
	Action string `json:"action"`
	Reason string `json:"reason"`
}

// changeLicense is PATCH /api/{psps,mnos,banks}/{id}/license {action, reason}: a regulator suspends,
// reinstates or revokes a licence, always giving a reason for the record.
func (s *Server) changeLicense(w http.ResponseWriter, r *http.Request, kind string) error {
	var in licenseChangeInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if _, _, err := domain.LicenseTransition(in.Action); err != nil {
		return err
	}
	in.Reason = strings.TrimSpace(in.Reason)
	if in.Reason == "" || len(in.Reason) > 2000 {
		return domain.Invalid(CodeLicenseReason, map[string]domain.Fault{"reason": domain.F(domain.CodeReasonRequired)})
	}
	e, err := s.store.ChangeLicense(r.Context(), store.LicenseChange{Kind: kind, ID: r.PathValue("id"), Action: in.Action,
		Reason: in.Reason, Seal: s.sealer.Seal, Audit: s.audit(r, "", "")})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toRegistryJSON(e))
	return nil
}

// registerEntryJSON is a licensed institution as the public register shows it.
type registerEntryJSON struct {
	ID               string     `json:"id"`
	Type             string     `json:"type"`
	Name             string     `json:"name"`
	LicenseNumber    string     `json:"licenseNumber"`
	LogoURL          *string    `json:"logoUrl"`
	ComplianceStatus string     `json:"complianceStatus"`
	LicenseIssuedAt  *time.Time `json:"licenseIssuedAt"`
	LicenseExpiresAt *time.Time `json:"licenseExpiresAt"`
}

// publicRegister is GET /api/public/register: the institutions currently licensed, readable by
// anyone so that the public can check who may offer payment services.
func (s *Server) publicRegister(w http.ResponseWriter, r *http.Request) error {
	entries, err := s.store.PublicRegister(r.Context())
	if err != nil {
		return err
	}
	out := make([]registerEntryJSON, len(entries))
	for i, e := range entries {
		out[i] = registerEntryJSON{ID: e.ID, Type: e.Kind, Name: e.Name, LicenseNumber: e.LicenseNumber, LogoURL: optional(e.LogoURL),
			ComplianceStatus: e.ComplianceStatus, LicenseIssuedAt: optionalTime(e.LicenseIssuedAt), LicenseExpiresAt: optionalTime(e.LicenseExpiresAt)}
	}
	w.Header().Set("Cache-Control", "public, max-age=60")
	writeJSON(w, http.StatusOK, out)
	return nil
}
