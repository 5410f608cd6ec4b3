package httpapi

import (
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// exportRowLimit bounds one export; a larger extract is a job for the database, not a browser.
const exportRowLimit = 1_000_000

// exportTransactions is GET /api/transactions/export: the current search as CSV, streamed page by
// page so memory stays flat, with every cell made safe to open in a spreadsheet.
func (s *Server) exportTransactions(w http.ResponseWriter, r *http.Request) error {
	f, err := parseTxFilter(r.URL.Query())
	if err != nil {
		return err
	}
	scope, masked := txScope(principalFrom(r.Context()))
	a := s.audit(r, "transaction.export", "transaction")
	a.Details = map[string]any{"query": r.URL.RawQuery}
	if err := s.store.RecordAccess(r.Context(), a); err != nil {
		return err
	}
	extendDeadlines(w, 0, slowAnswer)
	// The first page is read before any byte is sent, so a failure is still a JSON error.
	page, err := s.store.SearchTransactions(r.Context(), scope, f, nil, 1000)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="kormeer-transactions-`+time.Now().UTC().Format("20060102-150405")+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	cw := csv.NewWriter(w)
	cw.Write([]string{"transactionId", "createdAt", "status", "type", "transferMode", "flowType", "amount", "fee", "currency",
		"sender", "receiver", "senderInstitution", "receiverInstitution", "npssReference", "amlScore", "riskLevel"})
	written := 0
	for {
		for _, t := range page.Items {
			j := toTransactionJSON(t, masked)
			cw.Write(safeCells(j.TransactionID, j.CreatedAt.Format(time.RFC3339), j.Status, j.Type, j.TransferMode, j.FlowType,
				j.Amount, j.Fee, j.Currency, j.Sender, j.Receiver, j.SenderInstitution, j.ReceiverInstitution,
				j.NPSSReference, strconv.Itoa(j.AMLScore), j.RiskLevel))
			written++
		}
		cw.Flush()
		extendDeadlines(w, 0, slowAnswer) // each page sent earns the next its time
		if page.Next == nil || written >= exportRowLimit || cw.Error() != nil {
			return nil
		}
		if page, err = s.store.SearchTransactions(r.Context(), scope, f, page.Next, 1000); err != nil {
			s.log.ErrorContext(r.Context(), "export interrupted", "err", err)
			return nil // the header is sent: the truncated file is all we can do
		}
	}
}

// safeCells defuses spreadsheet formula injection (OWASP CSV injection): a cell starting with
// =, +, -, @, tab or carriage return is prefixed with a quote so it is read as text.
func safeCells(cells ...string) []string {
	for i, c := range cells {
		if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
			cells[i] = "'" + c
		}
	}
	return cells
}
