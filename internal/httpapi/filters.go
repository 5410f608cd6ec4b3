package httpapi

import (
	"net/url"
	"slices"
	"strings"

	"github.com/google/uuid"

	"github.com/kormeer/kormeer/internal/domain"
)

// filterReader reads a list's query filters, collecting a fault per invalid parameter in
// fields, so that one 400 names them all. Unknown parameters are refused, so a mistyped filter
// never silently shows the whole list; "all" means no filter, as on the transactions search.
type filterReader struct {
	q      url.Values
	fields map[string]domain.Fault
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
		r.fields[key] = oneOfFault(allowed)
	}
	return v
}

// id is key's value, which must be an id (an institution's, an account's); the fault of code
// says so.
func (r *filterReader) id(key, code string) string {
	v := r.get(key)
	if v == "" {
		return ""
	}
	id, err := uuid.Parse(v)
	if err != nil {
		r.fields[key] = domain.F(code)
		return ""
	}
	return id.String()
}

// err is the 400 naming every bad filter read, or nil.
func (r *filterReader) err() error {
	if len(r.fields) > 0 {
		return domain.Invalid(CodeFiltersInvalid, r.fields)
	}
	return nil
}

// oneOfFault is the fault of a value that is not one of allowed.
func oneOfFault(allowed []string) domain.Fault {
	return domain.F(CodeOneOf, "values", strings.Join(allowed, ", "))
}
