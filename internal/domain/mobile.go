package domain

import (
	"regexp"
	"strconv"
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
		return nil, Invalid(CodeMobileStatusInvalid, map[string]Fault{"status": F(CodeMobileStatus)})
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
	f := map[string]Fault{}
	if n := utf8.RuneCountInString(m.FullName); n < 2 || n > 200 {
		f["fullName"] = F(CodeKYCFullName)
	}
	phone := NormalizePhone(m.PhoneNumber)
	if phone == "" {
		f["phoneNumber"] = F(CodeMobilePhone)
	}
	m.PhoneNumber = phone
	if n := utf8.RuneCountInString(m.NationalID); n < 5 || n > 50 {
		f["nationalId"] = F(CodeKYCNationalID)
	}
	if m.Email != "" && !ValidEmail(m.Email) {
		f["email"] = F(CodeKYCEmail)
	}
	CheckDevice(f, m.Platform, m.DeviceID)
	if len(f) > 0 {
		return Invalid(CodeFieldsInvalid, f)
	}
	return nil
}

// maxDeviceID is the longest device id a registration or a redemption may carry.
const maxDeviceID = 200

// CheckDevice adds to f the faults of a mobile app's platform and device id, which registration
// and redemption both carry.
func CheckDevice(f map[string]Fault, platform, deviceID string) {
	if platform != "" && platform != "android" && platform != "ios" {
		f["platform"] = F(CodePlatform)
	}
	if len(deviceID) > maxDeviceID {
		f["deviceId"] = MaxChars(maxDeviceID)
	}
}

// MaxChars is the fault of a field longer than max characters.
func MaxChars(max int) Fault { return F(CodeMaxChars, "max", strconv.Itoa(max)) }

// RedeemLocked answers a redemption from a phone number or an address locked out for RedeemLockout.
func RedeemLocked() *Error {
	return E(ETOOMANY, CodeRedeemLocked, "minutes", strconv.Itoa(int(RedeemLockout/time.Minute)))
}
