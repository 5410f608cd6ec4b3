package domain

// Transaction statuses (000 §3, 001 §3). A transaction starts pending, processing or completed
// (or failed or rejected when an institution reports one that did not go through); approved is
// an institution's intermediate step.
const (
	TxPending    = "pending"
	TxApproved   = "approved"
	TxRejected   = "rejected"
	TxProcessing = "processing"
	TxCompleted  = "completed"
	TxFailed     = "failed"
)

// TxStatuses are every transaction status, in the order the filters list them.
var TxStatuses = []string{TxPending, TxApproved, TxRejected, TxProcessing, TxCompleted, TxFailed}

// TxTypes are the transaction types an institution may report.
var TxTypes = []string{"transfer", "payment", "withdrawal", "deposit", "refund", "fee", "npss_transfer"}

// TxModes are the transfer modes a transaction may have: the two of a transfer (ModeOnline,
// ModeOffline) and USSD, which institutions report as its own mode.
var TxModes = []string{ModeOnline, ModeOffline, "ussd"}

// Currencies are the currencies a transaction may be in.
var Currencies = []string{string(SHS), string(USD)}

// IsCurrency reports whether s names a currency of Currencies.
func IsCurrency(s string) bool { return contains(Currencies, s) }

// Settlement modes: an online transfer settles in real time, any other in the next batch
// (001 §3, §9).
const (
	SettleRealTime = "real-time"
	SettleBatch    = "batch"
)

// SettlementMode is how a transfer of a mode settles.
func SettlementMode(mode string) string {
	if mode == ModeOnline {
		return SettleRealTime
	}
	return SettleBatch
}

// SettledStatus is the status a transfer of a mode has once nothing holds it: an online transfer
// is completed at once, an offline one is processing until the next batch settles it.
func SettledStatus(mode string) string {
	if mode == ModeOffline {
		return TxProcessing
	}
	return TxCompleted
}

// AMLHold is the status a high-risk transaction is stored with: a completed one is held pending
// review (001 §7); any other keeps its status, since it did not move money yet or already failed.
func AMLHold(status string, highRisk bool) string {
	if highRisk && status == TxCompleted {
		return TxPending
	}
	return status
}

// SanctionsHold is the status a transaction whose party strongly matches a sanctions entry is
// stored with: one that would move money (completed, processing or pending) waits pending a
// regulator's decision; a failed, rejected or approved one keeps its status. held reports
// whether the match holds it.
func SanctionsHold(status string, strongMatch bool) (next string, held bool) {
	if strongMatch && (status == TxCompleted || status == TxProcessing || status == TxPending) {
		return TxPending, true
	}
	return status, false
}

// txStatusRank orders statuses along a transaction's life: pending, then approved or processing,
// then a final status.
var txStatusRank = map[string]int{TxPending: 0, TxApproved: 1, TxProcessing: 1, TxCompleted: 2, TxRejected: 2, TxFailed: 2}

// TxStatusRank is a status's step in a transaction's life (0 for pending or an unknown status).
func TxStatusRank(status string) int { return txStatusRank[status] }

// TxAdvances reports whether a transaction may move from one status to another: only forward, so
// that a report arriving out of order never moves it back, and never out of a final status.
func TxAdvances(from, to string) bool { return TxStatusRank(to) > TxStatusRank(from) }

// StatesFailure reports whether a transaction of a status did not go through, so that its
// institution may say why (one of FailureReasons).
func StatesFailure(status string) bool { return status == TxFailed || status == TxRejected }
