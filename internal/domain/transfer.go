package domain

import (
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"
)

// Transfer modes (001 §3, §9): online settles in real time, offline goes through USSD and
// settles in batches.
const (
	ModeOnline  = "online"
	ModeOffline = "offline"
)

// Account types of a transfer's parties; with two of them they make the flow type.
const (
	AccountWallet = "wallet"
	AccountBank   = "bank"
)

// TransferInstitution is a wallet operator or a bank of the licence registry with what the
// transfer engine needs to route a payment through it (001 §9). The engine never holds a list of
// its own: the registry's institutions are passed in, so a licence change takes effect at once.
type TransferInstitution struct {
	ID   string `json:"id"`
	Type string `json:"type" enum:"wallet,bank"` // AccountWallet for a wallet operator, AccountBank for a bank
	Name string `json:"name"`
	// Modes the institution serves: Waafi is online only, Zaad offline only.
	Modes []string `json:"modes" enum:"online,offline"`
	// USSDCode is a wallet operator's code, auto-filled for offline transfers.
	USSDCode string `json:"ussdCode,omitempty"`
	// NumberPrefixes are a wallet operator's number prefixes, such as "+252 65".
	NumberPrefixes []string `json:"numberPrefixes,omitempty"`
	// AccountPrefix is a bank's routing prefix, such as "DBI-".
	AccountPrefix string `json:"accountPrefix,omitempty"`
	// LicenseStatus is active, suspended or revoked, or expired for an active licence past its
	// end: only an active one may move money.
	LicenseStatus string `json:"licenseStatus"`
}

// Directory finds the registry's institution of an account type (wallet or bank) by name,
// ignoring case.
type Directory interface {
	Find(accountType, name string) (TransferInstitution, bool)
}

// Institutions is a Directory over a list, the first of a name winning.
type Institutions []TransferInstitution

// Find implements Directory.
func (l Institutions) Find(accountType, name string) (TransferInstitution, bool) {
	for _, in := range l {
		if in.Type == accountType && strings.EqualFold(in.Name, name) {
			return in, true
		}
	}
	return TransferInstitution{}, false
}

// licenceFault says why a registered institution may not move money, or "" when it may.
func licenceFault(in TransferInstitution) *Fault {
	if in.LicenseStatus == LicenseActive {
		return nil
	}
	return fault(CodeNotLicensed, "name", in.Name, "status", in.LicenseStatus)
}

// CheckNamedInstitution checks an institution a batch item names, which says neither whether it
// is a wallet operator or a bank: "" when it may move money, else the fault. An empty name is
// not checked (the data feed's institutions are optional).
func CheckNamedInstitution(dir Directory, name string) string {
	name = strings.TrimSpace(name)
	if name == "" {
		return ""
	}
	in, ok := dir.Find(AccountWallet, name)
	if !ok {
		in, ok = dir.Find(AccountBank, name)
	}
	if !ok {
		return "Unknown wallet operator or bank " + name
	}
	if f := licenceFault(in); f != nil {
		return f.Message
	}
	return ""
}

// The number formats and their messages (001 §5).
var (
	walletPattern = regexp.MustCompile(`^(\d{7}|\+252 ?(\d{2}) ?\d{7}|G\d{7})$`)
	bankPattern   = regexp.MustCompile(`^\d{5}$`)
)

var (
	MsgWalletFormat = F(CodeWalletFormat).Message
	MsgBankFormat   = F(CodeBankFormat).Message
)

// MaxTextLength bounds, in bytes, the free texts of a transfer or a reported transaction: the
// parties' names, institutions and description.
const MaxTextLength = 200

// TransferRequest is POST /api/transfer's body (001 §3). Amount is a decimal string, never a
// float; a JSON number is accepted too and read exactly.
type TransferRequest struct {
	SenderNumber        string         `json:"senderNumber"`
	ReceiverNumber      string         `json:"receiverNumber"`
	Amount              DecimalString  `json:"amount"`
	Currency            string         `json:"currency"`
	Mode                string         `json:"mode"`
	SenderInstitution   string         `json:"senderInstitution"`
	ReceiverInstitution string         `json:"receiverInstitution"`
	USSDCode            string         `json:"ussdCode,omitempty"`
	FlowType            string         `json:"flowType,omitempty"`
	SenderType          string         `json:"senderType"`
	ReceiverType        string         `json:"receiverType"`
	SenderPrefix        string         `json:"senderPrefix,omitempty"`
	ReceiverPrefix      string         `json:"receiverPrefix,omitempty"`
	ClearingHouse       *ClearingHouse `json:"clearingHouse,omitempty"`
	Preferences         *Preferences   `json:"preferences,omitempty"`
	Description         string         `json:"description,omitempty"`
	// SenderName and RecipientName are the account holders' names, optional (a wallet number
	// alone is accepted as before); when given, each is screened against the sanctions lists and
	// stored with the transaction.
	SenderName    string `json:"senderName,omitempty"`
	RecipientName string `json:"recipientName,omitempty"`
}

// ClearingHouse are the clearing settings of a transfer (001 §3, §9: both flags true by default).
type ClearingHouse struct {
	AutomaticCompensation bool   `json:"automaticCompensation"`
	VirtualClearing       bool   `json:"virtualClearing"`
	SettlementMethod      string `json:"settlementMethod,omitempty"`
}

// Preferences steer route choice.
type Preferences struct {
	PrioritizeSpeed      bool `json:"prioritizeSpeed"`
	PrioritizeCost       bool `json:"prioritizeCost"`
	PrioritizeCompliance bool `json:"prioritizeCompliance"`
}

// Transfer is a validated transfer with everything the engine computed.
type Transfer struct {
	Request        TransferRequest
	Amount         Minor
	Currency       Currency
	Fee            Minor
	Total          Minor
	FlowType       string
	SettlementMode string
	USSDCode       string
	Route          Route
	// Routes are every route that could carry the transfer, best first; Route is the first.
	Routes []Route
}

// ValidateTransfer checks a transfer request with the messages of 001 §5, reporting every fault
// at once, and computes its fee, total, flow type, settlement, USSD code and route. The parties'
// institutions are looked up in dir: an unknown one, or one whose licence is not active, is
// refused.
func ValidateTransfer(in TransferRequest, dir Directory) (*Transfer, error) {
	f := map[string]Fault{}
	in.SenderNumber = strings.TrimSpace(in.SenderNumber)
	in.ReceiverNumber = strings.TrimSpace(in.ReceiverNumber)
	if in.SenderType == "" {
		in.SenderType = AccountWallet
	}
	if in.ReceiverType == "" {
		in.ReceiverType = AccountWallet
	}
	for _, p := range []struct{ key, label, typ string }{
		{"senderType", CodeLabelSenderType, in.SenderType}, {"receiverType", CodeLabelReceiverType, in.ReceiverType}} {
		if p.typ != AccountWallet && p.typ != AccountBank {
			f[p.key] = F(CodeAccountType).For(p.label)
		}
	}
	if !IsCurrency(in.Currency) {
		f["currency"] = F(CodeCurrency)
	}
	if in.Mode != ModeOnline && in.Mode != ModeOffline {
		f["mode"] = F(CodeMode)
	}
	amount, af := AmountFault(string(in.Amount))
	if af != nil {
		f["amount"] = *af
	}
	checkParty(f, dir, "senderNumber", "senderInstitution", CodeLabelSenderNumber, CodeLabelSenderInstitution, in.SenderNumber, in.SenderType, in.SenderInstitution, in.Mode)
	checkParty(f, dir, "receiverNumber", "receiverInstitution", CodeLabelReceiverNumber, CodeLabelReceiverInstitution, in.ReceiverNumber, in.ReceiverType, in.ReceiverInstitution, in.Mode)
	for key, v := range map[string]string{"senderName": in.SenderName, "recipientName": in.RecipientName} {
		if len(v) > MaxTextLength || !utf8.ValidString(v) || strings.ContainsRune(v, 0) {
			f[key] = F(CodeTooLong)
		}
	}
	if len(f) > 0 {
		return nil, Invalid(CodeTransferInvalid, f)
	}
	t := &Transfer{Request: in, Amount: amount, Currency: Currency(in.Currency)}
	t.Fee = TransferFee(amount, t.Currency)
	t.Total = amount + t.Fee
	t.FlowType = FlowType(in.SenderType, in.ReceiverType)
	t.SettlementMode = SettlementMode(in.Mode)
	if in.Mode == ModeOffline {
		if op, ok := dir.Find(AccountWallet, in.SenderInstitution); ok && in.SenderType == AccountWallet {
			t.USSDCode = op.USSDCode
		}
	}
	t.Routes = SelectRoutes(t.FlowType, in.Mode, USDMinor(amount, t.Currency))
	if len(t.Routes) == 0 {
		return nil, Invalid(CodeNoRoute, map[string]Fault{"amount": F(CodeNoRouteAmount, "mode", in.Mode)})
	}
	t.Route = t.Routes[0]
	return t, nil
}

// checkParty validates one side of a transfer: the number's format for its account type, the
// institution and its licence, the operator's availability in the mode and the number's prefix.
func checkParty(f map[string]Fault, dir Directory, numKey, instKey, numLabel, instLabel, number, typ, inst, mode string) {
	if number == "" {
		f[numKey] = F(CodeRequired).For(numLabel)
	}
	if strings.TrimSpace(inst) == "" {
		f[instKey] = F(CodeRequired).For(instLabel)
		if number != "" && typ == AccountWallet && !walletPattern.MatchString(number) {
			f[numKey] = F(CodeWalletFormat).For(numLabel)
		}
		return
	}
	switch typ {
	case AccountWallet:
		op, ok := dir.Find(AccountWallet, inst)
		if !ok {
			f[instKey] = F(CodeUnknownOperator, "name", inst).For(instLabel)
			return
		}
		if lf := licenceFault(op); lf != nil {
			f[instKey] = lf.For(instLabel)
			return
		}
		if (mode == ModeOnline || mode == ModeOffline) && !contains(op.Modes, mode) {
			f[instKey] = F(CodeOperatorMode, "operator", op.Name, "mode", strings.Join(op.Modes, " and ")).For(instLabel)
		}
		if number == "" {
			return
		}
		m := walletPattern.FindStringSubmatch(number)
		if m == nil {
			f[numKey] = F(CodeWalletFormat).For(numLabel)
			return
		}
		if m[2] != "" && !contains(op.NumberPrefixes, "+252 "+m[2]) {
			f[numKey] = F(CodeWrongPrefix, "digits", m[2], "operator", op.Name, "prefix", strings.Join(op.NumberPrefixes, ", ")).For(numLabel)
		}
	case AccountBank:
		b, ok := dir.Find(AccountBank, inst)
		if !ok {
			f[instKey] = F(CodeUnknownBank, "name", inst).For(instLabel)
			return
		}
		if lf := licenceFault(b); lf != nil {
			f[instKey] = lf.For(instLabel)
			return
		}
		if (mode == ModeOnline || mode == ModeOffline) && !contains(b.Modes, mode) {
			f[instKey] = F(CodeOperatorMode, "operator", b.Name, "mode", strings.Join(b.Modes, " and ")).For(instLabel)
		}
		if number != "" && !bankPattern.MatchString(number) {
			f[numKey] = F(CodeBankFormat).For(numLabel)
		}
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// Fee caps (001 §9): 2 % of the amount, at most 150 USD or 1,725,000 SHS (150 × 11,500).
var feeCap = map[Currency]Minor{USD: 150_00, SHS: 150 * SHSPerUSD * 100}

// TransferFee is 2 % of the amount, rounded half up to the minor unit, capped per currency.
func TransferFee(amount Minor, cur Currency) Minor {
	fee := (amount*2 + 50) / 100
	return min(fee, feeCap[cur])
}

// FlowType derives P2P, P2B, B2P or B2B from the sender's and receiver's account types.
func FlowType(senderType, receiverType string) string {
	letter := func(t string) string {
		if t == AccountBank {
			return "B"
		}
		return "P"
	}
	return letter(senderType) + "2" + letter(receiverType)
}

// Route is a payment route option (001 §3, §9). Amount limits are in US dollars (SHS amounts
// are compared at 11,500 SHS per USD); Fee is the route's fixed fee in USD.
type Route struct {
	ID             string   `json:"id"`
	Name           string   `json:"name"`
	FlowType       string   `json:"flowType"`
	RoutingCode    string   `json:"routingCode"`
	Fee            int64    `json:"fee"`
	ProcessingTime string   `json:"processingTime"`
	SupportedModes []string `json:"supportedModes"`
	MinAmount      int64    `json:"minAmount"`
	MaxAmount      int64    `json:"maxAmount"`
	OfflineLimit   int64    `json:"offlineLimit,omitempty"`
	DailyLimit     int64    `json:"dailyLimit"`
	Score          int      `json:"score"`
}

// Routes are the sample routes of 001 §9.
var Routes = []Route{
	{"p2p-internal", "P2P internal", "P2P", "NPSS-P2P-INT", 2, "instant", []string{ModeOnline, ModeOffline}, 0, 50_000, 10_000, 200_000, 95},
	{"p2p-cross", "P2P cross-operator", "P2P", "NPSS-P2P-XOP", 5, "under 30 s", []string{ModeOnline}, 0, 100_000, 0, 500_000, 85},
	{"p2b-direct", "P2B direct", "P2B", "NPSS-P2B-DIR", 15, "under 2 min", []string{ModeOnline}, 10, 200_000, 0, 1_000_000, 88},
	{"b2p-direct", "B2P direct", "B2P", "NPSS-B2P-DIR", 12, "under 2 min", []string{ModeOnline}, 10, 300_000, 0, 1_500_000, 90},
	{"b2b-swift", "B2B SWIFT", "B2B", "SWIFT-B2B", 25, "1–2 h", []string{ModeOnline}, 100, 10_000_000, 0, 50_000_000, 95},
	{"b2b-clearing", "B2B clearing house", "B2B", "NPSS-B2B-ACH", 30, "next batch", []string{ModeOnline, ModeOffline}, 500, 50_000_000, 0, 200_000_000, 92},
}

// SelectRoutes returns the routes for a flow type that support the mode and the amount (in USD
// minor units), best score first (001 §9). Offline transfers must also stay within a route's
// offline limit.
func SelectRoutes(flowType, mode string, usd Minor) []Route {
	var out []Route
	for _, r := range Routes {
		if r.FlowType != flowType || !contains(r.SupportedModes, mode) {
			continue
		}
		if usd < Minor(r.MinAmount*100) || usd > Minor(r.MaxAmount*100) {
			continue
		}
		if mode == ModeOffline && r.OfflineLimit > 0 && usd > Minor(r.OfflineLimit*100) {
			continue
		}
		out = append(out, r)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Score > out[j].Score })
	return out
}

// BridgeFees are the mobile bridge's fees (001 §9) in minor units.
type BridgeFees struct {
	ProcessingFee Minor `json:"processingFee"`
	RoutingFee    Minor `json:"routingFee"`
	SettlementFee Minor `json:"settlementFee"`
	TotalFee      Minor `json:"totalFee"`
}

// MobileBridgeFees: processing 0.1 % capped at 5, routing 0.50, settlement 0.25.
func MobileBridgeFees(amount Minor) BridgeFees {
	b := BridgeFees{ProcessingFee: min((amount+500)/1000, 500), RoutingFee: 50, SettlementFee: 25}
	b.TotalFee = b.ProcessingFee + b.RoutingFee + b.SettlementFee
	return b
}

// NetworkOperator maps a +252 number to its network (001 §9): 61–64 Telesom, 65–66 Somtel,
// 67–68 Hormuud; "" when unknown.
func NetworkOperator(number string) string {
	digits := strings.ReplaceAll(strings.TrimPrefix(strings.TrimSpace(number), "+252"), " ", "")
	if len(digits) < 2 {
		return ""
	}
	switch digits[:2] {
	case "61", "62", "63", "64":
		return "Telesom"
	case "65", "66":
		return "Somtel"
	case "67", "68":
		return "Hormuud"
	}
	return ""
}

// Routing is what an administrator sets for a wallet operator or bank of the registry: the modes
// it serves (none takes it out of the transfer engine), and a wallet operator's USSD code and
// number prefixes or a bank's account prefix.
type Routing struct {
	Modes          []string `json:"modes" enum:"online,offline"`
	USSDCode       string   `json:"ussdCode"`
	NumberPrefixes []string `json:"numberPrefixes"`
	AccountPrefix  string   `json:"accountPrefix"`
}

var (
	ussdPattern          = regexp.MustCompile(`^\*[0-9]{1,4}(\*[0-9]{1,4})*#$`)
	numberPrefixPattern  = regexp.MustCompile(`^\+252 ?([0-9]{2})$`)
	accountPrefixPattern = regexp.MustCompile(`^[A-Z]{2,6}-$`)
)

// ValidateRouting normalizes and checks routing attributes for an account type (wallet for an
// operator, bank for a bank), reporting every fault at once. An operator that serves offline
// needs its USSD code; one that serves any mode needs a number prefix; a bank that serves any
// mode needs its account prefix. Attributes of the other type are refused rather than ignored.
func ValidateRouting(accountType string, r *Routing) error {
	f := map[string]Fault{}
	seen := map[string]bool{}
	modes := []string{}
	for _, m := range r.Modes {
		if m != ModeOnline && m != ModeOffline {
			f["modes"] = F(CodeRoutingModes)
		} else if !seen[m] {
			seen[m] = true
			modes = append(modes, m)
		}
	}
	sort.Strings(modes) // "offline" < "online": stored and shown in one order
	r.Modes = modes
	r.USSDCode = strings.TrimSpace(r.USSDCode)
	r.AccountPrefix = strings.ToUpper(strings.TrimSpace(r.AccountPrefix))
	prefixes := []string{}
	for _, p := range r.NumberPrefixes {
		m := numberPrefixPattern.FindStringSubmatch(strings.TrimSpace(p))
		if m == nil {
			f["numberPrefixes"] = F(CodeNumberPrefixFormat)
			continue
		}
		if p := "+252 " + m[1]; !contains(prefixes, p) {
			prefixes = append(prefixes, p)
		}
	}
	r.NumberPrefixes = prefixes
	switch accountType {
	case AccountWallet:
		if r.USSDCode != "" && !ussdPattern.MatchString(r.USSDCode) {
			f["ussdCode"] = F(CodeUSSDFormat)
		} else if r.USSDCode == "" && seen[ModeOffline] {
			f["ussdCode"] = F(CodeUSSDRequired)
		}
		if len(r.NumberPrefixes) == 0 && len(modes) > 0 && f["numberPrefixes"].Code == "" {
			f["numberPrefixes"] = F(CodeNumberPrefixRequired)
		}
		if len(r.NumberPrefixes) > 10 {
			f["numberPrefixes"] = F(CodeNumberPrefixesTooMany)
		}
		if r.AccountPrefix != "" {
			f["accountPrefix"] = F(CodeAccountPrefixBanksOnly)
		}
	case AccountBank:
		if r.AccountPrefix != "" && !accountPrefixPattern.MatchString(r.AccountPrefix) {
			f["accountPrefix"] = F(CodeAccountPrefixFormat)
		} else if r.AccountPrefix == "" && len(modes) > 0 {
			f["accountPrefix"] = F(CodeAccountPrefixRequired)
		}
		if r.USSDCode != "" {
			f["ussdCode"] = F(CodeUSSDWalletsOnly)
		}
		if len(r.NumberPrefixes) > 0 {
			f["numberPrefixes"] = F(CodeNumberPrefixesWalletsOnly)
		}
	default:
		return E(EINVALID, CodeRoutingNotApplicable)
	}
	if len(f) > 0 {
		return Invalid(CodeRoutingInvalid, f)
	}
	return nil
}
