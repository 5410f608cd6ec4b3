package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/screening"
)

// Application is a licence application as stored.
type Application struct {
	ID                  string
	InstitutionName     string
	InstitutionType     string
	LicenseNumber       string
	ContactEmail        string
	ContactPhone        string
	ContactPerson       string
	Address             string
	BusinessDescription string
	LogoURL             string
	Status              string
	ReviewedBy          string
	ReviewNotes         string
	ReviewedAt          time.Time
	SubmittedBy         string
	InstitutionID       string // the licensed institution, once approved
	CreatedAt           time.Time
	UpdatedAt           time.Time
}

const applicationColumns = `a.id, a.institution_name, a.institution_type, a.license_number, a.contact_email,
	a.contact_phone, a.contact_person, a.address, a.business_description, a.logo_url, a.status, a.reviewed_by,
	a.review_notes, a.reviewed_at, a.submitted_by,
	COALESCE((SELECT CAST(p.id AS TEXT) FROM psps p WHERE p.application_id = a.id),
	         (SELECT CAST(m.id AS TEXT) FROM mnos m WHERE m.application_id = a.id)),
	a.created_at, a.updated_at`

func scanApplication(row interface{ Scan(...any) error }) (*Application, error) {
	var a Application
	var desc, logo, reviewedBy, notes, submittedBy, instID sql.NullString
	err := row.Scan(&a.ID, &a.InstitutionName, &a.InstitutionType, &a.LicenseNumber, &a.ContactEmail, &a.ContactPhone,
		&a.ContactPerson, &a.Address, &desc, &logo, &a.Status, &reviewedBy, &notes, scanTime(&a.ReviewedAt),
		&submittedBy, &instID, scanTime(&a.CreatedAt), scanTime(&a.UpdatedAt))
	if err != nil {
		return nil, err
	}
	a.BusinessDescription, a.LogoURL, a.ReviewedBy, a.ReviewNotes = desc.String, logo.String, reviewedBy.String, notes.String
	a.SubmittedBy, a.InstitutionID = submittedBy.String, instID.String
	return &a, nil
}

// SubmitApplication stores a pending application with its audit row and tells the applicant it
// was received (issue 16, part 7). A licence number already held by an institution or by
// another live application answers ECONFLICT. The sanctions matches of the institution's and
// contact person's names (hits, from screening) are stored as review items, a strong one with a
// critical alert.
func (s *Store) SubmitApplication(ctx context.Context, in *domain.ApplicationInput, submittedBy string, seal Sealer, audit Audit, hits ...screening.Hit) (_ *Application, err error) {
	defer wrap(&err, "submit application")
	var out *Application
	err = s.Write(ctx, func(tx *Tx) error {
		if err := tx.checkLicenseFree(ctx, in.LicenseNumber); err != nil {
			return err
		}
		a := &InstitutionApplication{InstitutionName: in.InstitutionName, InstitutionType: in.InstitutionType,
			LicenseNumber: in.LicenseNumber, ContactEmail: in.ContactEmail, ContactPhone: in.ContactPhone,
			ContactPerson: in.ContactPerson, Address: in.Address, SubmittedBy: submittedBy}
		if in.BusinessDescription != nil {
			a.BusinessDescription = *in.BusinessDescription
		}
		if in.LogoURL != nil {
			a.LogoURL = *in.LogoURL
		}
		if err := tx.InsertInstitutionApplication(ctx, a); err != nil {
			if isUniqueViolation(err) {
				return licenseTaken(in.LicenseNumber)
			}
			return err
		}
		audit.ResourceID = a.ID
		if err := tx.recordScreening(ctx, SanctionsSubject{Type: "application", ID: a.ID, Ref: a.InstitutionName}, hits, "compliance_breach"); err != nil {
			return err
		}
		if err := tx.Audit(ctx, audit); err != nil {
			return err
		}
		var err error
		if out, err = tx.application(ctx, a.ID); err != nil {
			return err
		}
		to, err := tx.applicant(ctx, out)
		if err != nil {
			return err
		}
		return tx.notify(ctx, notice{Notice: domain.ApplicationReceivedNotice(out.InstitutionName, out.LicenseNumber),
			Purpose: "application_received", AlertType: "info", Seal: seal}, to...)
	})
	return out, err
}

func licenseTaken(n string) error {
	e := domain.E(domain.ECONFLICT, domain.CodeLicenseTaken, "number", n)
	e.Fields = map[string]domain.Fault{"licenseNumber": domain.F(domain.CodeLicenseInUse)}
	return e
}

// checkLicenseFree refuses a licence number held by any licensed institution or live application.
func (tx *Tx) checkLicenseFree(ctx context.Context, n string) error {
	var taken int
	err := tx.QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM psps WHERE license_number = $1) + (SELECT COUNT(*) FROM mnos WHERE license_number = $1) +
		(SELECT COUNT(*) FROM banks WHERE license_number = $1) +
		(SELECT COUNT(*) FROM institution_applications WHERE license_number = $1 AND status IN ('pending','under_review','approved'))`,
		n).Scan(&taken)
	if err != nil {
		return err
	}
	if taken > 0 {
		return licenseTaken(n)
	}
	return nil
}

func (tx *Tx) application(ctx context.Context, id string) (*Application, error) {
	a, err := scanApplication(tx.QueryRowContext(ctx, `SELECT `+applicationColumns+` FROM institution_applications a WHERE a.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound(domain.CodeApplicationNotFound)
	}
	return a, err
}

// ApplicationByID returns one application, or ENOTFOUND.
func (s *Store) ApplicationByID(ctx context.Context, id string) (_ *Application, err error) {
	defer wrap(&err, "read application by id")
	if !validID(id) {
		return nil, notFound(domain.CodeApplicationNotFound)
	}
	a, err := scanApplication(s.db.QueryRowContext(ctx, `SELECT `+applicationColumns+` FROM institution_applications a WHERE a.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound(domain.CodeApplicationNotFound)
	}
	return a, err
}

// ApplicationFilter selects applications; empty fields do not filter.
type ApplicationFilter struct {
	SubmittedBy string // an applicant's own applications
	Status      string
	Type        string // psp or mno
}

func (f ApplicationFilter) where() listWhere {
	var w listWhere
	w.eq("a.submitted_by", f.SubmittedBy)
	w.eq("a.status", f.Status)
	w.eq("a.institution_type", f.Type)
	return w
}

var applicationList = pagedList[*Application]{columns: applicationColumns, from: "institution_applications a",
	created: "a.created_at", id: "a.id",
	scan:     func(r rowScanner) (*Application, error) { return scanApplication(r) },
	cursorOf: func(a *Application) *Cursor { return &Cursor{CreatedAt: a.CreatedAt, ID: a.ID} }}

// ApplicationsPage returns one page of the applications matching f, newest first, after the cursor.
func (s *Store) ApplicationsPage(ctx context.Context, f ApplicationFilter, after *Cursor, limit int) (_ *Page[*Application], err error) {
	defer wrap(&err, "read applications page")
	return applicationList.page(ctx, s, f.where(), after, limit)
}

// CountApplications counts the applications matching f up to countCap; capped reports that there are more.
func (s *Store) CountApplications(ctx context.Context, f ApplicationFilter) (n int, capped bool, err error) {
	defer wrap(&err, "count applications")
	return applicationList.count(ctx, s, f.where())
}

// Review is a regulator's decision on an application.
type Review struct {
	ApplicationID string
	Decision      string // domain.ApplicationApproved or domain.ApplicationRejected
	ReviewerID    string
	Notes         string
	// LicenseValidity is how long a licence issued on approval lasts.
	LicenseValidity time.Duration
	Seal            Sealer
	Audit           Audit
}

// ReviewApplication approves or rejects a pending application in one transaction. The status
// change is a conditional update, so of two reviewers racing exactly one wins and the other gets
// ECONFLICT. Approval issues the licence: it creates the PSP or MNO, links the applicant's
// account to it and gives a citizen applicant the matching staff role, each with its audit row.
// Either way the applicant is told the decision with the notes (issue 16, part 7).
func (s *Store) ReviewApplication(ctx context.Context, r Review) (_ *Application, err error) {
	defer wrap(&err, "review application")
	if !validID(r.ApplicationID) {
		return nil, notFound(domain.CodeApplicationNotFound)
	}
	var out *Application
	err = s.Write(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE institution_applications SET status = $2, reviewed_by = $3,
			review_notes = $4, reviewed_at = $5, updated_at = $5 WHERE id = $1 AND status = 'pending'`,
			r.ApplicationID, r.Decision, r.ReviewerID, nullString(r.Notes), ts(tx.now))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			current, err := tx.application(ctx, r.ApplicationID)
			if err != nil {
				return err
			}
			return domain.E(domain.ECONFLICT, domain.CodeApplicationDecided, "status", current.Status)
		}
		a, err := tx.application(ctx, r.ApplicationID)
		if err != nil {
			return err
		}
		audit := r.Audit
		audit.Action, audit.Resource, audit.ResourceID = "application."+map[string]string{domain.ApplicationApproved: "approve", domain.ApplicationRejected: "reject"}[r.Decision], "institution_application", a.ID
		audit.Details = map[string]any{"institutionName": a.InstitutionName, "notes": r.Notes, "previousStatus": domain.ApplicationPending}
		if err := tx.Audit(ctx, audit); err != nil {
			return err
		}
		if r.Decision == domain.ApplicationApproved {
			if err := tx.issueLicense(ctx, a, r); err != nil {
				return err
			}
			if a, err = tx.application(ctx, a.ID); err != nil {
				return err
			}
		}
		out = a
		to, err := tx.applicant(ctx, a)
		if err != nil {
			return err
		}
		alertType := "info"
		if r.Decision == domain.ApplicationRejected {
			alertType = "warning"
		}
		return tx.notify(ctx, notice{Notice: domain.ApplicationDecidedNotice(a.InstitutionName, r.Decision, r.Notes),
			Purpose: "application_decided", AlertType: alertType, Seal: r.Seal}, to...)
	})
	return out, err
}

func (tx *Tx) issueLicense(ctx context.Context, a *Application, r Review) error {
	in := &Institution{Kind: a.InstitutionType, Name: a.InstitutionName, LicenseNumber: a.LicenseNumber,
		ContactEmail: a.ContactEmail, ContactPhone: a.ContactPhone, Address: a.Address, ComplianceStatus: "under_review",
		LogoURL: a.LogoURL, ApplicationID: a.ID, LicenseIssuedAt: tx.now, LicenseExpiresAt: tx.now.Add(r.LicenseValidity)}
	if err := tx.InsertInstitution(ctx, in); err != nil {
		if isUniqueViolation(err) {
			return licenseTaken(a.LicenseNumber)
		}
		return err
	}
	audit := r.Audit
	audit.Action, audit.Resource, audit.ResourceID = "institution.license_issue", institutionTables[in.Kind], in.ID
	audit.Details = map[string]any{"licenseNumber": in.LicenseNumber, "applicationId": a.ID, "expiresAt": in.LicenseExpiresAt}
	if err := tx.Audit(ctx, audit); err != nil {
		return err
	}
	if a.SubmittedBy == "" {
		return nil
	}
	role := domain.RolePSPAdmin
	if a.InstitutionType == domain.InstitutionMNO {
		role = domain.RoleMNOAdmin
	}
	// Only a citizen applicant becomes the institution's staff; a regulator who filed on
	// someone's behalf keeps their role.
	res, err := tx.ExecContext(ctx, `UPDATE users SET role = $2, institution = $3, updated_at = $4
		WHERE id = $1 AND role = 'citizen' AND NOT is_guest`, a.SubmittedBy, string(role), in.ID, ts(tx.now))
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	audit = r.Audit
	audit.Action, audit.Resource, audit.ResourceID = "user.role_change", "user", a.SubmittedBy
	audit.Details = map[string]any{"from": domain.RoleCitizen, "to": role, "institution": in.ID, "applicationId": a.ID}
	return tx.Audit(ctx, audit)
}

// validID reports whether id has the shape of a record id, so that a malformed id is a 404 on
// both databases (PostgreSQL would otherwise refuse to compare it with a UUID column).
func validID(id string) bool {
	if len(id) != 36 {
		return false
	}
	for i, c := range id {
		switch {
		case i == 8 || i == 13 || i == 18 || i == 23:
			if c != '-' {
				return false
			}
		case (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'):
		default:
			return false
		}
	}
	return true
}
