package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/hex"
	"errors"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// APIKey is a key's record; the key itself is never stored (only its secret's hash).
type APIKey struct {
	ID              string
	Name            string
	InstitutionID   string
	InstitutionName string
	Scopes          []string
	CreatedBy       string
	CreatedByName   string
	CreatedAt       time.Time
	LastUsedAt      time.Time // zero: never used
	RevokedAt       time.Time // zero: active
}

func secretHash(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// CreateAPIKey records a key for the institution with its audit row and returns the key, the
// only time it exists outside the client.
func (s *Store) CreateAPIKey(ctx context.Context, in domain.NewAPIKey, createdBy string, audit Audit) (_ *APIKey, _ string, err error) {
	defer wrap(&err, "create api key")
	k := &APIKey{ID: NewID(), Name: in.Name, InstitutionID: in.InstitutionID, Scopes: in.Scopes, CreatedBy: createdBy}
	secret := rand.Text() // 26 base32 characters, 130 random bits
	err = s.Write(ctx, func(tx *Tx) error {
		k.CreatedAt = tx.now
		if _, err := tx.ExecContext(ctx, `INSERT INTO api_keys (id, name, institution_id, secret_hash, scopes, created_by, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, k.ID, k.Name, k.InstitutionID, secretHash(secret),
			strings.Join(k.Scopes, " "), createdBy, ts(tx.now)); err != nil {
			return err
		}
		audit.Action, audit.Resource, audit.ResourceID = "api_key.create", "api_key", k.ID
		audit.Details = map[string]any{"name": k.Name, "institution": k.InstitutionID, "scopes": k.Scopes}
		return tx.Audit(ctx, audit)
	})
	if err != nil {
		return nil, "", err
	}
	// Read back for the names the list shows (institution, creator).
	stored, err := scanAPIKey(s.db.QueryRowContext(ctx, `SELECT `+apiKeyColumns+` FROM api_keys k
		LEFT JOIN users u ON u.id = k.created_by WHERE k.id = $1`, k.ID))
	if err != nil {
		return nil, "", err
	}
	return stored, domain.FormatAPIKey(k.ID, secret), nil
}

const apiKeyColumns = `k.id, k.name, k.institution_id,
	COALESCE((SELECT name FROM psps WHERE CAST(psps.id AS TEXT) = k.institution_id),
	         (SELECT name FROM mnos WHERE CAST(mnos.id AS TEXT) = k.institution_id), ''),
	k.scopes, CAST(k.created_by AS TEXT), COALESCE(u.first_name || ' ' || u.last_name, ''), k.created_at, k.last_used_at, k.revoked_at`

func scanAPIKey(row interface{ Scan(...any) error }) (*APIKey, error) {
	var k APIKey
	var scopes string
	if err := row.Scan(&k.ID, &k.Name, &k.InstitutionID, &k.InstitutionName, &scopes, &k.CreatedBy, &k.CreatedByName,
		scanTime(&k.CreatedAt), scanTime(&k.LastUsedAt), scanTime(&k.RevokedAt)); err != nil {
		return nil, err
	}
	k.Scopes = strings.Fields(scopes)
	return &k, nil
}

// APIKeys lists the keys of one institution, or of every institution when institutionID is "",
// newest first, revoked ones included (at most 500: an institution needs a handful).
func (s *Store) APIKeys(ctx context.Context, institutionID string) (_ []*APIKey, err error) {
	defer wrap(&err, "read api keys")
	q := `SELECT ` + apiKeyColumns + ` FROM api_keys k LEFT JOIN users u ON u.id = k.created_by`
	args := []any{}
	if institutionID != "" {
		q += ` WHERE k.institution_id = $1`
		args = append(args, institutionID)
	}
	rows, err := s.db.QueryContext(ctx, q+` ORDER BY k.created_at DESC, k.id DESC LIMIT 500`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*APIKey{}
	for rows.Next() {
		k, err := scanAPIKey(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, rows.Err()
}

// RevokeAPIKey revokes a key of the institution (any institution when institutionID is ""),
// with its audit row; the next request with it fails on every instance, since keys are read
// from the database on each request. An unknown key, or another institution's, is ENOTFOUND;
// revoking twice changes nothing.
func (s *Store) RevokeAPIKey(ctx context.Context, id, institutionID, by string, audit Audit) (err error) {
	defer wrap(&err, "revoke api key")
	if !validID(id) {
		return notFound(domain.CodeAPIKeyNotFound)
	}
	return s.Write(ctx, func(tx *Tx) error {
		var inst string
		var revoked sql.NullString
		err := tx.QueryRowContext(ctx, `SELECT institution_id, CAST(revoked_at AS TEXT) FROM api_keys WHERE id = $1`, id).Scan(&inst, &revoked)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && institutionID != "" && inst != institutionID) {
			return notFound(domain.CodeAPIKeyNotFound)
		}
		if err != nil || revoked.Valid {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE api_keys SET revoked_at = $2, revoked_by = $3 WHERE id = $1 AND revoked_at IS NULL`,
			id, ts(tx.now), by); err != nil {
			return err
		}
		audit.Action, audit.Resource, audit.ResourceID = "api_key.revoke", "api_key", id
		audit.Details = map[string]any{"institution": inst}
		return tx.Audit(ctx, audit)
	})
}

// APIKeyUser authenticates a key: the creator's account as the key restricts it (its
// institution, the staff role of that institution's kind, its scopes). A malformed, unknown or
// revoked key, a wrong secret, a deactivated creator or an institution no longer registered
// answer EUNAUTHORIZED alike. Nothing is cached: a revocation holds from the next request.
func (s *Store) APIKeyUser(ctx context.Context, id, secret string) (_ *domain.User, err error) {
	defer wrap(&err, "read api key user")
	refused := domain.E(domain.EUNAUTHORIZED, domain.CodeSignInRequired)
	if !validID(id) {
		return nil, refused
	}
	var hash, name, scopes, inst string
	var revoked sql.NullString
	var creator string
	err = s.db.QueryRowContext(ctx, `SELECT secret_hash, name, scopes, institution_id, CAST(revoked_at AS TEXT), CAST(created_by AS TEXT)
		FROM api_keys WHERE id = $1`, id).Scan(&hash, &name, &scopes, &inst, &revoked, &creator)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, refused
	}
	if err != nil {
		return nil, err
	}
	if subtle.ConstantTimeCompare([]byte(hash), []byte(secretHash(secret))) != 1 || revoked.Valid {
		return nil, refused
	}
	u, err := scanUser(s.db.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1 AND is_active`, creator))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, refused
	}
	if err != nil {
		return nil, err
	}
	kind, err := s.RegisteredKind(ctx, inst)
	if err != nil {
		return nil, err
	}
	role, ok := domain.RoleForInstitution(kind)
	if !ok {
		return nil, refused
	}
	u.Role, u.Institution, u.IsGuest, u.MustChangePassword = role, inst, false, false
	u.Key = &domain.APIKeyGrant{ID: id, Name: name, Scopes: strings.Fields(scopes)}
	return u, nil
}

// RegisteredKind is "psp" or "mno" for a registered institution, whatever its licence status
// (a suspended institution's key authenticates, and the routes refuse what a suspended
// institution may not do, as for its staff), or "".
func (s *Store) RegisteredKind(ctx context.Context, id string) (_ string, err error) {
	defer wrap(&err, "read registered kind")
	if !validID(id) {
		return "", nil
	}
	var kind string
	err = s.db.QueryRowContext(ctx, `SELECT 'psp' FROM psps WHERE id = $1 UNION ALL SELECT 'mno' FROM mnos WHERE id = $1`, id).Scan(&kind)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return kind, err
}

// RecordAPIKeyUse notes a key's use (last use, and an audit row naming the route), so that every
// call a machine makes is on the trail.
func (s *Store) RecordAPIKeyUse(ctx context.Context, id string, audit Audit) (err error) {
	defer wrap(&err, "record api key use")
	return s.Write(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE api_keys SET last_used_at = $2 WHERE id = $1`, id, ts(tx.now)); err != nil {
			return err
		}
		audit.Action, audit.Resource, audit.ResourceID = "api_key.use", "api_key", id
		return tx.Audit(ctx, audit)
	})
}
