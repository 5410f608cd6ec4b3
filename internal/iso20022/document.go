// Package iso20022 reads the ISO 20022 payment messages a national switch exchanges: pacs.008
// (FI to FI customer credit transfer, versions 08 to 10) and pacs.002 (FI to FI payment status
// report), as XML or in the JSON form some switches use, one message or a batch. It checks each
// message against the parts of the published schema Kormeer relies on and reports every fault with
// its element path, so an institution can fix its document without guessing. It does no I/O:
// mapping a message to a Kormeer transaction is done by the caller (docs/ISO20022.md).
package iso20022

// The structs below mirror the schema's element names so one set serves both XML (the standard
// form) and JSON (the same names as keys); elements Kormeer does not use are skipped by the
// decoders.

type document struct {
	CreditTransfer *fiToFICreditTransfer `xml:"FIToFICstmrCdtTrf" json:"FIToFICstmrCdtTrf"`
	StatusReport   *fiToFIStatusReport   `xml:"FIToFIPmtStsRpt" json:"FIToFIPmtStsRpt"`
}

type groupHeader struct {
	MsgID    string          `xml:"MsgId" json:"MsgId"`
	CreDtTm  string          `xml:"CreDtTm" json:"CreDtTm"`
	NbOfTxs  string          `xml:"NbOfTxs" json:"NbOfTxs"`
	SttlmInf *settlementInfo `xml:"SttlmInf" json:"SttlmInf"`
	InstgAgt *agent          `xml:"InstgAgt" json:"InstgAgt"`
	InstdAgt *agent          `xml:"InstdAgt" json:"InstdAgt"`
}

type settlementInfo struct {
	SttlmMtd string `xml:"SttlmMtd" json:"SttlmMtd"`
}

type fiToFICreditTransfer struct {
	GrpHdr      *groupHeader         `xml:"GrpHdr" json:"GrpHdr"`
	CdtTrfTxInf []creditTransferInfo `xml:"CdtTrfTxInf" json:"CdtTrfTxInf"`
}

type paymentID struct {
	InstrID    string `xml:"InstrId" json:"InstrId"`
	EndToEndID string `xml:"EndToEndId" json:"EndToEndId"`
	TxID       string `xml:"TxId" json:"TxId"`
	UETR       string `xml:"UETR" json:"UETR"`
}

type amount struct {
	Ccy   string `xml:"Ccy,attr" json:"Ccy"`
	Value string `xml:",chardata" json:"Value"`
}

type creditTransferInfo struct {
	PmtID          *paymentID `xml:"PmtId" json:"PmtId"`
	IntrBkSttlmAmt *amount    `xml:"IntrBkSttlmAmt" json:"IntrBkSttlmAmt"`
	IntrBkSttlmDt  string     `xml:"IntrBkSttlmDt" json:"IntrBkSttlmDt"`
	ChrgBr         string     `xml:"ChrgBr" json:"ChrgBr"`
	InstgAgt       *agent     `xml:"InstgAgt" json:"InstgAgt"`
	InstdAgt       *agent     `xml:"InstdAgt" json:"InstdAgt"`
	Dbtr           *party     `xml:"Dbtr" json:"Dbtr"`
	DbtrAcct       *account   `xml:"DbtrAcct" json:"DbtrAcct"`
	DbtrAgt        *agent     `xml:"DbtrAgt" json:"DbtrAgt"`
	CdtrAgt        *agent     `xml:"CdtrAgt" json:"CdtrAgt"`
	Cdtr           *party     `xml:"Cdtr" json:"Cdtr"`
	CdtrAcct       *account   `xml:"CdtrAcct" json:"CdtrAcct"`
	RmtInf         *struct {
		Ustrd []string `xml:"Ustrd" json:"Ustrd"`
	} `xml:"RmtInf" json:"RmtInf"`
}

type party struct {
	Nm string `xml:"Nm" json:"Nm"`
}

type account struct {
	ID *struct {
		IBAN string `xml:"IBAN" json:"IBAN"`
		Othr *struct {
			ID string `xml:"Id" json:"Id"`
		} `xml:"Othr" json:"Othr"`
	} `xml:"Id" json:"Id"`
}

type agent struct {
	FinInstnID *struct {
		BICFI       string `xml:"BICFI" json:"BICFI"`
		ClrSysMmbID *struct {
			MmbID string `xml:"MmbId" json:"MmbId"`
		} `xml:"ClrSysMmbId" json:"ClrSysMmbId"`
		Nm   string `xml:"Nm" json:"Nm"`
		Othr *struct {
			ID string `xml:"Id" json:"Id"`
		} `xml:"Othr" json:"Othr"`
	} `xml:"FinInstnId" json:"FinInstnId"`
}

type fiToFIStatusReport struct {
	GrpHdr            *groupHeader `xml:"GrpHdr" json:"GrpHdr"`
	OrgnlGrpInfAndSts []struct {
		OrgnlMsgID   string `xml:"OrgnlMsgId" json:"OrgnlMsgId"`
		OrgnlMsgNmID string `xml:"OrgnlMsgNmId" json:"OrgnlMsgNmId"`
	} `xml:"OrgnlGrpInfAndSts" json:"OrgnlGrpInfAndSts"`
	TxInfAndSts []statusInfo `xml:"TxInfAndSts" json:"TxInfAndSts"`
}

type statusInfo struct {
	StsID       string `xml:"StsId" json:"StsId"`
	OrgnlGrpInf *struct {
		OrgnlMsgID string `xml:"OrgnlMsgId" json:"OrgnlMsgId"`
	} `xml:"OrgnlGrpInf" json:"OrgnlGrpInf"`
	OrgnlInstrID    string `xml:"OrgnlInstrId" json:"OrgnlInstrId"`
	OrgnlEndToEndID string `xml:"OrgnlEndToEndId" json:"OrgnlEndToEndId"`
	OrgnlTxID       string `xml:"OrgnlTxId" json:"OrgnlTxId"`
	OrgnlUETR       string `xml:"OrgnlUETR" json:"OrgnlUETR"`
	TxSts           string `xml:"TxSts" json:"TxSts"`
	StsRsnInf       []struct {
		Rsn *struct {
			Cd    string `xml:"Cd" json:"Cd"`
			Prtry string `xml:"Prtry" json:"Prtry"`
		} `xml:"Rsn" json:"Rsn"`
		AddtlInf []string `xml:"AddtlInf" json:"AddtlInf"`
	} `xml:"StsRsnInf" json:"StsRsnInf"`
	AccptncDtTm string `xml:"AccptncDtTm" json:"AccptncDtTm"`
}
