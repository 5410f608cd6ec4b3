package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/sanctions"
	"github.com/kormeer/kormeer/internal/screening"
)

// SanctionsVersion is one import of a sanctions list (its entries are read apart, by
// SanctionsVersionList).
type SanctionsVersion struct {
	ID            string
	Source        string // "un" | "domestic"
	Version       int
	FileName      string
	Entries       int
	Added         int
	Changed       int
	Removed       int
	ImportedBy    string // user id; empty for the command line
	ImporterEmail string
	ImportedAt    time.Time
}

// SanctionsChange is one entry a version added, changed or removed against the previous version
// of its list.
type SanctionsChange struct {
	Ref    string
	Change string // added, changed, removed
	Name   string
}

// ImportSanctionsList stores l as the next version of its list, with what it added, changed
// (another content hash, screening.EntryHash) and removed against the latest version, and the
// audit row. A list with no entries is refused (the parser refuses it too).
func (s *Store) ImportSanctionsList(ctx context.Context, l *sanctions.List, fileName, importedBy string, audit Audit) (_ *SanctionsVersion, _ []SanctionsChange, err error) {
	defer wrap(&err, "import sanctions list")
	if l == nil || len(l.Entries) == 0 {
		return nil, nil, domain.E(domain.EINVALID, domain.CodeSanctionsListEmpty)
	}
	if l.Source != "un" && l.Source != "domestic" {
		return nil, nil, domain.E(domain.EINVALID, domain.CodeSanctionsListName)
	}
	entries, err := json.Marshal(l.Entries)
	if err != nil {
		return nil, nil, err
	}
	v := &SanctionsVersion{ID: NewID(), Source: l.Source, FileName: truncate(fileName, 200), Entries: len(l.Entries),
		ImportedBy: importedBy}
	var changes []SanctionsChange
	err = s.Write(ctx, func(tx *Tx) error {
		v.ImportedAt = tx.now
		var prevID string
		err := tx.QueryRowContext(ctx, `SELECT id, version FROM sanctions_list_versions WHERE source = $1
			ORDER BY version DESC LIMIT 1`, l.Source).Scan(&prevID, &v.Version)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		v.Version++
		var prev []sanctions.Entry
		if prevID != "" {
			if prev, err = tx.versionEntries(ctx, prevID); err != nil {
				return err
			}
		}
		changes = diffEntries(prev, l.Entries)
		for _, c := range changes {
			switch c.Change {
			case "added":
				v.Added++
			case "changed":
				v.Changed++
			case "removed":
				v.Removed++
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO sanctions_list_versions (id, source, version, file_name, entry_count,
			added, changed, removed, entries, imported_by, imported_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
			v.ID, v.Source, v.Version, v.FileName, v.Entries, v.Added, v.Changed, v.Removed, string(entries),
			nullString(importedBy), ts(v.ImportedAt)); err != nil {
			if isUniqueViolation(err) {
				return domain.E(domain.ECONFLICT, domain.CodeSanctionsImportRaced)
			}
			return err
		}
		for _, c := range changes {
			if _, err := tx.ExecContext(ctx, `INSERT INTO sanctions_list_changes (version_id, ref, change, name)
				VALUES ($1, $2, $3, $4)`, v.ID, c.Ref, c.Change, c.Name); err != nil {
				return err
			}
		}
		audit.Action, audit.Resource, audit.ResourceID = "sanctions.import", "sanctions_list_version", v.ID
		audit.Details = map[string]any{"list": v.Source, "version": v.Version, "file": v.FileName, "entries": v.Entries,
			"added": v.Added, "changed": v.Changed, "removed": v.Removed}
		return tx.Audit(ctx, audit)
	})
	if err != nil {
		return nil, nil, err
	}
	return v, changes, nil
}

// diffEntries compares two versions of a list by reference, in reference order.
func diffEntries(prev, next []sanctions.Entry) []SanctionsChange {
	old := make(map[string]sanctions.Entry, len(prev))
	for _, e := range prev {
		old[e.Ref] = e
	}
	var out []SanctionsChange
	seen := make(map[string]bool, len(next))
	for _, e := range next {
		seen[e.Ref] = true
		o, ok := old[e.Ref]
		switch {
		case !ok:
			out = append(out, SanctionsChange{Ref: e.Ref, Change: "added", Name: primaryName(e)})
		case screening.EntryHash(o) != screening.EntryHash(e):
			out = append(out, SanctionsChange{Ref: e.Ref, Change: "changed", Name: primaryName(e)})
		}
	}
	for _, e := range prev {
		if !seen[e.Ref] {
			out = append(out, SanctionsChange{Ref: e.Ref, Change: "removed", Name: primaryName(e)})
		}
	}
	slices.SortFunc(out, func(a, b SanctionsChange) int {
		if a.Ref < b.Ref {
			return -1
		}
		if a.Ref > b.Ref {
			return 1
		}
		return 0
	})
	return out
}

func primaryName(e sanctions.Entry) string {
	if len(e.Names) == 0 {
		return ""
	}
	return truncate(e.Names[0].Full, 300)
}

func (tx *Tx) versionEntries(ctx context.Context, id string) ([]sanctions.Entry, error) {
	var raw string
	if err := tx.QueryRowContext(ctx, `SELECT entries FROM sanctions_list_versions WHERE id = $1`, id).Scan(&raw); err != nil {
		return nil, err
	}
	var out []sanctions.Entry
	return out, json.Unmarshal([]byte(raw), &out)
}

// LatestSanctionsVersions returns the id of each list's latest version (screening.Source).
func (s *Store) LatestSanctionsVersions(ctx context.Context) (_ map[string]string, err error) {
	defer wrap(&err, "read latest sanctions versions")
	rows, err := s.db.QueryContext(ctx, `SELECT v.source, v.id FROM sanctions_list_versions v
		WHERE v.version = (SELECT MAX(w.version) FROM sanctions_list_versions w WHERE w.source = v.source)`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var src, id string
		if err := rows.Scan(&src, &id); err != nil {
			return nil, err
		}
		out[src] = id
	}
	return out, rows.Err()
}

// SanctionsVersionList returns the parsed content of one version (screening.Source).
func (s *Store) SanctionsVersionList(ctx context.Context, id string) (_ *sanctions.List, err error) {
	defer wrap(&err, "read sanctions version list")
	var src, raw string
	err = s.db.QueryRowContext(ctx, `SELECT source, entries FROM sanctions_list_versions WHERE id = $1`, id).Scan(&src, &raw)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound("List version")
	}
	if err != nil {
		return nil, err
	}
	l := &sanctions.List{Source: src}
	return l, json.Unmarshal([]byte(raw), &l.Entries)
}

const sanctionsVersionColumns = `v.id, v.source, v.version, v.file_name, v.entry_count, v.added, v.changed, v.removed,
	v.imported_by, COALESCE(u.email, ''), v.imported_at`

func scanSanctionsVersion(sc interface{ Scan(...any) error }) (*SanctionsVersion, error) {
	var v SanctionsVersion
	var by sql.NullString
	err := sc.Scan(&v.ID, &v.Source, &v.Version, &v.FileName, &v.Entries, &v.Added, &v.Changed, &v.Removed, &by,
		&v.ImporterEmail, scanTime(&v.ImportedAt))
	v.ImportedBy = by.String
	return &v, err
}

// SanctionsVersions returns every version of every list, newest first (a list is imported a few
// times a month: no paging needed).
func (s *Store) SanctionsVersions(ctx context.Context) (_ []*SanctionsVersion, err error) {
	defer wrap(&err, "read sanctions versions")
	rows, err := s.db.QueryContext(ctx, `SELECT `+sanctionsVersionColumns+` FROM sanctions_list_versions v
		LEFT JOIN users u ON u.id = v.imported_by ORDER BY v.imported_at DESC, v.source, v.version DESC LIMIT 500`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*SanctionsVersion{}
	for rows.Next() {
		v, err := scanSanctionsVersion(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// SanctionsVersionChanges returns one version with its changes, or ENOTFOUND.
func (s *Store) SanctionsVersionChanges(ctx context.Context, id string) (_ *SanctionsVersion, _ []SanctionsChange, err error) {
	defer wrap(&err, "read sanctions version changes")
	v, err := scanSanctionsVersion(s.db.QueryRowContext(ctx, `SELECT `+sanctionsVersionColumns+` FROM sanctions_list_versions v
		LEFT JOIN users u ON u.id = v.imported_by WHERE v.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, notFound("List version")
	}
	if err != nil {
		return nil, nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT ref, change, name FROM sanctions_list_changes WHERE version_id = $1
		ORDER BY change, ref`, id)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	out := []SanctionsChange{}
	for rows.Next() {
		var c SanctionsChange
		if err := rows.Scan(&c.Ref, &c.Change, &c.Name); err != nil {
			return nil, nil, err
		}
		out = append(out, c)
	}
	return v, out, rows.Err()
}

// SanctionsSubject is what a screening was about: a transaction, a KYC submission or a licence
// application, with the reference a reviewer recognises and the institution it concerns.
type SanctionsSubject struct {
	Type          string // transaction, kyc, application
	ID            string
	Ref           string // TXN number, applicant's or institution's name
	InstitutionID string
	// Amount and Currency are a transaction's, for its alert.
	Amount   domain.Minor
	Currency domain.Currency
}

// liveHits drops the hits whose name and entry a regulator dismissed as a false positive while
// the entry had the same content.
func (tx *Tx) liveHits(ctx context.Context, hits []screening.Hit) ([]screening.Hit, error) {
	var out []screening.Hit
	for _, h := range hits {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM sanctions_false_positives
			WHERE name_key = $1 AND ref = $2 AND entry_hash = $3`, h.NameKey, h.Match.Ref, h.EntryHash).Scan(&n); err != nil {
			return nil, err
		}
		if n == 0 {
			out = append(out, h)
		}
	}
	return out, nil
}

// recordSanctionsHits stores the hits on subj as review items and raises a critical alert for
// each strong one (explaining the entry, alias and score), of alertType. held says whether the
// subject was held for them.
func (tx *Tx) recordSanctionsHits(ctx context.Context, subj SanctionsSubject, hits []screening.Hit, alertType string, held bool) error {
	for _, h := range hits {
		expl, err := json.Marshal(h.Match)
		if err != nil {
			return err
		}
		var alertID string
		if h.Strong() {
			a := &AMLAlert{TransactionID: "", AlertType: alertType, Severity: "critical",
				TriggerRule: domain.AlertSanctionsMatch, Code: domain.AlertSanctionsMatch,
				Params: domain.AlertParams{Ref: h.Match.Ref, Alias: h.Match.Alias, Score: h.Match.Score,
					Names: []string{h.Party.Name}, AmountMinor: subj.Amount, Currency: subj.Currency},
				Amount: subj.Amount, Currency: subj.Currency, InstitutionID: subj.InstitutionID, Status: "open"}
			if subj.Type == "transaction" {
				a.TransactionID, a.TransactionNumber = subj.ID, subj.Ref
			}
			if err := tx.InsertAMLAlert(ctx, a); err != nil {
				return err
			}
			alertID = a.ID
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO sanctions_matches (id, subject_type, subject_id, subject_ref,
			institution_id, party, screened_name, name_key, ref, entry_hash, entry_name, alias, score, strength,
			explanation, held, alert_id, status, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 'open', $18)`,
			NewID(), subj.Type, subj.ID, truncate(subj.Ref, 300), nullString(subj.InstitutionID), h.Party.Role,
			truncate(h.Party.Name, 500), truncate(h.NameKey, 500), h.Match.Ref, h.EntryHash, truncate(h.Match.EntryName, 500),
			truncate(h.Match.Alias, 500), h.Match.Score, h.Match.Strength, string(expl), held && h.Strong(),
			nullString(alertID), ts(tx.now)); err != nil {
			return fmt.Errorf("sanctions match: %w", err)
		}
	}
	return nil
}

// recordScreening stores a KYC submission's or an application's live hits (nothing is held: the
// submission waits for a regulator's review anyway).
func (tx *Tx) recordScreening(ctx context.Context, subj SanctionsSubject, hits []screening.Hit, alertType string) error {
	if len(hits) == 0 {
		return nil
	}
	live, err := tx.liveHits(ctx, hits)
	if err != nil {
		return err
	}
	return tx.recordSanctionsHits(ctx, subj, live, alertType, false)
}

// anyStrong reports whether a hit holds.
func anyStrong(hits []screening.Hit) bool {
	return slices.ContainsFunc(hits, screening.Hit.Strong)
}
