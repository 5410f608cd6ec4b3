package httpapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/screening"
	"github.com/kormeer/kormeer/internal/store"
)

// transferResponse is POST /api/transfer's answer (001 §3, extended with what the receipt shows).
type transferResponse struct {
	ID             string            `json:"id"`
	TransactionID  string            `json:"transactionId"`
	NPSSReference  string            `json:"npssReference"`
	Status         string            `json:"status"`
	Amount         string            `json:"amount"`
	Fee            string            `json:"fee"`
	Total          string            `json:"total"`
	Currency       string            `json:"currency"`
	FlowType       string            `json:"flowType"`
	SettlementMode string            `json:"settlementMode"`
	USSDCode       *string           `json:"ussdCode"`
	Route          domain.Route      `json:"route"`
	Routes         []domain.Route    `json:"routes"`
	BridgeFees     domain.BridgeFees `json:"bridgeFees"`
	AMLScore       int               `json:"amlScore"`
	RiskLevel      string            `json:"riskLevel"`
	AMLRules       []domain.RuleHit  `json:"amlRules"`
	CreatedAt      time.Time         `json:"createdAt"`
}

// createTransfer is POST /api/transfer: validate, compute fee and route, score AML risk and store
// the transaction with its log, alert and audit rows in one database transaction. An
// Idempotency-Key header makes retries safe.
func (s *Server) createTransfer(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	key := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
	if len(key) > 200 || !storableText(key) {
		return domain.E(domain.EINVALID, CodeIdempotencyKeyFormat)
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	if err != nil {
		return jsonError(err)
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	var in domain.TransferRequest
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	dir, err := s.store.TransferInstitutions(r.Context())
	if err != nil {
		return err
	}
	t, err := domain.ValidateTransfer(in, dir)
	if err != nil {
		return err
	}
	instID, instType, err := s.reportingInstitution(r, u, dir, &in)
	if err != nil {
		return err
	}
	now := s.store.Now()
	nt := store.NewTransaction{InstitutionType: instType, SenderInstitution: in.SenderInstitution,
		ReceiverInstitution: in.ReceiverInstitution, SettlementMode: t.SettlementMode, USSDCode: t.USSDCode,
		RoutingCode: t.Route.RoutingCode, Description: strings.TrimSpace(in.Description), CreatedBy: u.ID}
	nt.TransactionID, nt.NPSSReference = domain.NewTransactionID(now), domain.NewNPSSReference(now)
	nt.Amount, nt.Fee, nt.Currency = t.Amount, t.Fee, t.Currency
	nt.Type, nt.TransferMode, nt.FlowType = "transfer", in.Mode, t.FlowType
	nt.Sender, nt.Recipient = domain.NormalizeAccount(in.SenderNumber), domain.NormalizeAccount(in.ReceiverNumber)
	nt.InstitutionID = instID
	nt.SenderName, nt.RecipientName = strings.TrimSpace(in.SenderName), strings.TrimSpace(in.RecipientName)
	if nt.Sanctions, err = s.screenParties(r.Context(), screening.Party{Role: "sender", Name: nt.SenderName},
		screening.Party{Role: "recipient", Name: nt.RecipientName}); err != nil {
		return err
	}
	if instType == "psp" {
		nt.PSPID = instID
	}
	if instType == "mno" {
		nt.MNOID = instID
	}
	nt.Status = domain.SettledStatus(in.Mode)
	if nt.Status == domain.TxCompleted {
		nt.ProcessedAt = now // settled in real time; a batch-settled one is processed with its batch
	}
	if in.ClearingHouse != nil {
		b, _ := json.Marshal(in.ClearingHouse)
		nt.CompensationDetails = string(b)
	}
	sum := sha256.Sum256(body)
	res, err := s.store.CreateTransfer(r.Context(), &store.TransferWrite{Tx: nt, Scoring: s.scoring(),
		IdempotencyKey: key, RequestHash: hex.EncodeToString(sum[:]), UserID: u.ID, Audit: s.audit(r, "", ""),
		Respond: func(st *store.NewTransaction, aml domain.AMLResult) ([]byte, error) {
			var ussd *string
			if st.USSDCode != "" {
				ussd = &st.USSDCode
			}
			return json.Marshal(transferResponse{ID: st.ID, TransactionID: st.TransactionID, NPSSReference: st.NPSSReference,
				Status: st.Status, Amount: st.Amount.String(), Fee: st.Fee.String(), Total: (st.Amount + st.Fee).String(),
				Currency: string(st.Currency), FlowType: st.FlowType, SettlementMode: st.SettlementMode, USSDCode: ussd,
				Route: t.Route, Routes: t.Routes, BridgeFees: domain.MobileBridgeFees(st.Amount), AMLScore: aml.Score,
				RiskLevel: aml.Level, AMLRules: aml.Rules, CreatedAt: st.CreatedAt})
		}})
	if err != nil {
		return err
	}
	if res.Replayed {
		w.Header().Set("Idempotent-Replayed", "true")
	} else {
		s.rec.Transfers.Inc()
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusCreated)
	w.Write(res.Response)
	return nil
}

// reportingInstitution decides which institution a transaction is recorded under: PSP and MNO
// staff report for their own institution (never for one named in the body), and only while its
// licence is active; anyone else's transfer is recorded under the sender's wallet operator (a
// PSP of the registry). A batch passes no transfer: it names its institution otherwise.
func (s *Server) reportingInstitution(r *http.Request, u *domain.User, dir domain.Directory, in *domain.TransferRequest) (id, kind string, err error) {
	if u.Role.IsInstitutionStaff() {
		kind = "psp"
		if u.Role == domain.RoleMNOAdmin {
			kind = "mno"
		}
		status, err := s.store.LicenseStatus(r.Context(), kind, u.Institution)
		if err != nil {
			return "", "", err
		}
		if status != domain.LicenseActive {
			return "", "", domain.E(domain.EFORBIDDEN, CodeLicenseNotActive, "status", status)
		}
		return u.Institution, kind, nil
	}
	if in == nil || in.SenderType != domain.AccountWallet {
		return "", "", nil
	}
	op, _ := dir.Find(domain.AccountWallet, in.SenderInstitution) // ValidateTransfer found it
	return op.ID, "psp", nil
}

// transferInstitutions is GET /api/transfer/institutions: the wallet operators and banks that
// may move money now (licence active and current), with what the transfer form needs to offer
// and check them. Any signed-in caller may read it, as anyone who may send a transfer must see
// where to.
func (s *Server) transferInstitutions(w http.ResponseWriter, r *http.Request) error {
	if fields := unknownParams(r.URL.Query(), nil); len(fields) > 0 {
		return domain.Invalid(CodeNoParams, fields)
	}
	all, err := s.store.TransferInstitutions(r.Context())
	if err != nil {
		return err
	}
	out := []domain.TransferInstitution{}
	for _, in := range all {
		if in.LicenseStatus == domain.LicenseActive {
			out = append(out, in)
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, out)
	return nil
}

// transferQuoteParams are the query parameters GET /api/transfer/quote reads.
var transferQuoteParams = map[string]bool{"amount": true, "currency": true}

// transferQuoteJSON is what a transfer of the amount will cost: the fee POST /api/transfer charges
// (domain.TransferFee) and the total, as decimal strings.
type transferQuoteJSON struct {
	Amount   string `json:"amount"`
	Currency string `json:"currency" enum:"SHS,USD"`
	Fee      string `json:"fee"`
	Total    string `json:"total"`
}

// transferQuote is GET /api/transfer/quote?amount=&currency=: the fee of a transfer before it is
// made, from the rule that charges it, so that the form shows every route with exactly the fee
// that will be charged (docs/DECISIONS.md, "One fee, quoted by the server"). The fee does not
// depend on the route: routes differ in speed and limits.
func (s *Server) transferQuote(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f := unknownParams(q, transferQuoteParams)
	cur := domain.Currency(q.Get("currency"))
	if cur != domain.SHS && cur != domain.USD {
		f["currency"] = domain.F(domain.CodeCurrency)
	}
	amount, fault := domain.AmountFault(q.Get("amount"))
	if fault != nil {
		f["amount"] = *fault
	}
	if len(f) > 0 {
		return domain.Invalid(CodeQuoteInvalid, f)
	}
	fee := domain.TransferFee(amount, cur)
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, transferQuoteJSON{amount.String(), string(cur), fee.String(), (amount + fee).String()})
	return nil
}
