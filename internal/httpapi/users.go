package httpapi

import (
	"net/http"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// accountJSON is an account as user management lists it. PendingRole is the role a proposal
// waiting for a second administrator would give it.
type accountJSON struct {
	userJSON
	Username    *string   `json:"username"`
	IsActive    bool      `json:"isActive"`
	CreatedAt   time.Time `json:"createdAt"`
	CreatedBy   *string   `json:"createdBy"`
	PendingRole *string   `json:"pendingRole"`
}

func toAccountJSON(u *domain.User, pendingRole domain.Role) accountJSON {
	return accountJSON{userJSON: toUserJSON(u), Username: optional(u.Username), IsActive: u.IsActive, CreatedAt: u.CreatedAt,
		CreatedBy: optional(u.CreatedBy), PendingRole: optional(string(pendingRole))}
}

// User list filters: q (part of the email, username or name), role and status.
var (
	accountStatuses = []string{"active", "disabled"}
	userParams      = listParams("q", "role", "status")
)

// listUsers is GET /api/users?q=&role=&status= (cbsl_admin): accounts newest first, paged
// (servePage), each with the role a pending proposal would give it.
func (s *Server) listUsers(w http.ResponseWriter, r *http.Request) error {
	fr := newFilterReader(r.URL.Query(), userParams)
	f := store.UserFilter{Q: fr.get("q"), Role: domain.Role(fr.oneOf("role", roleNames()))}
	if len(f.Q) > 100 {
		fr.fields["q"] = domain.F(domain.CodeMaxChars, "max", "100")
	}
	if st := fr.oneOf("status", accountStatuses); st != "" {
		active := st == "active"
		f.Active = &active
	}
	pending, err := s.store.PendingRoles(r.Context())
	if err != nil {
		return err
	}
	return servePage(w, r, fr, f, s.store.UsersPage, s.store.CountUsers, func(u *domain.User) accountJSON {
		return toAccountJSON(u, pending[u.ID])
	})
}

// roleNames is the role filter's vocabulary.
func roleNames() []string {
	names := make([]string, len(domain.Roles))
	for i, r := range domain.Roles {
		names[i] = string(r)
	}
	return names
}

// newUserInput is the request body of createUser.
type newUserInput struct {
	domain.NewAccount
	Username   string `json:"username"`
	IsGuest    bool   `json:"isGuest"`
	GuestUnits *int   `json:"guestUnitsRemaining"`
}

// createUser is POST /api/users (cbsl_admin): an account with any role; guests get units. A
// cbsl_admin or cbsl_officer account is only proposed (202): it stays a disabled citizen until a
// second administrator approves it (dual control).
func (s *Server) createUser(w http.ResponseWriter, r *http.Request) error {
	var in newUserInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	if err := in.NewAccount.Validate(); err != nil {
		return err
	}
	units := 0
	if in.IsGuest {
		units = domain.DefaultGuestUnits
		if in.GuestUnits != nil {
			units = *in.GuestUnits
		}
		if units < 0 || units > 100_000 || in.Role != domain.RoleCitizen {
			return domain.Invalid(domain.CodeGuestUnitsInvalid, map[string]domain.Fault{"guestUnitsRemaining": domain.F(domain.CodeGuestUnitsRange)})
		}
	}
	hash, err := s.hasher.HashContext(r.Context(), in.Password)
	if err != nil {
		return err
	}
	u := &domain.User{Email: in.Email, Username: strings.TrimSpace(in.Username), FirstName: in.FirstName, LastName: in.LastName,
		PasswordHash: hash, Role: in.Role, Institution: in.Institution, IsActive: true, IsGuest: in.IsGuest, GuestUnitsRemaining: units,
		CreatedBy: principalFrom(r.Context()).ID}
	if domain.NeedsDualControl(in.Role) {
		p, err := s.store.ProposeAccount(r.Context(), u, in.Role, s.audit(r, "", ""))
		if err != nil {
			return err
		}
		return s.writeProposal(w, r, p)
	}
	a := s.audit(r, "user.create", "user")
	a.Details = map[string]any{"email": u.Email, "role": u.Role, "guest": u.IsGuest}
	if err := s.store.CreateUser(r.Context(), u, a); err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, toAccountJSON(u, ""))
	return nil
}

// userUpdateInput is the request body of updateUser.
type userUpdateInput struct {
	Role        *domain.Role `json:"role"`
	Institution *string      `json:"institution"`
	IsActive    *bool        `json:"isActive"`
	GuestUnits  *int         `json:"guestUnitsRemaining"`
}

// updateUser is PATCH /api/users/{id} {role, institution, isActive, guestUnitsRemaining}
// (cbsl_admin). An administrator cannot disable or demote themself, so the portal always keeps
// one administrator able to undo a mistake. A role change to cbsl_admin or cbsl_officer is only
// proposed (202, the other fields change at once): a second administrator must approve it.
func (s *Server) updateUser(w http.ResponseWriter, r *http.Request) error {
	var in userUpdateInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	f := map[string]domain.Fault{}
	if in.Role != nil && !in.Role.Valid() {
		f["role"] = domain.F(domain.CodeRoleUnknown)
	}
	if in.GuestUnits != nil && (*in.GuestUnits < 0 || *in.GuestUnits > 100_000) {
		f["guestUnitsRemaining"] = domain.F(domain.CodeGuestUnitsRange)
	}
	if in.Institution != nil {
		v := strings.TrimSpace(*in.Institution)
		in.Institution = &v
	}
	if len(f) > 0 {
		return domain.Invalid(domain.CodeFieldsInvalid, f)
	}
	id := r.PathValue("id")
	if me := principalFrom(r.Context()); me.ID == id && ((in.IsActive != nil && !*in.IsActive) || (in.Role != nil && *in.Role != me.Role)) {
		return domain.E(domain.ECONFLICT, domain.CodeSelfChange)
	}
	var current *domain.User
	if in.Role != nil || in.Institution != nil {
		target, err := s.store.UserByID(r.Context(), id)
		if err != nil {
			return err
		}
		if in.Institution, err = institutionAfterChange(target, in.Role, in.Institution); err != nil {
			return err
		}
		current = target
	}
	change := store.AccountChange{Role: in.Role, Institution: in.Institution, IsActive: in.IsActive, GuestUnits: in.GuestUnits}
	if in.Role != nil && domain.NeedsDualControl(*in.Role) && current.Role != *in.Role {
		p, err := s.store.ProposeRoleChange(r.Context(), id, *in.Role, change, s.audit(r, "", ""))
		if err != nil {
			return err
		}
		return s.writeProposal(w, r, p)
	}
	u, err := s.store.ChangeAccount(r.Context(), id, change, s.audit(r, "", ""))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toAccountJSON(u, ""))
	return nil
}

// institutionAfterChange decides the institution an account keeps after a change of role or
// institution (issue 14 finding 11): only PSP and MNO staff belong to one, so a role that needs
// none clears it (an institution left behind would come back to life at a later promotion), and
// a staff role needs one, given now or kept.
func institutionAfterChange(u *domain.User, role *domain.Role, inst *string) (*string, error) {
	finalRole, finalInst := u.Role, u.Institution
	if role != nil {
		finalRole = *role
	}
	if inst != nil {
		finalInst = *inst
	}
	if !finalRole.IsInstitutionStaff() {
		if u.Institution == "" && inst == nil {
			return nil, nil
		}
		none := ""
		return &none, nil
	}
	if finalInst == "" {
		return nil, domain.Invalid(domain.CodeStaffInstitutionRequired,
			map[string]domain.Fault{"institution": domain.F(domain.CodeInstitutionRequired)})
	}
	return inst, nil
}

// passwordResetInput is the request body of resetPassword.
type passwordResetInput struct {
	Password string `json:"password"`
}

// resetPassword is POST /api/users/{id}/reset-password {password} (cbsl_admin): a temporary
// password the user must change at the next sign-in; their sessions and tokens end at once.
func (s *Server) resetPassword(w http.ResponseWriter, r *http.Request) error {
	var in passwordResetInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	target, err := s.store.UserByID(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	if f := domain.CheckPassword(in.Password, target.Email, target.FirstName, target.LastName); f != nil {
		return domain.Invalid(domain.CodeFieldsInvalid, map[string]domain.Fault{"password": *f})
	}
	hash, err := s.hasher.HashContext(r.Context(), in.Password)
	if err != nil {
		return err
	}
	u, err := s.store.ChangeAccount(r.Context(), r.PathValue("id"), store.AccountChange{PasswordHash: hash}, s.audit(r, "", ""))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toAccountJSON(u, ""))
	return nil
}
