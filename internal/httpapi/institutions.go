package httpapi

import (
	"net/http"
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
	LicenseStatus       string     `json:"licenseStatus"`
	LicenseStatusReason *string    `json:"licenseStatusReason"`
	IsActive            bool       `json:"isActive"`
	LicenseIssuedAt     *time.Time `json:"licenseIssuedAt"`
	LicenseExpiresAt    *time.Time `json:"licenseExpiresAt"`
	Transactions30d     int64      `json:"transactions30d"`
	VolumeUSD30d        string     `json:"volumeUsd30d"`
	// Routing is a wallet operator's or bank's routing attributes; absent for MNOs.
	Routing *domain.Routing `json:"routing,omitempty"`
}

func toRegistryJSON(e *store.RegistryEntry) registryJSON {
	return registryJSON{ID: e.ID, Type: e.Kind, Name: e.Name, Code: optional(e.Code), LicenseNumber: e.LicenseNumber,
		ContactEmail: optional(e.ContactEmail), ContactPhone: optional(e.ContactPhone), Address: optional(e.Address),
		LogoURL: optional(e.LogoURL), ComplianceStatus: e.ComplianceStatus, LicenseStatus: e.LicenseStatus,
		LicenseStatusReason: optional(e.LicenseStatusReason), IsActive: e.IsActive,
		LicenseIssuedAt: optionalTime(e.LicenseIssuedAt), LicenseExpiresAt: optionalTime(e.LicenseExpiresAt),
		Transactions30d: e.Transactions30d, VolumeUSD30d: e.VolumeUSD30d.String(), Routing: e.Routing}
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

// registry lists one kind of institution. Regulators see all of them; PSP and MNO staff see
// only their own institution. Query parameters: q (name, code or licence number) and status
// (active, suspended, revoked).
func (s *Server) registry(w http.ResponseWriter, r *http.Request, kind string) error {
	q := r.URL.Query()
	f := store.RegistryFilter{Query: strings.TrimSpace(q.Get("q")), LicenseStatus: q.Get("status")}
	switch f.LicenseStatus {
	case "", "all":
		f.LicenseStatus = ""
	case domain.LicenseActive, domain.LicenseSuspended, domain.LicenseRevoked:
	default:
		return domain.FieldError("Status must be active, suspended or revoked.", map[string]string{"status": "Must be active, suspended or revoked"})
	}
	if len(f.Query) > 100 {
		return domain.FieldError("The search is too long.", map[string]string{"q": "At most 100 characters"})
	}
	if u := principalFrom(r.Context()); !u.Role.IsRegulator() {
		if u.Institution == "" {
			writeJSON(w, http.StatusOK, []registryJSON{})
			return nil
		}
		f.ID = u.Institution
	}
	entries, err := s.store.Registry(r.Context(), kind, f)
	if err != nil {
		return err
	}
	out := make([]registryJSON, len(entries))
	for i, e := range entries {
		out[i] = toRegistryJSON(e)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
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

// changeLicense is PATCH /api/{psps,mnos,banks}/{id}/license {action, reason}: a regulator suspends,
// reinstates or revokes a licence, always giving a reason for the record.
func (s *Server) changeLicense(w http.ResponseWriter, r *http.Request, kind string) error {
	var in struct {
		Action string `json:"action"`
		Reason string `json:"reason"`
	}
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if _, _, err := domain.LicenseTransition(in.Action); err != nil {
		return err
	}
	in.Reason = strings.TrimSpace(in.Reason)
	if in.Reason == "" || len(in.Reason) > 2000 {
		return domain.FieldError("Give a reason (at most 2000 characters) for the licence change.", map[string]string{"reason": "A reason is required"})
	}
	e, err := s.store.ChangeLicense(r.Context(), store.LicenseChange{Kind: kind, ID: r.PathValue("id"), Action: in.Action,
		Reason: in.Reason, Audit: s.audit(r, "", "")})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toRegistryJSON(e))
	return nil
}

// publicRegister is GET /api/public/register: the institutions currently licensed, readable by
// anyone so that the public can check who may offer payment services.
func (s *Server) publicRegister(w http.ResponseWriter, r *http.Request) error {
	entries, err := s.store.PublicRegister(r.Context())
	if err != nil {
		return err
	}
	type entry struct {
		ID               string     `json:"id"`
		Type             string     `json:"type"`
		Name             string     `json:"name"`
		LicenseNumber    string     `json:"licenseNumber"`
		LogoURL          *string    `json:"logoUrl"`
		LicenseIssuedAt  *time.Time `json:"licenseIssuedAt"`
		LicenseExpiresAt *time.Time `json:"licenseExpiresAt"`
	}
	out := make([]entry, len(entries))
	for i, e := range entries {
		out[i] = entry{ID: e.ID, Type: e.Kind, Name: e.Name, LicenseNumber: e.LicenseNumber, LogoURL: optional(e.LogoURL),
			LicenseIssuedAt: optionalTime(e.LicenseIssuedAt), LicenseExpiresAt: optionalTime(e.LicenseExpiresAt)}
	}
	w.Header().Set("Cache-Control", "public, max-age=60")
	writeJSON(w, http.StatusOK, out)
	return nil
}
