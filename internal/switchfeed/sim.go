package switchfeed

import (
	"crypto/rand"
	"fmt"
	mrand "math/rand/v2"
	"strings"
	"time"
)

// Sim writes realistic switch traffic: pacs.008.001.08 credit transfers between the wallet
// operators and banks Kormeer registers at install (migration 0026), and pacs.002.001.10 status
// reports for them. It is used by `kormeer switchsim` and by the consumer's tests.
type Sim struct {
	rng *mrand.Rand
	seq int
}

// NewSim returns a simulator; seed makes its amounts and parties repeatable.
func NewSim(seed uint64) *Sim {
	return &Sim{rng: mrand.New(mrand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// simOperators are the registry's wallet operators by code, with their number prefix; simBanks
// the banks by code.
var (
	simOperators = []struct{ code, prefix string }{{"PREMIUM-WALLET", "65"}, {"E-DAHAB", "64"}, {"WAAFI", "63"}}
	simBanks     = []string{"DBI-", "PBS-", "SBS-", "DSB-", "ABS-"}
	simNames     = []string{"Amina Yusuf", "Hodan Ali", "Abdi Warsame", "Faadumo Hassan", "Mohamed Farah", "Hawa Omar",
		"Ismail Jama", "Sahra Mohamud", "Yusuf Abdullahi", "Khadra Nur", "Ahmed Hirsi", "Ifrah Said"}
)

// Transfer is one simulated credit transfer: its document and the identifiers a status report
// names it by.
type Transfer struct {
	Doc             []byte
	MsgID, EndToEnd string
	UETR            string
}

// NewUETR returns a random UUID version 4, the form a UETR takes.
func NewUETR() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// CreditTransfer writes a pacs.008 with one transaction, created at at.
func (s *Sim) CreditTransfer(at time.Time) Transfer {
	s.seq++
	debtor := simOperators[s.rng.IntN(len(simOperators))]
	var creditorAgent, creditorAcct string
	if s.rng.IntN(3) == 0 {
		creditorAgent = simBanks[s.rng.IntN(len(simBanks))]
		creditorAcct = fmt.Sprintf("%s%05d", creditorAgent, s.rng.IntN(100000))
	} else {
		op := simOperators[s.rng.IntN(len(simOperators))]
		creditorAgent, creditorAcct = op.code, fmt.Sprintf("+252%s%07d", op.prefix, s.rng.IntN(10_000_000))
	}
	ccy, amount := "USD", fmt.Sprintf("%d.%02d", 1+s.rng.IntN(900), s.rng.IntN(100))
	if s.rng.IntN(2) == 0 {
		ccy, amount = "SOS", fmt.Sprintf("%d", 1000*(1+s.rng.IntN(500)))
	}
	t := Transfer{MsgID: fmt.Sprintf("SIM-%s-%08d", at.UTC().Format("20060102150405"), s.seq),
		EndToEnd: fmt.Sprintf("E2E-%08d-%04d", s.seq, s.rng.IntN(10000)), UETR: NewUETR()}
	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.008.001.08"><FIToFICstmrCdtTrf>
<GrpHdr><MsgId>%s</MsgId><CreDtTm>%s</CreDtTm><NbOfTxs>1</NbOfTxs><SttlmInf><SttlmMtd>CLRG</SttlmMtd></SttlmInf></GrpHdr>
<CdtTrfTxInf><PmtId><EndToEndId>%s</EndToEndId><TxId>%s</TxId><UETR>%s</UETR></PmtId>
<IntrBkSttlmAmt Ccy="%s">%s</IntrBkSttlmAmt><IntrBkSttlmDt>%s</IntrBkSttlmDt><ChrgBr>SLEV</ChrgBr>
<Dbtr><Nm>%s</Nm></Dbtr><DbtrAcct><Id><Othr><Id>+252%s%07d</Id></Othr></Id></DbtrAcct>
<DbtrAgt><FinInstnId><ClrSysMmbId><MmbId>%s</MmbId></ClrSysMmbId></FinInstnId></DbtrAgt>
<CdtrAgt><FinInstnId><ClrSysMmbId><MmbId>%s</MmbId></ClrSysMmbId></FinInstnId></CdtrAgt>
<Cdtr><Nm>%s</Nm></Cdtr><CdtrAcct><Id><Othr><Id>%s</Id></Othr></Id></CdtrAcct>
<RmtInf><Ustrd>Payment %d</Ustrd></RmtInf></CdtTrfTxInf></FIToFICstmrCdtTrf></Document>`,
		t.MsgID, at.UTC().Format(time.RFC3339Nano), t.EndToEnd, t.EndToEnd, t.UETR, ccy, amount, at.UTC().Format(time.DateOnly),
		simNames[s.rng.IntN(len(simNames))], debtor.prefix, s.rng.IntN(10_000_000), debtor.code, creditorAgent,
		simNames[s.rng.IntN(len(simNames))], creditorAcct, s.seq)
	t.Doc = []byte(b.String())
	return t
}

// StatusReport writes a pacs.002 for a simulated transfer: code is ACCP, ACSC or RJCT (with
// reason, such as AM04).
func (s *Sim) StatusReport(t Transfer, code, reason string, at time.Time) []byte {
	s.seq++
	rsn := ""
	if reason != "" {
		rsn = "<StsRsnInf><Rsn><Cd>" + reason + "</Cd></Rsn></StsRsnInf>"
	}
	return fmt.Appendf(nil, `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.002.001.10"><FIToFIPmtStsRpt>
<GrpHdr><MsgId>STS-%08d-%s</MsgId><CreDtTm>%s</CreDtTm></GrpHdr>
<OrgnlGrpInfAndSts><OrgnlMsgId>%s</OrgnlMsgId><OrgnlMsgNmId>pacs.008.001.08</OrgnlMsgNmId></OrgnlGrpInfAndSts>
<TxInfAndSts><OrgnlEndToEndId>%s</OrgnlEndToEndId><OrgnlUETR>%s</OrgnlUETR><TxSts>%s</TxSts>%s</TxInfAndSts>
</FIToFIPmtStsRpt></Document>`, s.seq, code, at.UTC().Format(time.RFC3339Nano), t.MsgID, t.EndToEnd, t.UETR, code, rsn)
}

// Outcome picks a final status for a simulated transfer: mostly settled, some rejected.
func (s *Sim) Outcome() (code, reason string) {
	switch n := s.rng.IntN(20); {
	case n == 0:
		return "RJCT", "AM04"
	case n == 1:
		return "RJCT", "AC04"
	default:
		return "ACSC", ""
	}
}
