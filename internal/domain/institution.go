package domain

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Institution types that may apply for a licence. The story wizard also offers "bank", but the
// application form (and so the API) licenses PSPs and MNOs (spec 000 §2).
const (
	InstitutionPSP = "psp"
	InstitutionMNO = "mno"
)

// Application statuses (000 §4). Only pending applications may be approved or rejected.
const (
	ApplicationPending     = "pending"
	ApplicationUnderReview = "under_review"
	ApplicationApproved    = "approved"
	ApplicationRejected    = "rejected"
)

// ApplicationInput is a licence application as submitted (000 §7).
type ApplicationInput struct {
	InstitutionName     string  `json:"institutionName"`
	InstitutionType     string  `json:"institutionType"`
	LicenseNumber       string  `json:"licenseNumber"`
	ContactEmail        string  `json:"contactEmail"`
	ContactPhone        string  `json:"contactPhone"`
	ContactPerson       string  `json:"contactPerson"`
	Address             string  `json:"address"`
	BusinessDescription *string `json:"businessDescription"`
	LogoURL             *string `json:"logoUrl"`
	Status              *string `json:"status"`
}

var (
	licenseNumberPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9/-]*$`)
	phonePattern         = regexp.MustCompile(`^\+?[0-9][0-9 -]*$`)
	logoPathPattern      = regexp.MustCompile(`^/objects/logos/[A-Za-z0-9-]+\.(png|jpg)$`)
)

// ValidPhone reports whether s is a phone number: digits with an optional leading +, spaces or
// hyphens between groups, 7 to 15 digits in all (E.164's bound).
func ValidPhone(s string) bool {
	if !phonePattern.MatchString(s) {
		return false
	}
	digits := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			digits++
		}
	}
	return digits >= 7 && digits <= 15
}

// Validate trims the input and checks every field, reporting all faults at once with the
// messages the application form shows (the same rules run in the browser; see
// testdata/institution_application.json).
func (a *ApplicationInput) Validate() error {
	trim := func(s *string) { *s = strings.TrimSpace(*s) }
	for _, s := range []*string{&a.InstitutionName, &a.InstitutionType, &a.LicenseNumber, &a.ContactEmail,
		&a.ContactPhone, &a.ContactPerson, &a.Address} {
		trim(s)
	}
	a.ContactEmail = NormalizeEmail(a.ContactEmail)
	a.LicenseNumber = strings.ToUpper(a.LicenseNumber)
	for _, p := range []**string{&a.BusinessDescription, &a.LogoURL} {
		if *p != nil {
			v := strings.TrimSpace(**p)
			if v == "" {
				*p = nil
			} else {
				*p = &v
			}
		}
	}
	f := map[string]Fault{}
	text := func(key, label, v string, min, max int) {
		n := utf8.RuneCountInString(v)
		switch {
		case n == 0:
			f[key] = Named(CodeNamedRequired, label)
		case n < min:
			f[key] = Named(CodeNamedTooShort, label)
		case n > max:
			f[key] = Named(CodeNamedTooLong, label)
		}
	}
	text("institutionName", CodeLabelInstitutionName, a.InstitutionName, 2, 200)
	if a.InstitutionType != InstitutionPSP && a.InstitutionType != InstitutionMNO {
		f["institutionType"] = F(CodeInstitutionType)
	}
	text("licenseNumber", CodeLabelLicenseNumber, a.LicenseNumber, 3, 50)
	if _, bad := f["licenseNumber"]; !bad && !licenseNumberPattern.MatchString(a.LicenseNumber) {
		f["licenseNumber"] = F(CodeLicenseCharacters)
	}
	switch {
	case a.ContactEmail == "":
		f["contactEmail"] = Named(CodeNamedRequired, CodeLabelContactEmail)
	case !ValidEmail(a.ContactEmail):
		f["contactEmail"] = F(CodeEmailInvalid)
	}
	switch {
	case a.ContactPhone == "":
		f["contactPhone"] = Named(CodeNamedRequired, CodeLabelContactPhone)
	case !ValidPhone(a.ContactPhone):
		f["contactPhone"] = F(CodePhoneInvalid)
	}
	text("contactPerson", CodeLabelContactPerson, a.ContactPerson, 2, 100)
	text("address", CodeLabelBusinessAddress, a.Address, 5, 300)
	if a.BusinessDescription != nil && utf8.RuneCountInString(*a.BusinessDescription) > 2000 {
		f["businessDescription"] = F(CodeDescriptionTooLong)
	}
	if a.LogoURL != nil && !logoPathPattern.MatchString(*a.LogoURL) {
		f["logoUrl"] = F(CodeUploadAgain)
	}
	if a.Status != nil && *a.Status != ApplicationPending {
		f["status"] = F(CodeApplicationPending)
	}
	if len(f) > 0 {
		return Invalid(CodeFieldsInvalid, f)
	}
	return nil
}

// ReviewNotes trims review notes; empty notes are omitted (000 §5). A rejection must give a
// reason (spec README, decision 4).
func ReviewNotes(decision string, notes *string) (string, error) {
	n := ""
	if notes != nil {
		n = strings.TrimSpace(*notes)
	}
	if utf8.RuneCountInString(n) > 2000 {
		return "", Invalid(CodeReviewNotesTooLong, map[string]Fault{"notes": MaxChars(2000)})
	}
	if decision == ApplicationRejected && n == "" {
		return "", Invalid(CodeRejectionReason, map[string]Fault{"notes": F(CodeReasonRequired)})
	}
	return n, nil
}

// Licence statuses of a registered institution and the actions that move between them.
const (
	LicenseActive    = "active"
	LicenseSuspended = "suspended"
	LicenseRevoked   = "revoked"
)

// licenseTransitions lists, per action, the statuses it applies to and the status it leads to.
// Revocation is final.
var licenseTransitions = map[string]struct {
	from []string
	to   string
}{
	"suspend":   {[]string{LicenseActive}, LicenseSuspended},
	"reinstate": {[]string{LicenseSuspended}, LicenseActive},
	"revoke":    {[]string{LicenseActive, LicenseSuspended}, LicenseRevoked},
}

// LicenseTransition returns the statuses an action may start from and the status it leads to,
// or EINVALID for an unknown action.
func LicenseTransition(action string) (from []string, to string, err error) {
	t, ok := licenseTransitions[action]
	if !ok {
		return nil, "", Invalid(CodeLicenseActionInvalid, map[string]Fault{"action": F(CodeLicenseAction)})
	}
	return t.from, t.to, nil
}
