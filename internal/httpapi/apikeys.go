package httpapi

import (
	"net/http"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// API keys (docs/API.md, API keys): an institution's administrator creates keys for the
// institution's systems, a regulator for any institution. A key is shown once, in the answer
// that creates it.

type apiKeyJSON struct {
	ID              string     `json:"id"`
	Name            string     `json:"name"`
	InstitutionID   string     `json:"institutionId"`
	InstitutionName string     `json:"institutionName"`
	Scopes          []string   `json:"scopes"`
	CreatedBy       string     `json:"createdBy"`
	CreatedByName   string     `json:"createdByName"`
	CreatedAt       time.Time  `json:"createdAt"`
	LastUsedAt      *time.Time `json:"lastUsedAt"`
	RevokedAt       *time.Time `json:"revokedAt"`
	// Key is the key itself, only in the answer that creates it.
	Key string `json:"key,omitempty"`
}

func toAPIKeyJSON(k *store.APIKey) apiKeyJSON {
	return apiKeyJSON{ID: k.ID, Name: k.Name, InstitutionID: k.InstitutionID, InstitutionName: k.InstitutionName,
		Scopes: k.Scopes, CreatedBy: k.CreatedBy, CreatedByName: k.CreatedByName, CreatedAt: k.CreatedAt,
		LastUsedAt: optionalTime(k.LastUsedAt), RevokedAt: optionalTime(k.RevokedAt)}
}

// keyInstitution is the institution whose keys the caller manages: staff their own, regulators
// the one named (required to create, optional to list).
func keyInstitution(u *domain.User, named string) string {
	if u.Role.IsRegulator() {
		return named
	}
	return u.Institution
}

// listAPIKeys is GET /api/api-keys: the institution's keys (regulators: every institution's, or
// ?institution=ID's), newest first, revoked ones included.
func (s *Server) listAPIKeys(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	f := newFilterReader(r.URL.Query(), map[string]bool{"institution": true})
	named := f.id("institution", CodeInstitutionID)
	if err := f.err(); err != nil {
		return err
	}
	inst := keyInstitution(u, named)
	if !u.Role.IsRegulator() && inst == "" {
		return domain.E(domain.EFORBIDDEN, domain.CodeNotLinked)
	}
	keys, err := s.store.APIKeys(r.Context(), inst)
	if err != nil {
		return err
	}
	out := make([]apiKeyJSON, len(keys))
	for i, k := range keys {
		out[i] = toAPIKeyJSON(k)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// createAPIKey is POST /api/api-keys {name, scopes, institutionId}: 201 with the key, shown this
// once.
func (s *Server) createAPIKey(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	var in domain.NewAPIKey
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := in.Validate(); err != nil {
		return err
	}
	in.InstitutionID = keyInstitution(u, in.InstitutionID)
	if in.InstitutionID == "" && u.Role.IsRegulator() {
		return domain.Invalid(domain.CodeFieldsInvalid, map[string]domain.Fault{"institutionId": domain.F(domain.CodeAPIKeyInstitutionRequired)})
	}
	kind, err := s.store.RegisteredKind(r.Context(), in.InstitutionID)
	if err != nil {
		return err
	}
	if kind == "" {
		if u.Role.IsRegulator() {
			return domain.Invalid(domain.CodeFieldsInvalid, map[string]domain.Fault{"institutionId": domain.F(domain.CodeAPIKeyInstitutionUnknown)})
		}
		return domain.E(domain.EFORBIDDEN, domain.CodeNotLinked)
	}
	k, key, err := s.store.CreateAPIKey(r.Context(), in, u.ID, s.audit(r, "", ""))
	if err != nil {
		return err
	}
	out := toAPIKeyJSON(k)
	out.Key = key
	writeJSON(w, http.StatusCreated, out)
	return nil
}

// revokeAPIKey is DELETE /api/api-keys/{id}: 204; the key fails from its next request, on every
// instance.
func (s *Server) revokeAPIKey(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	inst := keyInstitution(u, "")
	if !u.Role.IsRegulator() && inst == "" {
		return domain.E(domain.EFORBIDDEN, domain.CodeNotLinked)
	}
	if err := s.store.RevokeAPIKey(r.Context(), r.PathValue("id"), inst, u.ID, s.audit(r, "", "")); err != nil {
		return err
	}
	s.securityEvent(r, "api_key_revoked", "key", r.PathValue("id"))
	w.WriteHeader(http.StatusNoContent)
	return nil
}
