package httpapi

import (
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// profileInput is the request body of updateProfile.
type profileInput struct {
	FirstName       *string `json:"firstName"`
	LastName        *string `json:"lastName"`
	Language        *string `json:"language"`
	ProfileImageURL *string `json:"profileImageUrl"`
}

// updateProfile is PATCH /api/profile {firstName, lastName, language, profileImageUrl}: the
// caller's own details. A profile image must be one the caller uploaded and turned into a
// profile image (PUT /api/profile-images).
func (s *Server) updateProfile(w http.ResponseWriter, r *http.Request) error {
	var in profileInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	f := map[string]domain.Fault{}
	for key, p := range map[string]*string{"firstName": in.FirstName, "lastName": in.LastName} {
		if p != nil {
			*p = strings.TrimSpace(*p)
			if n := utf8.RuneCountInString(*p); n == 0 || n > 100 {
				f[key] = domain.F(domain.CodeNameLength)
			}
		}
	}
	if in.Language != nil && !domain.IsLanguage(*in.Language) {
		f["language"] = domain.F(domain.CodeLanguageUnknown)
	}
	if in.ProfileImageURL != nil && *in.ProfileImageURL != "" {
		o, err := s.objectFromURL(r, *in.ProfileImageURL)
		if err != nil || o.Kind != "profile" {
			f["profileImageUrl"] = domain.F(domain.CodeUploadImageAgain)
		}
	}
	if len(f) > 0 {
		return domain.Invalid(domain.CodeFieldsInvalid, f)
	}
	u, err := s.store.UpdateProfile(r.Context(), principalFrom(r.Context()).ID, store.ProfileChange{FirstName: in.FirstName,
		LastName: in.LastName, Language: in.Language, ProfileImageURL: in.ProfileImageURL}, s.audit(r, "", ""))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toAccountJSON(u, ""))
	return nil
}

// profileImageInput is the request body of profileImage.
type profileImageInput struct {
	ImageURL string `json:"imageURL"`
}

// profileImage is PUT /api/profile-images {imageURL}: an upload becomes the caller's profile
// image (the logo pipeline, with the same checks and the same 5 MB limit).
func (s *Server) profileImage(w http.ResponseWriter, r *http.Request) error {
	var in profileImageInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	return s.promoteUpload(w, r, in.ImageURL, "profile", CodeProfileImageTooLarge)
}

// passwordChangeInput is the request body of changePassword.
type passwordChangeInput struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

// changePassword is POST /api/profile/password {currentPassword, newPassword}: the current
// password is required; every other session ends and older tokens stop working.
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) error {
	var in passwordChangeInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	u := principalFrom(r.Context())
	ok, err := s.hasher.VerifyContext(r.Context(), in.CurrentPassword, u.PasswordHash)
	if err != nil {
		return err
	}
	if !ok {
		return domain.Invalid(CodeCurrentPasswordWrong, map[string]domain.Fault{"currentPassword": domain.F(CodeNotCurrentPassword)})
	}
	if f := domain.CheckPassword(in.NewPassword, u.Email, u.FirstName, u.LastName); f != nil {
		return domain.Invalid(domain.CodeFieldsInvalid, map[string]domain.Fault{"newPassword": *f})
	}
	if in.NewPassword == in.CurrentPassword {
		return domain.Invalid(CodePasswordUnchanged, map[string]domain.Fault{"newPassword": domain.F(CodeSamePassword)})
	}
	hash, err := s.hasher.HashContext(r.Context(), in.NewPassword)
	if err != nil {
		return err
	}
	keep := ""
	if c, err := r.Cookie(sessionCookie); err == nil {
		keep = c.Value
	}
	if err := s.store.ChangePassword(r.Context(), u.ID, hash, keep, s.audit(r, "", "")); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, messageJSON{"Password changed. You were signed out everywhere else."})
	return nil
}

// sessionJSON is one of the caller's browser sessions; current is the one asking.
type sessionJSON struct {
	ID        string    `json:"id"`
	IPAddress string    `json:"ipAddress"`
	UserAgent string    `json:"userAgent"`
	CreatedAt time.Time `json:"createdAt"`
	ExpiresAt time.Time `json:"expiresAt"`
	Current   bool      `json:"current"`
}

// listSessions is GET /api/profile/sessions: the caller's active sessions.
func (s *Server) listSessions(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	list, err := s.store.UserSessions(r.Context(), u.ID)
	if err != nil {
		return err
	}
	current := ""
	if c, err := r.Cookie(sessionCookie); err == nil && len(c.Value) >= 8 {
		current = sessionRef(c.Value)
	}
	out := make([]sessionJSON, len(list))
	for i, si := range list {
		out[i] = sessionJSON{si.Ref, si.IPAddress, si.UserAgent, si.CreatedAt, si.Expire, si.Ref == current}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// endSession is DELETE /api/profile/sessions/{id}: sign out one of the caller's sessions.
func (s *Server) endSession(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	if err := s.store.EndSessionByRef(r.Context(), u.ID, r.PathValue("id"), s.audit(r, "", "")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
