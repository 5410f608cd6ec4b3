package httpapi

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/screening"
	"github.com/kormeer/kormeer/internal/store"
)

// Data feed limits: at most 10,000 transactions and 16 MiB per request; stored in chunks of
// 1,000 per database transaction so a feed never holds the writer for long.
const (
	maxBatchItems = 10_000
	maxBatchBytes = 16 << 20
	batchChunk    = 1_000
)

// batchItem is one transaction of an institution's data feed.
type batchItem struct {
	ExternalID          string               `json:"externalId"`
	Amount              domain.DecimalString `json:"amount"`
	Currency            string               `json:"currency"`
	Status              string               `json:"status"`
	Type                string               `json:"type"`
	TransferMode        string               `json:"transferMode"`
	SenderNumber        string               `json:"senderNumber"`
	ReceiverNumber      string               `json:"receiverNumber"`
	SenderName          string               `json:"senderName"`
	RecipientName       string               `json:"recipientName"`
	SenderInstitution   string               `json:"senderInstitution"`
	ReceiverInstitution string               `json:"receiverInstitution"`
	Description         string               `json:"description"`
	CreatedAt           string               `json:"createdAt"`
	// FailureReason is why a failed or rejected transaction did not go through, one of
	// domain.FailureReasons; optional, and refused on a transaction of any other status.
	FailureReason string `json:"failureReason"`
	// InstitutionID names the reporting institution; only regulators may set it (staff report
	// for their own institution, whatever the body says).
	InstitutionID string `json:"institutionId"`
}

// batchResult is the answer for one item.
type batchResult struct {
	Index         int               `json:"index"`
	ExternalID    string            `json:"externalId"`
	Result        string            `json:"result"` // created, duplicate or rejected
	ID            string            `json:"id,omitempty"`
	TransactionID string            `json:"transactionId,omitempty"`
	AMLScore      *int              `json:"amlScore,omitempty"`
	RiskLevel     string            `json:"riskLevel,omitempty"`
	Errors        map[string]string `json:"errors,omitempty"`
}

var partyPattern = regexp.MustCompile(`^[A-Za-z0-9+][A-Za-z0-9+ -]{2,63}$`)

// batchAnswer counts the items per result (created, duplicate, rejected) and says what
// happened to each.
type batchAnswer struct {
	Summary map[string]int `json:"summary"`
	Results []batchResult  `json:"results"`
}

// submitBatch is POST /api/transactions/batch: a licensed PSP's or MNO's staff (or a regulator
// for any institution) report up to 10,000 transactions as NDJSON or a JSON array. Each item is
// validated and scored; an item the institution reported before is a duplicate; the answer
// lists what happened to every item.
func (s *Server) submitBatch(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	extendDeadlines(w, slowBody, slowAnswer)
	items, err := readBatch(w, r)
	if err != nil {
		return err
	}
	staffInst, staffKind := "", ""
	if u.Role.IsInstitutionStaff() {
		if staffInst, staffKind, err = s.reportingInstitution(r, u, nil, nil); err != nil {
			return err
		}
	}
	dir, err := s.store.TransferInstitutions(r.Context())
	if err != nil {
		return err
	}
	now := s.store.Now()
	results := make([]batchResult, len(items))
	var valid []*store.NewTransaction
	var validIdx []int
	kinds := map[string]string{} // regulator-named institution id -> kind
	for i, it := range items {
		results[i] = batchResult{Index: i, ExternalID: it.ExternalID}
		instID, kind := staffInst, staffKind
		if !u.Role.IsInstitutionStaff() {
			instID, kind = it.InstitutionID, kinds[it.InstitutionID]
			if instID != "" && kind == "" {
				if kind, err = s.store.InstitutionKind(r.Context(), instID); err != nil {
					return err
				}
				kinds[instID] = kind
			}
		}
		nt, errs := it.toTransaction(now, dir, instID, kind, u.Role.IsInstitutionStaff())
		if len(errs) > 0 {
			results[i].Result, results[i].Errors = "rejected", errs
			continue
		}
		nt.CreatedBy = u.ID
		if nt.Sanctions, err = s.screenParties(r.Context(), screening.Party{Role: "sender", Name: nt.SenderName},
			screening.Party{Role: "recipient", Name: nt.RecipientName}); err != nil {
			return err
		}
		valid = append(valid, nt)
		validIdx = append(validIdx, i)
	}
	for start := 0; start < len(valid); start += batchChunk {
		end := min(start+batchChunk, len(valid))
		a := s.audit(r, "", "")
		a.Details = map[string]any{"institutionId": staffInst}
		outcomes, err := s.store.RecordBatch(r.Context(), valid[start:end], s.scoring(), a)
		if err != nil {
			return err
		}
		for k, o := range outcomes {
			res := &results[validIdx[start+k]]
			if !o.Inserted {
				res.Result = "duplicate"
				continue
			}
			t := valid[start+k]
			score := o.AML.Score
			res.Result, res.ID, res.TransactionID, res.AMLScore, res.RiskLevel = "created", t.ID, t.TransactionID, &score, o.AML.Level
		}
	}
	summary := map[string]int{"created": 0, "duplicate": 0, "rejected": 0}
	for _, res := range results {
		summary[res.Result]++
	}
	writeJSON(w, http.StatusOK, batchAnswer{Summary: summary, Results: results})
	return nil
}

// readBatch reads the items as a JSON array (application/json) or NDJSON (application/x-ndjson),
// refusing unknown fields, more than maxBatchItems items or more than maxBatchBytes.
func readBatch(w http.ResponseWriter, r *http.Request) ([]batchItem, error) {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBatchBytes))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return nil, domain.E(domain.ETOOLARGE, domain.CodeBatchTooLarge)
	}
	if err != nil {
		return nil, err
	}
	if err := jsonText(body); err != nil {
		return nil, err
	}
	var items []batchItem
	switch mt {
	case "application/json":
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&items); err != nil {
			return nil, jsonError(err)
		}
	case "application/x-ndjson", "application/ndjson":
		sc := bufio.NewScanner(bytes.NewReader(body))
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		line := 0
		for sc.Scan() {
			line++
			if strings.TrimSpace(sc.Text()) == "" {
				continue
			}
			var it batchItem
			dec := json.NewDecoder(strings.NewReader(sc.Text()))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&it); err != nil {
				var e *domain.Error
				errors.As(jsonError(err), &e)
				return nil, domain.E(e.Code, CodeBatchLine, "line", strconv.Itoa(line))
			}
			items = append(items, it)
			if len(items) > maxBatchItems {
				break
			}
		}
		if err := sc.Err(); err != nil {
			return nil, domain.E(domain.EINVALID, domain.CodeBatchLineTooLong, "line", strconv.Itoa(line+1))
		}
	default:
		return nil, domain.E(domain.EUNSUPPORTED, domain.CodeBatchMediaType)
	}
	switch {
	case len(items) == 0:
		return nil, domain.E(domain.EINVALID, domain.CodeBatchEmpty)
	case len(items) > maxBatchItems:
		return nil, domain.E(domain.ETOOLARGE, domain.CodeBatchTooManyItems, "max", strconv.Itoa(maxBatchItems))
	}
	return items, nil
}

// toTransaction validates an item and turns it into a transaction of the reporting institution.
// The operators or banks an item names must be in the registry (dir) with an active licence.
func (it batchItem) toTransaction(now time.Time, dir domain.Directory, instID, kind string, staff bool) (*store.NewTransaction, map[string]string) {
	e := map[string]string{}
	it.ExternalID = strings.TrimSpace(it.ExternalID)
	if it.ExternalID == "" || len(it.ExternalID) > 64 {
		e["externalId"] = "Required, at most 64 characters"
	}
	if staff && it.InstitutionID != "" && it.InstitutionID != instID {
		e["institutionId"] = "Staff report for their own institution only"
	}
	if instID == "" || kind == "" {
		e["institutionId"] = "Name a registered PSP or MNO"
	}
	amount, msg := domain.CheckAmount(string(it.Amount))
	if msg != "" {
		e["amount"] = msg
	}
	if !domain.IsCurrency(it.Currency) {
		e["currency"] = "Currency must be SHS or USD"
	}
	def := func(v *string, d string) {
		if *v == "" {
			*v = d
		}
	}
	def(&it.Status, domain.TxCompleted)
	def(&it.Type, "transfer")
	def(&it.TransferMode, domain.ModeOnline)
	if !slices.Contains(txStatuses, it.Status) {
		e["status"] = "Must be one of " + strings.Join(txStatuses, ", ")
	}
	switch {
	case it.FailureReason == "":
	case !domain.StatesFailure(it.Status):
		e["failureReason"] = "Only for a failed or rejected transaction"
	case !slices.Contains(domain.FailureReasons, it.FailureReason):
		e["failureReason"] = "Must be one of " + strings.Join(domain.FailureReasons, ", ")
	}
	if !slices.Contains(txTypes, it.Type) {
		e["type"] = "Must be one of " + strings.Join(txTypes, ", ")
	}
	if !slices.Contains(txModes, it.TransferMode) {
		e["transferMode"] = "Must be one of " + strings.Join(txModes, ", ")
	}
	for key, v := range map[string]string{"senderNumber": it.SenderNumber, "receiverNumber": it.ReceiverNumber} {
		if !partyPattern.MatchString(strings.TrimSpace(v)) {
			e[key] = "Required: 3 to 64 letters, digits, spaces, + or -"
		}
	}
	for key, v := range map[string]string{"senderName": it.SenderName, "recipientName": it.RecipientName,
		"senderInstitution": it.SenderInstitution, "receiverInstitution": it.ReceiverInstitution, "description": it.Description} {
		if len(v) > domain.MaxTextLength {
			e[key] = "At most 200 characters"
		}
	}
	for key, v := range map[string]string{"senderInstitution": it.SenderInstitution, "receiverInstitution": it.ReceiverInstitution} {
		if msg := domain.CheckNamedInstitution(dir, v); msg != "" && e[key] == "" {
			e[key] = msg
		}
	}
	at := now
	if it.CreatedAt != "" {
		t, err := time.Parse(time.RFC3339, it.CreatedAt)
		switch {
		case err != nil:
			e["createdAt"] = "Use an RFC 3339 time such as 2026-11-22T10:15:00Z"
		case t.After(now.Add(5 * time.Minute)):
			e["createdAt"] = "Must not be in the future"
		case t.Before(now.AddDate(-1, 0, 0)):
			e["createdAt"] = "Must be within the last year"
		default:
			at = t.UTC().Truncate(time.Millisecond)
		}
	}
	if len(e) > 0 {
		return nil, e
	}
	nt := &store.NewTransaction{InstitutionType: kind, ExternalID: it.ExternalID, SenderInstitution: it.SenderInstitution,
		ReceiverInstitution: it.ReceiverInstitution, Description: it.Description, SettlementMode: domain.SettlementMode(it.TransferMode),
		FailureReason: it.FailureReason}
	nt.TransactionID, nt.NPSSReference = domain.NewTransactionID(at), domain.NewNPSSReference(at)
	nt.Amount, nt.Fee, nt.Currency = amount, domain.TransferFee(amount, domain.Currency(it.Currency)), domain.Currency(it.Currency)
	nt.Status, nt.Type, nt.TransferMode = it.Status, it.Type, it.TransferMode
	nt.Sender, nt.Recipient = domain.NormalizeAccount(it.SenderNumber), domain.NormalizeAccount(it.ReceiverNumber)
	nt.SenderName, nt.RecipientName = strings.TrimSpace(it.SenderName), strings.TrimSpace(it.RecipientName)
	nt.InstitutionID, nt.CreatedAt = instID, at
	switch kind {
	case "psp":
		nt.PSPID = instID
	case "mno":
		nt.MNOID = instID
	}
	if nt.Status == domain.TxCompleted {
		nt.ProcessedAt = at
	}
	return nt, nil
}
