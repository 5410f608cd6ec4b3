// Package domain holds Kormeer's types, roles and rules. It does no I/O so that every rule can be
// table-tested and shared by the HTTP layer, the storage layer and the command line.
package domain

import (
	"errors"
	"fmt"
)

// Error codes name the kind of failure; the HTTP layer maps each to one status in one place, so a
// handler never chooses a status code itself.
const (
	EINVALID       = "invalid"       // bad input: 400
	EUNAUTHORIZED  = "unauthorized"  // no or bad credentials: 401
	EFORBIDDEN     = "forbidden"     // authenticated but not allowed: 403
	ENOTFOUND      = "not_found"     // 404
	ECONFLICT      = "conflict"      // state or uniqueness conflict: 409
	ETOOLARGE      = "too_large"     // request body too large: 413
	EUNPROCESSABLE = "unprocessable" // well-formed but refused (e.g. idempotency key reuse): 422
	ETOOMANY       = "too_many"      // rate limited: 429
	EUNSUPPORTED   = "unsupported"   // body not in a media type the route reads: 415
	EMETHOD        = "method"        // method not offered on this path: 405
	EINTERNAL      = "internal"      // anything unexpected: 500, message never shown
)

// Error is an application error whose Message is safe to show to the user. Fields names the input
// fields at fault, with a message for each, so forms can show errors next to the right input.
type Error struct {
	Code    string
	Message string
	Fields  map[string]string
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// Errorf returns an *Error with the given code and formatted, user-facing message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// FieldError returns an EINVALID error naming the fields at fault.
func FieldError(message string, fields map[string]string) *Error {
	return &Error{Code: EINVALID, Message: message, Fields: fields}
}

// ErrorCode returns the code of an *Error in err's chain, or EINTERNAL for anything else, so that
// unexpected errors are never mistaken for the user's fault.
func ErrorCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the user-facing message of an *Error, or a generic message otherwise.
func ErrorMessage(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "Internal error."
}
