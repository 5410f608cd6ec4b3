package domain

import (
	"regexp"
	"strings"
	"time"
	"unicode/utf8"
)

// Mobile user statuses (001 §3) and the transitions a regulator may make between them: approve a
// pending user, suspend an approved one, reinstate a suspended one, and revoke anyone not yet
// revoked (final).
var mobileTransitions = map[string][]string{
	"approved":  {"pending", "suspended"},
	"suspended": {"approved"},
	"revoked":   {"pending", "approved", "suspended"},
}

// MobileTransition returns the statuses a mobile user may move from to reach status, or EINVALID.
func MobileTransition(status string) ([]string, error) {
	from, ok := mobileTransitions[status]
	if !ok {
		return nil, FieldError("Status must be approved, suspended or revoked.", map[string]string{"status": "Must be approved, suspended or revoked"})
	}
	return from, nil
}

// Access code rules: a code is AccessCodeLength characters from an alphabet without look-alikes,
// used once by default, and locked out after MaxRedeemFailures wrong tries for RedeemLockout.
const (
	AccessCodeLength  = 8
	MaxRedeemFailures = 5
	RedeemLockout     = 15 * time.Minute
	MobileSessionTTL  = 30 * 24 * time.Hour
)

// NewAccessCode returns a fresh access code from a cryptographically secure source.
func NewAccessCode() string { return randomString(refAlphabet, AccessCodeLength) }

// NotificationMethods are the delivery choices of the generate-code dialog (001 §2).
var NotificationMethods = []string{"both", "sms", "email"}

var somaliPhone = regexp.MustCompile(`^\+252 ?6\d ?\d{7}$`)

// NormalizePhone returns a mobile number without spaces, or "" when it is not a +252 mobile
// number (+252 6X XXXXXXX).
func NormalizePhone(s string) string {
	s = strings.TrimSpace(s)
	if !somaliPhone.MatchString(s) {
		return ""
	}
	return NormalizeAccount(s)
}

// MobileUserInput is a mobile user's registration.
type MobileUserInput struct {
	FullName    string `json:"fullName"`
	PhoneNumber string `json:"phoneNumber"`
	NationalID  string `json:"nationalId"`
	Email       string `json:"email"`
	DeviceID    string `json:"deviceId"`
	Platform    string `json:"platform"`
}

// Validate trims and checks a registration.
func (m *MobileUserInput) Validate() error {
	m.FullName, m.NationalID = strings.TrimSpace(m.FullName), strings.TrimSpace(m.NationalID)
	m.Email, m.DeviceID, m.Platform = NormalizeEmail(m.Email), strings.TrimSpace(m.DeviceID), strings.TrimSpace(m.Platform)
	f := map[string]string{}
	if n := utf8.RuneCountInString(m.FullName); n < 2 || n > 200 {
		f["fullName"] = "Full name is required"
	}
	phone := NormalizePhone(m.PhoneNumber)
	if phone == "" {
		f["phoneNumber"] = "Use a Somali mobile number such as +252 63 4123456"
	}
	m.PhoneNumber = phone
	if n := utf8.RuneCountInString(m.NationalID); n < 5 || n > 50 {
		f["nationalId"] = "National ID is required"
	}
	if m.Email != "" && !ValidEmail(m.Email) {
		f["email"] = "Valid email is required"
	}
	if m.Platform != "" && m.Platform != "android" && m.Platform != "ios" {
		f["platform"] = "Platform must be android or ios"
	}
	if len(m.DeviceID) > 200 {
		f["deviceId"] = "At most 200 characters"
	}
	if len(f) > 0 {
		return FieldError("Please correct the highlighted fields.", f)
	}
	return nil
}
