package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/screening"
)

// The insert helpers below write one record each inside a write transaction. Features and the
// demo data share them, so a record kind is written the same way everywhere.

// InsertUser inserts u, assigning its id and times.
func (tx *Tx) InsertUser(ctx context.Context, u *domain.User) (err error) {
	defer wrap(&err, "insert user")
	return tx.insertUser(ctx, u)
}

// Institution is a licensed PSP, MNO or bank.
type Institution struct {
	ID               string
	Kind             string // psp, mno or bank: which table holds it
	Name             string
	Code             string
	LicenseNumber    string
	ContactEmail     string
	ContactPhone     string
	Address          string
	ComplianceStatus string
	LogoURL          string
	ApplicationID    string
	LicenseIssuedAt  time.Time
	LicenseExpiresAt time.Time
}

var institutionTables = map[string]string{"psp": "psps", "mno": "mnos", "bank": "banks"}

// InsertInstitution inserts a licensed institution into its kind's table.
func (tx *Tx) InsertInstitution(ctx context.Context, in *Institution) (err error) {
	defer wrap(&err, "insert institution")
	table, ok := institutionTables[in.Kind]
	if !ok {
		return domain.E(domain.EINVALID, domain.CodeInstitutionKind, "kind", in.Kind)
	}
	in.ID = NewID()
	if in.ComplianceStatus == "" {
		in.ComplianceStatus = "under_review"
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO `+table+` (id, name, code, license_number, contact_email,
		contact_phone, address, compliance_status, logo_url, application_id, license_issued_at, license_expires_at,
		created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)`,
		in.ID, in.Name, nullString(in.Code), in.LicenseNumber, nullString(in.ContactEmail), nullString(in.ContactPhone),
		nullString(in.Address), in.ComplianceStatus, nullString(in.LogoURL), nullString(in.ApplicationID),
		ts(in.LicenseIssuedAt), ts(in.LicenseExpiresAt), ts(tx.now))
	return err
}

// AdoptInstitution fills in the details of the institution of in's kind and code that is
// already registered (the market the migrations seed, docs/REGISTRY.md), keeping its name,
// licence number and routing, and sets in.ID; an institution not registered yet is inserted.
func (tx *Tx) AdoptInstitution(ctx context.Context, in *Institution) (err error) {
	defer wrap(&err, "adopt institution")
	table, ok := institutionTables[in.Kind]
	if !ok || in.Code == "" {
		return domain.E(domain.EINVALID, domain.CodeAdoptInstitution)
	}
	if in.ComplianceStatus == "" {
		in.ComplianceStatus = "under_review"
	}
	err = tx.QueryRowContext(ctx, `UPDATE `+table+` SET contact_email = $2, contact_phone = $3, address = $4,
		compliance_status = $5, license_issued_at = $6, license_expires_at = $7, updated_at = $8
		WHERE code = $1 RETURNING CAST(id AS TEXT), name, license_number`, in.Code, nullString(in.ContactEmail),
		nullString(in.ContactPhone), nullString(in.Address), in.ComplianceStatus, ts(in.LicenseIssuedAt),
		ts(in.LicenseExpiresAt), ts(tx.now)).Scan(&in.ID, &in.Name, &in.LicenseNumber)
	if errors.Is(err, sql.ErrNoRows) {
		return tx.InsertInstitution(ctx, in)
	}
	return err
}

// NewTransaction is a transaction to store. CreatedAt defaults to the transaction's clock.
type NewTransaction struct {
	Transaction
	InstitutionType     string
	ExternalID          string // the reporting institution's own id, unique per institution
	SenderInstitution   string
	ReceiverInstitution string
	SettlementMode      string
	USSDCode            string
	RoutingCode         string
	Description         string
	CompensationDetails string // JSON
	AMLRules            string // JSON list of the rules that fired
	AMLRuleVersion      int
	ProcessedAt         time.Time
	CreatedBy           string
	// FailureReason is why a failed or rejected transaction did not go through, as its
	// institution reported it (one of domain.FailureReasons), for its log row.
	FailureReason string
	// Sanctions are the names' matches found by screening before the write (screening.Screener):
	// a strong one holds the transaction (pending) unless a regulator dismissed the pair before.
	Sanctions []screening.Hit
}

// InsertTransaction stores a transaction, assigning its id, and counts it in the headline
// statistics and analytics (written when the transaction commits, see aggregates.go). A transaction whose (institution, external id) was stored before is not stored
// again: InsertTransaction then reports inserted = false.
func (tx *Tx) InsertTransaction(ctx context.Context, t *NewTransaction) (inserted bool, err error) {
	defer wrap(&err, "insert transaction")
	tx.prepareTransaction(t)
	res, err := tx.exec(ctx, sqlInsertTransaction, transactionArgs(t)...)
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	tx.aggregates.count(t)
	return true, nil
}

// insertTransactionLater queues t's insert for the commit (queuesInsert says when it may).
func (tx *Tx) insertTransactionLater(ctx context.Context, t *NewTransaction) error {
	tx.prepareTransaction(t)
	if err := tx.insertLater(ctx, transactionRows, transactionArgs(t)...); err != nil {
		return err
	}
	tx.aggregates.count(t)
	return nil
}

// prepareTransaction gives a transaction about to be inserted its id and its defaults.
func (tx *Tx) prepareTransaction(t *NewTransaction) {
	t.ID = NewID()
	if t.CreatedAt.IsZero() {
		t.CreatedAt = tx.now
	}
	if t.SettlementMode == "" {
		t.SettlementMode = "real-time"
	}
	if t.AMLRules == "" {
		t.AMLRules = "[]"
	}
}

// transactionArgs are a transaction's values for sqlInsertTransaction, in its column order
// (the last, created_at, also gives updated_at).
func transactionArgs(t *NewTransaction) []any {
	return []any{t.ID, t.TransactionID, nullString(t.NPSSReference), nullString(t.PSPID), nullString(t.MNOID),
		nullString(t.InstitutionID), nullString(t.InstitutionType), nullString(t.ExternalID), int64(t.Amount),
		int64(t.Fee), string(t.Currency), t.Status, t.Type, t.TransferMode, nullString(t.FlowType), t.Sender,
		t.Recipient, nullString(t.SenderName), nullString(t.RecipientName), nullString(t.SenderInstitution),
		nullString(t.ReceiverInstitution), nullString(t.Description), t.AMLScore, t.RiskLevel, t.IsHighRisk,
		t.AMLRules, nullInt(t.AMLRuleVersion), nullString(t.RoutingCode), t.SettlementMode, nullString(t.USSDCode),
		nullJSON(t.CompensationDetails), nullString(t.CreatedBy), ts(t.ProcessedAt), ts(t.CreatedAt)}
}

func nullInt(n int) sql.NullInt64 { return sql.NullInt64{Int64: int64(n), Valid: n != 0} }

func nullJSON(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

// AMLAlert is an anti-money-laundering alert raised on a transaction.
type AMLAlert struct {
	ID            string
	TransactionID string
	// TransactionNumber is the transaction's TXN number, for the real-time event.
	TransactionNumber string
	AlertType         string
	Severity          string
	TriggerRule       string
	// Code and Params are what the alert says, in every language (domain.AlertText); Title and
	// Description are its English text, filled from them by InsertAMLAlert when left empty.
	Code            string
	Params          domain.AlertParams
	Title           string
	Description     string
	Amount          domain.Minor
	Currency        domain.Currency
	InstitutionID   string
	InstitutionType string
	Status          string
	CreatedAt       time.Time
}

// InsertAMLAlert stores an alert, assigning its id.
func (tx *Tx) InsertAMLAlert(ctx context.Context, a *AMLAlert) (err error) {
	defer wrap(&err, "insert aml alert")
	return tx.insertAMLAlert(ctx, a, tx.execNow)
}

// insertAMLAlert stores an alert with run: execNow, or execLater when nothing reads the alert
// back before the commit (recordScored).
func (tx *Tx) insertAMLAlert(ctx context.Context, a *AMLAlert, run func(context.Context, string, ...any) error) error {
	a.ID = NewID()
	if a.CreatedAt.IsZero() {
		a.CreatedAt = tx.now
	}
	if a.Title == "" {
		a.Title, a.Description = domain.AlertText(a.Code, a.Params)
	}
	params, err := json.Marshal(a.Params)
	if err != nil {
		return err
	}
	err = run(ctx, `INSERT INTO aml_alerts (id, transaction_id, alert_type, severity, trigger_rule,
		title, description, amount_minor, currency, institution_id, institution_type, status, created_at, updated_at,
		code, params, severity_rank)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14, $15, $16)`,
		a.ID, nullString(a.TransactionID), a.AlertType, a.Severity, a.TriggerRule, a.Title, a.Description,
		int64(a.Amount), nullString(string(a.Currency)), nullString(a.InstitutionID), nullString(a.InstitutionType),
		a.Status, ts(a.CreatedAt), a.Code, string(params), domain.SeverityRank(a.Severity))
	if err != nil {
		return err
	}
	return tx.announce(ctx, run, domain.AlertEvent{ID: a.ID, Severity: a.Severity, Title: a.Title, Description: a.Description,
		AlertType: a.AlertType, Code: a.Code, Params: params, InstitutionID: a.InstitutionID, TransactionID: a.TransactionID,
		TransactionNumber: a.TransactionNumber})
}

// KYCApplication is a know-your-customer submission.
type KYCApplication struct {
	ID             string
	UserID         string
	PSPID          string // the PSP it was submitted through, if any
	FullName       string
	NationalID     string
	PhoneNumber    string
	Email          string
	Address        string
	DocumentType   string
	DocumentNumber string
	PEP            bool // declared politically exposed person
	Status         string
	Risk           string // set by InsertKYCApplication (domain.KYCRisk)
	// RiskRaised is the earlier applications whose risk this one raised (id → new level), set by
	// InsertKYCApplication so that the submission's audit row records them.
	RiskRaised map[string]string
	CreatedAt  time.Time
}

// InsertKYCApplication stores a KYC application, assigning its id and its risk level
// (domain.KYCRisk over the applications already stored). The rule looks at other applications,
// so one sharing its national ID or phone number with an application that shared nothing before
// raises that application's level too: each level always says what the list shows today.
func (tx *Tx) InsertKYCApplication(ctx context.Context, k *KYCApplication) (err error) {
	defer wrap(&err, "insert kyc application")
	k.ID = NewID()
	if k.CreatedAt.IsZero() {
		k.CreatedAt = tx.now
	}
	shared, err := tx.kycShared(ctx, k.ID, k.NationalID, k.PhoneNumber)
	if err != nil {
		return err
	}
	k.Risk = domain.KYCRisk(domain.KYCRiskFacts{DocumentType: k.DocumentType, PEP: k.PEP,
		SharedNationalID: shared.nationalIDs > 0, SharedPhoneNumber: shared.phones > 0})
	if _, err := tx.ExecContext(ctx, `INSERT INTO kyc_applications (id, user_id, psp_id, full_name, national_id, phone_number,
		email, address, document_type, document_number, pep, status, risk, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)`,
		k.ID, nullString(k.UserID), nullString(k.PSPID), k.FullName, k.NationalID, k.PhoneNumber, k.Email, k.Address,
		k.DocumentType, k.DocumentNumber, k.PEP, k.Status, k.Risk, ts(k.CreatedAt)); err != nil {
		return err
	}
	// Only an application that was the single holder of the national ID or phone number gains a
	// fact; where there were several, each already shared it.
	k.RiskRaised = map[string]string{}
	for _, other := range []struct {
		n  int
		id string
	}{{shared.nationalIDs, shared.nationalIDHolder}, {shared.phones, shared.phoneHolder}} {
		if other.n != 1 || k.RiskRaised[other.id] != "" {
			continue
		}
		risk, raised, err := tx.rerateKYC(ctx, other.id)
		if err != nil {
			return err
		}
		if raised {
			k.RiskRaised[other.id] = risk
		}
	}
	return nil
}

// kycSharing is how many other applications carry an application's national ID and phone
// number, and one of each.
type kycSharing struct {
	nationalIDs, phones           int
	nationalIDHolder, phoneHolder string
}

// kycShared counts the applications other than id that carry the national ID or phone number
// (each lookup an index range, migration 0029).
func (tx *Tx) kycShared(ctx context.Context, id, nationalID, phone string) (kycSharing, error) {
	var s kycSharing
	err := tx.QueryRowContext(ctx, `SELECT
		COUNT(CASE WHEN national_id = $2 THEN 1 END), COUNT(CASE WHEN phone_number = $3 THEN 1 END),
		COALESCE(MIN(CASE WHEN national_id = $2 THEN CAST(id AS TEXT) END), ''),
		COALESCE(MIN(CASE WHEN phone_number = $3 THEN CAST(id AS TEXT) END), '')
		FROM kyc_applications WHERE (national_id = $2 OR phone_number = $3) AND id <> $1`,
		id, nationalID, phone).Scan(&s.nationalIDs, &s.phones, &s.nationalIDHolder, &s.phoneHolder)
	return s, err
}

// rerateKYC applies domain.KYCRisk to a stored application again and stores the level if it
// changed (raised: it can only rise, as applications are never deleted).
func (tx *Tx) rerateKYC(ctx context.Context, id string) (risk string, raised bool, err error) {
	var f domain.KYCRiskFacts
	var nationalID, phone, was string
	if err := tx.QueryRowContext(ctx, `SELECT document_type, pep, national_id, phone_number, risk FROM kyc_applications WHERE id = $1`,
		id).Scan(&f.DocumentType, &f.PEP, &nationalID, &phone, &was); err != nil {
		return "", false, err
	}
	shared, err := tx.kycShared(ctx, id, nationalID, phone)
	if err != nil {
		return "", false, err
	}
	f.SharedNationalID, f.SharedPhoneNumber = shared.nationalIDs > 0, shared.phones > 0
	if risk = domain.KYCRisk(f); risk == was {
		return risk, false, nil
	}
	_, err = tx.ExecContext(ctx, `UPDATE kyc_applications SET risk = $2 WHERE id = $1`, id, risk)
	return risk, err == nil, err
}

// InstitutionApplication is a licence application by a prospective PSP, MNO or bank.
type InstitutionApplication struct {
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
	SubmittedBy         string
	CreatedAt           time.Time
}

// InsertInstitutionApplication stores an application, assigning its id.
func (tx *Tx) InsertInstitutionApplication(ctx context.Context, a *InstitutionApplication) (err error) {
	defer wrap(&err, "insert institution application")
	a.ID = NewID()
	if a.CreatedAt.IsZero() {
		a.CreatedAt = tx.now
	}
	if a.Status == "" {
		a.Status = "pending"
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO institution_applications (id, institution_name, institution_type,
		license_number, contact_email, contact_phone, contact_person, address, business_description, logo_url, status,
		submitted_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)`,
		a.ID, a.InstitutionName, a.InstitutionType, a.LicenseNumber, a.ContactEmail, a.ContactPhone, a.ContactPerson,
		a.Address, nullString(a.BusinessDescription), nullString(a.LogoURL), a.Status, nullString(a.SubmittedBy), ts(a.CreatedAt))
	return err
}

// SystemAlert is a notice to one account or to everyone with a role.
type SystemAlert struct {
	ID           string
	Title        string
	Message      string
	AlertType    string
	TargetUserID string
	TargetRole   string
	CreatedAt    time.Time
}

// InsertSystemAlert stores a system alert, assigning its id.
func (tx *Tx) InsertSystemAlert(ctx context.Context, a *SystemAlert) (err error) {
	defer wrap(&err, "insert system alert")
	a.ID = NewID()
	if a.CreatedAt.IsZero() {
		a.CreatedAt = tx.now
	}
	severity := domain.NoticeSeverity(a.AlertType)
	_, err = tx.ExecContext(ctx, `INSERT INTO system_alerts (id, title, message, alert_type, target_user_id,
		target_role, created_at, updated_at, severity, severity_rank) VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9)`,
		a.ID, a.Title, a.Message, a.AlertType, nullString(a.TargetUserID), nullString(a.TargetRole), ts(a.CreatedAt),
		severity, domain.SeverityRank(severity))
	if err != nil {
		return err
	}
	return tx.announce(ctx, tx.execNow, domain.AlertEvent{ID: a.ID, Severity: severity, Title: a.Title, Description: a.Message,
		AlertType: a.AlertType, TargetUserID: a.TargetUserID, TargetRole: a.TargetRole})
}

// Once runs fn in a write transaction unless a run under name has committed before, and reports
// whether it ran. The marker is written in the same transaction, so a failed run leaves nothing
// and concurrent runs produce one.
func (s *Store) Once(ctx context.Context, name string, fn func(*Tx) error) (ran bool, err error) {
	defer wrap(&err, "once")
	err = s.Write(ctx, func(tx *Tx) error {
		var v string
		err := tx.QueryRowContext(ctx, `SELECT value FROM server_keys WHERE name = $1`, "once:"+name).Scan(&v)
		if err == nil {
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO server_keys (name, value, created_at) VALUES ($1, $2, $3)`,
			"once:"+name, tx.now.Format(time.RFC3339), ts(tx.now)); err != nil {
			return err
		}
		ran = true
		return fn(tx)
	})
	if isUniqueViolation(err) {
		return false, nil // a concurrent run committed first
	}
	return ran, err
}

// Now is the transaction's clock reading.
func (tx *Tx) Now() time.Time { return tx.now }

// insertTransactionColumns are the columns sqlInsertTransaction fills, updated_at last.
const insertTransactionColumns = `id, transaction_id, npss_reference, psp_id, mno_id,
		institution_id, institution_type, external_id, amount_minor, fee_minor, currency, status, type, transfer_mode,
		flow_type, sender, recipient, sender_name, recipient_name, sender_institution, receiver_institution,
		description, aml_score, risk_level, is_high_risk, aml_rules, aml_rule_version, routing_code, settlement_mode,
		ussd_code, compensation_details, created_by, processed_at, created_at, updated_at`

const sqlInsertTransaction = `INSERT INTO transactions (` + insertTransactionColumns + `)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
		$22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $34)
		ON CONFLICT (institution_id, external_id) DO NOTHING`

// transactionRows is sqlInsertTransaction for the rows a group queues (insertTransactionLater).
var transactionRows = newRowsInsert(sqlInsertTransaction, map[int]string{1: "uuid", 4: "uuid", 5: "uuid",
	6: "uuid", 9: "bigint", 10: "bigint", 23: "integer", 25: "boolean", 26: "jsonb", 27: "integer", 31: "jsonb",
	32: "uuid", 33: "timestamptz", 34: "timestamptz"})
