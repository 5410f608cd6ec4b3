package httpapi

import (
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"regexp"
	"sort"
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

var httpMethods = map[string]bool{"get": true, "put": true, "post": true, "delete": true, "options": true, "head": true, "patch": true, "trace": true}

// TestOpenAPIStructure checks the document against the OpenAPI 3.1 rules it relies on (by hand:
// no OpenAPI 3.1 validator is vendored): the version, info, unique operation ids, declared path
// parameters, responses on every operation, known security schemes and resolvable $refs.
func TestOpenAPIStructure(t *testing.T) {
	doc := openAPIOf(t)
	if doc["openapi"] != "3.1.0" {
		t.Fatalf("openapi = %v", doc["openapi"])
	}
	if info, _ := doc["info"].(map[string]any); info["title"] == "" || info["version"] == "" {
		t.Fatalf("info = %v", info)
	}
	comps := doc["components"].(map[string]any)
	schemes := comps["securitySchemes"].(map[string]any)
	schemas := comps["schemas"].(map[string]any)
	ids := map[string]string{}
	param := regexp.MustCompile(`\{([^}]+)\}`)
	for path, item := range doc["paths"].(map[string]any) {
		if !strings.HasPrefix(path, "/") {
			t.Errorf("path %q does not start with /", path)
		}
		for method, o := range item.(map[string]any) {
			op := o.(map[string]any)
			where := method + " " + path
			if !httpMethods[method] {
				t.Errorf("%s: %q is not an HTTP method", where, method)
			}
			id, _ := op["operationId"].(string)
			if prev, dup := ids[id]; id == "" || dup {
				t.Errorf("%s: operationId %q empty or shared with %s", where, id, prev)
			}
			ids[id] = where
			if _, ok := op["x-kormeer-access"].(map[string]any); !ok || op["description"] == "" {
				t.Errorf("%s: no access rule", where)
			}
			responses, _ := op["responses"].(map[string]any)
			if len(responses) == 0 || responses["400"] == nil {
				t.Errorf("%s: responses %v", where, responses)
			}
			for status, r := range responses {
				if !regexp.MustCompile(`^[1-5][0-9][0-9]$`).MatchString(status) || r.(map[string]any)["description"] == "" {
					t.Errorf("%s: response %s %v", where, status, r)
				}
			}
			declared := map[string]bool{}
			params, _ := op["parameters"].([]any)
			for _, p := range params {
				p := p.(map[string]any)
				if in := p["in"]; in != "path" && in != "query" || p["schema"] == nil {
					t.Errorf("%s: parameter %v", where, p)
				}
				if p["in"] == "path" {
					declared[p["name"].(string)] = p["required"] == true
				}
			}
			for _, m := range param.FindAllStringSubmatch(path, -1) {
				if !declared[m[1]] {
					t.Errorf("%s: path parameter %s not declared as required", where, m[1])
				}
			}
			secs, _ := op["security"].([]any)
			for _, s := range secs {
				for name := range s.(map[string]any) {
					if schemes[name] == nil {
						t.Errorf("%s: unknown security scheme %s", where, name)
					}
				}
			}
		}
	}
	refs := regexp.MustCompile(`"\$ref":"([^"]*)"`)
	b, _ := json.Marshal(doc)
	for _, m := range refs.FindAllStringSubmatch(string(b), -1) {
		name, ok := strings.CutPrefix(m[1], "#/components/schemas/")
		if !ok || schemas[name] == nil {
			t.Errorf("unresolved $ref %s", m[1])
		}
	}
}

// validate checks v (decoded JSON) against the JSON Schema subset the generator writes:
// type (one or a list), properties, required, additionalProperties, items, anyOf, $ref,
// format date-time. It returns the first mismatch.
func validate(schemas map[string]any, s map[string]any, v any, at string) error {
	if ref, ok := s["$ref"].(string); ok {
		return validate(schemas, schemas[strings.TrimPrefix(ref, "#/components/schemas/")].(map[string]any), v, at)
	}
	if alts, ok := s["anyOf"].([]any); ok {
		for _, a := range alts {
			if validate(schemas, a.(map[string]any), v, at) == nil {
				return nil
			}
		}
		return fmt.Errorf("%s: %v matches none of anyOf", at, v)
	}
	var types []string
	switch ty := s["type"].(type) {
	case string:
		types = []string{ty}
	case []any:
		for _, x := range ty {
			types = append(types, x.(string))
		}
	}
	if len(types) > 0 {
		matched := false
		for _, ty := range types {
			matched = matched || jsonTypeIs(ty, v)
		}
		if !matched {
			return fmt.Errorf("%s: %v (%T) is not %v", at, v, v, types)
		}
	}
	switch v := v.(type) {
	case string:
		if s["format"] == "date-time" {
			if _, err := time.Parse(time.RFC3339Nano, v); err != nil {
				return fmt.Errorf("%s: %q is not a date-time", at, v)
			}
		}
	case []any:
		if items, ok := s["items"].(map[string]any); ok {
			for i, x := range v {
				if err := validate(schemas, items, x, fmt.Sprintf("%s[%d]", at, i)); err != nil {
					return err
				}
			}
		}
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		req, _ := s["required"].([]any)
		for _, r := range req {
			if _, ok := v[r.(string)]; !ok {
				return fmt.Errorf("%s: required %s is missing", at, r)
			}
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			switch ps := props[k].(type) {
			case map[string]any:
				if err := validate(schemas, ps, v[k], at+"."+k); err != nil {
					return err
				}
			default:
				if s["additionalProperties"] == false {
					return fmt.Errorf("%s: %s is not in the schema", at, k)
				}
				if extra, ok := s["additionalProperties"].(map[string]any); ok {
					if err := validate(schemas, extra, v[k], at+"."+k); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

func jsonTypeIs(ty string, v any) bool {
	switch ty {
	case "null":
		return v == nil
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "number":
		_, ok := v.(float64)
		return ok
	case "integer":
		f, ok := v.(float64)
		return ok && f == float64(int64(f))
	case "array":
		_, ok := v.([]any)
		return ok
	case "object":
		_, ok := v.(map[string]any)
		return ok
	}
	return false
}

// checkAnswer validates a real answer against its operation's response schema in the document.
func checkAnswer(t *testing.T, doc map[string]any, method, path string, res response) {
	t.Helper()
	u, _ := url.Parse(path)
	op := findOperation(t, doc, method, u.Path)
	r, ok := op["responses"].(map[string]any)[fmt.Sprint(res.status)].(map[string]any)
	if !ok {
		t.Fatalf("%s %s answered %d, which the document does not list: %s", method, path, res.status, res.body)
	}
	content, ok := r["content"].(map[string]any)
	if !ok {
		t.Fatalf("%s %s: the document gives no schema for %d", method, path, res.status)
	}
	var v any
	if err := json.Unmarshal(res.body, &v); err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	schemas := doc["components"].(map[string]any)["schemas"].(map[string]any)
	schema := content["application/json"].(map[string]any)["schema"].(map[string]any)
	if err := validate(schemas, schema, v, "body"); err != nil {
		t.Errorf("%s %s: the answer does not match the document: %v\n%s", method, path, err, res.body)
	}
	if h, _ := r["headers"].(map[string]any); h["X-Total-Count"] != nil && res.header.Get("X-Total-Count") == "" && !strings.Contains(path, "cursor=") {
		t.Errorf("%s %s: a paged first page without X-Total-Count", method, path)
	}
}

// findOperation matches a concrete path to the document's path, a literal one before a
// templated one (/api/transactions/search before /api/transactions/{id}).
func findOperation(t *testing.T, doc map[string]any, method, path string) map[string]any {
	t.Helper()
	paths := doc["paths"].(map[string]any)
	if item, ok := paths[path].(map[string]any); ok && item[strings.ToLower(method)] != nil {
		return item[strings.ToLower(method)].(map[string]any)
	}
	for tmpl, item := range paths {
		re := "^" + regexp.MustCompile(`\\\{[^}]+\\\}`).ReplaceAllString(regexp.QuoteMeta(tmpl), `[^/]+`) + "$"
		if op, ok := item.(map[string]any)[strings.ToLower(method)]; ok && regexp.MustCompile(re).MatchString(path) {
			return op.(map[string]any)
		}
	}
	t.Fatalf("no operation for %s %s", method, path)
	return nil
}

// TestOpenAPIValidatorFails proves the answer check can fail: a wrong type, an unknown field
// and a missing required field are each refused.
func TestOpenAPIValidatorFails(t *testing.T) {
	doc := openAPIOf(t)
	schemas := doc["components"].(map[string]any)["schemas"].(map[string]any)
	errSchema := map[string]any{"$ref": "#/components/schemas/Error"}
	for _, body := range []string{`{"message": 7}`, `{"message": "x", "extra": 1}`, `{"fields": {}}`, `{"code": "c", "message": "x", "fields": {"a": "b"}}`, `{"message": "x"}`} {
		var v any
		_ = json.Unmarshal([]byte(body), &v)
		if validate(schemas, errSchema, v, "body") == nil {
			t.Errorf("%s passed the Error schema", body)
		}
	}
	var ok any
	_ = json.Unmarshal([]byte(`{"code": "c", "message": "x", "fields": {"a": {"code": "d", "message": "b"}}, "requestId": "r"}`), &ok)
	if err := validate(schemas, errSchema, ok, "body"); err != nil {
		t.Errorf("a good error answer failed: %v", err)
	}
	if err := validate(schemas, (&schemaGen{schemas: map[string]any{}, types: map[string]reflect.Type{}}).schema(reflect.TypeOf(time.Time{})), "yesterday", "t"); err == nil {
		t.Error("a date-time accepted yesterday")
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
		checkAnswer(t, doc, "POST", "/api/api-keys", created)

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
			checkAnswer(t, doc, "GET", path, res)
		}
		checkAnswer(t, doc, "GET", "/api/api-keys", e.do(nil, "GET", "/api/api-keys", nil)) // 401

		page := e.do(nil, "GET", "/api/docs", nil)
		script := e.do(nil, "GET", "/api/docs/viewer.js", nil)
		if page.status != 200 || !strings.Contains(string(page.body), `<script src="/api/docs/viewer.js"></script>`) ||
			script.status != 200 || !strings.Contains(script.header.Get("Content-Type"), "javascript") || !strings.Contains(string(script.body), "/api/openapi.json") {
			t.Fatalf("reference page: %d %d %s", page.status, script.status, script.header)
		}
	})
}
