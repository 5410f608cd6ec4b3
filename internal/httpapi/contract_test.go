package httpapi

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// contract is the OpenAPI document as a client reads it (kin-openapi), loaded once per test binary.
var contract struct {
	once   sync.Once
	router routers.Router
	err    error
}

// contractRouter finds a request's operation in the document built from the route table.
func contractRouter() (routers.Router, error) {
	contract.once.Do(func() {
		b, err := OpenAPI()
		if err != nil {
			contract.err = err
			return
		}
		contract.router, contract.err = loadContract(b)
	})
	return contract.router, contract.err
}

// loadContract reads an OpenAPI document, checks it against the OpenAPI rules and makes its router.
func loadContract(doc []byte) (routers.Router, error) {
	loader := openapi3.NewLoader()
	t, err := loader.LoadFromData(doc)
	if err != nil {
		return nil, err
	}
	if err := t.Validate(context.Background()); err != nil {
		return nil, err
	}
	return legacy.NewRouter(t)
}

// contractOptions: the server decides authorisation (the document only names the schemes), and
// every status an answer has must be in the document.
var contractOptions = &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc,
	IncludeResponseStatus: true, MultiError: false}

// checkContract validates one exchange of the tests against the document:
//   - a request the document refuses must be refused by the server too (4xx), or the document is
//     stricter than the server;
//   - every answer must match the document's response for its status (an error answer the Error
//     schema, a success its body schema and paging headers).
//
// Requests to paths the document does not have (the web app's pages, unknown paths) are the web
// app's or a 404: they have no contract to check.
func checkContract(t testing.TB, router routers.Router, req *http.Request, reqBody []byte, res response) {
	t.Helper()
	if res.status == http.StatusSwitchingProtocols {
		return
	}
	route, params, err := router.FindRoute(req)
	var notFound *routers.RouteError
	if errors.As(err, &notFound) && (notFound.Reason == routers.ErrPathNotFound.Error() || notFound.Reason == routers.ErrMethodNotAllowed.Error()) {
		return
	}
	if err != nil {
		t.Errorf("contract: %s %s: %v", req.Method, req.URL, err)
		return
	}
	req.Body = io.NopCloser(bytes.NewReader(reqBody))
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: contractOptions}
	if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil && res.status < 400 {
		t.Errorf("contract: the document refuses %s %s, which the server accepted (%d): %v\nrequest: %s",
			req.Method, req.URL, res.status, err, reqBody)
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: res.status, Header: res.header,
		Body: io.NopCloser(bytes.NewReader(res.body)), Options: contractOptions}
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		t.Errorf("contract: the answer to %s %s does not match the document: %v\nanswer %d: %s",
			req.Method, req.URL, err, res.status, clip(res.body))
	}
}

func clip(b []byte) string {
	if len(b) > 2000 {
		return string(b[:2000]) + "…"
	}
	return strings.ToValidUTF8(string(b), "?")
}

// TestCheckedInOpenAPI: api/openapi.json, which clients and the web app's generated types read,
// is the document the server serves; after a change of a route or of an answer's type,
// `make openapi` writes it again.
func TestCheckedInOpenAPI(t *testing.T) {
	want, err := OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../api/openapi.json")
	if err != nil {
		t.Fatalf("%v: run make openapi", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("api/openapi.json is stale: run make openapi and commit the result")
	}
}
