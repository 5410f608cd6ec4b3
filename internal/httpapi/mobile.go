package httpapi

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/auth"
	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/i18n"
	"github.com/kormeer/kormeer/internal/store"
)

type mobileUserJSON struct {
	ID               string     `json:"id"`
	FullName         string     `json:"fullName"`
	PhoneNumber      string     `json:"phoneNumber"`
	NationalID       string     `json:"nationalId"`
	Email            *string    `json:"email"`
	Platform         *string    `json:"platform"`
	Status           string     `json:"status" enum:"pending,approved,suspended,revoked"`
	SuspensionReason *string    `json:"suspensionReason"`
	LoginAttempts    int        `json:"loginAttempts"`
	LockedUntil      *time.Time `json:"lockedUntil"`
	ApprovedAt       *time.Time `json:"approvedAt"`
	CreatedAt        time.Time  `json:"createdAt"`
}

func toMobileUserJSON(m *store.MobileUser) mobileUserJSON {
	return mobileUserJSON{ID: m.ID, FullName: m.FullName, PhoneNumber: m.PhoneNumber, NationalID: domain.MaskID(m.NationalID),
		Email: optional(m.Email), Platform: optional(m.Platform), Status: m.Status, SuspensionReason: optional(m.SuspensionReason),
		LoginAttempts: m.LoginAttempts, LockedUntil: optionalTime(m.LockedUntil), ApprovedAt: optionalTime(m.ApprovedAt),
		CreatedAt: m.CreatedAt}
}

// Mobile access list filter vocabularies (the tables' statuses; an access code past its expiry
// is expired).
var (
	mobileUserStatuses   = []string{"pending", "approved", "suspended", "revoked"}
	accessCodeStatuses   = []string{"active", "used", "expired", "revoked"}
	notificationStatuses = []string{"pending", "sent", "logged", "failed"}
	notificationChannels = []string{"email", "sms"}
	statusParams         = listParams("status")
	notificationParams   = listParams("status", "channel")
)

// listMobileUsers is GET /api/mobile/users?status= (regulators): newest first, paged (servePage).
func (s *Server) listMobileUsers(w http.ResponseWriter, r *http.Request) error {
	fr := newFilterReader(r.URL.Query(), statusParams)
	f := store.MobileUserFilter{Status: fr.oneOf("status", mobileUserStatuses)}
	return servePage(w, r, fr, f, s.store.MobileUsersPage, s.store.CountMobileUsers, toMobileUserJSON)
}

// registerMobileUser is POST /api/mobile/users: the app registers its user (or an officer does);
// the user waits, pending, for a regulator's approval.
func (s *Server) registerMobileUser(w http.ResponseWriter, r *http.Request) error {
	var in domain.MobileUserInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := in.Validate(); err != nil {
		return err
	}
	m, err := s.store.CreateMobileUser(r.Context(), &in, s.audit(r, "", ""))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, toMobileUserJSON(m))
	return nil
}

// mobileStatusInput is the request body of setMobileUserStatus.
type mobileStatusInput struct {
	Status string `json:"status"`
	Reason string `json:"reason"`
}

// setMobileUserStatus is PATCH /api/mobile/users/{id}/status {status, reason} (regulators).
func (s *Server) setMobileUserStatus(w http.ResponseWriter, r *http.Request) error {
	var in mobileStatusInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	in.Reason = strings.TrimSpace(in.Reason)
	if (in.Status == "suspended" || in.Status == "revoked") && (in.Reason == "" || len(in.Reason) > 1000) {
		return domain.Invalid(domain.CodeMobileReasonRequired, map[string]domain.Fault{"reason": domain.F(domain.CodeReasonRequired)})
	}
	m, err := s.store.SetMobileUserStatus(r.Context(), r.PathValue("id"), in.Status, in.Reason, principalFrom(r.Context()).ID, s.audit(r, "", ""))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toMobileUserJSON(m))
	return nil
}

// codeHash is the keyed hash under which a code is stored: without the key, a database reader
// cannot test guesses against it.
func codeHash(key []byte, code string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(strings.ToUpper(strings.TrimSpace(code))))
	return hex.EncodeToString(m.Sum(nil))
}

// codeHashes are the hashes a code may be stored under: one per accepted version of the key,
// the signing one (under which new codes are stored) first.
func (s *Server) codeHashes(code string) []string {
	keys := s.codeKeys.Verifying(s.store.Now())
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = codeHash(k.Secret, code)
	}
	return out
}

// accessCodeJSON is an access code as the screen lists it. Code is the code itself only in the
// answer that generates it; the database keeps none of its characters, so the list shows how and
// when it was delivered instead (Delivery: both, sms or email; null before migration 0022).
type accessCodeJSON struct {
	ID          string     `json:"id"`
	Code        *string    `json:"code"`
	Delivery    *string    `json:"delivery" enum:"both,sms,email"`
	Status      string     `json:"status" enum:"active,used,expired,revoked"`
	CurrentUses int        `json:"currentUses"`
	MaxUses     int        `json:"maxUses"`
	ExpiresAt   time.Time  `json:"expiresAt"`
	UsedAt      *time.Time `json:"usedAt"`
	CreatedAt   time.Time  `json:"createdAt"`
	MobileUser  struct {
		ID          string `json:"id"`
		FullName    string `json:"fullName"`
		PhoneNumber string `json:"phoneNumber"`
	} `json:"mobileUser"`
}

func toAccessCodeJSON(c *store.AccessCode, code string) accessCodeJSON {
	j := accessCodeJSON{ID: c.ID, Code: optional(code), Delivery: optional(c.Delivery), Status: c.Status, CurrentUses: c.CurrentUses,
		MaxUses: c.MaxUses, ExpiresAt: c.ExpiresAt, UsedAt: optionalTime(c.UsedAt), CreatedAt: c.CreatedAt}
	j.MobileUser.ID, j.MobileUser.FullName, j.MobileUser.PhoneNumber = c.MobileUserID, c.FullName, c.PhoneNumber
	return j
}

// accessCodeRequest is the request body of generateAccessCode.
type accessCodeRequest struct {
	MobileUserID       string `json:"mobileUserId"`
	NotificationMethod string `json:"notificationMethod"`
	AdminEmail         string `json:"adminEmail"`
}

// accessCodeIssued answers a generated code (shown this once) and how many messages carry it.
type accessCodeIssued struct {
	AccessCode accessCodeJSON `json:"accessCode"`
	Deliveries int            `json:"deliveries"`
	Message    string         `json:"message"`
}

// generateAccessCode is POST /api/admin/mobile-access/generate {mobileUserId, notificationMethod,
// adminEmail}: a one-use code for an approved user, delivered by SMS to the user and/or by e-mail
// to the administrator (001 §7), and shown in full this once.
func (s *Server) generateAccessCode(w http.ResponseWriter, r *http.Request) error {
	var in accessCodeRequest
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	f := map[string]domain.Fault{}
	if !slices.Contains(domain.NotificationMethods, in.NotificationMethod) {
		f["notificationMethod"] = domain.F(domain.CodeNotificationMethod)
	}
	in.AdminEmail = domain.NormalizeEmail(in.AdminEmail)
	if in.NotificationMethod != "sms" && !domain.ValidEmail(in.AdminEmail) {
		f["adminEmail"] = domain.F(domain.CodeAdminEmailInvalid)
	}
	if in.MobileUserID == "" {
		f["mobileUserId"] = domain.F(domain.CodeChooseApprovedUser)
	}
	if len(f) > 0 {
		return domain.Invalid(domain.CodeFieldsInvalid, f)
	}
	var phone string
	if m, err := s.store.MobileUserByID(r.Context(), in.MobileUserID); err == nil {
		phone = m.PhoneNumber
	} // an unknown user is refused, in French, by IssueAccessCode
	code := domain.NewAccessCode()
	expires := s.store.Now().Add(s.opts.AccessCodeTTL)
	var deliveries []store.Notification
	args := i18n.Args{"code": code, "expires": expires.Format("2006-01-02 15:04 UTC"), "phone": phone}
	if in.NotificationMethod != "email" && phone != "" {
		// A mobile user has no stored language: the SMS is in that of the staff member serving them.
		text, _ := i18n.T(readerLanguage(r), CodeAccessCodeSMS, args)
		deliveries = append(deliveries, store.Notification{Channel: "sms", Recipient: phone, Purpose: "access_code", SealedBody: s.sealer.Seal(text)})
	}
	if in.NotificationMethod != "sms" {
		lang := s.recipientLanguage(r, in.AdminEmail)
		subject, _ := i18n.T(lang, CodeAccessCodeSubject, nil)
		text, _ := i18n.T(lang, CodeAccessCodeEmail, args)
		deliveries = append(deliveries, store.Notification{Channel: "email", Recipient: in.AdminEmail, Purpose: "access_code",
			Subject: subject, SealedBody: s.sealer.Seal(text)})
	}
	c, err := s.store.IssueAccessCode(r.Context(), &store.NewAccessCode{MobileUserID: in.MobileUserID, CodeHash: s.codeHashes(code)[0],
		Delivery: in.NotificationMethod, ExpiresAt: expires, GeneratedBy: principalFrom(r.Context()).ID, Deliveries: deliveries,
		Audit: s.audit(r, "", "")})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, accessCodeIssued{AccessCode: toAccessCodeJSON(c, code), Deliveries: len(deliveries),
		Message: "Code d'accès généré et envoyé."})
	return nil
}

// recipientLanguage is the language to write to an address in: that of the account holding it,
// else the requester's (readerLanguage).
func (s *Server) recipientLanguage(r *http.Request, email string) i18n.Lang {
	if u, err := s.store.UserByLogin(r.Context(), email); err == nil {
		if lang, ok := i18n.Match(u.Language); ok {
			return lang
		}
	}
	return readerLanguage(r)
}

// listAccessCodes is GET /api/admin/mobile-access/codes?status=: newest first, paged
// (servePage); codes are never shown again (code is null).
func (s *Server) listAccessCodes(w http.ResponseWriter, r *http.Request) error {
	fr := newFilterReader(r.URL.Query(), statusParams)
	f := store.AccessCodeFilter{Status: fr.oneOf("status", accessCodeStatuses)}
	return servePage(w, r, fr, f, s.store.AccessCodesPage, s.store.CountAccessCodes, func(c *store.AccessCode) accessCodeJSON {
		return toAccessCodeJSON(c, "")
	})
}

// accessCodeExpiry is the request body of expireAccessCode.
type accessCodeExpiry struct {
	AccessCodeID string `json:"accessCodeId"`
}

// expireAccessCode is POST /api/admin/mobile-access/expire {accessCodeId}: revokes an active code.
func (s *Server) expireAccessCode(w http.ResponseWriter, r *http.Request) error {
	var in accessCodeExpiry
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := s.store.RevokeAccessCode(r.Context(), in.AccessCodeID, s.audit(r, "", "")); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, messageJSON{"Code révoqué."})
	return nil
}

// redemptionInput is the request body of redeemAccessCode.
type redemptionInput struct {
	PhoneNumber string `json:"phoneNumber"`
	Code        string `json:"code"`
	DeviceID    string `json:"deviceId"`
	Platform    string `json:"platform"`
}

// mobileSession is the session a redeemed access code opens on the device.
type mobileSession struct {
	SessionID    string    `json:"sessionId"`
	SessionToken string    `json:"sessionToken"`
	ExpiresAt    time.Time `json:"expiresAt"`
}

// redeemAccessCode is POST /api/mobile/access/redeem {phoneNumber, code, deviceId, platform}: the
// mobile app exchanges a code for a session token. Every failure gets the same answer, registered
// number or not; five wrong codes lock the number out for 15 minutes (429 with Retry-After, the
// same for an unknown number), and one address may not guess across many phones.
func (s *Server) redeemAccessCode(w http.ResponseWriter, r *http.Request) error {
	var in redemptionInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	phone := domain.NormalizePhone(in.PhoneNumber)
	f := map[string]domain.Fault{}
	if phone == "" {
		f["phoneNumber"] = domain.F(domain.CodeMobilePhone)
	}
	if in.Code == "" || len(in.Code) > 32 {
		f["code"] = domain.F(domain.CodeAccessCodeRequired)
	}
	domain.CheckDevice(f, in.Platform, in.DeviceID)
	if len(f) > 0 {
		return domain.Invalid(domain.CodeFieldsInvalid, f)
	}
	ip := s.clientIP(r)
	retryAfter := strconv.Itoa(int(max(s.opts.LoginWindow, domain.RedeemLockout).Seconds()))
	if _, byIP, err := s.store.LoginFailures(r.Context(), "", ip, s.store.Now().Add(-s.opts.LoginWindow)); err != nil {
		return err
	} else if byIP >= s.opts.MaxFailuresPerIP {
		w.Header().Set("Retry-After", retryAfter)
		return domain.RedeemLocked()
	}
	token := auth.RandomToken(32)
	sum := sha256.Sum256([]byte(token))
	id, expires, err := s.store.RedeemAccessCode(r.Context(), store.Redemption{Phone: phone, CodeHashes: s.codeHashes(in.Code),
		DeviceID: in.DeviceID, Platform: in.Platform, IP: ip, UserAgent: userAgent(r), SessionTokenHash: hex.EncodeToString(sum[:]),
		Audit: s.audit(r, "", "")})
	if domain.ErrorCode(err) == domain.ETOOMANY {
		w.Header().Set("Retry-After", retryAfter)
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, mobileSession{SessionID: id, SessionToken: token, ExpiresAt: expires})
	return nil
}

// notificationJSON is an outbox entry as administrators see it (bodies are never listed).
type notificationJSON struct {
	ID        string     `json:"id"`
	Channel   string     `json:"channel"`
	Recipient string     `json:"recipient"`
	Subject   string     `json:"subject"`
	Purpose   string     `json:"purpose"`
	Status    string     `json:"status"`
	Attempts  int        `json:"attempts"`
	LastError *string    `json:"lastError"`
	SentAt    *time.Time `json:"sentAt"`
	CreatedAt time.Time  `json:"createdAt"`
}

// listNotifications is GET /api/admin/notifications?status=&channel=: the outbox's deliveries
// and their state, newest first, paged (servePage).
func (s *Server) listNotifications(w http.ResponseWriter, r *http.Request) error {
	fr := newFilterReader(r.URL.Query(), notificationParams)
	f := store.NotificationFilter{Status: fr.oneOf("status", notificationStatuses), Channel: fr.oneOf("channel", notificationChannels)}
	return servePage(w, r, fr, f, s.store.NotificationsPage, s.store.CountNotifications, func(n *store.Notification) notificationJSON {
		return notificationJSON{n.ID, n.Channel, n.Recipient, n.Subject, n.Purpose, n.Status, n.Attempts, optional(n.LastError),
			optionalTime(n.SentAt), n.CreatedAt}
	})
}
