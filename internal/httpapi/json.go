package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strings"

	"github.com/kormeer/kormeer/internal/domain"
)

// maxBodyBytes bounds every JSON request body; uploads have their own limits.
const maxBodyBytes = 1 << 20

// errorBody is the one shape of every error answer.
type errorBody struct {
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields,omitempty"`
	// RequestID is the request's X-Request-Id, for a support request or the logs.
	RequestID string `json:"requestId,omitempty"`
}

// statusOf maps error codes to HTTP statuses, in one place.
var statusOf = map[string]int{
	domain.EINVALID:       http.StatusBadRequest,
	domain.EUNAUTHORIZED:  http.StatusUnauthorized,
	domain.EFORBIDDEN:     http.StatusForbidden,
	domain.ENOTFOUND:      http.StatusNotFound,
	domain.ECONFLICT:      http.StatusConflict,
	domain.ETOOLARGE:      http.StatusRequestEntityTooLarge,
	domain.EUNPROCESSABLE: http.StatusUnprocessableEntity,
	domain.ETOOMANY:       http.StatusTooManyRequests,
	domain.EUNSUPPORTED:   http.StatusUnsupportedMediaType,
	domain.EMETHOD:        http.StatusMethodNotAllowed,
}

// writeError answers err as JSON. Application errors show their message; anything else is logged
// with the request's details and answered with a generic 500, so internals never leak.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	if errors.Is(err, context.Canceled) && r.Context().Err() != nil {
		return // the client went away; there is no one to answer and nothing went wrong here
	}
	var e *domain.Error
	if !errors.As(err, &e) {
		log.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		writeJSON(w, http.StatusInternalServerError, errorBody{Message: "Internal server error. Please try again; if it persists, contact support.",
			RequestID: requestIDOf(r.Context())})
		return
	}
	status, ok := statusOf[e.Code]
	if !ok {
		status = http.StatusInternalServerError
	}
	if status == http.StatusTooManyRequests && w.Header().Get("Retry-After") == "" {
		w.Header().Set("Retry-After", "1") // every 429 says when to come back; limits set their own
	}
	writeJSON(w, status, errorBody{Message: e.Message, Fields: e.Fields, RequestID: requestIDOf(r.Context())})
}

// writeJSON writes v as the response. Answers are not stored by browsers or proxies unless the
// handler has said otherwise (the public figures, the public register).
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	if w.Header().Get("Cache-Control") == "" {
		w.Header().Set("Cache-Control", "no-store")
	}
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// decodeJSON reads exactly one JSON object of at most maxBodyBytes into v, refusing unknown
// fields and trailing data, and turns every failure into a 4xx error that says what is wrong.
func decodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	if err := requireJSON(r); err != nil {
		return err
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	dec.DisallowUnknownFields()
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return jsonError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return jsonError(err)
		}
		return domain.Errorf(domain.EINVALID, "The request body must hold a single JSON object.")
	}
	// encoding/json reads null into a struct as "nothing to set"; a body must be an object
	// (FuzzDecodeJSON found null accepted).
	if raw[0] != '{' {
		return domain.Errorf(domain.EINVALID, "The request body must be a JSON object.")
	}
	if err := jsonText(raw); err != nil {
		return err
	}
	obj := json.NewDecoder(bytes.NewReader(raw))
	obj.DisallowUnknownFields()
	if err := obj.Decode(v); err != nil {
		return jsonError(err)
	}
	return nil
}

// requireJSON refuses a body that does not say it is JSON (415). A cross-site HTML form can post
// text/plain, form or multipart bodies, and some clients no type at all, without a CORS
// preflight; requiring application/json (with at most a UTF-8 charset, the only one JSON has)
// keeps those from reaching a handler, beside the cross-origin check.
func requireJSON(r *http.Request) error {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	ok := err == nil && mt == "application/json"
	for k, v := range params {
		if k != "charset" || !strings.EqualFold(v, "utf-8") {
			ok = false
		}
	}
	if !ok {
		return domain.Errorf(domain.EUNSUPPORTED, "Send the request body as JSON with Content-Type: application/json.")
	}
	return nil
}

// ownBodyType are the state-changing routes whose body is not JSON: they check its type
// themselves (an image judged by its content, a batch as JSON or NDJSON).
var ownBodyType = map[string]bool{
	"PUT /api/objects/upload/{token}": true,
	"POST /api/transactions/batch":    true,
	"POST /api/iso20022":              true,
	// A sanctions list file: XML or CSV (importSanctionsList checks the type).
	"POST /api/sanctions/lists/{list}": true,
}

// checkBodyType applies requireJSON to every state-changing request that carries a body or names
// a type, before its handler runs, so that a route that reads no body cannot be reached by a
// cross-site form either. A request with neither (a bare POST from the web app) passes.
func checkBodyType(r *http.Request, pattern string) error {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return nil
	}
	if ownBodyType[pattern] || (r.ContentLength == 0 && len(r.Header.Values("Content-Type")) == 0) {
		return nil
	}
	return requireJSON(r)
}

func jsonError(err error) error {
	var (
		syntax  *json.SyntaxError
		typeErr *json.UnmarshalTypeError
		tooBig  *http.MaxBytesError
	)
	switch {
	case errors.As(err, &tooBig):
		return domain.Errorf(domain.ETOOLARGE, "The request body is larger than %d bytes.", maxBodyBytes)
	case errors.Is(err, io.EOF):
		return domain.Errorf(domain.EINVALID, "The request body is empty; send a JSON object.")
	case errors.As(err, &syntax), errors.Is(err, io.ErrUnexpectedEOF):
		return domain.Errorf(domain.EINVALID, "The request body is not valid JSON.")
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			return domain.Errorf(domain.EINVALID, "The request body must be a JSON object.")
		}
		return domain.FieldError(fmt.Sprintf("Field %q must be of type %s.", field, jsonType(typeErr.Type.Kind().String())),
			map[string]string{field: "must be of type " + jsonType(typeErr.Type.Kind().String())})
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		field := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		return domain.FieldError(fmt.Sprintf("Unknown field %q.", field), map[string]string{field: "unknown field"})
	}
	return domain.Errorf(domain.EINVALID, "The request body could not be read as JSON.")
}

func jsonType(kind string) string {
	switch kind {
	case "string":
		return "string"
	case "bool":
		return "boolean"
	case "struct", "map":
		return "object"
	case "slice", "array":
		return "array"
	}
	return "number"
}

// optional turns "" into a JSON null.
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
