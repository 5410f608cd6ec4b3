package httpapi

import (
	"errors"
	"io"
	"mime"
	"net/http"
	"slices"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/iso20022"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/switchfeed"
)

// maxISOBytes caps an ISO 20022 request: a batch of documents, XML being verbose.
const maxISOBytes = 32 << 20

// isoIngestResponse is the answer of POST /api/iso20022: a count per result and what happened
// to each credit transfer and status entry, in document order.
type isoIngestResponse struct {
	Summary map[string]int      `json:"summary"`
	Results []switchfeed.Result `json:"results"`
}

// submitISO20022 is POST /api/iso20022: pacs.008 credit transfers and pacs.002 status reports
// as XML (application/xml) or in the JSON form (application/json), one document or a batch
// (docs/ISO20022.md). An institution's staff or API key report for their own institution, a
// regulator for the institution each transfer's debtor agent names. A document with any fault
// is refused whole, with each fault's element path; nothing is stored then.
func (s *Server) submitISO20022(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	extendDeadlines(w, slowBody, slowAnswer)
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	var parse func([]byte) ([]iso20022.Message, error)
	switch mt {
	case "application/xml", "text/xml":
		parse = iso20022.ParseXML
	case "application/json":
		parse = iso20022.ParseJSON
	default:
		return domain.E(domain.EUNSUPPORTED, CodeISOMediaType)
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxISOBytes))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return domain.E(domain.ETOOLARGE, CodeISOTooLarge)
	}
	if err != nil {
		return err
	}
	msgs, err := parse(body)
	if err != nil {
		return isoFault(err)
	}
	src := switchfeed.Source{UserID: u.ID, Audit: s.audit(r, "", "")}
	if u.Role.IsInstitutionStaff() {
		if src.InstitutionID, src.Kind, err = s.reportingInstitution(r, u, nil, nil); err != nil {
			return err
		}
	}
	results, err := s.iso.Ingest(r.Context(), msgs, src)
	if err != nil {
		return isoFault(err)
	}
	out := isoIngestResponse{Summary: map[string]int{}, Results: results}
	for _, res := range results {
		out.Summary[res.Result]++
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// isoFault turns a document's faults into a 400 naming each element path.
func isoFault(err error) error {
	var e *iso20022.Error
	if !errors.As(err, &e) {
		return err
	}
	fields := make(map[string]domain.Fault, len(e.Faults))
	for path, msg := range e.Fields() {
		fields[path] = domain.F(CodeISOElement, "detail", msg)
	}
	return domain.InvalidWith(CodeISOInvalid, fields, "path", e.Faults[0].Path, "detail", e.Faults[0].Message)
}

// getTransactionISO is GET /api/transactions/{id}/iso20022: the identifiers a switch
// transaction came with and the status reports received for it, to whoever may read the
// transaction; 404 for a transaction that did not come from the switch.
func (s *Server) getTransactionISO(w http.ResponseWriter, r *http.Request) error {
	scope, _ := txScope(principalFrom(r.Context()))
	t, err := s.store.TransactionByID(r.Context(), scope, r.PathValue("id"))
	if err != nil {
		return err
	}
	d, err := s.store.ISODetailOf(r.Context(), t.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, d)
	return nil
}

// isoDetailJSON is the answer of GET /api/transactions/{id}/iso20022.
type isoDetailJSON = store.ISODetail

// ISOIngester is the server's ISO 20022 ingester, for the switch feed consumer: it scores with
// the AML rules in force, as POST /api/iso20022 does.
func (s *Server) ISOIngester() *switchfeed.Ingester { return s.iso }

// deadLetterStatuses are the statuses GET /api/switch-feed/dead-letters filters on.
// deadLetterParams are the query parameters of GET /api/switch-feed/dead-letters; any other is refused.
var deadLetterParams = map[string]bool{"status": true}

var deadLetterStatuses = []string{"open", "retried", "discarded"}

// listDeadLetters is GET /api/switch-feed/dead-letters: the switch messages that could not be
// stored, newest first (at most 200), open ones by default (?status=all for every one).
func (s *Server) listDeadLetters(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	if fields := unknownParams(q, deadLetterParams); len(fields) > 0 {
		return domain.Invalid(CodeFiltersInvalid, fields)
	}
	status := q.Get("status")
	switch {
	case status == "":
		status = "open"
	case status == "all":
		status = ""
	case !slices.Contains(deadLetterStatuses, status):
		return domain.Invalid(CodeFiltersInvalid, map[string]domain.Fault{"status": oneOfFault(append(slices.Clone(deadLetterStatuses), "all"))})
	}
	list, err := s.store.DeadLetters(r.Context(), status, 200)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, list)
	return nil
}

// retryDeadLetter is POST /api/switch-feed/dead-letters/{id}/retry: store the message again,
// after a fix (the institution it names is registered now, say). It is stored as the feed
// stores it; if it still cannot be, the answer is 400 with the faults and the dead letter stays
// open with the new reason. A message stored meanwhile is a duplicate, never stored twice. The
// message's entries, the dead letter marked retried and both audit rows are one transaction.
func (s *Server) retryDeadLetter(w http.ResponseWriter, r *http.Request) error {
	d, err := s.store.DeadLetterByID(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	if d.Status != "open" {
		return domain.E(domain.ECONFLICT, domain.CodeDeadLetterDecided)
	}
	msgs, err := iso20022.Parse([]byte(d.Payload))
	var results []switchfeed.Result
	if err == nil {
		src := switchfeed.Source{UserID: principalFrom(r.Context()).ID, Audit: s.audit(r, "", "")}
		src.Audit.Details = map[string]any{"source": "dead letter", "deadLetterId": d.ID}
		src.DeadLetterID, src.RetryAudit = d.ID, s.audit(r, "", "")
		results, err = s.iso.Ingest(r.Context(), msgs, src)
	}
	var fault *iso20022.Error
	if errors.As(err, &fault) {
		reason, faults := switchfeed.Reason(err)
		if err := s.store.NoteDeadLetterAttempt(r.Context(), d.ID, reason, faults, s.audit(r, "", "")); err != nil {
			return err
		}
		return isoFault(err)
	}
	if err != nil {
		return err
	}
	out := isoIngestResponse{Summary: map[string]int{}, Results: results}
	for _, res := range results {
		out.Summary[res.Result]++
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// discardDeadLetter is POST /api/switch-feed/dead-letters/{id}/discard: the message will never
// be stored (a test message, a document the switch sent again corrected).
func (s *Server) discardDeadLetter(w http.ResponseWriter, r *http.Request) error {
	if _, err := s.store.DeadLetterByID(r.Context(), r.PathValue("id")); err != nil {
		return err
	}
	if err := s.store.CloseDeadLetter(r.Context(), r.PathValue("id"), "discarded", s.audit(r, "", "")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// switchFeedJSON is the feed's state for the system metrics: this instance's consumer counters
// and the open dead letters of all instances.
type switchFeedJSON struct {
	Enabled         bool  `json:"enabled"`
	Connected       bool  `json:"connected"`
	Consumed        int64 `json:"consumed"`
	Duplicates      int64 `json:"duplicates"`
	DeadLettered    int64 `json:"deadLettered"`
	Lag             int64 `json:"lag"`
	OpenDeadLetters int   `json:"openDeadLetters"`
}

func (s *Server) switchFeedState(r *http.Request) (switchFeedJSON, error) {
	out := switchFeedJSON{}
	if f := s.feed; f != nil {
		out = switchFeedJSON{Enabled: true, Connected: f.Connected.Load(), Consumed: f.Consumed.Load(),
			Duplicates: f.Duplicates.Load(), DeadLettered: f.DeadLettered.Load(), Lag: f.Lag.Load()}
	}
	n, err := s.store.CountDeadLetters(r.Context())
	out.OpenDeadLetters = n
	return out, err
}

// deadLetterJSON is one entry of GET /api/switch-feed/dead-letters.
type deadLetterJSON = store.DeadLetter
