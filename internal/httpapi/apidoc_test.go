package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// openAPIOf is the document as a client sees it: built from the routes and read back as JSON.
func openAPIOf(t *testing.T) map[string]any {
	t.Helper()
	b, err := json.Marshal(buildOpenAPI((&Server{}).routes()))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	return doc
}

// TestOpenAPICoversRoutes: every route is in the document with its method and path, nothing
// else is, and every route has its documentation entry (and no entry is left without a route).
func TestOpenAPICoversRoutes(t *testing.T) {
	routes := (&Server{}).routes()
	want := map[string]bool{}
	for _, rt := range routes {
		want[rt.pattern] = true
		if d, ok := routeDocs[rt.pattern]; !ok || d.summary == "" {
			t.Errorf("%s has no routeDocs entry with a summary", rt.pattern)
		}
	}
	for p := range routeDocs {
		if !want[p] {
			t.Errorf("routeDocs documents %s, which is not a route", p)
		}
	}
	got := map[string]bool{}
	for path, ops := range openAPIOf(t)["paths"].(map[string]any) {
		for method := range ops.(map[string]any) {
			got[strings.ToUpper(method)+" "+path] = true
		}
	}
	for p := range want {
		if !got[p] {
			t.Errorf("route %s is missing from the document", p)
		}
	}
	for p := range got {
		if !want[p] {
			t.Errorf("the document has %s, which is not a route", p)
		}
	}
}

// TestOpenAPIStructure: kin-openapi reads the document and finds it valid OpenAPI 3.1 (unique
// operation ids, declared path parameters, resolvable references, valid schemas), and every
// operation states its access rule and its 400 answer.
func TestOpenAPIStructure(t *testing.T) {
	doc, err := OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := loadContract(doc); err != nil {
		t.Fatalf("the document is not valid OpenAPI: %v", err)
	}
	for path, item := range openAPIOf(t)["paths"].(map[string]any) {
		for method, o := range item.(map[string]any) {
			op := o.(map[string]any)
			if _, ok := op["x-kormeer-access"].(map[string]any); !ok || op["description"] == "" {
				t.Errorf("%s %s: no access rule", method, path)
			}
			if responses, _ := op["responses"].(map[string]any); responses["400"] == nil {
				t.Errorf("%s %s: no 400 answer", method, path)
			}
		}
	}
}

// TestOpenAPIIsChecked: loading refuses a document that breaks the OpenAPI rules, so the check
// above can fail.
func TestOpenAPIIsChecked(t *testing.T) {
	for _, bad := range []string{
		`{"openapi": "3.1.0", "info": {"title": "x", "version": "1"}, "paths": {"/a/{id}": {"get": {"responses": {"200": {"description": "ok"}}}}}}`,
		`{"openapi": "3.1.0", "info": {"title": "x", "version": "1"}, "paths": {"/a": {"get": {"responses": {"200": {"$ref": "#/components/responses/Nope"}}}}}}`,
	} {
		if _, err := loadContract([]byte(bad)); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}

// failures is a testing.TB that records failures instead of failing, to test a check itself.
type failures struct {
	testing.TB
	got []string
}

func (f *failures) Helper() {}
func (f *failures) Errorf(format string, args ...any) {
	f.got = append(f.got, fmt.Sprintf(format, args...))
}

// TestOpenAPIValidatorFails proves the contract check can fail: a wrong type, an unknown field,
// a missing required field, a status the document does not list, an error answer that is not the
// Error schema, and a request the document refuses that the server accepted are each reported;
// good exchanges are not.
func TestOpenAPIValidatorFails(t *testing.T) {
	router, err := contractRouter()
	if err != nil {
		t.Fatal(err)
	}
	key := `{"id":"k1","institutionId":"i1","institutionName":"Premium","name":"Feed","scopes":["transactions:submit"],"createdBy":"u1","createdByName":"A B","createdAt":"2026-01-02T03:04:05Z","lastUsedAt":null,"revokedAt":null}`
	jsonType := http.Header{"Content-Type": {"application/json; charset=utf-8"}}
	for _, c := range []struct {
		name, method, path, sent string
		res                      response
		bad                      bool
	}{
		{"good list", "GET", "/api/api-keys", "", response{200, jsonType, []byte("[" + key + "]")}, false},
		{"good error", "GET", "/api/api-keys", "", response{401, jsonType, []byte(`{"code":"sign_in_required","message":"Sign in.","requestId":"r1"}`)}, false},
		{"wrong type", "GET", "/api/api-keys", "", response{200, jsonType, []byte(strings.Replace("["+key+"]", `"name":"Feed"`, `"name":7`, 1))}, true},
		{"unknown field", "GET", "/api/api-keys", "", response{200, jsonType, []byte(strings.Replace("["+key+"]", `"id":"k1"`, `"id":"k1","secret":"x"`, 1))}, true},
		{"missing field", "GET", "/api/api-keys", "", response{200, jsonType, []byte(strings.Replace("["+key+"]", `"name":"Feed",`, ``, 1))}, true},
		{"not a date", "GET", "/api/api-keys", "", response{200, jsonType, []byte(strings.Replace("["+key+"]", `2026-01-02T03:04:05Z`, `yesterday`, 1))}, true},
		{"unlisted status", "GET", "/api/api-keys", "", response{418, jsonType, []byte(`{"message":"teapot"}`)}, true},
		{"error shape", "GET", "/api/api-keys", "", response{403, jsonType, []byte(`{"error":"no"}`)}, true},
		{"error fields", "GET", "/api/api-keys", "", response{400, jsonType, []byte(`{"message":"x","fields":{"a":1}}`)}, true},
		{"refused request accepted", "POST", "/api/api-keys", `{"name":7}`, response{201, jsonType, []byte(key)}, true},
		{"refused request refused", "POST", "/api/api-keys", `{"name":7}`, response{400, jsonType, []byte(`{"code":"invalid","message":"x"}`)}, false},
	} {
		req, _ := http.NewRequest(c.method, "http://kormeer.test"+c.path, strings.NewReader(c.sent))
		if c.sent != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		f := &failures{TB: t}
		checkContract(f, router, req, []byte(c.sent), c.res)
		if c.bad != (len(f.got) > 0) {
			t.Errorf("%s: want a failure %v, got %q", c.name, c.bad, f.got)
		}
	}
}

// TestOpenAPIAnswersMatch validates real answers of representative routes against the served
// document: transactions (list, search, detail), alerts, KYC, API keys, applications, errors.
func TestOpenAPIAnswersMatch(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		served := e.do(nil, "GET", "/api/openapi.json", nil)
		if served.status != 200 || served.header.Get("Content-Type") != "application/json" {
			t.Fatalf("GET /api/openapi.json: %d %s", served.status, served.header)
		}
		var doc map[string]any
		if err := json.Unmarshal(served.body, &doc); err != nil {
			t.Fatal(err)
		}
		psp := e.mustPSP("premium")
		admin := e.mustUser("admin@cb.so", domain.RoleCBSLAdmin, nil)
		staffer := e.mustUser("staff@premium.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = psp })
		citizen := e.mustUser("citizen@example.so", domain.RoleCitizen, nil)
		as := func(u *domain.User) []string { return []string{"Authorization", "Bearer " + e.token(u)} }
		<-e.store.AlertsReady()
		e.raiseAlert(t, e.token(citizen))
		if r := e.do(nil, "POST", "/api/institution-applications", validApplication("psp-9"), as(citizen)...); r.status != 201 {
			t.Fatalf("application: %d %s", r.status, r.body)
		}
		created := e.do(nil, "POST", "/api/api-keys", map[string]any{"name": "Core banking feed", "scopes": []string{"transactions:submit"}}, as(staffer)...)
		if created.status != 201 {
			t.Fatalf("API key: %d %s", created.status, created.body)
		}

		var alerts []map[string]any
		for deadline := time.Now().Add(10 * time.Second); len(alerts) == 0 && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			alerts = e.do(nil, "GET", "/api/alerts", nil, as(admin)...).jsonList(t)
		}
		if len(alerts) == 0 {
			t.Fatal("no alert was raised")
		}
		txs := e.do(nil, "GET", "/api/transactions?limit=2", nil, as(admin)...)
		list := txs.jsonList(t)
		if len(list) == 0 {
			t.Fatal("no transactions")
		}
		apps := e.do(nil, "GET", "/api/institution-applications", nil, as(admin)...).jsonList(t)
		if len(apps) == 0 {
			t.Fatal("no applications")
		}
		for _, path := range []string{
			"/api/transactions?limit=2", "/api/transactions/search?status=all", "/api/transactions/search?search=252",
			"/api/transactions/" + list[0]["id"].(string), "/api/alerts", "/api/kyc-applications", "/api/kyc",
			"/api/api-keys", "/api/institution-applications", "/api/institution-applications/" + apps[0]["id"].(string),
			"/api/transactions?cursor=nonsense", "/api/alerts?colour=red", "/api/transactions/no-such-id",
			"/api/institution-applications/no-such-id", "/api/users", "/api/psps?status=active", "/api/onboarding",
			"/api/compliance-reports", "/api/compliance-audits", "/api/mobile/users", "/api/admin/notifications",
		} {
			res := e.do(nil, "GET", path, nil, as(admin)...)
			if res.status >= 500 {
				t.Fatalf("GET %s: %d", path, res.status)
			}
		}
		if res := e.do(nil, "GET", "/api/api-keys", nil); res.status != 401 {
			t.Fatalf("GET /api/api-keys without credentials: %d", res.status)
		}

		page := e.do(nil, "GET", "/api/docs", nil)
		script := e.do(nil, "GET", "/api/docs/viewer.js", nil)
		if page.status != 200 || !strings.Contains(string(page.body), `<script src="/api/docs/viewer.js"></script>`) ||
			script.status != 200 || !strings.Contains(script.header.Get("Content-Type"), "javascript") || !strings.Contains(string(script.body), "/api/openapi.json") {
			t.Fatalf("reference page: %d %d %s", page.status, script.status, script.header)
		}
	})
}
