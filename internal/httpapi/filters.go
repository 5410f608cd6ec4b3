package httpapi

import (
	"net/url"
	"slices"
	"strings"

	"github.com/google/uuid"
)

// filterReader reads a list's query filters, collecting a message per invalid parameter in
// fields, so that one 400 names them all. Unknown parameters are refused, so a mistyped filter
// never silently shows the whole list; "all" means no filter, as on the transactions search.
type filterReader struct {
	q      url.Values
	fields map[string]string
}

func newFilterReader(q url.Values, known map[string]bool) *filterReader {
	return &filterReader{q: q, fields: unknownParams(q, known)}
}

// get is the trimmed value of key, "" when absent or "all".
func (r *filterReader) get(key string) string {
	if v := strings.TrimSpace(r.q.Get(key)); v != "all" {
		return v
	}
	return ""
}

// oneOf is key's value, which must be one of allowed.
func (r *filterReader) oneOf(key string, allowed []string) string {
	v := r.get(key)
	if v != "" && !slices.Contains(allowed, v) {
		r.fields[key] = "Must be one of " + strings.Join(allowed, ", ")
	}
	return v
}

// id is key's value, which must be an id (an institution's, an account's); message says so.
func (r *filterReader) id(key, message string) string {
	v := r.get(key)
	if v == "" {
		return ""
	}
	id, err := uuid.Parse(v)
	if err != nil {
		r.fields[key] = message
		return ""
	}
	return id.String()
}
