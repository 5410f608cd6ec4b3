package domain

import (
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"
)

// DefaultGuestUnits is how many reads a new guest account may make (spec 001 §2: "10 units").
const DefaultGuestUnits = 10

// Password length bounds follow NIST SP 800-63B: at least 8 characters, and a generous maximum so
// that pass phrases fit while hashing cost stays bounded.
const (
	MinPasswordLen = 8
	MaxPasswordLen = 128
)

// User is an account of the portal. PasswordHash never leaves the server.
type User struct {
	ID                  string
	Email               string
	Username            string
	FirstName           string
	LastName            string
	ProfileImageURL     string
	PasswordHash        string
	Role                Role
	Institution         string
	IsActive            bool
	IsGuest             bool
	GuestUnitsRemaining int
	TokenVersion        int
	MustChangePassword  bool
	Language            string
	CreatedAt           time.Time
	UpdatedAt           time.Time
	// CreatedBy is the administrator who created the account through the portal ("" when the
	// server's operator, the demo data or the person themself did). GrantedBy and GrantedAt name
	// who proposed the privileged role it holds and when that was approved. Dual control keeps
	// both so that nobody approves the proposals of whoever made them an administrator.
	CreatedBy string
	GrantedBy string
	GrantedAt time.Time

	// TOTPEnabled is true once the account confirmed a TOTP authenticator: its sign-ins then
	// need a code (or a recovery code) after the password.
	TOTPEnabled bool

	// Key is set when the request came with an API key: the account is then its creator's,
	// restricted to the key's institution (Role and Institution) and scopes.
	Key *APIKeyGrant
}

// APIKeyGrant is what an API key allows the request it authenticated.
type APIKeyGrant struct {
	ID     string
	Name   string
	Scopes []string
}

// NewAccount is what registration, the command line and demo data supply to create an account.
type NewAccount struct {
	Email       string `json:"email"`
	Password    string `json:"password"`
	FirstName   string `json:"firstName"`
	LastName    string `json:"lastName"`
	Role        Role   `json:"role"`
	Institution string `json:"institution"`
}

// NormalizeEmail lower-cases and trims an address so that uniqueness and sign-in ignore case.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// ValidEmail reports whether s is a plain address (no display name) that mail could reach.
func ValidEmail(s string) bool {
	if len(s) > 254 || strings.ContainsAny(s, " <>\"") {
		return false
	}
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && strings.Contains(s[strings.LastIndexByte(s, '@'):], ".")
}

// Validate trims and checks a new account, defaulting the role to citizen. It reports every
// faulty field at once so a form can mark them all.
func (a *NewAccount) Validate() error {
	a.Email = NormalizeEmail(a.Email)
	a.FirstName = strings.TrimSpace(a.FirstName)
	a.LastName = strings.TrimSpace(a.LastName)
	a.Institution = strings.TrimSpace(a.Institution)
	if a.Role == "" {
		a.Role = RoleCitizen
	}
	fields := map[string]Fault{}
	switch {
	case a.Email == "":
		fields["email"] = Named(CodeNamedRequired, CodeLabelEmail)
	case !ValidEmail(a.Email):
		fields["email"] = F(CodeEmailInvalid)
	}
	if f := CheckPassword(a.Password, a.Email, a.FirstName, a.LastName); f != nil {
		fields["password"] = *f
	}
	checkName(fields, "firstName", CodeLabelFirstName, a.FirstName)
	checkName(fields, "lastName", CodeLabelLastName, a.LastName)
	if !a.Role.Valid() {
		fields["role"] = F(CodeRoleUnknown)
	}
	if utf8.RuneCountInString(a.Institution) > 200 {
		fields["institution"] = F(CodeInstitutionTooLong)
	}
	if a.Role.IsInstitutionStaff() && a.Institution == "" {
		fields["institution"] = F(CodeInstitutionRequired)
	}
	if len(fields) > 0 {
		return Invalid(CodeFieldsInvalid, fields)
	}
	return nil
}

func checkName(fields map[string]Fault, key, label, v string) {
	switch n := utf8.RuneCountInString(v); {
	case n == 0:
		fields[key] = Named(CodeNamedRequired, label)
	case n > 100:
		fields[key] = Named(CodeNamedMax100, label)
	}
}
