package httpapi

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/i18n"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// requireErrorCodes wraps the handler of every HTTP test server: each error answer the suites
// provoke must carry a machine code, and a code for each field at fault, in the documented shape
// (docs/API.md, Errors). A test that provokes an answer without one fails.
func requireErrorCodes(t testing.TB, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Upgrade") != "" {
			next.ServeHTTP(w, r) // a WebSocket takes over the connection
			return
		}
		rec := &errorRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		// Only the API answers errors; /readyz's 503 is a health report, not an error answer.
		if rec.status < 400 || !strings.HasPrefix(r.URL.Path, "/api/") || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") {
			return
		}
		if problem := errorShapeProblem(rec.body.Bytes()); problem != "" {
			t.Errorf("%s %s answered %d without a proper code (%s): %s", r.Method, r.URL.Path, rec.status, problem, rec.body.Bytes())
		}
	})
}

// errorShapeProblem says what is wrong with an error body's codes, or "" when nothing is.
func errorShapeProblem(body []byte) string {
	var b struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Fields  map[string]struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"fields"`
	}
	if err := json.Unmarshal(body, &b); err != nil {
		return "not the error shape: " + err.Error()
	}
	if b.Code == "" || b.Message == "" {
		return "no code or no message"
	}
	for k, f := range b.Fields {
		if f.Code == "" || f.Message == "" {
			return "field " + k + " has no code or no message"
		}
	}
	return ""
}

// fieldMessage is the message an error answer gives for one field ("" when it names none).
func (r response) fieldMessage(t testing.TB, field string) string {
	t.Helper()
	var b errorBody
	if err := json.Unmarshal(r.body, &b); err != nil {
		t.Fatalf("body %q is not an error answer: %v", r.body, err)
	}
	return b.Fields[field].Message
}

// errorRecorder keeps the status and body of an answer while writing it through.
type errorRecorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (r *errorRecorder) WriteHeader(status int) {
	r.status = status
	r.ResponseWriter.WriteHeader(status)
}

func (r *errorRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	if r.status >= 400 && r.body.Len() < 1<<16 {
		r.body.Write(b)
	}
	return r.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the real writer (flushes, deadlines).
func (r *errorRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// TestErrorsInTheReadersLanguage: an error answer is written in the signed-in person's stored
// language, else in the language Accept-Language prefers, else in English; an unknown language
// is English without error. The code and the fields' codes are the same in every language.
func TestErrorsInTheReadersLanguage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, be storetest.Backend) {
		e := newEnv(t, be, nil)
		// Nobody is signed in yet: Accept-Language decides.
		for _, c := range []struct {
			accept string
			lang   i18n.Lang
			want   string
		}{
			{"", i18n.EN, "Please enter your email and password."},
			{"so-SO,en;q=0.5", i18n.SO, "Fadlan geli iimaylkaaga iyo furahaaga sirta ah."},
			{"de;q=0.9, fr;q=0.8", i18n.FR, "Veuillez saisir votre e-mail et votre mot de passe."},
			{"tlh, de;q=0.9", i18n.EN, "Please enter your email and password."},
		} {
			res := e.do(nil, "POST", "/api/login", map[string]string{"email": " "}, "Accept-Language", c.accept)
			var b errorBody
			if err := json.Unmarshal(res.body, &b); err != nil || res.status != http.StatusBadRequest {
				t.Fatalf("%q: %d %s", c.accept, res.status, res.body)
			}
			required, _ := i18n.T(c.lang, domain.CodeRequired, nil)
			if res.header.Get("Content-Language") != string(c.lang) || b.Code != CodeSignInFields || b.Message != c.want ||
				b.Fields["email"].Code != domain.CodeRequired || b.Fields["password"].Message != required {
				t.Errorf("%q: %s %+v", c.accept, res.header.Get("Content-Language"), b)
			}
		}
		res := e.do(nil, "GET", "/api/users", nil, "Accept-Language", "so")
		if b := res.json(t); res.status != http.StatusUnauthorized || b["code"] != domain.CodeSignInRequired || b["message"] != "Soo gal si aad u sii waddo." {
			t.Errorf("signed out in Somali: %d %s", res.status, res.body)
		}
		res = e.do(nil, "GET", "/api/no-such-thing", nil, "Accept-Language", "fr")
		if b := res.json(t); res.status != http.StatusNotFound || b["code"] != CodeNoEndpoint || res.header.Get("Content-Language") != "fr" ||
			b["message"] != "Aucun point d'accès de l'API à /api/no-such-thing." {
			t.Errorf("unknown endpoint in French: %d %s", res.status, res.body)
		}

		// Signed in, the person's stored language wins over the browser's.
		bad := transferBody("0")
		bad["senderNumber"] = "123"
		for _, c := range []struct {
			stored         string
			amount, sender string
		}{
			{"so", "Qadarku waa inuu ka weynaadaa 0", "Lambarka diraha: Qaabka lambarka boorsadu ma saxna. Isticmaal 1234567, +252 65 1234567 ama G1234567"},
			{"en", "Amount must be greater than 0", "Sender Number: Invalid wallet format. Use 1234567, +252 65 1234567, or G1234567"},
		} {
			tok := e.token(e.mustUser(c.stored+"@example.so", domain.RoleCitizen, nil))
			if res := e.do(nil, "PATCH", "/api/profile", map[string]string{"language": c.stored}, "Authorization", "Bearer "+tok); res.status != http.StatusOK {
				t.Fatalf("language %s: %d %s", c.stored, res.status, res.body)
			}
			res := e.do(nil, "POST", "/api/transfer", bad, "Authorization", "Bearer "+tok, "Accept-Language", "fr")
			var b errorBody
			if err := json.Unmarshal(res.body, &b); err != nil || res.status != http.StatusBadRequest {
				t.Fatalf("%s: %d %s", c.stored, res.status, res.body)
			}
			want, _ := i18n.T(i18n.Lang(c.stored), domain.CodeTransferInvalid, nil)
			if res.header.Get("Content-Language") != c.stored || b.Code != domain.CodeTransferInvalid || b.Message != want ||
				b.Fields["amount"].Code != domain.CodeAmountNotPositive || b.Fields["amount"].Message != c.amount ||
				b.Fields["senderNumber"].Code != domain.CodeWalletFormat || b.Fields["senderNumber"].Message != c.sender {
				t.Errorf("stored %s, browser French: %s %+v", c.stored, res.header.Get("Content-Language"), b)
			}
		}
		// Nothing was written by the refusals.
		if n := e.auditCount("transaction.transfer"); n != 0 {
			t.Errorf("%d transfers recorded", n)
		}
	})
}

// TestFilterErrorsInTheReadersLanguage: a list's refused filters are answered by code, the
// answer and each field in the reader's (stored) language (the values a filter takes stay as they are
// written in the address).
func TestFilterErrorsInTheReadersLanguage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, be storetest.Backend) {
		e := newEnv(t, be, nil)
		tok := e.token(e.mustUser("filters@example.so", domain.RoleCBSLOfficer, nil))
		for _, c := range []struct {
			lang                   string
			message, status, bogus string
		}{
			{"so", "Fadlan sax shaandhaynta.", "Waa inuu ka mid noqdaa " + strings.Join(alertStatuses, ", "), "Shaandhayn aan la aqoon"},
			{"fr", "Veuillez corriger les filtres.", "Doit être l'une des valeurs : " + strings.Join(alertStatuses, ", "), "Filtre inconnu"},
			{"en", "Please correct the filters.", "Must be one of " + strings.Join(alertStatuses, ", "), "Unknown filter"},
		} {
			if res := e.do(nil, "PATCH", "/api/profile", map[string]string{"language": c.lang}, "Authorization", "Bearer "+tok); res.status != http.StatusOK {
				t.Fatalf("language %s: %d %s", c.lang, res.status, res.body)
			}
			res := e.do(nil, "GET", "/api/alerts?status=lost&bogus=1", nil, "Authorization", "Bearer "+tok)
			var b errorBody
			if err := json.Unmarshal(res.body, &b); err != nil || res.status != http.StatusBadRequest {
				t.Fatalf("%s: %d %s", c.lang, res.status, res.body)
			}
			if res.header.Get("Content-Language") != c.lang || b.Code != CodeFiltersInvalid || b.Message != c.message ||
				b.Fields["status"].Code != CodeOneOf || b.Fields["status"].Message != c.status ||
				b.Fields["bogus"].Code != CodeUnknownFilter || b.Fields["bogus"].Message != c.bogus {
				t.Errorf("%s: %s %+v", c.lang, res.header.Get("Content-Language"), b)
			}
		}
	})
}

// TestAccessCodeInTheRecipientsLanguage: the access code's e-mail is written in the language of
// the account holding the address (else the requester's), its SMS in the requester's language (a
// mobile user has none stored).
func TestAccessCodeInTheRecipientsLanguage(t *testing.T) {
	storetest.Run(t, func(t *testing.T, be storetest.Backend) {
		e := newEnv(t, be, nil)
		tok := e.token(e.mustUser("o@example.so", domain.RoleCBSLOfficer, nil))
		auth := []string{"Authorization", "Bearer " + tok}
		if res := e.do(nil, "PATCH", "/api/profile", map[string]string{"language": "so"}, auth...); res.status != http.StatusOK {
			t.Fatalf("language: %d %s", res.status, res.body)
		}
		e.mustUser("supervisor@example.so", domain.RoleCBSLAdmin, nil) // stored language: English
		res := e.do(nil, "POST", "/api/mobile/users", map[string]string{"fullName": "Ayaan Duale", "phoneNumber": "+252 63 4123456",
			"nationalId": "SL99887766", "platform": "android"})
		id, _ := res.json(t)["id"].(string)
		if res := e.do(nil, "PATCH", "/api/mobile/users/"+id+"/status", map[string]string{"status": "approved"}, auth...); res.status != http.StatusOK {
			t.Fatalf("approve: %d %s", res.status, res.body)
		}
		for _, c := range []struct{ to, mail string }{
			{"supervisor@example.so", "Kormeer: the mobile access code is "},
			{"nobody@bank.so", "Kormeer: koodka gelitaanka mobilku waa "}, // no account: the requester's Somali
		} {
			res := e.do(nil, "POST", "/api/admin/mobile-access/generate", map[string]string{"mobileUserId": id,
				"notificationMethod": "both", "adminEmail": c.to}, auth...)
			code, _ := res.json(t)["accessCode"].(map[string]any)["code"].(string)
			if res.status != http.StatusCreated || code == "" {
				t.Fatalf("generate: %d %s", res.status, res.body)
			}
			mails := e.mailTo(c.to, "access_code")
			if len(mails) != 1 || !strings.HasPrefix(mails[0], c.mail+code) || !strings.Contains(mails[0], "+252") {
				t.Errorf("mail to %s: %q", c.to, mails)
			}
		}
		due, err := e.store.DueNotifications(t.Context(), 100)
		if err != nil {
			t.Fatal(err)
		}
		var sms []string
		for _, n := range due {
			if n.Channel == "sms" {
				body, _ := e.sealer.Open(n.SealedBody)
				sms = append(sms, body)
			}
		}
		if len(sms) != 2 || !strings.HasPrefix(sms[0], "Kormeer: koodka gelitaanka mobilkaagu waa ") {
			t.Errorf("SMS: %q", sms)
		}
	})
}
