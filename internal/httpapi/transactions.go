package httpapi

import (
	"net/http"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// summaryMetrics answers GET /api/metrics: the headline figures computed from the database.
// Figures with nothing to compute them from are left out, and the web app shows the spec's
// fallbacks for them.
func (s *Server) summaryMetrics(w http.ResponseWriter, r *http.Request) error {
	sum, err := s.store.Summary(r.Context())
	if err != nil {
		return err
	}
	out := map[string]any{}
	if sum.TotalTransactions != nil {
		out["totalTransactions"] = *sum.TotalTransactions
		out["transactionVolume"] = domain.CompactUSD(*sum.VolumeUSD)
	}
	if sum.ActivePSPs != nil {
		out["activePsps"] = *sum.ActivePSPs
	}
	if sum.ComplianceScore != nil {
		out["complianceScore"] = *sum.ComplianceScore
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// transactionJSON is a transaction as lists show it (001 §3), amounts as decimal strings.
type transactionJSON struct {
	ID            string    `json:"id"`
	TransactionID string    `json:"transactionId"`
	NPSSReference string    `json:"npssReference"`
	PSPID         *string   `json:"pspId"`
	MNOID         *string   `json:"mnoId"`
	Amount        string    `json:"amount"`
	Fee           string    `json:"fee"`
	Currency      string    `json:"currency"`
	Status        string    `json:"status"`
	Type          string    `json:"type"`
	TransferMode  string    `json:"transferMode"`
	FlowType      string    `json:"flowType,omitempty"`
	Sender        string    `json:"sender"`
	Receiver      string    `json:"receiver"`
	SenderName    string    `json:"senderName"`
	RecipientName string    `json:"recipientName"`
	AMLScore      int       `json:"amlScore"`
	RiskLevel     string    `json:"riskLevel"`
	IsHighRisk    bool      `json:"isHighRisk"`
	CreatedAt     time.Time `json:"createdAt"`
}

// listTransactions answers GET /api/transactions: the newest 50 transactions the caller may see.
// Regulators see all; PSP and MNO staff their institution's; citizens their own; guests see the
// country's recent payments with the parties masked.
func (s *Server) listTransactions(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	var scope store.TxScope
	switch {
	case u.IsGuest || u.Role.IsRegulator():
	case u.Role.IsInstitutionStaff():
		scope.InstitutionID = u.Institution
		if scope.InstitutionID == "" {
			writeJSON(w, http.StatusOK, []transactionJSON{})
			return nil
		}
	default:
		scope.CreatedBy = u.ID
	}
	txs, err := s.store.RecentTransactions(r.Context(), scope, 50)
	if err != nil {
		return err
	}
	out := make([]transactionJSON, len(txs))
	for i, t := range txs {
		j := transactionJSON{ID: t.ID, TransactionID: t.TransactionID, NPSSReference: t.NPSSReference,
			PSPID: optional(t.PSPID), MNOID: optional(t.MNOID), Amount: t.Amount.String(), Fee: t.Fee.String(),
			Currency: string(t.Currency), Status: t.Status, Type: t.Type, TransferMode: t.TransferMode,
			FlowType: t.FlowType, Sender: t.Sender, Receiver: t.Recipient, SenderName: t.SenderName,
			RecipientName: t.RecipientName, AMLScore: t.AMLScore, RiskLevel: t.RiskLevel, IsHighRisk: t.IsHighRisk,
			CreatedAt: t.CreatedAt}
		if u.IsGuest {
			j.Sender, j.Receiver = domain.MaskAccount(t.Sender), domain.MaskAccount(t.Recipient)
			j.SenderName, j.RecipientName = "", ""
		}
		out[i] = j
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
