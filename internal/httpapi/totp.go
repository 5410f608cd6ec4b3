package httpapi

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"net/http"
	"slices"

	"rsc.io/qr"

	"github.com/kormeer/kormeer/internal/auth"
	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// totpIssuer names Kormeer in authenticator apps.
const totpIssuer = "Kormeer"

// recoveryCodeCount is how many one-time recovery codes an enrolment hands out.
const recoveryCodeCount = 10

// mustEnrolTOTP reports whether the configuration holds u to the enrolment routes: a regulator
// without a second factor when --require-totp is on. Guests are never held (they cannot be
// regulators), and a reset password is changed first.
func (s *Server) mustEnrolTOTP(u *domain.User) bool {
	return s.opts.RequireTOTP && u != nil && !u.IsGuest && !u.TOTPEnabled && slices.Contains(regulators, u.Role)
}

// errEnrolFirst is the 403 every other route answers while mustEnrolTOTP holds.
var errEnrolFirst = domain.E(domain.EFORBIDDEN, CodeTOTPRequired)

// totpStatusJSON is the caller's second factor: on, waiting for its first code, required.
type totpStatusJSON struct {
	Enabled           bool `json:"enabled"`
	Pending           bool `json:"pending"`
	RecoveryCodesLeft int  `json:"recoveryCodesLeft"`
	Required          bool `json:"required"`
}

// totpStatus is GET /api/profile/totp: whether the caller's second factor is on, waiting for
// confirmation, required, and how many recovery codes are left.
func (s *Server) totpStatus(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	out := totpStatusJSON{Required: s.mustEnrolTOTP(u)}
	st, err := s.store.TOTP(r.Context(), u.ID)
	if err != nil && domain.ErrorCode(err) != domain.ENOTFOUND {
		return err
	}
	if st != nil {
		out.Enabled, out.Pending, out.RecoveryCodesLeft = st.Enabled, !st.Enabled, st.RecoveryLeft
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// totpSetup is a fresh secret for the authenticator app: as text, as an otpauth URI and as a
// QR code of that URI.
type totpSetup struct {
	Secret string `json:"secret"`
	URI    string `json:"uri"`
	QRCode string `json:"qrCode"`
	Digits int    `json:"digits"`
	Period int    `json:"period"`
}

// startTOTP is POST /api/profile/totp: a fresh secret waiting for its first code, answered as the
// otpauth:// URI, a QR code of it (an SVG data URL, drawn here so the page loads nothing from
// elsewhere) and the key to type by hand. The answer is the only time the secret leaves the server.
func (s *Server) startTOTP(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	if u.TOTPEnabled {
		return domain.E(domain.ECONFLICT, domain.CodeTOTPAlreadyOn)
	}
	secret := auth.NewTOTPSecret()
	if err := s.store.StartTOTP(r.Context(), u.ID, s.second.Seal(u.ID, secret), s.audit(r, "", "")); err != nil {
		return err
	}
	account := u.Email
	if account == "" {
		account = u.Username
	}
	uri := auth.TOTPURI(totpIssuer, account, secret)
	svg, err := qrSVG(uri)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, totpSetup{Secret: auth.TOTPKey(secret), URI: uri,
		QRCode: "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg),
		Digits: auth.TOTPDigits, Period: int(auth.TOTPPeriod.Seconds())})
	return nil
}

// totpConfirmation is the request body of confirmTOTP.
type totpConfirmation struct {
	Code string `json:"code"`
}

// totpEnabled answers a confirmed enrolment with the recovery codes, shown this once.
type totpEnabled struct {
	RecoveryCodes []string `json:"recoveryCodes"`
	Message       string   `json:"message"`
}

// confirmTOTP is POST /api/profile/totp/confirm {code}: a right code from the new authenticator
// turns two-step verification on and answers the recovery codes, once (only their hashes are kept).
// The caller's other sessions end and older tokens stop working.
func (s *Server) confirmTOTP(w http.ResponseWriter, r *http.Request) error {
	var in totpConfirmation
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	u := principalFrom(r.Context())
	st, err := s.store.TOTP(r.Context(), u.ID)
	if domain.ErrorCode(err) == domain.ENOTFOUND || (err == nil && st.Enabled) {
		return domain.E(domain.ECONFLICT, CodeTOTPNoSetup)
	}
	if err != nil {
		return err
	}
	secret, err := s.second.Open(u.ID, st.Secret)
	if err != nil {
		return err
	}
	step, ok := auth.VerifyTOTP(secret, in.Code, s.store.Now(), st.LastStep)
	if !ok {
		return domain.Invalid(CodeTOTPCodeWrong, map[string]domain.Fault{"code": domain.F(CodeTOTPCurrentCode)})
	}
	codes := auth.NewRecoveryCodes(recoveryCodeCount)
	hashes := make([]string, len(codes))
	for i, c := range codes {
		hashes[i] = s.second.RecoveryHash(u.ID, c)
	}
	keep := ""
	if c, err := r.Cookie(sessionCookie); err == nil {
		keep = c.Value
	}
	a := s.audit(r, "", "")
	a.Details = map[string]any{"recoveryCodes": len(codes)}
	if err := s.store.EnableTOTP(r.Context(), u.ID, st.Secret, step, hashes, keep, a); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, totpEnabled{RecoveryCodes: codes,
		Message: "Two-step verification is on. Keep the recovery codes somewhere safe: they are shown only now."})
	return nil
}

// totpDisableInput is the request body of disableTOTP.
type totpDisableInput struct {
	Code     string `json:"code"`
	Password string `json:"password"`
}

// disableTOTP is DELETE /api/profile/totp {code | password}: turning the second factor off needs a
// current code or the password, so a session left open is not enough. Wrong proofs count as failed
// sign-ins of the account (and are throttled like them).
func (s *Server) disableTOTP(w http.ResponseWriter, r *http.Request) error {
	var in totpDisableInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	u := principalFrom(r.Context())
	st, err := s.store.TOTP(r.Context(), u.ID)
	if err != nil {
		return err
	}
	if st.Enabled {
		if in.Code == "" && in.Password == "" {
			return domain.Invalid(CodeTOTPCodeOrPassword, map[string]domain.Fault{"code": domain.F(CodeCodeOrPassword)})
		}
		key, ip := domain.NormalizeEmail(u.Email), s.clientIP(r)
		if err := s.checkSignInFailures(w, r, key, ip); err != nil {
			return err
		}
		ok, err := s.proveIdentity(u, st, in.Code, in.Password)
		if err != nil {
			return err
		}
		if !ok {
			a := s.audit(r, "auth.totp_failed", "user")
			a.ResourceID, a.Details = u.ID, map[string]any{"purpose": "disable", "withPassword": in.Code == ""}
			if err := s.store.RecordLoginFailure(r.Context(), key, ip, a); err != nil {
				return err
			}
			field := "code"
			if in.Code == "" {
				field = "password"
			}
			return domain.Invalid(CodeTOTPProofWrong, map[string]domain.Fault{field: domain.F(CodeNotRight)})
		}
	}
	if err := s.store.DisableTOTP(r.Context(), u.ID, s.audit(r, "", "")); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, messageJSON{"Two-step verification is off."})
	return nil
}

// proveIdentity checks a current TOTP code (when given) or else the password.
func (s *Server) proveIdentity(u *domain.User, st *store.TOTPState, code, password string) (bool, error) {
	if code != "" {
		secret, err := s.second.Open(u.ID, st.Secret)
		if err != nil {
			return false, err
		}
		_, ok := auth.VerifyTOTP(secret, code, s.store.Now(), st.LastStep)
		return ok, nil
	}
	if len(password) > 4*domain.MaxPasswordLen {
		return false, nil
	}
	return s.hasher.Verify(password, u.PasswordHash)
}

// qrSVG draws text as a QR code (medium error correction) in SVG: one path of unit squares with
// the four-module quiet zone scanners need.
func qrSVG(text string) ([]byte, error) {
	code, err := qr.Encode(text, qr.M)
	if err != nil {
		return nil, fmt.Errorf("qr code: %w", err)
	}
	const quiet = 4
	n := code.Size + 2*quiet
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges">`, n, n)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, n, n)
	for y := range code.Size {
		for x := range code.Size {
			if code.Black(x, y) {
				fmt.Fprintf(&b, "M%d %dh1v1h-1z", x+quiet, y+quiet)
			}
		}
	}
	b.WriteString(`"/></svg>`)
	return b.Bytes(), nil
}
