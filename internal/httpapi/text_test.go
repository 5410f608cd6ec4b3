package httpapi

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
)

// TestJSONTextNamesTheField: a NUL anywhere in a JSON string is refused with the field that
// holds it; an escaped backslash before "u0000" is text, not a NUL.
func TestJSONTextNamesTheField(t *testing.T) {
	for raw, field := range map[string]string{
		`{"a":"x\u0000"}`:                        "a",
		`{"a":{"b":["ok","\u0000"]}}`:            "b",
		`{"a":1,"b":true,"c":null,"d":"\u0000"}`: "d",
		`{"a":[1,{"x":2}],"m":"\u0000"}`:         "m",
		`{"\u0000":1}`:                           "body",
		`[{"k":1},"\u0000"]`:                     "k",
		`{"a":"\\u0000"}`:                        "",
		`{"a":"plain"}`:                          "",
		`{"a":"\u0000`:                           "",
	} {
		err := jsonText([]byte(raw))
		got := ""
		if e, ok := err.(*domain.Error); ok {
			for k := range e.Fields {
				got = k
			}
		}
		if got != field {
			t.Errorf("%s: field %q (%v), want %q", raw, got, err, field)
		}
	}
}

// TestPlainTextQuery: NUL and bytes that are not UTF-8 in a query or path are a 400 naming the
// parameter, before any handler (PostgreSQL answered them with a 500).
func TestPlainTextQuery(t *testing.T) {
	reached := false
	h := plainText(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { reached = true }))
	for target, want := range map[string]int{"/api/x?search=a%00b": 400, "/api/x?q=%FF": 400, "/api/%00": 400,
		"/api/x?search=%C3%A9%20OK": 200} {
		reached = false
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", target, nil))
		if w.Code != want || reached != (want == 200) {
			t.Errorf("%s: %d %s (handler reached %v)", target, w.Code, w.Body, reached)
		}
	}
}
