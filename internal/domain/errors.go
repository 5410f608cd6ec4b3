// Package domain holds Kormeer's types, roles and rules. It does no I/O so that every rule can be
// table-tested and shared by the HTTP layer, the storage layer and the command line.
package domain

import (
	"errors"

	"github.com/kormeer/kormeer/internal/i18n"
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

// Error is an application error whose Message is safe to show to the user. Reason is its stable
// machine code (a catalogue code of internal/i18n, with Args filling the message's parameters), so
// that clients act on the code and the HTTP layer can answer in the reader's language; Message is
// the English text, for logs and the command line. Fields names the input fields at fault, each
// with its own code, so forms can show errors next to the right input.
type Error struct {
	Code    string
	Reason  string
	Args    i18n.Args
	Message string
	Fields  map[string]Fault
}

// Fault is what is wrong with one input field: a catalogue code, its parameters and its English
// message. Label, when set, is the catalogue code of the field's name, written before the
// message ("Sender Number: required") where one form has several fields of the same kind.
type Fault struct {
	Code    string
	Args    i18n.Args
	Label   string
	Message string
}

// Named returns the fault of a message that names its field ("{label} is required"), label
// being the catalogue code of the field's name.
func Named(code, label string) Fault {
	return F(code, i18n.LabelArg, label)
}

// For returns the fault with its message prefixed by the field's name, the catalogue's label.
func (f Fault) For(label string) Fault {
	name, ok := i18n.T(i18n.EN, label, nil)
	if !ok {
		name = label
	}
	f.Label, f.Message = label, name+": "+f.Message
	return f
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// E returns an *Error of the given kind whose message is the catalogue's reason, with args as
// name, value pairs ("max", "100"). An unknown reason is a programming error that the catalogue
// test catches; its message is the reason itself rather than a panic in a request.
func E(kind, reason string, args ...string) *Error {
	a := pairs(args)
	msg, ok := i18n.T(i18n.EN, reason, a)
	if !ok {
		msg = reason
	}
	return &Error{Code: kind, Reason: reason, Args: a, Message: msg}
}

// F returns the Fault of a field with the catalogue's code and args as name, value pairs.
func F(code string, args ...string) Fault {
	a := pairs(args)
	msg, ok := i18n.T(i18n.EN, code, a)
	if !ok {
		msg = code
	}
	return Fault{Code: code, Args: a, Message: msg}
}

func fault(code string, args ...string) *Fault {
	f := F(code, args...)
	return &f
}

// Invalid returns an EINVALID error with the catalogue's reason naming the fields at fault.
func Invalid(reason string, fields map[string]Fault) *Error {
	return InvalidWith(reason, fields)
}

// InvalidWith is Invalid for a reason with parameters, args as name, value pairs.
func InvalidWith(reason string, fields map[string]Fault, args ...string) *Error {
	e := E(EINVALID, reason, args...)
	e.Fields = fields
	return e
}

func pairs(args []string) i18n.Args {
	if len(args) == 0 {
		return nil
	}
	a := make(i18n.Args, len(args)/2)
	for i := 0; i+1 < len(args); i += 2 {
		a[args[i]] = args[i+1]
	}
	return a
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

// ErrKYCDecision answers a KYC decision that is neither approve nor reject.
func ErrKYCDecision() *Error {
	return Invalid(CodeKYCDecisionInvalid, map[string]Fault{"decision": F(CodeKYCDecision)})
}

// ErrMatchDecision answers a sanctions match decision that is neither confirmed nor
// false_positive.
func ErrMatchDecision() *Error {
	return Invalid(CodeMatchDecisionInvalid, map[string]Fault{"decision": F(CodeMatchDecision)})
}

// ErrCursor answers a page cursor that is not one of the list's, whichever list.
func ErrCursor() *Error {
	return Invalid(CodeCursorInvalid, map[string]Fault{"cursor": F(CodeCursor)})
}
