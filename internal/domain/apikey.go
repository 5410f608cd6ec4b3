package domain

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// API keys let an institution's systems call Kormeer without a person's password (issue 18). A
// key is "kmr_<id>_<secret>": the id finds its record, the secret proves it; only the secret's
// hash is stored. Each key has scopes, and a route a key may call names the scope it needs.
const APIKeyPrefix = "kmr_"

// API key scopes.
const (
	ScopeSubmitTransactions = "transactions:submit" // POST /api/transactions/batch
	ScopeReadTransactions   = "transactions:read"   // the institution's transactions: list, search, detail, export
	ScopeCreateTransfers    = "transfers:create"    // POST /api/transfer (idempotent with Idempotency-Key)
	ScopeSubmitISO20022     = "iso20022:submit"     // POST /api/iso20022 (pacs.008 and pacs.002 documents)
)

// APIKeyScopes lists every scope, in the order the web app shows them.
var APIKeyScopes = []string{ScopeSubmitTransactions, ScopeReadTransactions, ScopeCreateTransfers, ScopeSubmitISO20022}

// NewAPIKey is a request for a key.
type NewAPIKey struct {
	Name          string   `json:"name"`
	Scopes        []string `json:"scopes"`
	InstitutionID string   `json:"institutionId"`
}

// Validate trims the name and checks the scopes (at least one, each known, none twice).
func (k *NewAPIKey) Validate() error {
	f := map[string]Fault{}
	k.Name = strings.TrimSpace(k.Name)
	if n := utf8.RuneCountInString(k.Name); n < 3 || n > 80 {
		f["name"] = F(CodeAPIKeyName)
	}
	if len(k.Scopes) == 0 {
		f["scopes"] = F(CodeAPIKeyScopesRequired)
	}
	seen := map[string]bool{}
	for _, s := range k.Scopes {
		if !slices.Contains(APIKeyScopes, s) || seen[s] {
			f["scopes"] = F(CodeAPIKeyScopesUnknown, "scopes", strings.Join(APIKeyScopes, ", "))
		}
		seen[s] = true
	}
	if len(f) > 0 {
		return Invalid(CodeFieldsInvalid, f)
	}
	slices.Sort(k.Scopes)
	return nil
}

// FormatAPIKey is the key a client sends.
func FormatAPIKey(id, secret string) string { return APIKeyPrefix + id + "_" + secret }

// ParseAPIKey splits a key into its id and secret; ok is false for anything that is not a key
// (a JWT, for instance). The id is a UUID, which holds no underscore.
func ParseAPIKey(s string) (id, secret string, ok bool) {
	rest, found := strings.CutPrefix(s, APIKeyPrefix)
	if !found {
		return "", "", false
	}
	id, secret, ok = strings.Cut(rest, "_")
	if !ok || id == "" || secret == "" {
		return "", "", false
	}
	return id, secret, true
}

// RoleForInstitution is the role a key acts with: the staff role of its institution's kind.
func RoleForInstitution(kind string) (Role, bool) {
	switch kind {
	case "psp":
		return RolePSPAdmin, true
	case "mno":
		return RoleMNOAdmin, true
	}
	return "", false
}
