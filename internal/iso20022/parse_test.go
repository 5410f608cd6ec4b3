package iso20022

import (
	"errors"
	"os"
	"strings"
	"testing"
	"time"
)

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCreditTransferEveryVersion reads every mapped element of the sample pacs.008 in each
// supported version.
func TestCreditTransferEveryVersion(t *testing.T) {
	for _, v := range []string{"08", "09", "10"} {
		msgs, err := Parse(mustRead(t, "pacs.008.001."+v+".xml"))
		if err != nil {
			t.Fatalf("version %s: %v", v, err)
		}
		if len(msgs) != 1 || msgs[0].Definition != "pacs.008.001."+v || msgs[0].Type() != TypeCreditTransfer {
			t.Fatalf("version %s: messages %+v", v, msgs)
		}
		m := msgs[0]
		if len(m.Transfers) != 2 || m.Path != "/Document" {
			t.Fatalf("version %s: %d transfers at %s", v, len(m.Transfers), m.Path)
		}
		tr := m.Transfers[0]
		want := Transfer{Path: "/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[1]", MsgID: m.MsgID, InstrID: "INSTR-1",
			EndToEndID: "E2E-PW-0001", TxID: "TX-PW-0001", UETR: "eb6305c9-1f7f-49de-aed0-16487c27b42d", Amount: 12550,
			Currency: "USD", SettlementDate: "2026-11-24", DebtorName: "Amina Yusuf", DebtorAccount: "+252651234567",
			CreditorName: "Hodan Ali", CreditorAccount: "DBI-12345",
			DebtorAgent:      Agent{MemberID: "PREMIUM-WALLET", Name: "Premium-Wallet"},
			CreditorAgent:    Agent{Other: "CB-BNK-0001"},
			InstructingAgent: Agent{MemberID: "PREMIUM-WALLET"}, Remittance: "School fees",
			CreatedAt: time.Date(2026, 11, 24, 9, 30, 0, 0, time.UTC)}
		if tr != want {
			t.Errorf("version %s:\n got %+v\nwant %+v", v, tr, want)
		}
		if tr.Key() != "uetr:eb6305c9-1f7f-49de-aed0-16487c27b42d" {
			t.Errorf("key %q", tr.Key())
		}
		second := m.Transfers[1]
		if second.Currency != "SHS" || second.Amount != 25000000 || second.DebtorAgent.Name != "Premium-Wallet" {
			t.Errorf("second transfer %+v", second)
		}
		if k := second.Key(); !strings.HasPrefix(k, "msg:") || len(k) > 64 {
			t.Errorf("key without UETR %q", k)
		}
	}
}

func TestStatusReport(t *testing.T) {
	msgs, err := ParseXML(mustRead(t, "pacs.002.001.10.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 1 || msgs[0].Type() != TypeStatusReport || len(msgs[0].Statuses) != 2 {
		t.Fatalf("%+v", msgs)
	}
	s := msgs[0].Statuses[0]
	if s.Code != "ACSC" || s.Outcome() != OutcomeSettled || s.OrigMsgID != "SWITCH-20261124-000001" ||
		s.OrigUETR != "eb6305c9-1f7f-49de-aed0-16487c27b42d" || s.OrigTxID != "TX-PW-0001" ||
		!s.At.Equal(time.Date(2026, 11, 24, 9, 30, 4, 0, time.UTC)) {
		t.Errorf("settled status %+v", s)
	}
	if got := s.References(); len(got) != 3 || got[0] != "uetr:eb6305c9-1f7f-49de-aed0-16487c27b42d" {
		t.Errorf("references %v", got)
	}
	r := msgs[0].Statuses[1]
	if r.Outcome() != OutcomeRejected || r.Reason != "AC04" || r.Info != "Account closed" || r.Key() == s.Key() {
		t.Errorf("rejected status %+v", r)
	}
	if TransactionStatus(r.Outcome()) != "rejected" || TransactionStatus(s.Outcome()) != "completed" ||
		TransactionStatus(OutcomeAccepted) != "processing" {
		t.Error("status mapping")
	}
	if StatusRank("processing") >= StatusRank("completed") || StatusRank("pending") >= StatusRank("processing") {
		t.Error("status rank must not let a late acceptance undo a settlement")
	}
}

func TestJSONForm(t *testing.T) {
	msgs, err := Parse(mustRead(t, "pacs.008.001.08.json"))
	if err != nil {
		t.Fatal(err)
	}
	tr := msgs[0].Transfers[0]
	if tr.EndToEndID != "E2E-JSON-1" || tr.Amount != 4000 || tr.Currency != "USD" || tr.DebtorAgent.MemberID != "PREMIUM-WALLET" {
		t.Errorf("%+v", tr)
	}
	batch := "[" + string(mustRead(t, "pacs.008.001.08.json")) + "," + string(mustRead(t, "pacs.008.001.08.json")) + "]"
	msgs, err = ParseJSON([]byte(batch))
	if err != nil || len(msgs) != 2 {
		t.Fatalf("batch: %v %d", err, len(msgs))
	}
}

func TestXMLBatch(t *testing.T) {
	doc := func(name string) string {
		s := string(mustRead(t, name))
		return s[strings.Index(s, "<Document"):]
	}
	batch := `<Batch><AppHdr><MsgDefIdr>pacs.008.001.08</MsgDefIdr></AppHdr>` + doc("pacs.008.001.08.xml") +
		`<!-- status --><AppHdr/>` + doc("pacs.002.001.10.xml") + `</Batch>`
	msgs, err := ParseXML([]byte(batch))
	if err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 2 || msgs[0].Path != "/Batch/Document[1]" || msgs[1].Type() != TypeStatusReport {
		t.Fatalf("%+v", msgs)
	}
}

// TestFaults names the element path of each fault.
func TestFaults(t *testing.T) {
	good := string(mustRead(t, "pacs.008.001.08.xml"))
	cases := []struct {
		name, doc, path string
	}{
		{"not XML", "<Document", "/"},
		{"text", "hello", "/"},
		{"wrong namespace", strings.Replace(good, "pacs.008.001.08", "pacs.008.001.02", 1), "/Document"},
		{"no namespace", strings.Replace(good, ` xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.008.001.08"`, "", 1), "/Document"},
		{"missing end-to-end id", strings.Replace(good, "<EndToEndId>E2E-PW-0002</EndToEndId>", "", 1),
			"/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[2]/PmtId/EndToEndId"},
		{"missing message id", strings.Replace(good, "<MsgId>SWITCH-20261124-000001</MsgId>", "", 1),
			"/Document/FIToFICstmrCdtTrf/GrpHdr/MsgId"},
		{"count", strings.Replace(good, "<NbOfTxs>2</NbOfTxs>", "<NbOfTxs>3</NbOfTxs>", 1), "/Document/FIToFICstmrCdtTrf/GrpHdr/NbOfTxs"},
		{"currency", strings.Replace(good, `Ccy="USD"`, `Ccy="EUR"`, 1), "/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[1]/IntrBkSttlmAmt/@Ccy"},
		{"amount", strings.Replace(good, ">125.50<", ">12.555<", 1), "/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[1]/IntrBkSttlmAmt"},
		{"uetr", strings.Replace(good, "eb6305c9-1f7f-49de", "EB6305C9-1f7f-49de", 1), "/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[1]/PmtId/UETR"},
		{"debtor", strings.Replace(good, "<Dbtr><Nm>Amina Yusuf</Nm></Dbtr>", "", 1), "/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[1]/Dbtr"},
		{"creditor agent", strings.Replace(good, "<CdtrAgt><FinInstnId><Othr><Id>CB-BNK-0001</Id></Othr></FinInstnId></CdtrAgt>", "", 1),
			"/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[1]/CdtrAgt/FinInstnId"},
		{"account", strings.Replace(good, "<Id>DBI-12345</Id>", "<Id>!</Id>", 1), "/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[1]/CdtrAcct/Id/Othr/Id"},
		{"charges", strings.Replace(good, "<ChrgBr>SLEV</ChrgBr>", "<ChrgBr>X</ChrgBr>", 1), "/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[1]/ChrgBr"},
		{"entity", `<!DOCTYPE d [<!ENTITY x "y">]>` + good[strings.Index(good, "<Document"):], "/"},
		{"trailing", good + "<Document/>", "/"},
		{"json message type", `{"MsgDefIdr":"camt.053.001.08","Document":{}}`, "/MsgDefIdr"},
		{"json type", `{"MsgDefIdr":"pacs.008.001.08","Document":{"FIToFICstmrCdtTrf":{"GrpHdr":{"MsgId":5}}}}`, "/Document/FIToFICstmrCdtTrf/GrpHdr/MsgId"},
		{"status without reference", strings.Replace(string(mustRead(t, "pacs.002.001.10.xml")), "<OrgnlEndToEndId>E2E-PW-0002</OrgnlEndToEndId>", "", 1),
			"/Document/FIToFIPmtStsRpt/TxInfAndSts[2]"},
		{"rejection without reason", strings.Replace(string(mustRead(t, "pacs.002.001.10.xml")), "<Rsn><Cd>AC04</Cd></Rsn>", "", 1),
			"/Document/FIToFIPmtStsRpt/TxInfAndSts[2]/StsRsnInf/Rsn/Cd"},
		{"unknown status", strings.Replace(string(mustRead(t, "pacs.002.001.10.xml")), "ACSC", "XXXX", 1),
			"/Document/FIToFIPmtStsRpt/TxInfAndSts[1]/TxSts"},
	}
	for _, c := range cases {
		msgs, err := Parse([]byte(c.doc))
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: want a fault, got %v (%d messages)", c.name, err, len(msgs))
			continue
		}
		if msgs != nil {
			t.Errorf("%s: messages returned with a fault", c.name)
		}
		if _, ok := e.Fields()[c.path]; !ok {
			t.Errorf("%s: want a fault at %s, got %v", c.name, c.path, e.Faults)
		}
	}
}
