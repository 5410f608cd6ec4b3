package httpapi

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// The fuzz targets of the HTTP layer (issue 14, part 7). `make fuzz` runs each for a few seconds;
// `go test` runs their seeds (f.Add and testdata/fuzz/<target>/) as ordinary tests.

// clientError fails t unless err is nil or an application error answered with a 4xx: whatever
// a client sends, the answer is never a 500.
func clientError(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var e *domain.Error
	if !errors.As(err, &e) {
		t.Fatalf("not an application error (would answer 500): %v", err)
	}
	if s := statusOf[e.Code]; s < 400 || s > 499 {
		t.Fatalf("%v answers %d", err, s)
	}
}

// decodeBody runs decodeJSON on body as a POST with Content-Type application/json.
func decodeBody(body []byte, v any) error {
	r := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	return decodeJSON(httptest.NewRecorder(), r, v)
}

// decodeRoundTrip decodes body into a T; a body it accepts must be one JSON object, must decode
// again to the same value once re-encoded, and validate must refuse it only with a 4xx.
func decodeRoundTrip[T any](t *testing.T, body []byte, validate func(*T) error) {
	var v T
	err := decodeBody(body, &v)
	clientError(t, err)
	if err != nil {
		return
	}
	if trimmed := bytes.TrimLeft(body, " \t\r\n"); !json.Valid(body) || len(trimmed) == 0 || trimmed[0] != '{' {
		t.Fatalf("accepted a body that is not one JSON object: %q", body)
	}
	again, _ := json.Marshal(v)
	var w T
	if err := decodeBody(again, &w); err != nil || !reflect.DeepEqual(v, w) {
		t.Fatalf("round trip of %q: %s gives %+v, %v; want %+v", body, again, w, err, v)
	}
	if validate != nil {
		clientError(t, validate(&v))
	}
}

// vectorInstitutions is the licence registry of testdata/transfers.json.
func vectorInstitutions(t *testing.T) domain.Institutions {
	raw, err := os.ReadFile("../../testdata/transfers.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Institutions domain.Institutions }
	if err := json.Unmarshal(raw, &file); err != nil || len(file.Institutions) == 0 {
		t.Fatalf("transfers.json institutions: %v", err)
	}
	return file.Institutions
}

// jsonDecoders are the request bodies FuzzDecodeJSON reads, chosen by the fuzzer's first value.
var jsonDecoders = []func(*testing.T, []byte){
	func(t *testing.T, b []byte) {
		decodeRoundTrip(t, b, func(c *credentials) error { return c.validate("email", CodeSignInFields, c.Email) })
	},
	func(t *testing.T, b []byte) {
		decodeRoundTrip(t, b, func(in *domain.TransferRequest) error {
			_, err := domain.ValidateTransfer(*in, vectorInstitutions(t))
			return err
		})
	},
	func(t *testing.T, b []byte) { decodeRoundTrip(t, b, (*domain.KYCInput).Validate) },
	func(t *testing.T, b []byte) { decodeRoundTrip(t, b, (*domain.ApplicationInput).Validate) },
	func(t *testing.T, b []byte) { decodeRoundTrip(t, b, (*domain.MobileUserInput).Validate) },
	func(t *testing.T, b []byte) {
		decodeRoundTrip(t, b, func(j *thresholdsJSON) error { _, err := j.toDomain(); return err })
	},
	func(t *testing.T, b []byte) { fuzzBatch(t, b, "application/json") },
	func(t *testing.T, b []byte) { fuzzBatch(t, b, "application/x-ndjson") },
}

// fuzzBatch reads a data feed: refused with a 4xx, or 1 to maxBatchItems items each of which is
// either turned into a transaction with a strict amount or rejected with field errors.
func fuzzBatch(t *testing.T, body []byte, contentType string) {
	r := httptest.NewRequest(http.MethodPost, "/api/transactions/batch", bytes.NewReader(body))
	r.Header.Set("Content-Type", contentType)
	items, err := readBatch(httptest.NewRecorder(), r)
	clientError(t, err)
	if err != nil {
		return
	}
	if len(items) == 0 || len(items) > maxBatchItems {
		t.Fatalf("%d items accepted", len(items))
	}
	for _, it := range items {
		nt, errs := it.toTransaction(fuzzNow, vectorInstitutions(t), "inst", "psp", true)
		if len(errs) > 0 {
			continue
		}
		if !strictAmount.MatchString(string(it.Amount)) || nt.Amount < 1 || nt.Amount.String() != canonicalAmount(string(it.Amount)) {
			t.Fatalf("item amount %q stored as %s", it.Amount, nt.Amount)
		}
	}
}

// fuzzNow is the reporting time of fuzzed feeds.
var fuzzNow = time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)

var strictAmount = regexp.MustCompile(`^(0|[1-9][0-9]*)(\.[0-9]{1,2})?$`)

// canonicalAmount writes a strict amount with two decimals: "12.5" → "12.50".
func canonicalAmount(s string) string {
	whole, frac, _ := strings.Cut(s, ".")
	return whole + "." + (frac + "00")[:2]
}

// FuzzDecodeJSON: every JSON request body the API reads (sign-in, transfer, KYC, application,
// mobile user, AML thresholds, data feeds) is either refused with a 4xx or read into a value that
// survives a round trip, and its validation refuses only with a 4xx.
func FuzzDecodeJSON(f *testing.F) {
	for i, file := range []string{"", "transfers.json", "kyc.json", "institution_application.json", "", "", "", ""} {
		if file == "" {
			continue
		}
		raw, err := os.ReadFile("../../testdata/" + file)
		if err != nil {
			f.Fatal(err)
		}
		var vectors map[string]json.RawMessage
		if err := json.Unmarshal(raw, &vectors); err != nil {
			f.Fatal(err)
		}
		for _, key := range []string{"base", "valid"} {
			if v, ok := vectors[key]; ok {
				f.Add(uint8(i), []byte(v))
			}
		}
	}
	one := `{"externalId":"X-1","amount":"12.50","currency":"USD","senderNumber":"+252 65 1234567","receiverNumber":"12345"}`
	for _, s := range []struct {
		kind uint8
		body string
	}{
		{0, `{"email":"amina@example.so","password":"correct horse battery"}`}, {0, `null`}, {0, `{"EMAIL":"a@b.so"}`},
		{0, `{"email":"a"} {"email":"b"}`}, {0, `[{"email":"a"}]`}, {0, "{\"email\":\"\xff\"}"}, {1, `{"amount": 1e3}`},
		{1, `{"amount": "0x10", "clearingHouse": {"automaticCompensation": true}}`}, {4, `{"phoneNumber": 5}`},
		{5, `{"largeValueUsd":"10000.00","weights":{"large_value":30}}`}, {6, "[" + one + "]"}, {6, `[]`},
		{7, one + "\n" + strings.Replace(one, "12.50", "0x1p4", 1)}, {7, "\n\n{oops"},
	} {
		f.Add(s.kind, []byte(s.body))
	}
	f.Fuzz(func(t *testing.T, kind uint8, body []byte) {
		jsonDecoders[int(kind)%len(jsonDecoders)](t, body)
	})
}

// FuzzParseTxFilter: any query string of GET /api/transactions/search (and the export, which
// reads the same filters) is refused with field errors that name a filter, or gives a filter
// within its vocabularies: known statuses, strict non-negative amounts in order, dates in
// order, a bounded search text; the page size and cursor are bounded too.
func FuzzParseTxFilter(f *testing.F) {
	for _, q := range []string{"", "search=TXN-2026&status=completed&type=transfer&transferMode=online&currency=USD",
		"dateFrom=2026-11-01&dateTo=2026-11-05", "dateFrom=2026-11-05T10:00:00Z", "amountMin=100&amountMax=200.5",
		"amountMin=0x10", "amountMin=50&amountMax=10", "status=all&currency=all", "npssReference=npss123",
		"search=' OR 1=1 --", "limit=500&cursor=MTc2NDAwMDAwMDAwMHwwMWEyMGIyNy02MTMzLTc1MTktYTM2Ny1kODAwNTA3MWI4ODU",
		"amountMin=%00", "status=completed&status=failed", "limit=-1", "dateTo=2026-02-30"} {
		f.Add(q)
	}
	known := []string{"search", "status", "type", "transferMode", "currency", "dateFrom", "dateTo", "amountMin", "amountMax", "npssReference"}
	f.Fuzz(func(t *testing.T, raw string) {
		q := (&url.URL{RawQuery: raw}).Query()
		if limit, cursor, err := parsePage(q); err != nil {
			clientError(t, err)
		} else if limit < 1 || limit > maxPageSize || (cursor != nil && len(cursor.ID) != 36) {
			t.Fatalf("page %d %+v from %q", limit, cursor, raw)
		}
		fl, err := parseTxFilter(q)
		if err != nil {
			clientError(t, err)
			var e *domain.Error
			errors.As(err, &e)
			for k := range e.Fields {
				if !slices.Contains(known, k) {
					t.Fatalf("field %q is not a filter", k)
				}
			}
			return
		}
		for _, c := range []struct {
			v       string
			allowed []string
		}{{fl.Status, txStatuses}, {fl.Type, txTypes}, {fl.TransferMode, txModes}, {fl.Currency, currencies}} {
			if c.v != "" && !slices.Contains(c.allowed, c.v) {
				t.Fatalf("filter value %q from %q", c.v, raw)
			}
		}
		if len(fl.Search) > 64 || len(fl.NPSSReference) > 64 || strings.Contains(fl.Search, " ") {
			t.Fatalf("search %q reference %q", fl.Search, fl.NPSSReference)
		}
		for _, key := range []string{"amountMin", "amountMax"} {
			if v := strings.TrimSpace(q.Get(key)); v != "" && v != "all" && !strictAmount.MatchString(v) {
				t.Fatalf("%s=%q accepted", key, v)
			}
		}
		if fl.AmountMin < 0 || fl.AmountMax < 0 || (fl.AmountMin > 0 && fl.AmountMax > 0 && fl.AmountMin > fl.AmountMax) {
			t.Fatalf("amounts %d..%d", fl.AmountMin, fl.AmountMax)
		}
		if !fl.DateFrom.IsZero() && !fl.DateTo.IsZero() && !fl.DateFrom.Before(fl.DateTo) {
			t.Fatalf("dates %v..%v", fl.DateFrom, fl.DateTo)
		}
	})
}

// FuzzSafeCells: a defused cell never starts with = + - @ tab or carriage return (OWASP CSV
// injection), is the original cell with at most a leading quote, and survives being written and
// read back as CSV.
func FuzzSafeCells(f *testing.F) {
	for _, s := range []string{"", "=HYPERLINK(\"http://evil\")", "+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1", "plain", "'quoted",
		"a,b\n\"c\"", "=1\r\n=2", "\uff1d1", " =1", "\x00"} {
		f.Add(s, "=cmd|' /C calc'!A0")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		cells := safeCells("row", a, b)
		for i, in := range []string{"row", a, b} {
			got := cells[i]
			if got != "" && strings.ContainsRune("=+-@\t\r", rune(got[0])) {
				t.Fatalf("cell %q starts with a formula character", got)
			}
			if got != in && got != "'"+in {
				t.Fatalf("cell %q became %q", in, got)
			}
		}
		var buf bytes.Buffer
		w := csv.NewWriter(&buf)
		if err := w.Write(cells); err != nil {
			t.Fatal(err)
		}
		w.Flush()
		rd := csv.NewReader(&buf)
		back, err := rd.Read()
		if err != nil {
			t.Fatalf("reading %q back: %v", buf.String(), err)
		}
		for i := range cells {
			// CSV readers turn a line break \r\n inside a quoted cell into \n.
			if want := strings.ReplaceAll(cells[i], "\r\n", "\n"); back[i] != want {
				t.Fatalf("cell %q read back as %q", want, back[i])
			}
		}
	})
}
