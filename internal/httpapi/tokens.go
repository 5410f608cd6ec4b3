package httpapi

import (
	"net/http"
	"time"
)

// tokenJSON is one of the caller's API tokens as Settings lists it. The token itself is never
// shown again: only its id, where and when it was issued, and its state.
type tokenJSON struct {
	ID        string     `json:"id"`
	SessionID *string    `json:"sessionId"` // the browser session of the same sign-in, as GET /api/profile/sessions names it
	IPAddress string     `json:"ipAddress"`
	UserAgent string     `json:"userAgent"`
	IssuedAt  time.Time  `json:"issuedAt"`
	ExpiresAt time.Time  `json:"expiresAt"`
	RevokedAt *time.Time `json:"revokedAt"`
	Status    string     `json:"status" enum:"active,revoked,expired"` // active, revoked or expired
	Current   bool       `json:"current"`
}

// listTokens is GET /api/profile/tokens: the caller's API tokens, active and recent (revoked or
// expired within the last day), newest first.
func (s *Server) listTokens(w http.ResponseWriter, r *http.Request) error {
	list, err := s.store.UserTokens(r.Context(), principalFrom(r.Context()).ID)
	if err != nil {
		return err
	}
	now, current := s.store.Now(), tokenIDFrom(r.Context())
	out := make([]tokenJSON, len(list))
	for i, t := range list {
		status := "active"
		switch {
		case !t.RevokedAt.IsZero() || t.Voided:
			status = "revoked"
		case !t.ExpiresAt.After(now):
			status = "expired"
		}
		out[i] = tokenJSON{ID: t.ID, SessionID: optional(t.SessionRef), IPAddress: t.IPAddress, UserAgent: t.UserAgent,
			IssuedAt: t.IssuedAt, ExpiresAt: t.ExpiresAt, RevokedAt: optionalTime(t.RevokedAt), Status: status,
			Current: t.ID == current}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// revokeToken is DELETE /api/profile/tokens/{id}: revoke one of the caller's tokens (404 for
// anyone else's, as for an unknown id).
func (s *Server) revokeToken(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	if err := s.store.RevokeToken(r.Context(), u.ID, r.PathValue("id"), "revoked by its owner", s.audit(r, "", "")); err != nil {
		return err
	}
	s.securityEvent(r, "token_revoked", "token", r.PathValue("id"))
	w.WriteHeader(http.StatusNoContent)
	return nil
}
