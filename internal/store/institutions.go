package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// RegistryEntry is a licensed institution as the registries show it, with its recent activity.
type RegistryEntry struct {
	Institution
	LicenseStatus       string
	LicenseStatusReason string
	IsActive            bool
	// Why the compliance status was set, since when and by whom ("" for the data it started with).
	ComplianceReason string
	ComplianceSince  time.Time
	ComplianceSetBy  string
	CreatedAt        time.Time
	// Activity over the last 30 days: transactions reported and their volume in USD minor units.
	Transactions30d int64
	VolumeUSD30d    domain.Minor
	// Routing is what the transfer engine knows of a wallet operator (a PSP) or a bank; nil for
	// an MNO, which does not take part in transfers itself.
	Routing *domain.Routing
}

// routingColumns are the routing attributes of each kind of institution, as modes, USSD code,
// number prefixes and account prefix (comma-separated lists); MNOs have none.
var routingColumns = map[string]string{
	"psp":  "COALESCE(i.transfer_modes, ''), COALESCE(i.ussd_code, ''), COALESCE(i.number_prefixes, ''), ''",
	"bank": "COALESCE(i.transfer_modes, ''), '', '', COALESCE(i.account_prefix, '')",
	"mno":  "'', '', '', ''",
}

// routingAccountType is the transfer account type of the kinds that take part in transfers.
var routingAccountType = map[string]string{"psp": domain.AccountWallet, "bank": domain.AccountBank}

// splitList reads a comma-separated column; "" is the empty list.
func splitList(s string) []string {
	if s == "" {
		return []string{}
	}
	return strings.Split(s, ",")
}

// RegistryFilter narrows a registry: Query matches name, code or licence number; LicenseStatus,
// ComplianceStatus and ID select exactly.
type RegistryFilter struct {
	Query            string
	LicenseStatus    string
	ComplianceStatus string
	ID               string
}

// RegistryPage is one page of a registry.
type RegistryPage struct {
	Items []*RegistryEntry
	Next  *Cursor // nil on the last page
}

// activityColumn names the transactions column that ties a payment to each kind of institution.
var activityColumn = map[string]string{"psp": "psp_id", "mno": "mno_id", "bank": "institution_id"}

// registryWhere builds a registry's WHERE clause from f and the cursor, binding only the values
// a clause uses (PostgreSQL cannot type a parameter no clause names). args may already hold
// values the caller binds first.
func registryWhere(f RegistryFilter, after *Cursor, args []any) (string, []any) {
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	where := "1 = 1"
	if f.Query != "" {
		p := arg("%" + strings.ToLower(f.Query) + "%")
		where += fmt.Sprintf(" AND (LOWER(i.name) LIKE %[1]s OR LOWER(COALESCE(i.code, '')) LIKE %[1]s OR LOWER(i.license_number) LIKE %[1]s)", p)
	}
	if f.LicenseStatus != "" {
		where += " AND i.license_status = " + arg(f.LicenseStatus)
	}
	if f.ComplianceStatus != "" {
		where += " AND i.compliance_status = " + arg(f.ComplianceStatus)
	}
	if f.ID != "" {
		if !validID(f.ID) {
			return "1 = 0", args
		}
		where += " AND i.id = " + arg(f.ID)
	}
	if after != nil {
		at, last := arg(ts(after.CreatedAt)), arg(after.ID)
		where += fmt.Sprintf(" AND (i.created_at < %[1]s OR (i.created_at = %[1]s AND i.id < %[2]s))", at, last)
	}
	return where, args
}

// Registry lists every institution of one kind (psp, mno or bank) matching f, newest first.
func (s *Store) Registry(ctx context.Context, kind string, f RegistryFilter) (_ []*RegistryEntry, err error) {
	defer wrap(&err, "read registry")
	return s.registry(ctx, kind, f, nil, 0)
}

// RegistryPageAfter returns one page of a registry matching f, newest licensed first,
// continuing after the cursor. The order (created_at, id) is total, so pages never skip or
// repeat an institution.
func (s *Store) RegistryPageAfter(ctx context.Context, kind string, f RegistryFilter, after *Cursor, limit int) (_ *RegistryPage, err error) {
	defer wrap(&err, "read registry page after")
	if after != nil && !validID(after.ID) {
		return nil, domain.ErrCursor()
	}
	items, err := s.registry(ctx, kind, f, after, limit+1)
	if err != nil {
		return nil, err
	}
	page := &RegistryPage{}
	page.Items, page.Next = splitPage(items, limit, func(e *RegistryEntry) *Cursor { return &Cursor{CreatedAt: e.CreatedAt, ID: e.ID} })
	return page, nil
}

// CountRegistry counts the institutions of a kind matching f up to countCap.
func (s *Store) CountRegistry(ctx context.Context, kind string, f RegistryFilter) (n int, capped bool, err error) {
	defer wrap(&err, "count registry")
	table, ok := institutionTables[kind]
	if !ok {
		return 0, false, domain.E(domain.EINVALID, domain.CodeInstitutionKind, "kind", kind)
	}
	where, args := registryWhere(f, nil, nil)
	return s.countCapped(ctx, `SELECT 1 FROM `+table+` i WHERE `+where, args)
}

// registry reads up to limit institutions (all when limit is 0) after the cursor.
func (s *Store) registry(ctx context.Context, kind string, f RegistryFilter, after *Cursor, limit int) ([]*RegistryEntry, error) {
	table, ok := institutionTables[kind]
	if !ok {
		return nil, domain.E(domain.EINVALID, domain.CodeInstitutionKind, "kind", kind)
	}
	col := activityColumn[kind]
	where, args := registryWhere(f, after, []any{ts(s.Now().AddDate(0, 0, -30))})
	tail := ""
	if limit > 0 {
		args = append(args, limit)
		tail = fmt.Sprintf(" LIMIT $%d", len(args))
	}
	// banks have no compliance lifecycle columns (only PSPs and MNOs do, migration 0027).
	lifecycle := `COALESCE(i.compliance_reason, ''), COALESCE(i.compliance_since, i.created_at), COALESCE(CAST(i.compliance_set_by AS TEXT), '')`
	if kind == "bank" {
		lifecycle = `'', i.created_at, ''`
	}
	rows, err := s.db.QueryContext(ctx, `SELECT i.id, i.name, COALESCE(i.code, ''), i.license_number,
		COALESCE(i.contact_email, ''), COALESCE(i.contact_phone, ''), COALESCE(i.address, ''), i.compliance_status,
		COALESCE(i.logo_url, ''), i.license_issued_at, i.license_expires_at, i.license_status,
		COALESCE(i.license_status_reason, ''), i.is_active, `+lifecycle+`, i.created_at, `+routingColumns[kind]+`,
		(SELECT COUNT(*) FROM transactions t WHERE t.`+col+` = i.id AND t.created_at > $1),
		(SELECT COALESCE(SUM(t.amount_minor), 0) FROM transactions t WHERE t.`+col+` = i.id AND t.created_at > $1 AND t.currency = 'USD'),
		(SELECT COALESCE(SUM(t.amount_minor), 0) FROM transactions t WHERE t.`+col+` = i.id AND t.created_at > $1 AND t.currency = 'SHS')
		FROM `+table+` i WHERE `+where+` ORDER BY i.created_at DESC, i.id DESC`+tail, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*RegistryEntry{}
	for rows.Next() {
		e := &RegistryEntry{}
		e.Kind = kind
		var usd, shs int64
		var modes, prefixes string
		r := &domain.Routing{}
		if err := rows.Scan(&e.ID, &e.Name, &e.Code, &e.LicenseNumber, &e.ContactEmail, &e.ContactPhone, &e.Address,
			&e.ComplianceStatus, &e.LogoURL, scanTime(&e.LicenseIssuedAt), scanTime(&e.LicenseExpiresAt), &e.LicenseStatus,
			&e.LicenseStatusReason, &e.IsActive, &e.ComplianceReason, scanTime(&e.ComplianceSince), &e.ComplianceSetBy,
			scanTime(&e.CreatedAt), &modes, &r.USSDCode, &prefixes, &r.AccountPrefix, &e.Transactions30d, &usd, &shs); err != nil {
			return nil, err
		}
		if _, ok := routingAccountType[kind]; ok {
			r.Modes, r.NumberPrefixes = splitList(modes), splitList(prefixes)
			e.Routing = r
		}
		e.VolumeUSD30d = domain.Minor(usd) + domain.USDMinor(domain.Minor(shs), domain.SHS)
		out = append(out, e)
	}
	return out, rows.Err()
}

// LicenseChange is a regulator's suspend, reinstate or revoke of a licence.
type LicenseChange struct {
	Kind, ID, Action, Reason string
	Seal                     Sealer
	Audit                    Audit
}

// ChangeLicense applies a licence action as a conditional update (so concurrent changes cannot
// skip a state) with its audit row, and answers the institution's new registry entry.
func (s *Store) ChangeLicense(ctx context.Context, c LicenseChange) (_ *RegistryEntry, err error) {
	defer wrap(&err, "change license")
	table, err := tableOf(institutionTables, c.Kind, c.ID)
	if err != nil {
		return nil, err
	}
	from, to, err := domain.LicenseTransition(c.Action)
	if err != nil {
		return nil, err
	}
	err = s.Write(ctx, func(tx *Tx) error {
		current, name, err := tx.institutionStatus(ctx, table, "license_status", c.ID)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE `+table+` SET license_status = $2, license_status_reason = $3,
			updated_at = $4 WHERE id = $1 AND license_status IN ($5, $6)`,
			c.ID, to, c.Reason, ts(tx.now), from[0], from[len(from)-1])
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.E(domain.ECONFLICT, licenseRefusals[c.Action], "status", current)
		}
		a := c.Audit
		a.Action, a.Resource, a.ResourceID = "institution.license_"+c.Action, table, c.ID
		a.Details = map[string]any{"from": current, "to": to, "reason": c.Reason}
		if err := tx.Audit(ctx, a); err != nil {
			return err
		}
		alertType := "warning"
		if to == domain.LicenseActive {
			alertType = "info"
		}
		return tx.notifyStaff(ctx, c.ID, notice{Notice: domain.LicenseChangedNotice(name, to, c.Reason), Purpose: "license_status",
			AlertType: alertType, Seal: c.Seal})
	})
	if err != nil {
		return nil, err
	}
	return s.RegistryEntryByID(ctx, c.Kind, c.ID)
}

// RegistryEntryByID returns one institution of a kind as the registry shows it, or ENOTFOUND.
func (s *Store) RegistryEntryByID(ctx context.Context, kind, id string) (_ *RegistryEntry, err error) {
	defer wrap(&err, "read registry entry by id")
	if !validID(id) {
		return nil, notFound(domain.CodeInstitutionNotFound)
	}
	entries, err := s.Registry(ctx, kind, RegistryFilter{ID: id})
	if err != nil {
		return nil, err
	}
	if len(entries) == 0 {
		return nil, notFound(domain.CodeInstitutionNotFound)
	}
	return entries[0], nil
}

var licenseRefusals = map[string]string{"suspend": domain.CodeLicenseCannotSuspend,
	"reinstate": domain.CodeLicenseCannotReinstate, "revoke": domain.CodeLicenseCannotRevoke}

// RegisterEntry is a line of the public register of licensed institutions.
type RegisterEntry struct {
	ID, Kind, Name, LicenseNumber, LogoURL string
	// ComplianceStatus is published without its reason (docs/DECISIONS.md): the reason may name
	// supervisory findings that are not public.
	ComplianceStatus                  string
	LicenseIssuedAt, LicenseExpiresAt time.Time
}

// PublicRegister lists every institution whose licence is currently valid: active, not
// suspended or revoked, and not expired.
func (s *Store) PublicRegister(ctx context.Context) (_ []RegisterEntry, err error) {
	defer wrap(&err, "read public register")
	var parts []string
	for _, kind := range []string{"psp", "mno", "bank"} {
		parts = append(parts, fmt.Sprintf(`SELECT id, '%s', name, license_number, COALESCE(logo_url, ''), compliance_status,
			license_issued_at, license_expires_at FROM %s
			WHERE %s`, kind, institutionTables[kind], licensedNow))
	}
	rows, err := s.db.QueryContext(ctx, strings.Join(parts, " UNION ALL ")+` ORDER BY 3, 1`, ts(s.Now()))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []RegisterEntry{}
	for rows.Next() {
		var e RegisterEntry
		if err := rows.Scan(&e.ID, &e.Kind, &e.Name, &e.LicenseNumber, &e.LogoURL, &e.ComplianceStatus, scanTime(&e.LicenseIssuedAt),
			scanTime(&e.LicenseExpiresAt)); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// LicenseStatus returns the licence status of an institution of the given kind, or EFORBIDDEN
// when the account's institution is not registered (it may not report transactions).
func (s *Store) LicenseStatus(ctx context.Context, kind, id string) (_ string, err error) {
	defer wrap(&err, "read license status")
	table, ok := institutionTables[kind]
	if !ok || !validID(id) {
		return "", domain.E(domain.EFORBIDDEN, domain.CodeNotLinked)
	}
	status, err := cachedRead(ctx, s, "licence\x00"+kind+"\x00"+id, func(ctx context.Context) (string, error) {
		var status string
		err := s.readRow(ctx, `SELECT license_status FROM `+table+` WHERE id = $1`, id).Scan(&status)
		return status, err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return "", domain.E(domain.EFORBIDDEN, domain.CodeNotLinked)
	}
	return status, err
}

// InstitutionKind returns "psp" or "mno" for a registered institution with an active licence,
// or "" when there is none.
func (s *Store) InstitutionKind(ctx context.Context, id string) (_ string, err error) {
	defer wrap(&err, "read institution kind")
	if !validID(id) {
		return "", nil
	}
	var kind string
	err = s.db.QueryRowContext(ctx, `SELECT 'psp' FROM psps WHERE id = $1 AND license_status = 'active'
		UNION ALL SELECT 'mno' FROM mnos WHERE id = $1 AND license_status = 'active'`, id).Scan(&kind)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return kind, err
}

// TransferInstitutions are the wallet operators (PSPs) and banks that take part in transfers,
// whatever their licence says (the engine refuses those whose licence is not active, naming
// why), by name. An active licence past its end reads as "expired". The answer is cached until
// the next Write commits (readcache.go), so a licence or routing change applies to the very
// next transfer; callers must not change it.
func (s *Store) TransferInstitutions(ctx context.Context) (_ domain.Institutions, err error) {
	defer wrap(&err, "read transfer institutions")
	return cachedRead(ctx, s, "transfer-institutions", func(ctx context.Context) (domain.Institutions, error) {
		rows, err := s.db.QueryContext(ctx, `SELECT CAST(id AS TEXT), 'wallet', name, transfer_modes,
			COALESCE(ussd_code, ''), COALESCE(number_prefixes, ''), '', license_status, is_active, license_expires_at, created_at
			FROM psps WHERE transfer_modes IS NOT NULL AND transfer_modes <> ''
			UNION ALL SELECT CAST(id AS TEXT), 'bank', name, transfer_modes, '', '', COALESCE(account_prefix, ''),
			license_status, is_active, license_expires_at, created_at
			FROM banks WHERE transfer_modes IS NOT NULL AND transfer_modes <> ''
			ORDER BY 3, 11, 1`)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		now := s.Now()
		out := domain.Institutions{}
		for rows.Next() {
			var in domain.TransferInstitution
			var modes, prefixes string
			var active bool
			var expires, created time.Time
			if err := rows.Scan(&in.ID, &in.Type, &in.Name, &modes, &in.USSDCode, &prefixes, &in.AccountPrefix,
				&in.LicenseStatus, &active, scanTime(&expires), scanTime(&created)); err != nil {
				return nil, err
			}
			in.Modes, in.NumberPrefixes = splitList(modes), splitList(prefixes)
			if in.LicenseStatus == domain.LicenseActive && (!active || (!expires.IsZero() && !expires.After(now))) {
				in.LicenseStatus = "expired"
			}
			out = append(out, in)
		}
		return out, rows.Err()
	})
}

// RoutingChange is an administrator's edit of a wallet operator's or bank's routing attributes.
type RoutingChange struct {
	Kind, ID string
	Routing  domain.Routing
	Audit    Audit
}

// ChangeRouting validates and stores the routing attributes of a PSP (as a wallet operator) or a
// bank with the audit row of the change (before and after), and answers the institution's new
// registry entry.
func (s *Store) ChangeRouting(ctx context.Context, c RoutingChange) (_ *RegistryEntry, err error) {
	defer wrap(&err, "change routing")
	typ, ok := routingAccountType[c.Kind]
	if !ok || !validID(c.ID) {
		return nil, notFound(domain.CodeInstitutionNotFound)
	}
	r := c.Routing
	if err := domain.ValidateRouting(typ, &r); err != nil {
		return nil, err
	}
	table := institutionTables[c.Kind]
	set, args := "transfer_modes = $2, account_prefix = $3", []any{c.ID, nullString(strings.Join(r.Modes, ",")), nullString(r.AccountPrefix)}
	if c.Kind == "psp" {
		set, args = "transfer_modes = $2, ussd_code = $3, number_prefixes = $4", []any{c.ID,
			nullString(strings.Join(r.Modes, ",")), nullString(r.USSDCode), nullString(strings.Join(r.NumberPrefixes, ","))}
	}
	err = s.Write(ctx, func(tx *Tx) error {
		before, err := routingTx(ctx, tx, c.Kind, c.ID)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE `+table+` SET `+set+`, updated_at = $`+fmt.Sprint(len(args)+1)+` WHERE id = $1`,
			append(args, ts(tx.now))...); err != nil {
			return err
		}
		a := c.Audit
		a.Action, a.Resource, a.ResourceID = "institution.routing_change", table, c.ID
		a.Details = map[string]any{"from": before, "to": r}
		return tx.Audit(ctx, a)
	})
	if err != nil {
		return nil, err
	}
	entries, err := s.Registry(ctx, c.Kind, RegistryFilter{ID: c.ID})
	if err != nil || len(entries) == 0 {
		return nil, err
	}
	return entries[0], nil
}

// routingTx reads an institution's routing attributes inside a write, for the audit row's
// "before"; no such institution is ENOTFOUND.
func routingTx(ctx context.Context, tx *Tx, kind, id string) (domain.Routing, error) {
	r := domain.Routing{}
	var modes, prefixes string
	err := tx.QueryRowContext(ctx, `SELECT `+strings.ReplaceAll(routingColumns[kind], "i.", "")+` FROM `+
		institutionTables[kind]+` WHERE id = $1`, id).Scan(&modes, &r.USSDCode, &prefixes, &r.AccountPrefix)
	if errors.Is(err, sql.ErrNoRows) {
		return r, notFound(domain.CodeInstitutionNotFound)
	}
	r.Modes, r.NumberPrefixes = splitList(modes), splitList(prefixes)
	return r, err
}
