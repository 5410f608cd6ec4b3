package iso20022

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/kormeer/kormeer/internal/domain"
)

// MaxMessages is the most documents one batch may hold, and MaxTransactions the most credit
// transfers or statuses over all of them: a batch is stored in one database transaction.
const (
	MaxMessages     = 1_000
	MaxTransactions = 10_000
)

const namespacePrefix = "urn:iso:std:iso:20022:tech:xsd:"

// definitionPattern accepts pacs.008.001.08 to .10 and pacs.002.001.03 to .14, the versions
// whose elements Kormeer reads are the same.
var definitionPattern = regexp.MustCompile(`^(pacs\.008\.001\.(08|09|10)|pacs\.002\.001\.(0[3-9]|1[0-4]))$`)

// ParseXML reads one document (root element Document) or a batch: any other root element whose
// children are Document elements, each optionally preceded by its business application header
// (AppHdr, ignored). Each document's namespace names its message definition.
func ParseXML(data []byte) ([]Message, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	root, err := nextStart(dec)
	if err != nil {
		return nil, &Error{Faults: []Fault{{Path: "/", Message: "Not well-formed XML: " + xmlReason(err)}}}
	}
	p := &parser{}
	if root.Name.Local == "Document" {
		p.xmlDocument(dec, root, "/Document")
	} else {
		base := "/" + root.Name.Local
		n := 0
		for {
			el, err := nextStart(dec)
			if errors.Is(err, errEndOfParent) {
				break
			}
			if err != nil {
				p.fault(base, "Not well-formed XML: "+xmlReason(err))
				return nil, p.err()
			}
			switch el.Name.Local {
			case "AppHdr":
				if err := dec.Skip(); err != nil {
					p.fault(base+"/AppHdr", "Not well-formed XML: "+xmlReason(err))
					return nil, p.err()
				}
			case "Document":
				n++
				if n > MaxMessages {
					p.fault(base, fmt.Sprintf("A batch may hold at most %d documents", MaxMessages))
					return nil, p.err()
				}
				if !p.xmlDocument(dec, el, fmt.Sprintf("%s/Document[%d]", base, n)) {
					return nil, p.err()
				}
			default:
				p.fault(base+"/"+el.Name.Local, "Expected Document or AppHdr elements in a batch")
				return nil, p.err()
			}
		}
		if n == 0 {
			p.fault(base, "Send a Document element, or a batch element holding Document elements")
		}
	}
	if len(p.faults) == 0 {
		if tok, err := trailing(dec); err != nil || tok {
			p.fault("/", "Nothing may follow the root element")
		}
	}
	return p.result()
}

var errEndOfParent = errors.New("end of parent element")

// nextStart returns the next start element, skipping text, comments and processing instructions,
// or errEndOfParent at the parent's end tag.
func nextStart(dec *xml.Decoder) (xml.StartElement, error) {
	for {
		tok, err := dec.Token()
		if err != nil {
			return xml.StartElement{}, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			return t, nil
		case xml.EndElement:
			return xml.StartElement{}, errEndOfParent
		case xml.CharData:
			if len(bytes.TrimSpace(t)) > 0 {
				return xml.StartElement{}, errors.New("text outside an element")
			}
		case xml.Directive:
			return xml.StartElement{}, errors.New("DTDs and entity declarations are not accepted")
		}
	}
}

// trailing reports whether anything but whitespace, comments or processing instructions
// follows the root element.
func trailing(dec *xml.Decoder) (bool, error) {
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return false, nil
		}
		if err != nil {
			return true, err
		}
		switch t := tok.(type) {
		case xml.CharData:
			if len(bytes.TrimSpace(t)) > 0 {
				return true, nil
			}
		case xml.Comment, xml.ProcInst:
		default:
			return true, nil
		}
	}
}

func xmlReason(err error) string {
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%s (line %d)", se.Msg, se.Line)
	}
	if errors.Is(err, io.EOF) {
		return "the document ends early"
	}
	return err.Error()
}

// xmlDocument decodes one Document element; false when the XML itself is broken (the rest of
// the batch cannot be read then).
func (p *parser) xmlDocument(dec *xml.Decoder, el xml.StartElement, path string) bool {
	def, ok := strings.CutPrefix(el.Name.Space, namespacePrefix)
	if !ok || !definitionPattern.MatchString(def) {
		p.fault(path, fmt.Sprintf("Unsupported namespace %q: expected %spacs.008.001.08 to .10 or pacs.002.001.03 to .14", el.Name.Space, namespacePrefix))
		if err := dec.Skip(); err != nil {
			p.fault(path, "Not well-formed XML: "+xmlReason(err))
			return false
		}
		return true
	}
	var d document
	if err := dec.DecodeElement(&d, &el); err != nil {
		p.fault(path, "Not well-formed XML: "+xmlReason(err))
		return false
	}
	p.document(def, path, &d)
	return true
}

// jsonMessage is the JSON form of one message: its definition identifier (the business
// application header's MsgDefIdr) and its Document, with the schema's element names as keys;
// an amount is {"Ccy": "USD", "Value": "10.00"}.
type jsonMessage struct {
	MsgDefIdr string    `json:"MsgDefIdr"`
	Document  *document `json:"Document"`
}

// ParseJSON reads one message in the JSON form (an object) or a batch (an array of them).
func ParseJSON(data []byte) ([]Message, error) {
	data = bytes.TrimSpace(data)
	var batch []jsonMessage
	single := len(data) > 0 && data[0] == '{'
	var err error
	if single {
		var m jsonMessage
		err = json.Unmarshal(data, &m)
		batch = []jsonMessage{m}
	} else {
		err = json.Unmarshal(data, &batch)
	}
	if err != nil {
		return nil, &Error{Faults: []Fault{{Path: jsonPath(err), Message: "Not valid JSON for an ISO 20022 message: " + jsonReason(err)}}}
	}
	p := &parser{}
	if len(batch) == 0 {
		p.fault("/", "The batch is empty")
	}
	if len(batch) > MaxMessages {
		p.fault("/", fmt.Sprintf("A batch may hold at most %d documents", MaxMessages))
		return nil, p.err()
	}
	for i, m := range batch {
		base := fmt.Sprintf("/%d", i)
		if single {
			base = ""
		}
		switch {
		case !definitionPattern.MatchString(m.MsgDefIdr):
			p.fault(base+"/MsgDefIdr", "Expected pacs.008.001.08 to .10 or pacs.002.001.03 to .14")
		case m.Document == nil:
			p.fault(base+"/Document", "Required")
		default:
			p.document(m.MsgDefIdr, base+"/Document", m.Document)
		}
	}
	return p.result()
}

func jsonPath(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return "/" + strings.ReplaceAll(te.Field, ".", "/")
	}
	return "/"
}

func jsonReason(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return "expected " + te.Type.String() + " but found " + te.Value
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%s (at byte %d)", se.Error(), se.Offset)
	}
	return err.Error()
}

type parser struct {
	messages []Message
	faults   []Fault
	count    int // credit transfers and statuses so far
}

func (p *parser) fault(path, msg string) {
	p.faults = append(p.faults, Fault{Path: path, Message: msg})
}

// result is the messages, or none and every fault.
func (p *parser) result() ([]Message, error) {
	if err := p.err(); err != nil {
		return nil, err
	}
	return p.messages, nil
}

func (p *parser) err() error {
	if len(p.faults) == 0 {
		return nil
	}
	if len(p.faults) > 100 {
		p.faults = append(p.faults[:100], Fault{Path: "/", Message: "and more faults"})
	}
	return &Error{Faults: p.faults}
}

var (
	max35       = regexp.MustCompile(`^[^\x00-\x1f]{1,35}$`)
	uetrPattern = regexp.MustCompile(`^[a-f0-9]{8}-[a-f0-9]{4}-4[a-f0-9]{3}-[89ab][a-f0-9]{3}-[a-f0-9]{12}$`)
	codePattern = regexp.MustCompile(`^[A-Z0-9]{1,4}$`)
	bicPattern  = regexp.MustCompile(`^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$`)
	datePattern = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
)

// document checks and converts one decoded document.
func (p *parser) document(def, path string, d *document) {
	switch {
	case strings.HasPrefix(def, TypeCreditTransfer):
		if d.CreditTransfer == nil {
			p.fault(path+"/FIToFICstmrCdtTrf", "Required for "+def)
			return
		}
		p.creditTransfer(def, path+"/FIToFICstmrCdtTrf", d.CreditTransfer)
	default:
		if d.StatusReport == nil {
			p.fault(path+"/FIToFIPmtStsRpt", "Required for "+def)
			return
		}
		p.statusReport(def, path+"/FIToFIPmtStsRpt", d.StatusReport)
	}
}

func (p *parser) header(path string, h *groupHeader, withSettlement bool) (string, time.Time, bool) {
	if h == nil {
		p.fault(path+"/GrpHdr", "Required")
		return "", time.Time{}, false
	}
	path += "/GrpHdr"
	before := len(p.faults)
	p.text(path+"/MsgId", h.MsgID, true)
	at := p.dateTime(path+"/CreDtTm", h.CreDtTm, true)
	if withSettlement {
		if h.SttlmInf == nil {
			p.fault(path+"/SttlmInf", "Required")
		} else if !oneOf(h.SttlmInf.SttlmMtd, "INDA", "INGA", "COVE", "CLRG") {
			p.fault(path+"/SttlmInf/SttlmMtd", "Must be INDA, INGA, COVE or CLRG")
		}
	}
	return strings.TrimSpace(h.MsgID), at, len(p.faults) == before
}

func (p *parser) creditTransfer(def, path string, ct *fiToFICreditTransfer) {
	msgID, at, ok := p.header(path, ct.GrpHdr, true)
	m := Message{Definition: def, Path: strings.TrimSuffix(path, "/FIToFICstmrCdtTrf"), MsgID: msgID, CreatedAt: at}
	if len(ct.CdtTrfTxInf) == 0 {
		p.fault(path+"/CdtTrfTxInf", "Required: at least one credit transfer")
		ok = false
	}
	if ct.GrpHdr != nil {
		if n, err := strconv.Atoi(strings.TrimSpace(ct.GrpHdr.NbOfTxs)); err != nil || n != len(ct.CdtTrfTxInf) {
			p.fault(path+"/GrpHdr/NbOfTxs", fmt.Sprintf("Must be the number of CdtTrfTxInf elements (%d)", len(ct.CdtTrfTxInf)))
			ok = false
		}
	}
	var groupAgent Agent
	if ct.GrpHdr != nil {
		groupAgent = p.agent(path+"/GrpHdr/InstgAgt", ct.GrpHdr.InstgAgt, false)
	}
	if !p.room(path, len(ct.CdtTrfTxInf)) {
		return
	}
	for i := range ct.CdtTrfTxInf {
		t, good := p.transfer(fmt.Sprintf("%s/CdtTrfTxInf[%d]", path, i+1), &ct.CdtTrfTxInf[i])
		t.MsgID, t.CreatedAt = msgID, at
		if t.InstructingAgent.IsZero() {
			t.InstructingAgent = groupAgent
		}
		m.Transfers = append(m.Transfers, t)
		ok = ok && good
	}
	if ok {
		p.messages = append(p.messages, m)
	}
}

// room counts n more transactions against MaxTransactions.
func (p *parser) room(path string, n int) bool {
	p.count += n
	if p.count > MaxTransactions {
		p.fault(path, fmt.Sprintf("A request may hold at most %d transactions; split it", MaxTransactions))
		return false
	}
	return true
}

func (p *parser) transfer(path string, c *creditTransferInfo) (Transfer, bool) {
	before := len(p.faults)
	var t Transfer
	t.Path = path
	if c.PmtID == nil {
		p.fault(path+"/PmtId", "Required")
	} else {
		id := c.PmtID
		t.InstrID = p.text(path+"/PmtId/InstrId", id.InstrID, false)
		t.EndToEndID = p.text(path+"/PmtId/EndToEndId", id.EndToEndID, true)
		t.TxID = p.text(path+"/PmtId/TxId", id.TxID, false)
		t.UETR = strings.TrimSpace(id.UETR)
		if t.UETR != "" && !uetrPattern.MatchString(t.UETR) {
			p.fault(path+"/PmtId/UETR", "Must be a UUID version 4 in lower case, such as eb6305c9-1f7f-49de-aed0-16487c27b42d")
		}
	}
	if c.IntrBkSttlmAmt == nil {
		p.fault(path+"/IntrBkSttlmAmt", "Required")
	} else {
		t.Amount, t.Currency = p.amount(path+"/IntrBkSttlmAmt", c.IntrBkSttlmAmt)
	}
	if v := strings.TrimSpace(c.IntrBkSttlmDt); v != "" {
		if _, err := time.Parse(time.DateOnly, v); err != nil || !datePattern.MatchString(v) {
			p.fault(path+"/IntrBkSttlmDt", "Must be a date such as 2026-11-24")
		}
		t.SettlementDate = v
	}
	if !oneOf(c.ChrgBr, "DEBT", "CRED", "SHAR", "SLEV") {
		p.fault(path+"/ChrgBr", "Required: DEBT, CRED, SHAR or SLEV")
	}
	t.InstructingAgent = p.agent(path+"/InstgAgt", c.InstgAgt, false)
	t.DebtorName = p.partyName(path+"/Dbtr", c.Dbtr)
	t.DebtorAccount = p.account(path+"/DbtrAcct", c.DbtrAcct)
	t.DebtorAgent = p.agent(path+"/DbtrAgt", c.DbtrAgt, true)
	t.CreditorAgent = p.agent(path+"/CdtrAgt", c.CdtrAgt, true)
	t.CreditorName = p.partyName(path+"/Cdtr", c.Cdtr)
	t.CreditorAccount = p.account(path+"/CdtrAcct", c.CdtrAcct)
	if c.RmtInf != nil {
		t.Remittance = strings.TrimSpace(strings.Join(c.RmtInf.Ustrd, " "))
		if utf8.RuneCountInString(t.Remittance) > 200 {
			p.fault(path+"/RmtInf/Ustrd", "At most 200 characters in Kormeer")
		}
	}
	return t, len(p.faults) == before
}

// amount reads an amount with its currency. Kormeer holds SHS and USD with two decimals; the
// Somali shilling's ISO 4217 code SOS is read as SHS.
func (p *parser) amount(path string, a *amount) (domain.Minor, domain.Currency) {
	var cur domain.Currency
	switch strings.TrimSpace(a.Ccy) {
	case "USD":
		cur = "USD"
	case "SOS", "SHS":
		cur = "SHS"
	default:
		p.fault(path+"/@Ccy", "Currency must be SOS (Somali shilling) or USD")
	}
	m, msg := domain.CheckAmount(strings.TrimSpace(a.Value))
	if msg != "" {
		p.fault(path, msg)
	}
	return m, cur
}

func (p *parser) partyName(path string, pt *party) string {
	if pt == nil {
		p.fault(path, "Required")
		return ""
	}
	name := strings.TrimSpace(pt.Nm)
	switch n := utf8.RuneCountInString(name); {
	case n == 0:
		p.fault(path+"/Nm", "Required by Kormeer: the party's name")
	case n > 140:
		p.fault(path+"/Nm", "At most 140 characters")
	}
	return name
}

// accountPattern is what Kormeer stores as an account: the transactions table's party number.
var accountPattern = regexp.MustCompile(`^[A-Za-z0-9+][A-Za-z0-9+ -]{2,63}$`)

func (p *parser) account(path string, a *account) string {
	if a == nil || a.ID == nil {
		p.fault(path+"/Id", "Required by Kormeer: the account (IBAN or Othr/Id)")
		return ""
	}
	v, at := strings.TrimSpace(a.ID.IBAN), path+"/Id/IBAN"
	if v == "" && a.ID.Othr != nil {
		v, at = strings.TrimSpace(a.ID.Othr.ID), path+"/Id/Othr/Id"
	}
	if !accountPattern.MatchString(v) {
		p.fault(at, "Required: 3 to 64 letters, digits, spaces, + or -")
	}
	return domain.NormalizeAccount(v)
}

func (p *parser) agent(path string, a *agent, required bool) Agent {
	if a == nil || a.FinInstnID == nil {
		if required {
			p.fault(path+"/FinInstnId", "Required")
		}
		return Agent{}
	}
	f := a.FinInstnID
	out := Agent{BIC: strings.TrimSpace(f.BICFI), Name: strings.TrimSpace(f.Nm)}
	if f.ClrSysMmbID != nil {
		out.MemberID = p.text(path+"/FinInstnId/ClrSysMmbId/MmbId", f.ClrSysMmbID.MmbID, true)
	}
	if f.Othr != nil {
		out.Other = p.text(path+"/FinInstnId/Othr/Id", f.Othr.ID, true)
	}
	if out.BIC != "" && !bicPattern.MatchString(out.BIC) {
		p.fault(path+"/FinInstnId/BICFI", "Must be a BIC such as CBSOSOSM")
	}
	if utf8.RuneCountInString(out.Name) > 140 {
		p.fault(path+"/FinInstnId/Nm", "At most 140 characters")
	}
	if out.IsZero() {
		p.fault(path+"/FinInstnId", "Name the institution: BICFI, ClrSysMmbId/MmbId, Othr/Id or Nm")
	}
	return out
}

func (p *parser) statusReport(def, path string, sr *fiToFIStatusReport) {
	msgID, at, ok := p.header(path, sr.GrpHdr, false)
	m := Message{Definition: def, Path: strings.TrimSuffix(path, "/FIToFIPmtStsRpt"), MsgID: msgID, CreatedAt: at}
	if len(sr.TxInfAndSts) == 0 {
		p.fault(path+"/TxInfAndSts", "Required: Kormeer reads transaction statuses (TxInfAndSts)")
		ok = false
	}
	groupMsgID := ""
	if len(sr.OrgnlGrpInfAndSts) > 0 {
		groupMsgID = strings.TrimSpace(sr.OrgnlGrpInfAndSts[0].OrgnlMsgID)
	}
	if !p.room(path, len(sr.TxInfAndSts)) {
		return
	}
	for i, s := range sr.TxInfAndSts {
		sp := fmt.Sprintf("%s/TxInfAndSts[%d]", path, i+1)
		before := len(p.faults)
		st := Status{Path: sp, MsgID: msgID, Index: i, OrigMsgID: groupMsgID, At: at}
		if s.OrgnlGrpInf != nil && s.OrgnlGrpInf.OrgnlMsgID != "" {
			st.OrigMsgID = strings.TrimSpace(s.OrgnlGrpInf.OrgnlMsgID)
		}
		st.OrigEndToEndID = p.text(sp+"/OrgnlEndToEndId", s.OrgnlEndToEndID, false)
		st.OrigTxID = p.text(sp+"/OrgnlTxId", s.OrgnlTxID, false)
		st.OrigUETR = strings.TrimSpace(s.OrgnlUETR)
		if st.OrigUETR != "" && !uetrPattern.MatchString(st.OrigUETR) {
			p.fault(sp+"/OrgnlUETR", "Must be a UUID version 4 in lower case")
		}
		if st.OrigUETR == "" && st.OrigEndToEndID == "" && st.OrigTxID == "" {
			p.fault(sp, "Name the transaction: OrgnlUETR, OrgnlEndToEndId or OrgnlTxId")
		}
		st.Code = strings.TrimSpace(s.TxSts)
		if st.Outcome() == "" {
			p.fault(sp+"/TxSts", "Required: a transaction status code such as ACCP, ACSC or RJCT")
		}
		for j, r := range s.StsRsnInf {
			if r.Rsn != nil && st.Reason == "" {
				st.Reason = strings.TrimSpace(r.Rsn.Cd)
				if st.Reason == "" {
					st.Reason = strings.TrimSpace(r.Rsn.Prtry)
				}
				if st.Reason != "" && !codePattern.MatchString(strings.TrimSpace(r.Rsn.Cd)) && r.Rsn.Cd != "" {
					p.fault(fmt.Sprintf("%s/StsRsnInf[%d]/Rsn/Cd", sp, j+1), "Must be a reason code such as AC04 or AM04")
				}
				if len(st.Reason) > 35 {
					p.fault(fmt.Sprintf("%s/StsRsnInf[%d]/Rsn", sp, j+1), "At most 35 characters")
				}
			}
			st.Info = strings.TrimSpace(st.Info + " " + strings.Join(r.AddtlInf, " "))
		}
		if utf8.RuneCountInString(st.Info) > 500 {
			st.Info = string([]rune(st.Info)[:500])
		}
		if st.Outcome() == OutcomeRejected && st.Reason == "" {
			p.fault(sp+"/StsRsnInf/Rsn/Cd", "Required for a rejection: the reason code")
		}
		if v := strings.TrimSpace(s.AccptncDtTm); v != "" {
			if t := p.dateTime(sp+"/AccptncDtTm", v, true); !t.IsZero() {
				st.At = t
			}
		}
		m.Statuses = append(m.Statuses, st)
		ok = ok && len(p.faults) == before
	}
	if ok {
		p.messages = append(p.messages, m)
	}
}

// text checks a Max35Text identifier.
func (p *parser) text(path, v string, required bool) string {
	v = strings.TrimSpace(v)
	switch {
	case v == "" && required:
		p.fault(path, "Required")
	case v != "" && !max35.MatchString(v):
		p.fault(path, "At most 35 characters, no control characters")
	}
	return v
}

// dateTime reads an ISODateTime; without a zone it is taken as UTC.
func (p *parser) dateTime(path, v string, required bool) time.Time {
	v = strings.TrimSpace(v)
	if v == "" {
		if required {
			p.fault(path, "Required")
		}
		return time.Time{}
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999"} {
		if t, err := time.Parse(layout, v); err == nil {
			return t.UTC().Truncate(time.Millisecond)
		}
	}
	p.fault(path, "Must be a date and time such as 2026-11-24T10:15:00Z")
	return time.Time{}
}

func oneOf(v string, options ...string) bool {
	v = strings.TrimSpace(v)
	for _, o := range options {
		if v == o {
			return true
		}
	}
	return false
}

// shortHash is a 40-hex-digit digest, to fit composite identifiers into an external id.
func shortHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:20])
}

// Parse reads a document in either form, told apart by its first character: XML starts with
// '<', the JSON form with '{' or '['. The switch feed uses it, where no content type travels.
func Parse(data []byte) ([]Message, error) {
	trimmed := bytes.TrimLeft(data, " \t\r\n\ufeff")
	if len(trimmed) > 0 && (trimmed[0] == '{' || trimmed[0] == '[') {
		return ParseJSON(trimmed)
	}
	return ParseXML(data)
}
