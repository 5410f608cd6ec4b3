// Package switchfeed takes the national switch's ISO 20022 messages into Kormeer: it maps parsed
// messages to transactions and status reports and stores them (Ingester, used by POST
// /api/iso20022 and the JetStream consumer alike), and it runs the JetStream consumer that
// every instance joins (Consumer).
package switchfeed

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/iso20022"
	"github.com/kormeer/kormeer/internal/store"
)

// Ingester maps and stores switch messages.
type Ingester struct {
	Store *store.Store
	// Scoring gives the AML thresholds in force for each call.
	Scoring func() store.Scoring
}

// Source is who sent the messages. An institution's staff (or its API key) report for their own
// institution (InstitutionID and Kind set); a regulator or the switch feed report for the
// institution each transfer's debtor agent names.
type Source struct {
	UserID        string
	InstitutionID string
	Kind          string // psp or mno, with InstitutionID
	Audit         store.Audit
	// DeadLetterID, when set, is the dead letter the messages were read from, closed as retried
	// in the transaction that stores them (with RetryAudit).
	DeadLetterID string
	RetryAudit   store.Audit
}

// Result is what happened to one transfer or status entry.
type Result struct {
	Path              string `json:"path"`
	Message           string `json:"messageType"`
	Kind              string `json:"kind"` // transfer or status
	Result            string `json:"result"`
	EndToEndID        string `json:"endToEndId,omitempty"`
	UETR              string `json:"uetr,omitempty"`
	TransactionID     string `json:"id,omitempty"`
	TransactionNumber string `json:"transactionId,omitempty"`
	Status            string `json:"status,omitempty"`
	AMLScore          *int   `json:"amlScore,omitempty"`
	RiskLevel         string `json:"riskLevel,omitempty"`
}

// Ingest stores the messages in one database transaction, or refuses them all with an
// *iso20022.Error naming each fault's element path (an unknown institution, say).
func (in *Ingester) Ingest(ctx context.Context, msgs []iso20022.Message, src Source) ([]Result, error) {
	insts, err := in.Store.ISOInstitutions(ctx)
	if err != nil {
		return nil, err
	}
	reg := newRegistry(insts)
	now := in.Store.Now()
	var items []store.ISOItem
	var results []Result
	var faults []iso20022.Fault
	for mi := range msgs {
		m := &msgs[mi]
		for i := range m.Transfers {
			t := &m.Transfers[i]
			nt, fs := mapTransfer(t, reg, src, now)
			faults = append(faults, fs...)
			items = append(items, store.ISOItem{Definition: m.Definition, Transfer: t, Tx: nt})
			results = append(results, Result{Path: t.Path, Message: m.Definition, Kind: "transfer", EndToEndID: t.EndToEndID, UETR: t.UETR})
		}
		for i := range m.Statuses {
			s := &m.Statuses[i]
			items = append(items, store.ISOItem{Definition: m.Definition, Status: s})
			results = append(results, Result{Path: s.Path, Message: m.Definition, Kind: "status", EndToEndID: s.OrigEndToEndID, UETR: s.OrigUETR})
		}
	}
	if len(faults) > 0 {
		return nil, &iso20022.Error{Faults: faults}
	}
	if src.Audit.Details == nil {
		src.Audit.Details = map[string]any{}
	}
	src.Audit.Details["messages"] = len(msgs)
	if src.InstitutionID != "" {
		src.Audit.Details["institutionId"] = src.InstitutionID
	}
	outcomes, err := in.Store.RecordISO(ctx, store.ISOWrite{Items: items, Scoring: in.Scoring(), Audit: src.Audit,
		RetriedDeadLetter: src.DeadLetterID, RetryAudit: src.RetryAudit})
	if err != nil {
		return nil, err
	}
	for i, o := range outcomes {
		r := &results[i]
		r.Result, r.TransactionID, r.TransactionNumber, r.Status = o.Result, o.TransactionID, o.TransactionNumber, o.Status
		if o.Result == store.ISOCreated {
			score := o.AML.Score
			r.AMLScore, r.RiskLevel = &score, o.AML.Level
		}
	}
	return results, nil
}

// registry finds institutions by the identifiers and names agents use.
type registry struct {
	byID   map[string]*store.ISOInstitution // upper-cased code or licence number
	byName map[string]*store.ISOInstitution // lower-cased name
}

func newRegistry(insts []store.ISOInstitution) *registry {
	r := &registry{byID: map[string]*store.ISOInstitution{}, byName: map[string]*store.ISOInstitution{}}
	for i := range insts {
		in := &insts[i]
		for _, k := range []string{in.Code, in.LicenseNumber} {
			if k = strings.ToUpper(strings.TrimSpace(k)); k != "" && r.byID[k] == nil {
				r.byID[k] = in
			}
		}
		if k := strings.ToLower(in.Name); r.byName[k] == nil {
			r.byName[k] = in
		}
	}
	return r
}

// find resolves an agent: any identifier against codes and licence numbers, then the name.
func (r *registry) find(a iso20022.Agent) *store.ISOInstitution {
	for _, id := range a.Identifiers() {
		if in := r.byID[strings.ToUpper(id)]; in != nil {
			return in
		}
	}
	if a.Name != "" {
		return r.byName[strings.ToLower(a.Name)]
	}
	return nil
}

func describe(a iso20022.Agent) string {
	parts := append(a.Identifiers(), a.Name)
	return strings.TrimSpace(strings.Join(parts, " "))
}

// mapTransfer turns a credit transfer into the transaction of its reporting institution
// (docs/ISO20022.md, the mapping table).
func mapTransfer(t *iso20022.Transfer, reg *registry, src Source, now time.Time) (*store.NewTransaction, []iso20022.Fault) {
	var faults []iso20022.Fault
	fault := func(path, msg string) { faults = append(faults, iso20022.Fault{Path: t.Path + path, Message: msg}) }
	debtor, creditor := reg.find(t.DebtorAgent), reg.find(t.CreditorAgent)
	if debtor == nil {
		fault("/DbtrAgt/FinInstnId", "Unknown institution "+describe(t.DebtorAgent)+": name a registered PSP, MNO or bank by its code, licence number or name")
	}
	if creditor == nil {
		fault("/CdtrAgt/FinInstnId", "Unknown institution "+describe(t.CreditorAgent)+": name a registered PSP, MNO or bank by its code, licence number or name")
	}
	instID, kind := src.InstitutionID, src.Kind
	if instID == "" {
		// The reporting institution is the debtor agent, or else the instructing agent, if a
		// licensed wallet operator (PSP) or mobile network operator (MNO).
		for _, cand := range []*store.ISOInstitution{debtor, reg.find(t.InstructingAgent)} {
			if cand != nil && (cand.Kind == "psp" || cand.Kind == "mno") && cand.LicenseStatus == domain.LicenseActive {
				instID, kind = cand.ID, cand.Kind
				break
			}
		}
		if instID == "" && debtor != nil {
			fault("/DbtrAgt/FinInstnId", fmt.Sprintf("%s cannot report this transfer: the debtor agent or the instructing agent must be a PSP or MNO with an active licence", debtor.Name))
		}
	}
	at := t.CreatedAt
	created := t.Path[:strings.LastIndex(t.Path, "/")] + "/GrpHdr/CreDtTm"
	switch {
	case at.After(now.Add(5 * time.Minute)):
		faults = append(faults, iso20022.Fault{Path: created, Message: "Must not be in the future"})
	case at.Before(now.AddDate(-1, 0, 0)):
		faults = append(faults, iso20022.Fault{Path: created, Message: "Must be within the last year"})
	}
	if len(faults) > 0 {
		return nil, faults
	}
	nt := &store.NewTransaction{InstitutionType: kind, ExternalID: t.Key(), SenderInstitution: debtor.Name,
		ReceiverInstitution: creditor.Name, Description: t.Remittance, SettlementMode: "real-time"}
	nt.TransactionID, nt.NPSSReference = domain.NewTransactionID(at), domain.NewNPSSReference(at)
	nt.Amount, nt.Fee, nt.Currency = t.Amount, domain.TransferFee(t.Amount, t.Currency), t.Currency
	nt.Status, nt.Type, nt.TransferMode = "pending", "transfer", domain.ModeOnline
	nt.Sender, nt.Recipient = t.DebtorAccount, t.CreditorAccount
	nt.SenderName, nt.RecipientName = t.DebtorName, t.CreditorName
	nt.InstitutionID, nt.CreatedAt, nt.CreatedBy = instID, at, src.UserID
	if kind == "psp" {
		nt.PSPID = instID
	} else {
		nt.MNOID = instID
	}
	return nt, nil
}
