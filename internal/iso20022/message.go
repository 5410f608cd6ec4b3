package iso20022

import (
	"fmt"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// Message types Kormeer reads (the schema's message definition identifiers, without version).
const (
	TypeCreditTransfer = "pacs.008"
	TypeStatusReport   = "pacs.002"
)

// Message is one ISO 20022 document: a credit transfer (Transfers set) or a status report
// (Statuses set).
type Message struct {
	// Definition is the full message definition identifier, such as "pacs.008.001.08".
	Definition string
	// Path is the document's element path in the request ("/Document" for a single message).
	Path      string
	MsgID     string
	CreatedAt time.Time
	Transfers []Transfer
	Statuses  []Status
}

// Type is the definition without its variant and version: TypeCreditTransfer or
// TypeStatusReport.
func (m *Message) Type() string { return m.Definition[:8] }

// Agent is a financial institution as a message names it. Kormeer matches Identifiers against
// the registry's institution codes and licence numbers, then Name against institution names.
type Agent struct {
	BIC      string
	MemberID string // clearing system member id
	Other    string
	Name     string
}

// Identifiers are the agent's codes, most specific first.
func (a Agent) Identifiers() []string {
	var out []string
	for _, v := range []string{a.BIC, a.MemberID, a.Other} {
		if v != "" {
			out = append(out, v)
		}
	}
	return out
}

// IsZero reports an absent agent.
func (a Agent) IsZero() bool { return a == Agent{} }

// Transfer is one credit transfer transaction (CdtTrfTxInf) of a pacs.008.
type Transfer struct {
	Path                          string // element path, for faults found while mapping it
	MsgID                         string
	InstrID, EndToEndID, TxID     string
	UETR                          string
	Amount                        domain.Minor
	Currency                      domain.Currency
	SettlementDate                string
	DebtorName, DebtorAccount     string
	CreditorName, CreditorAccount string
	DebtorAgent, CreditorAgent    Agent
	InstructingAgent              Agent // the transaction's, else the group header's
	Remittance                    string
	CreatedAt                     time.Time
}

// Key identifies the transfer across redeliveries and resubmissions: its UETR when it has one
// (unique by definition), else its message id with its transaction or end-to-end id. The key is
// at most 64 bytes (the transactions table's external id).
func (t *Transfer) Key() string {
	if t.UETR != "" {
		return "uetr:" + t.UETR
	}
	id := t.TxID
	if id == "" {
		id = t.EndToEndID
	}
	return "msg:" + shortHash(t.MsgID+"\x00"+id)
}

// Status is one transaction's status (TxInfAndSts) in a pacs.002.
type Status struct {
	Path                                string
	MsgID                               string
	Index                               int // position in its message, for the status's key
	OrigMsgID, OrigEndToEndID, OrigTxID string
	OrigUETR                            string
	Code                                string // ExternalPaymentTransactionStatus1Code: ACSC, RJCT...
	Reason                              string // the first StsRsnInf/Rsn/Cd (or Prtry)
	Info                                string // AddtlInf, joined
	At                                  time.Time
}

// Key identifies the status report entry across redeliveries: its message id and position.
func (s *Status) Key() string { return shortHash(fmt.Sprintf("%s\x00%d", s.MsgID, s.Index)) }

// Outcomes of a status report, the Kormeer side of the status mapping (docs/ISO20022.md).
const (
	OutcomePending  = "pending"
	OutcomeAccepted = "accepted"
	OutcomeSettled  = "settled"
	OutcomeRejected = "rejected"
)

// statusCodes maps ExternalPaymentTransactionStatus1Code to an outcome.
var statusCodes = map[string]string{
	"RCVD": OutcomePending, "PDNG": OutcomePending, "ACTC": OutcomeAccepted, "ACCP": OutcomeAccepted,
	"ACSP": OutcomeAccepted, "ACWC": OutcomeAccepted, "ACWP": OutcomeAccepted, "PART": OutcomeAccepted,
	"ACFC": OutcomeAccepted, "ACSC": OutcomeSettled, "ACCC": OutcomeSettled, "RJCT": OutcomeRejected,
	"CANC": OutcomeRejected, "BLCK": OutcomeRejected,
}

// Outcome is the status code's meaning for Kormeer.
func (s *Status) Outcome() string { return statusCodes[s.Code] }

// TransactionStatus is the Kormeer transaction status an outcome sets.
func TransactionStatus(outcome string) string {
	switch outcome {
	case OutcomeAccepted:
		return domain.TxProcessing
	case OutcomeSettled:
		return domain.TxCompleted
	case OutcomeRejected:
		return domain.TxRejected
	}
	return domain.TxPending
}

// StatusRank orders Kormeer statuses so that a status report arriving out of order never moves
// a transaction back: a late "accepted" after "settled" is recorded in the history only. The
// order is the domain's (domain.TxStatusRank).
func StatusRank(status string) int { return domain.TxStatusRank(status) }

// References are the identifiers a status report may use to name its transaction, most
// reliable first; a transfer matches when any of them equals the transfer's.
func (s *Status) References() []string {
	var out []string
	if s.OrigUETR != "" {
		out = append(out, "uetr:"+s.OrigUETR)
	}
	if s.OrigEndToEndID != "" {
		out = append(out, "e2e:"+s.OrigEndToEndID)
	}
	if s.OrigTxID != "" {
		out = append(out, "txid:"+s.OrigTxID)
	}
	return out
}

// References are the identifiers a status report may name this transfer by (see
// Status.References).
func (t *Transfer) References() []string {
	out := []string{"e2e:" + t.EndToEndID}
	if t.UETR != "" {
		out = append([]string{"uetr:" + t.UETR}, out...)
	}
	if t.TxID != "" {
		out = append(out, "txid:"+t.TxID)
	}
	return out
}

// Fault is one thing wrong with a document, at an element path such as
// /Document/FIToFICstmrCdtTrf/CdtTrfTxInf[1]/PmtId/EndToEndId.
type Fault struct {
	Path    string `json:"path"`
	Message string `json:"message"`
}

// Error lists every fault of a document; nothing of it may be stored.
type Error struct {
	Faults []Fault
}

func (e *Error) Error() string {
	if len(e.Faults) == 0 {
		return "invalid ISO 20022 document"
	}
	parts := make([]string, 0, len(e.Faults))
	for _, f := range e.Faults {
		parts = append(parts, f.Path+": "+f.Message)
	}
	return strings.Join(parts, "; ")
}

// Fields are the faults keyed by path, the shape of the API's error answer.
func (e *Error) Fields() map[string]string {
	out := make(map[string]string, len(e.Faults))
	for _, f := range e.Faults {
		if _, ok := out[f.Path]; !ok {
			out[f.Path] = f.Message
		}
	}
	return out
}

// failureReasons maps ISO 20022 status reason codes (ExternalStatusReason1Code) to Kormeer's
// failure reasons (domain.FailureReasons), so a rejection reads like any other.
var failureReasons = map[string]string{
	"AM04": "insufficient_funds", "AC01": "invalid_account", "AC03": "invalid_account", "AC04": "invalid_account",
	"AC06": "invalid_account", "BE01": "invalid_account", "AM02": "limit_exceeded", "AM14": "limit_exceeded",
	"AM15": "limit_exceeded", "AB05": "timeout", "AB06": "timeout", "AB08": "recipient_unreachable",
	"NOAS": "recipient_unreachable", "AB09": "operator_unavailable", "CUST": "cancelled_by_sender", "DS02": "cancelled_by_sender",
}

// FailureReason is the Kormeer failure reason of an ISO reason code, "not_stated" for others.
func FailureReason(code string) string {
	if r, ok := failureReasons[code]; ok {
		return r
	}
	return "not_stated"
}
