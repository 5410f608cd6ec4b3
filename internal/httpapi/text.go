package httpapi

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/kormeer/kormeer/internal/domain"
)

// storableText reports whether s can be kept as text by both databases: PostgreSQL refuses NUL
// and bytes that are not UTF-8 (an error, which would answer 500), and SQLite cuts a bound string
// at its first NUL (so "%\x00..." searched as "%": everything). TestSQLInjectionRefused found
// both.
func storableText(s string) bool {
	return utf8.ValidString(s) && strings.IndexByte(s, 0) < 0
}

// plainText refuses, with a 400 that names the parameter, a request whose path or query holds
// text no database can store or compare as sent, before any handler reads it.
func plainText(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !storableText(r.URL.Path) {
			writeError(w, r, slog.Default(), domain.E(domain.EINVALID, CodePathNotText))
			return
		}
		fields := map[string]domain.Fault{}
		for k, vs := range r.URL.Query() {
			for _, v := range vs {
				if !storableText(k) || !storableText(v) {
					fields[strings.ToValidUTF8(strings.ReplaceAll(k, "\x00", ""), "?")] = domain.F(CodeNotText)
				}
			}
		}
		if len(fields) > 0 {
			writeError(w, r, slog.Default(), domain.Invalid(CodeQueryNotText, fields))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// jsonText refuses a JSON document with a NUL character (written \u0000) in any key or string,
// naming the field. Bytes that are not UTF-8 need no check: encoding/json reads them as U+FFFD.
// A document that is not valid JSON passes, for the decoder proper to report.
func jsonText(raw []byte) error {
	if !bytes.Contains(raw, []byte(`\u0000`)) {
		return nil // the only way to write NUL in valid JSON
	}
	type level struct{ object, wantKey bool }
	var stack []level
	key := ""
	dec := json.NewDecoder(bytes.NewReader(raw))
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		top := len(stack) - 1
		switch v := tok.(type) {
		case json.Delim:
			if v == '{' || v == '[' {
				stack = append(stack, level{object: v == '{', wantKey: v == '{'})
				continue
			}
			stack = stack[:top]
		case string:
			if strings.IndexByte(v, 0) >= 0 {
				field := key
				if top >= 0 && stack[top].wantKey || field == "" {
					field = "body"
				}
				return domain.Invalid(CodeBodyNUL, map[string]domain.Fault{field: domain.F(CodeNUL)})
			}
			if top >= 0 && stack[top].wantKey {
				key, stack[top].wantKey = v, false
				continue
			}
		}
		if top = len(stack) - 1; top >= 0 && stack[top].object {
			stack[top].wantKey = true // a value ended: the object's next token is a key
		}
	}
}

// userAgent is the request's User-Agent as stored with sessions and audit rows: a header may
// carry bytes that are not UTF-8, which PostgreSQL refuses, so they are replaced, and it is cut
// to 512 bytes.
func userAgent(r *http.Request) string {
	ua := r.UserAgent()
	if len(ua) > 512 {
		ua = ua[:512]
	}
	return strings.ToValidUTF8(strings.ReplaceAll(ua, "\x00", ""), "\uFFFD")
}
