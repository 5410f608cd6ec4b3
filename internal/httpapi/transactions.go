package httpapi

import (
	"encoding/base64"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// transactionJSON is a transaction as lists and the detail panel show it (001 §3), amounts as
// decimal strings.
type transactionJSON struct {
	ID                  string           `json:"id"`
	TransactionID       string           `json:"transactionId"`
	NPSSReference       string           `json:"npssReference"`
	PSPID               *string          `json:"pspId"`
	MNOID               *string          `json:"mnoId"`
	Amount              string           `json:"amount"`
	Fee                 string           `json:"fee"`
	Currency            string           `json:"currency"`
	Status              string           `json:"status"`
	Type                string           `json:"type"`
	TransferMode        string           `json:"transferMode"`
	FlowType            string           `json:"flowType,omitempty"`
	Sender              string           `json:"sender"`
	Receiver            string           `json:"receiver"`
	SenderName          string           `json:"senderName"`
	RecipientName       string           `json:"recipientName"`
	SenderInstitution   string           `json:"senderInstitution"`
	ReceiverInstitution string           `json:"receiverInstitution"`
	SettlementMode      string           `json:"settlementMode"`
	USSDCode            *string          `json:"ussdCode"`
	RoutingCode         *string          `json:"routingCode"`
	AMLScore            int              `json:"amlScore"`
	RiskLevel           string           `json:"riskLevel"`
	IsHighRisk          bool             `json:"isHighRisk"`
	AMLRules            []domain.RuleHit `json:"amlRules"`
	AMLRuleVersion      int              `json:"amlRuleVersion,omitempty"`
	ProcessedAt         *time.Time       `json:"processedAt"`
	CreatedAt           time.Time        `json:"createdAt"`
}

func toTransactionJSON(t *store.Transaction, masked bool) transactionJSON {
	j := transactionJSON{ID: t.ID, TransactionID: t.TransactionID, NPSSReference: t.NPSSReference,
		PSPID: optional(t.PSPID), MNOID: optional(t.MNOID), Amount: t.Amount.String(), Fee: t.Fee.String(),
		Currency: string(t.Currency), Status: t.Status, Type: t.Type, TransferMode: t.TransferMode, FlowType: t.FlowType,
		Sender: t.Sender, Receiver: t.Recipient, SenderName: t.SenderName, RecipientName: t.RecipientName,
		SenderInstitution: t.SenderInstitution, ReceiverInstitution: t.ReceiverInstitution,
		SettlementMode: t.SettlementMode, USSDCode: optional(t.USSDCode), RoutingCode: optional(t.RoutingCode),
		AMLScore: t.AMLScore, RiskLevel: t.RiskLevel, IsHighRisk: t.IsHighRisk, AMLRules: t.AMLRules,
		AMLRuleVersion: t.AMLRuleVersion, ProcessedAt: optionalTime(t.ProcessedAt), CreatedAt: t.CreatedAt}
	if masked {
		j.Sender, j.Receiver = domain.MaskAccount(t.Sender), domain.MaskAccount(t.Recipient)
		j.SenderName, j.RecipientName = "", ""
	}
	return j
}

// txScope is what the caller may see: regulators everything; PSP and MNO staff their
// institution's; citizens their own. Guests read everything with the parties masked.
func txScope(u *domain.User) (scope store.TxScope, masked bool) {
	switch {
	case u.IsGuest:
		return scope, true
	case u.Role.IsRegulator():
	case u.Role.IsInstitutionStaff():
		scope.InstitutionID = u.Institution
		if scope.InstitutionID == "" {
			scope.InstitutionID = "none" // an unlinked account sees nothing
		}
	default:
		scope.CreatedBy = u.ID
	}
	return scope, false
}

// Page sizes: 50 by default, at most 200 (a larger limit is capped).
const (
	defaultPageSize = 50
	maxPageSize     = 200
)

// listTransactions is GET /api/transactions: the newest transactions the caller may see, one
// page at a time (?limit=, ?cursor=); the next page's cursor is in the X-Next-Cursor header.
func (s *Server) listTransactions(w http.ResponseWriter, r *http.Request) error {
	return s.searchPage(w, r, false)
}

// searchTransactions is GET /api/transactions/search with the filters of 001 §7, combined. The
// X-Total-Count header carries the number of matches ("1000+" beyond a thousand).
func (s *Server) searchTransactions(w http.ResponseWriter, r *http.Request) error {
	return s.searchPage(w, r, true)
}

func (s *Server) searchPage(w http.ResponseWriter, r *http.Request, withFilters bool) error {
	q := r.URL.Query()
	var f store.TxFilter
	if withFilters {
		var err error
		if f, err = parseTxFilter(q); err != nil {
			return err
		}
	}
	limit, cursor, err := parsePage(q)
	if err != nil {
		return err
	}
	scope, masked := txScope(principalFrom(r.Context()))
	if masked {
		if err := limitToReferences(&f); err != nil {
			return err
		}
	}
	page, err := s.store.SearchTransactions(r.Context(), scope, f, cursor, limit)
	if err != nil {
		return err
	}
	toJSON := func(t *store.Transaction) transactionJSON { return toTransactionJSON(t, masked) }
	return writePage(w, withFilters && cursor == nil, page.Items, page.Next, toJSON, func() (int, bool, error) {
		return s.store.CountTransactions(r.Context(), scope, f)
	})
}

// transactionDetailJSON is GET /api/transactions/{id}'s answer; named so that the OpenAPI
// document (apidoc.go) describes it from the type itself.
type transactionDetailJSON struct {
	transactionJSON
	// The names of the PSP and the MNO, shown instead of their ids.
	PSPName *string              `json:"pspName"`
	MNOName *string              `json:"mnoName"`
	Logs    []transactionLogJSON `json:"logs"`
}

type transactionLogJSON struct {
	Action         string         `json:"action"`
	PreviousStatus *string        `json:"previousStatus"`
	NewStatus      *string        `json:"newStatus"`
	Notes          *string        `json:"notes"`
	Details        map[string]any `json:"details"`
	// ReasonCode and ReasonParams say why the transaction did not complete: aml_hold, one of the
	// failure reasons an institution may report (failureReason), or not_stated.
	ReasonCode   *string             `json:"reasonCode"`
	ReasonParams *domain.AlertParams `json:"reasonParams"`
	CreatedAt    time.Time           `json:"createdAt"`
}

// getTransaction is GET /api/transactions/{id}: every field, the AML rules that fired and the log.
func (s *Server) getTransaction(w http.ResponseWriter, r *http.Request) error {
	scope, masked := txScope(principalFrom(r.Context()))
	t, err := s.store.TransactionByID(r.Context(), scope, r.PathValue("id"))
	if err != nil {
		return err
	}
	logs, err := s.store.TransactionLogs(r.Context(), t.ID)
	if err != nil {
		return err
	}
	_, insts, err := s.store.References(r.Context(), nil, []string{t.PSPID, t.MNOID})
	if err != nil {
		return err
	}
	out := transactionDetailJSON{transactionJSON: toTransactionJSON(t, masked), PSPName: optional(insts[t.PSPID].Name),
		MNOName: optional(insts[t.MNOID].Name), Logs: make([]transactionLogJSON, len(logs))}
	for i, l := range logs {
		out.Logs[i] = transactionLogJSON{Action: l.Action, PreviousStatus: optional(l.PreviousStatus), NewStatus: optional(l.NewStatus),
			Notes: optional(l.Notes), Details: l.Details, ReasonCode: optional(l.ReasonCode), ReasonParams: l.ReasonParams,
			CreatedAt: l.CreatedAt}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// setTotalCount sets X-Total-Count, the number of matches of a list's filters, which the store
// counts up to a cap: "1000+" says there are more.
func setTotalCount(w http.ResponseWriter, n int, capped bool) {
	total := strconv.Itoa(n)
	if capped {
		total += "+"
	}
	w.Header().Set("X-Total-Count", total)
}

// writePage answers one page of a list: the items as JSON, the next page's cursor in
// X-Next-Cursor and, on the first page only (later pages would count the same again), the
// number of matches in X-Total-Count.
func writePage[T, J any](w http.ResponseWriter, first bool, items []T, next *store.Cursor, toJSON func(T) J,
	count func() (n int, capped bool, err error)) error {
	if first {
		n, capped, err := count()
		if err != nil {
			return err
		}
		setTotalCount(w, n, capped)
	}
	if next != nil {
		w.Header().Set("X-Next-Cursor", encodeCursor(next))
	}
	out := make([]J, len(items))
	for i, it := range items {
		out[i] = toJSON(it)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// parsePage reads a list's page: limit (defaultPageSize when absent; above maxPageSize it is
// capped, not refused) and the cursor from the previous page's X-Next-Cursor.
func parsePage(q url.Values) (int, *store.Cursor, error) {
	limit := defaultPageSize
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return 0, nil, domain.Invalid(CodeLimitInvalid, map[string]domain.Fault{"limit": domain.F(CodePositiveWholeNumber)})
		}
		limit = min(n, maxPageSize)
	}
	var cursor *store.Cursor
	if v := q.Get("cursor"); v != "" {
		c, ok := decodeCursor(v)
		if !ok {
			return 0, nil, domain.ErrCursor()
		}
		cursor = c
	}
	return limit, cursor, nil
}

// Cursors are opaque to clients: base64 of "<unix millis>|<id>", followed by "|<sort>|<rank>"
// for a list read in another order than newest first (the alerts queue's sort).
func encodeCursor(c *store.Cursor) string {
	s := strconv.FormatInt(c.CreatedAt.UnixMilli(), 10) + "|" + c.ID
	if c.Sort != "" {
		s += "|" + c.Sort + "|" + strconv.Itoa(c.Rank)
	}
	return base64.RawURLEncoding.EncodeToString([]byte(s))
}

func decodeCursor(s string) (*store.Cursor, bool) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return nil, false
	}
	parts := strings.Split(string(b), "|")
	if len(parts) != 2 && len(parts) != 4 {
		return nil, false
	}
	n, err := strconv.ParseInt(parts[0], 10, 64)
	if err != nil || n < 0 || len(parts[1]) != 36 {
		return nil, false
	}
	c := &store.Cursor{CreatedAt: time.UnixMilli(n).UTC(), ID: parts[1]}
	if len(parts) == 4 {
		if c.Sort = parts[2]; c.Sort == "" {
			return nil, false
		}
		if c.Rank, err = strconv.Atoi(parts[3]); err != nil || c.Rank < 0 {
			return nil, false
		}
	}
	return c, true
}

// Filter vocabularies (001 §3, §4). "all" means no filter (001 §5).
var (
	txStatuses = domain.TxStatuses
	txTypes    = domain.TxTypes
	txModes    = domain.TxModes
	currencies = domain.Currencies
)

// limitToReferences applies the rule for callers who see parties masked (guests): they may search
// only by what they see in full, the transaction id and the NPSS reference. A term that cannot
// start either (a phone or account number, a name) is refused with 403 rather than searched, so
// the answer never depends on the hidden values; and the search never looks at the parties even
// when an account number looks like a reference. The other filters (status, type, mode,
// currency, dates, amounts, an exact NPSS reference) name only what guests see.
func limitToReferences(f *store.TxFilter) error {
	f.ReferencesOnly = true
	if f.Search == "" {
		return nil
	}
	for _, prefix := range []string{"TXN", "NPSS"} {
		if strings.HasPrefix(f.Search, prefix) || strings.HasPrefix(prefix, f.Search) {
			return nil
		}
	}
	e := domain.E(domain.EFORBIDDEN, CodeGuestSearch)
	e.Fields = map[string]domain.Fault{"search": domain.F(CodeGuestSearchField)}
	return e
}

// parseTxFilter reads the search filters of 001 §7, refusing invalid values with a message that
// names the field.
func parseTxFilter(q url.Values) (store.TxFilter, error) {
	var f store.TxFilter
	fields := map[string]domain.Fault{}
	get := func(k string) string {
		v := strings.TrimSpace(q.Get(k))
		if v == "all" {
			return ""
		}
		return v
	}
	f.Search = strings.ToUpper(domain.NormalizeAccount(get("search")))
	if f.Search != "" {
		f.ISOReference = strings.TrimSpace(get("search"))
	}
	if len(f.Search) > 64 {
		fields["search"] = domain.F(domain.CodeMaxChars, "max", "64")
	}
	oneOf := func(key string, allowed []string, dst *string) {
		v := get(key)
		if v != "" && !slices.Contains(allowed, v) {
			fields[key] = oneOfFault(allowed)
		}
		*dst = v
	}
	oneOf("status", txStatuses, &f.Status)
	oneOf("type", txTypes, &f.Type)
	oneOf("transferMode", txModes, &f.TransferMode)
	oneOf("currency", currencies, &f.Currency)
	switch get("highRisk") {
	case "":
	case "true":
		f.HighRisk = true
	default:
		fields["highRisk"] = domain.F(CodeTrueOrAbsent)
	}
	if v := get("institution"); v != "" {
		if id, err := uuid.Parse(v); err != nil {
			fields["institution"] = domain.F(CodeInstitutionID)
		} else {
			f.InstitutionID = id.String()
		}
	}
	f.NPSSReference = strings.ToUpper(get("npssReference"))
	if len(f.NPSSReference) > 64 {
		fields["npssReference"] = domain.F(domain.CodeMaxChars, "max", "64")
	}
	date := func(key string, endOfDay bool) time.Time {
		v := get(key)
		if v == "" {
			return time.Time{}
		}
		if t, err := time.Parse("2006-01-02", v); err == nil {
			if endOfDay {
				t = t.AddDate(0, 0, 1)
			}
			return t
		}
		if t, err := time.Parse(time.RFC3339, v); err == nil {
			return t
		}
		fields[key] = domain.F(CodeDateFormat, "example", "2026-11-22")
		return time.Time{}
	}
	f.DateFrom, f.DateTo = date("dateFrom", false), date("dateTo", true)
	if !f.DateFrom.IsZero() && !f.DateTo.IsZero() && !f.DateFrom.Before(f.DateTo) {
		fields["dateTo"] = domain.F(CodeAfterStart)
	}
	amount := func(key string) domain.Minor {
		v := get(key)
		if v == "" {
			return 0
		}
		m, ok := domain.ParseAmount(v)
		if !ok || m < 0 {
			fields[key] = domain.F(CodeAmountExample, "example", "100")
		}
		return m
	}
	f.AmountMin, f.AmountMax = amount("amountMin"), amount("amountMax")
	if f.AmountMin > 0 && f.AmountMax > 0 && f.AmountMin > f.AmountMax {
		fields["amountMax"] = domain.F(CodeNotBelowMin)
	}
	if len(fields) > 0 {
		return f, domain.Invalid(CodeFiltersInvalid, fields)
	}
	return f, nil
}
