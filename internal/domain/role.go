package domain

import "strings"

// Role is a user's role; the names are the API's vocabulary (spec 000 §3).
type Role string

// The roles of the spec. Regulators are the central bank's staff.
const (
	RoleCBSLAdmin   Role = "cbsl_admin"
	RoleCBSLOfficer Role = "cbsl_officer"
	RolePSPAdmin    Role = "psp_admin"
	RoleMNOAdmin    Role = "mno_admin"
	RoleCitizen     Role = "citizen"
)

// Roles lists every role, in the order forms offer them.
var Roles = []Role{RoleCitizen, RolePSPAdmin, RoleMNOAdmin, RoleCBSLOfficer, RoleCBSLAdmin}

// Valid reports whether r is one of the spec's roles.
func (r Role) Valid() bool {
	for _, v := range Roles {
		if r == v {
			return true
		}
	}
	return false
}

// IsRegulator reports whether r is central-bank staff, who see every institution's data.
func (r Role) IsRegulator() bool { return r == RoleCBSLAdmin || r == RoleCBSLOfficer }

// IsInstitutionStaff reports whether r works for a PSP or MNO and so sees only its own institution.
func (r Role) IsInstitutionStaff() bool { return r == RolePSPAdmin || r == RoleMNOAdmin }

// Privileged reports whether r may only be granted by a cbsl_admin (spec README, decision 2).
func (r Role) Privileged() bool { return r != RoleCitizen }

// Label is the role as the header shows it: upper case with underscores turned into spaces.
func (r Role) Label() string {
	if r == "" {
		return "User"
	}
	return strings.ToUpper(strings.ReplaceAll(string(r), "_", " "))
}
