// Package demo loads a realistic data set for demonstrations and the browser tests: an account
// for every role, licensed institutions, some weeks of payments with risk scores and alerts, KYC
// applications and pending licence applications. It runs once per database.
package demo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"time"

	"github.com/kormeer/kormeer/internal/auth"
	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// Account is a demo sign-in, printed at start so that people can try every role.
type Account struct {
	Role     string
	Login    string
	Password string
}

// Accounts are the demo sign-ins. Their passwords are public by design: never load demo data
// into a database that holds real payments. There are two administrators so that dual control
// (one proposes, another approves) can be shown; like every demo account they are created
// directly, as the server's operator would with `kormeer users create`.
var Accounts = []Account{
	{"cbsl_admin", "admin@kormeer.demo", "Admin-demo-2026"},
	{"cbsl_admin", "deputy@kormeer.demo", "Deputy-demo-2026"},
	{"cbsl_officer", "officer@kormeer.demo", "Officer-demo-2026"},
	{"psp_admin", "psp@kormeer.demo", "Psp-demo-2026"},
	{"mno_admin", "mno@kormeer.demo", "Mno-demo-2026"},
	{"citizen", "citizen@kormeer.demo", "Citizen-demo-2026"},
	{"guest", "guest", "Guest-demo-2026"},
}

// operator is a wallet operator of 001 §9 with its number prefix and USSD code.
type operator struct{ name, code, prefix, ussd string }

var operators = []operator{
	{"Premium-Wallet", "PREMIUM-WALLET", "+252 65", "*770#"},
	{"E-Dahab", "E-DAHAB", "+252 64", "*712#"},
	{"Waafi", "WAAFI", "+252 63", "*63#"},
	{"Zaad", "ZAAD", "+252 63", "*712#"},
}

// banks are the banks of 001 §9 by the names and codes the registry's migration gives them.
var banks = []struct{ name, prefix string }{
	{"Dahabshiil", "DBI-"}, {"Premier", "PBS-"}, {"Salaam", "SBS-"}, {"Dara-Salaam", "DSB-"}, {"Amal", "ABS-"},
}

var mnos = []string{"Telesom", "Somtel", "Hormuud"}

// Load loads the demo data, with the given number of payments spread over the last eight weeks,
// unless it was loaded before, and reports whether it did.
func Load(ctx context.Context, st *store.Store, hasher auth.Hasher, transactions int) (bool, error) {
	hashes := make([]string, len(Accounts))
	for i, a := range Accounts {
		h, err := hasher.Hash(a.Password)
		if err != nil {
			return false, err
		}
		hashes[i] = h
	}
	return st.Once(ctx, "demo-data", func(tx *store.Tx) error {
		return (&loader{tx: tx, rnd: rand.New(rand.NewPCG(2026, 11)), now: tx.Now(), count: transactions}).load(ctx, hashes)
	})
}

type loader struct {
	tx     *store.Tx
	rnd    *rand.Rand
	now    time.Time
	psps   map[string]string // operator code -> psp id
	mnoIDs []string
	users  map[string]*domain.User
	count  int // payments to make
}

func (l *loader) load(ctx context.Context, hashes []string) error {
	if err := l.institutions(ctx); err != nil {
		return err
	}
	if err := l.accounts(ctx, hashes); err != nil {
		return err
	}
	if err := l.transactions(ctx); err != nil {
		return err
	}
	if err := l.kyc(ctx); err != nil {
		return err
	}
	if err := l.applications(ctx); err != nil {
		return err
	}
	return l.systemAlerts(ctx)
}

func (l *loader) institutions(ctx context.Context) error {
	l.psps = map[string]string{}
	// The operators and banks are already registered (migration 0026 seeds the market): the demo
	// gives them contacts, licence dates and compliance statuses; the MNOs it registers.
	add := func(kind, name, code string, n int, status string) (string, error) {
		in := &store.Institution{Kind: kind, Name: name, Code: code,
			LicenseNumber: fmt.Sprintf("CB-%s-%04d", map[string]string{"psp": "PSP", "mno": "MNO", "bank": "BNK"}[kind], 101+n),
			ContactEmail:  "compliance@" + slug(name) + ".so", ContactPhone: fmt.Sprintf("+252 61 %07d", 2000000+n*137),
			Address: "Hargeisa, Somaliland", ComplianceStatus: status,
			LicenseIssuedAt:  l.now.AddDate(-2, -n, 0),
			LicenseExpiresAt: l.now.AddDate(0, 1+n*4, 0)}
		if kind == "mno" {
			err := l.tx.InsertInstitution(ctx, in)
			return in.ID, err
		}
		err := l.tx.AdoptInstitution(ctx, in)
		return in.ID, err
	}
	statuses := []string{"compliant", "compliant", "under_review", "compliant", "non_compliant"}
	for i, op := range operators {
		id, err := add("psp", op.name, op.code, i, statuses[i%len(statuses)])
		if err != nil {
			return err
		}
		l.psps[op.code] = id
	}
	for i, name := range mnos {
		id, err := add("mno", name, "MNO-"+slug(name), i, "compliant")
		if err != nil {
			return err
		}
		l.mnoIDs = append(l.mnoIDs, id)
	}
	for i, b := range banks {
		if _, err := add("bank", b.name, b.prefix, i, statuses[(i+1)%len(statuses)]); err != nil {
			return err
		}
	}
	return nil
}

func (l *loader) accounts(ctx context.Context, hashes []string) error {
	l.users = map[string]*domain.User{}
	names := [][2]string{{"Amina", "Warsame"}, {"Faisal", "Dualeh"}, {"Abdirahman", "Yusuf"}, {"Hodan", "Farah"}, {"Mohamed", "Jama"},
		{"Sahra", "Ismail"}, {"Guest", "Visitor"}}
	for i, a := range Accounts {
		u := &domain.User{Email: a.Login, FirstName: names[i][0], LastName: names[i][1], PasswordHash: hashes[i],
			Role: domain.Role(a.Role), IsActive: true}
		switch a.Role {
		case "psp_admin":
			u.Institution = l.psps["PREMIUM-WALLET"]
		case "mno_admin":
			u.Institution = l.mnoIDs[0]
		case "guest":
			u.Role, u.Email, u.Username = domain.RoleCitizen, "guest@kormeer.demo", a.Login
			u.IsGuest, u.GuestUnitsRemaining = true, domain.DefaultGuestUnits
		}
		if err := l.tx.InsertUser(ctx, u); err != nil {
			return err
		}
		if _, ok := l.users[a.Role]; !ok { // the first account of each role stands for it
			l.users[a.Role] = u
		}
	}
	return nil
}

// wallet returns a random wallet number of the operator.
func (l *loader) wallet(op operator) string {
	return domain.NormalizeAccount(fmt.Sprintf("%s %07d", op.prefix, l.rnd.IntN(10_000_000)))
}

func (l *loader) bankAccount() (string, string) {
	b := banks[l.rnd.IntN(len(banks))]
	return b.name, fmt.Sprintf("ACC%05d", l.rnd.IntN(100_000))
}

var firstNames = []string{"Ahmed", "Fadumo", "Khadar", "Nimco", "Liban", "Ayaan", "Guled", "Hibo", "Mustafe", "Ubah", "Yasmin", "Bashir"}
var lastNames = []string{"Hassan", "Abdi", "Omar", "Nur", "Aden", "Ali", "Mohamud", "Egal", "Duale", "Hirsi"}

func (l *loader) person() string {
	return firstNames[l.rnd.IntN(len(firstNames))] + " " + lastNames[l.rnd.IntN(len(lastNames))]
}

// transactions spreads l.count payments over eight weeks and records them in time order
// through the live AML rules, so the demo's scores and alerts are the ones the portal would give.
func (l *loader) transactions(ctx context.Context) error {
	statuses := []string{"completed", "completed", "completed", "completed", "completed", "completed", "completed",
		"pending", "processing", "failed"}
	types := []string{"transfer", "transfer", "payment", "npss_transfer", "withdrawal", "deposit"}
	txs := make([]*store.NewTransaction, l.count)
	for i := range txs {
		op := operators[l.rnd.IntN(len(operators))]
		t := &store.NewTransaction{}
		t.TransactionID = fmt.Sprintf("TXN-DEMO-%06d", i+1)
		t.NPSSReference = fmt.Sprintf("NPSS%016d", 2026000000000000+int64(i)*7919)
		t.Currency = domain.USD
		t.Amount = domain.Minor(500 + l.rnd.IntN(150_000)) // $5 – $1,505
		if l.rnd.IntN(3) == 0 {
			t.Currency = domain.SHS
			t.Amount = domain.Minor(10_000+l.rnd.IntN(5_000_000)) * 100
		}
		if l.rnd.IntN(40) == 0 { // a few large payments
			t.Amount *= 20
		}
		if l.rnd.IntN(15) == 0 { // and some suspiciously round ones
			t.Amount = max(t.Amount/100_000*100_000, 100_000)
		}
		t.Fee = domain.TransferFee(t.Amount, t.Currency)
		t.Status = statuses[l.rnd.IntN(len(statuses))]
		if t.Status == "failed" {
			t.FailureReason = domain.FailureReasons[i%len(domain.FailureReasons)] // not from l.rnd: the demo data stays as it was
		}
		t.Type = types[l.rnd.IntN(len(types))]
		t.TransferMode = "online"
		switch r := l.rnd.IntN(10); {
		case r == 0 && op.name != "Waafi":
			t.TransferMode, t.USSDCode, t.SettlementMode = "ussd", op.ussd, "batch"
		case r == 1 && op.name != "Waafi":
			t.TransferMode, t.USSDCode, t.SettlementMode = "offline", op.ussd, "batch"
		}
		if op.name == "Zaad" && t.TransferMode == "online" { // Zaad is offline only (001 §9)
			t.TransferMode, t.USSDCode, t.SettlementMode = "offline", op.ussd, "batch"
		}
		t.Sender, t.SenderName, t.SenderInstitution = l.wallet(op), l.person(), op.name
		t.FlowType = "P2P"
		t.Recipient, t.RecipientName, t.ReceiverInstitution = l.wallet(operators[l.rnd.IntN(len(operators))]), l.person(), op.name
		if l.rnd.IntN(5) == 0 {
			t.FlowType = "P2B"
			t.ReceiverInstitution, t.Recipient = l.bankAccount()
			t.RecipientName = t.ReceiverInstitution
		}
		t.PSPID, t.InstitutionID, t.InstitutionType = l.psps[op.code], l.psps[op.code], "psp"
		t.MNOID = l.mnoIDs[l.rnd.IntN(len(l.mnoIDs))]
		t.CreatedAt = l.now.Add(-time.Duration(l.rnd.Int64N(int64(56 * 24 * time.Hour)))).Truncate(time.Millisecond)
		txs[i] = t
	}
	sort.Slice(txs, func(i, j int) bool { return txs[i].CreatedAt.Before(txs[j].CreatedAt) })
	scoring := store.Scoring{Thresholds: domain.DefaultAMLThresholds()}
	for i, t := range txs {
		if _, err := l.tx.RecordTransaction(ctx, t, scoring); err != nil {
			return fmt.Errorf("demo transaction %d: %w", i, err)
		}
	}
	return nil
}

func (l *loader) kyc(ctx context.Context) error {
	statuses := []string{"compliant", "compliant", "compliant", "under_review", "under_review", "non_compliant", "pending"}
	docs := []string{"national_id", "passport", "drivers_license"}
	for i := 0; i < 14; i++ {
		k := &store.KYCApplication{FullName: l.person(), NationalID: fmt.Sprintf("SL%08d", 10_000_000+i*7_331),
			PhoneNumber: fmt.Sprintf("+252 63 %07d", 4_000_000+i*913), Email: fmt.Sprintf("customer%d@mail.so", i+1),
			Address: "Jigjiga Yar, Hargeisa, Maroodi Jeex", DocumentType: docs[i%len(docs)],
			DocumentNumber: fmt.Sprintf("D%07d", 100_000+i*17), Status: statuses[i%len(statuses)],
			CreatedAt: l.now.AddDate(0, 0, -i*3)}
		if i == 0 {
			k.UserID = l.users["citizen"].ID
		} else {
			// Submitted through the PSPs in turn, so each has a KYC standing on /kyc.
			k.PSPID = l.psps[operators[i%len(operators)].code]
		}
		// A few applications the risk rule flags (domain.KYCRisk): a declared PEP, and one that
		// reuses an earlier applicant's phone number.
		k.PEP = i == 9
		if i == 11 {
			k.PhoneNumber = fmt.Sprintf("+252 63 %07d", 4_000_000+4*913)
		}
		if err := l.tx.InsertKYCApplication(ctx, k); err != nil {
			return err
		}
	}
	return nil
}

func (l *loader) applications(ctx context.Context) error {
	apps := []store.InstitutionApplication{
		{InstitutionName: "Berbera Pay", InstitutionType: "psp", ContactPerson: "Ayaan Duale",
			BusinessDescription: "Merchant payments and QR acceptance for small traders in Berbera port."},
		{InstitutionName: "Sool Mobile", InstitutionType: "mno", ContactPerson: "Guled Egal",
			BusinessDescription: "Mobile network and wallet services for Sool and Sanaag regions."},
		{InstitutionName: "Hawala Link", InstitutionType: "psp", ContactPerson: "Nimco Hirsi",
			BusinessDescription: "Cross-border remittance collection for the diaspora."},
		{InstitutionName: "Togdheer Telecom", InstitutionType: "mno", ContactPerson: "Liban Aden", Status: "rejected"},
	}
	for i := range apps {
		a := &apps[i]
		a.LicenseNumber = fmt.Sprintf("APP-2026-%03d", 41+i)
		a.ContactEmail = "licensing@" + slug(a.InstitutionName) + ".so"
		a.ContactPhone = fmt.Sprintf("+252 65 %07d", 3_100_000+i*211)
		a.Address = "Road 1, Hargeisa"
		a.SubmittedBy = l.users["citizen"].ID
		a.CreatedAt = l.now.AddDate(0, 0, -2*(i+1))
		if err := l.tx.InsertInstitutionApplication(ctx, a); err != nil {
			return err
		}
	}
	return nil
}

func (l *loader) systemAlerts(ctx context.Context) error {
	alerts := []store.SystemAlert{
		{Title: "Licence renewal due", Message: "Premium-Wallet's licence expires within 30 days.", AlertType: "warning", TargetRole: "cbsl_admin"},
		{Title: "Monthly report window open", Message: "Institutions may submit this month's compliance reports.", AlertType: "info", TargetRole: "cbsl_officer"},
		{Title: "Settlement batch delayed", Message: "The offline (USSD) settlement batch ran 40 minutes late.", AlertType: "critical", TargetRole: "cbsl_admin"},
	}
	for i := range alerts {
		alerts[i].CreatedAt = l.now.Add(-time.Duration(i+1) * 3 * time.Hour)
		if err := l.tx.InsertSystemAlert(ctx, &alerts[i]); err != nil {
			return err
		}
	}
	return nil
}

func slug(s string) string {
	out := make([]rune, 0, len(s))
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			out = append(out, r)
		case r >= 'A' && r <= 'Z':
			out = append(out, r+('a'-'A'))
		}
	}
	return string(out)
}
