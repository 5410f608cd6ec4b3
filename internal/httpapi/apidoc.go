package httpapi

import (
	"embed"
	"encoding/json"
	"maps"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// routeDoc documents one route of routes() for the OpenAPI document. It is keyed by the same
// pattern as the route table, and TestOpenAPICoversRoutes fails when the two differ, so the
// document cannot drift from the routes the server really has.
type routeDoc struct {
	summary string
	// request and response are zero values of the Go types the handler decodes and answers;
	// their JSON Schemas are made by reflection from the json tags. nil: not described.
	request, response any
	// status is the success status; 0 means 200.
	status int
	// query is the handler's own table of accepted query parameters (the one newFilterReader
	// reads, so the two cannot differ); limit and cursor are documented by paged.
	query map[string]bool
	// paged lists use parsePage and writePage: limit, cursor and the paging headers.
	paged bool
	// uncounted pages send no X-Total-Count (counting every transaction would cost too much).
	uncounted bool
}

// txFilterParams are the filters parseTxFilter reads.
var txFilterParams = listParams("search", "status", "type", "currency", "transferMode", "highRisk", "institution", "npssReference", "dateFrom", "dateTo", "amountMin", "amountMax")

// routeDocs documents every route of routes(). Routes whose handler answers a map or an
// anonymous structure have no response type yet: their answer is documented as JSON only.
var routeDocs = map[string]routeDoc{
	"GET /api/login":                                     {summary: "Login page"},
	"POST /api/login":                                    {summary: "Login"},
	"POST /api/login/totp":                               {summary: "Login TOTP"},
	"POST /api/logout":                                   {summary: "Logout"},
	"GET /api/auth/user":                                 {summary: "Current user"},
	"POST /api/auth/register":                            {summary: "Register"},
	"POST /api/auth/confirm-email":                       {summary: "Confirm email"},
	"POST /api/auth/login":                               {summary: "Token login"},
	"POST /api/auth/login/totp":                          {summary: "Token login TOTP"},
	"POST /api/auth/guest-login":                         {summary: "Guest login"},
	"POST /api/auth/logout":                              {summary: "Logout"},
	"GET /api/auth/profile":                              {summary: "Profile"},
	"GET /api/auth/admin-only":                           {summary: "Profile (administrators only)"},
	"GET /api/auth/cbsl-only":                            {summary: "Profile (regulators only)"},
	"GET /api/auth/psp-only":                             {summary: "Profile (PSP administrators only)"},
	"GET /api/auth/mno-only":                             {summary: "Profile (MNO administrators only)"},
	"GET /api/alerts":                                    {summary: "List alerts", response: []alertJSON{}, paged: true, query: alertParams},
	"GET /api/alerts/summary":                            {summary: "Alert summary"},
	"GET /api/alerts/{id}":                               {summary: "Get alert"},
	"PATCH /api/alerts/{id}/read":                        {summary: "Read alert"},
	"PATCH /api/alerts/{id}/resolve":                     {summary: "Resolve alert"},
	"POST /api/alerts/{id}/actions":                      {summary: "Alert action"},
	"GET /ws":                                            {summary: "Real-time WebSocket"},
	"POST /api/compliance-reports":                       {summary: "Create report"},
	"GET /api/compliance-reports":                        {summary: "List reports", response: []reportJSON{}, paged: true, query: reportParams},
	"POST /api/compliance-reports/{id}/publish":          {summary: "Publish report"},
	"GET /api/compliance-reports/{id}/pdf":               {summary: "Report PDF"},
	"GET /api/compliance-reports/{id}/csv":               {summary: "Report CSV"},
	"POST /api/compliance-audits":                        {summary: "Schedule audit"},
	"GET /api/compliance-audits":                         {summary: "List audits", response: []auditJSON{}, paged: true, query: auditParams},
	"POST /api/compliance-audits/{id}/complete":          {summary: "Complete audit"},
	"GET /api/compliance/export":                         {summary: "Export compliance"},
	"GET /api/mobile/users":                              {summary: "List mobile users", response: []mobileUserJSON{}, paged: true, query: statusParams},
	"POST /api/mobile/users":                             {summary: "Register mobile user"},
	"PATCH /api/mobile/users/{id}/status":                {summary: "Set mobile user status"},
	"POST /api/admin/mobile-access/generate":             {summary: "Generate access code"},
	"GET /api/admin/mobile-access/codes":                 {summary: "List access codes", response: []accessCodeJSON{}, paged: true, query: statusParams},
	"POST /api/admin/mobile-access/expire":               {summary: "Expire access code"},
	"GET /api/admin/notifications":                       {summary: "List notifications", response: []notificationJSON{}, paged: true, query: notificationParams},
	"POST /api/mobile/access/redeem":                     {summary: "Redeem access code"},
	"POST /api/kyc":                                      {summary: "Submit KYC"},
	"GET /api/kyc":                                       {summary: "List KYC", response: []kycJSON{}, paged: true, query: kycParams},
	"GET /api/kyc/summary":                               {summary: "KYC summary"},
	"GET /api/kyc-applications/summary":                  {summary: "KYC summary"},
	"GET /api/kyc-applications":                          {summary: "List KYC applications", response: []kycJSON{}, paged: true, query: kycParams},
	"PATCH /api/kyc-applications/{id}/review":            {summary: "Review KYC"},
	"GET /api/users":                                     {summary: "List users", response: []accountJSON{}, paged: true, query: userParams},
	"POST /api/users":                                    {summary: "Create user"},
	"PATCH /api/users/{id}":                              {summary: "Update user"},
	"POST /api/users/{id}/reset-password":                {summary: "Reset password"},
	"PATCH /api/profile":                                 {summary: "Update profile"},
	"PUT /api/profile-images":                            {summary: "Set profile image"},
	"POST /api/profile/password":                         {summary: "Change password"},
	"GET /api/profile/sessions":                          {summary: "List sessions"},
	"DELETE /api/profile/sessions/{id}":                  {summary: "End session"},
	"GET /api/profile/tokens":                            {summary: "List tokens"},
	"DELETE /api/profile/tokens/{id}":                    {summary: "Revoke token"},
	"GET /api/api-keys":                                  {summary: "List API keys", response: []apiKeyJSON{}, query: map[string]bool{"institution": true}},
	"POST /api/api-keys":                                 {summary: "Create API key", request: domain.NewAPIKey{}, response: apiKeyJSON{}, status: http.StatusCreated},
	"DELETE /api/api-keys/{id}":                          {summary: "Revoke API key"},
	"GET /api/approvals":                                 {summary: "List approvals"},
	"POST /api/approvals/{id}/approve":                   {summary: "Approve a pending change"},
	"POST /api/approvals/{id}/reject":                    {summary: "Reject a pending change"},
	"GET /api/profile/totp":                              {summary: "TOTP status"},
	"POST /api/profile/totp":                             {summary: "Start TOTP"},
	"POST /api/profile/totp/confirm":                     {summary: "Confirm TOTP"},
	"DELETE /api/profile/totp":                           {summary: "Disable TOTP"},
	"GET /api/settings/aml":                              {summary: "AML settings"},
	"POST /api/settings/aml/proposals":                   {summary: "Propose rules"},
	"GET /api/settings/aml/proposals/{version}/backtest": {summary: "Backtest rules"},
	"POST /api/settings/aml/proposals/{version}/approve": {summary: "Approve rules"},
	"POST /api/settings/aml/proposals/{version}/reject":  {summary: "Reject rules"},
	"GET /api/audit":                                     {summary: "List audit trail"},
	"GET /api/audit/export":                              {summary: "Export audit"},
	"GET /api/audit/verify":                              {summary: "Verify audit"},
	"GET /api/analytics":                                 {summary: "Analytics"},
	"GET /api/analytics/export":                          {summary: "Analytics export"},
	"GET /health":                                        {summary: "Health"},
	"GET /livez":                                         {summary: "Liveness"},
	"GET /readyz":                                        {summary: "Readiness"},
	"GET /metrics-system":                                {summary: "System metrics"},
	"GET /api/metrics":                                   {summary: "Summary metrics"},
	"GET /api/public/summary":                            {summary: "Public summary"},
	"POST /api/transfer":                                 {summary: "Create transfer"},
	"GET /api/transfer/institutions":                     {summary: "Transfer institutions"},
	"POST /api/transactions/batch":                       {summary: "Submit batch"},
	"GET /api/transactions":                              {summary: "List transactions", response: []transactionJSON{}, paged: true, uncounted: true},
	"GET /api/transactions/search":                       {summary: "Search transactions", response: []transactionJSON{}, paged: true, query: txFilterParams},
	"GET /api/transactions/export":                       {summary: "Export transactions"},
	"GET /api/transactions/{id}":                         {summary: "Get transaction", response: transactionDetailJSON{}},
	"POST /api/objects/upload":                           {summary: "Request upload"},
	"PUT /api/objects/upload/{token}":                    {summary: "Receive upload"},
	"PUT /api/institution-logos":                         {summary: "Set institution logo"},
	"GET /objects/{kind}/{file}":                         {summary: "Get uploaded object"},
	"POST /api/institution-applications":                 {summary: "Submit application"},
	"GET /api/institution-applications":                  {summary: "List applications", response: []applicationJSON{}, paged: true, query: applicationParams},
	"GET /api/institution-applications/{id}":             {summary: "Get application", response: applicationJSON{}},
	"POST /api/institution-applications/{id}/approve":    {summary: "Approve application"},
	"POST /api/institution-applications/{id}/reject":     {summary: "Reject application"},
	"GET /api/onboarding":                                {summary: "List onboarding", response: []onboardingItem{}, paged: true, query: onboardingParams},
	"PATCH /api/onboarding/{id}/status":                  {summary: "Set onboarding status"},
	"GET /api/psps":                                      {summary: "List PSPs", response: []registryJSON{}, paged: true, query: registryParams},
	"GET /api/mnos":                                      {summary: "List MNOs", response: []registryJSON{}, paged: true, query: registryParams},
	"PATCH /api/psps/{id}/license":                       {summary: "Change PSP license"},
	"PATCH /api/mnos/{id}/license":                       {summary: "Change MNO license"},
	"PATCH /api/psps/{id}/compliance":                    {summary: "Change compliance"},
	"PATCH /api/mnos/{id}/compliance":                    {summary: "Change compliance"},
	"GET /api/psps/{id}/compliance":                      {summary: "Compliance detail"},
	"GET /api/mnos/{id}/compliance":                      {summary: "Compliance detail"},
	"POST /api/psps/{id}/compliance/proposal/confirm":    {summary: "Confirm proposal"},
	"POST /api/mnos/{id}/compliance/proposal/confirm":    {summary: "Confirm proposal"},
	"POST /api/psps/{id}/compliance/proposal/dismiss":    {summary: "Dismiss proposal"},
	"POST /api/mnos/{id}/compliance/proposal/dismiss":    {summary: "Dismiss proposal"},
	"GET /api/banks":                                     {summary: "List banks"},
	"PATCH /api/banks/{id}/license":                      {summary: "Change bank license"},
	"PATCH /api/psps/{id}/routing":                       {summary: "Change PSP routing"},
	"PATCH /api/banks/{id}/routing":                      {summary: "Change bank routing"},
	"GET /api/public/register":                           {summary: "Public register"},
	"GET /api/openapi.json":                              {summary: "This OpenAPI 3.1 document"},
	"GET /api/docs":                                      {summary: "API reference page"},
	"GET /api/docs/viewer.js":                            {summary: "API reference page script"},
	"GET /api/transfer/quote":                            {summary: "Transfer fee quote", response: transferQuoteJSON{}, query: transferQuoteParams},
}

// openAPIDoc is built once, on first use: the route table does not change while running.
var openAPIDoc struct {
	once sync.Once
	json []byte
	err  error
}

// serveOpenAPI is GET /api/openapi.json: the API's OpenAPI 3.1 contract.
func (s *Server) serveOpenAPI(w http.ResponseWriter, r *http.Request) error {
	openAPIDoc.once.Do(func() { openAPIDoc.json, openAPIDoc.err = json.Marshal(buildOpenAPI(s.routes())) })
	if openAPIDoc.err != nil {
		return openAPIDoc.err
	}
	w.Header().Set("Content-Type", "application/json")
	_, err := w.Write(openAPIDoc.json)
	return err
}

//go:embed apidocs
var apiDocsFS embed.FS

// serveAPIDocs is GET /api/docs: the API reference page. Its script is a file of its own
// (GET /api/docs/viewer.js) because the Content-Security-Policy forbids inline scripts.
func (s *Server) serveAPIDocs(w http.ResponseWriter, r *http.Request) error {
	return serveAPIDocsFile(w, "apidocs/index.html", "text/html; charset=utf-8")
}

func (s *Server) serveAPIDocsScript(w http.ResponseWriter, r *http.Request) error {
	return serveAPIDocsFile(w, "apidocs/viewer.js", "text/javascript; charset=utf-8")
}

func serveAPIDocsFile(w http.ResponseWriter, name, contentType string) error {
	b, err := apiDocsFS.ReadFile(name)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", contentType)
	_, err = w.Write(b)
	return err
}

var pathParam = regexp.MustCompile(`\{([a-zA-Z]+)\}`)

// buildOpenAPI makes the OpenAPI 3.1 document of the routes from routeDocs.
func buildOpenAPI(routes []route) map[string]any {
	g := &schemaGen{schemas: map[string]any{}, types: map[string]reflect.Type{}}
	g.schemas["Error"] = g.object(reflect.TypeOf(errorBody{}))
	paths := map[string]map[string]any{}
	for _, rt := range routes {
		method, path, _ := strings.Cut(rt.pattern, " ")
		d := routeDocs[rt.pattern]
		tag := routeTag(path)
		op := map[string]any{
			"operationId":      operationID(rt.pattern),
			"summary":          d.summary,
			"tags":             []string{tag},
			"description":      accessText(rt.access),
			"x-kormeer-access": accessExtension(rt.access),
			"responses":        g.responses(rt, d),
		}
		if sec := security(rt.access); sec != nil {
			op["security"] = sec
		}
		var params []any
		for _, m := range pathParam.FindAllStringSubmatch(path, -1) {
			params = append(params, map[string]any{"name": m[1], "in": "path", "required": true, "schema": map[string]any{"type": "string"}})
		}
		for _, q := range slices.Sorted(maps.Keys(d.query)) {
			if q == "limit" || q == "cursor" {
				continue
			}
			params = append(params, map[string]any{"name": q, "in": "query", "schema": map[string]any{"type": "string"}})
		}
		if d.paged {
			params = append(params,
				map[string]any{"name": "limit", "in": "query", "description": "Items per page; larger values are capped, not refused.", "schema": map[string]any{"type": "integer", "minimum": 1}},
				map[string]any{"name": "cursor", "in": "query", "description": "The previous page's X-Next-Cursor.", "schema": map[string]any{"type": "string"}})
		}
		if params != nil {
			op["parameters"] = params
		}
		if d.request != nil {
			op["requestBody"] = map[string]any{"required": true, "content": map[string]any{
				"application/json": map[string]any{"schema": g.schema(reflect.TypeOf(d.request))}}}
		}
		if paths[path] == nil {
			paths[path] = map[string]any{}
		}
		paths[path][strings.ToLower(method)] = op
	}
	return map[string]any{
		"openapi": "3.1.0",
		"info": map[string]any{"title": "Kormeer API", "version": "1",
			"description": "The oversight portal's HTTP API. Errors answer {message, fields?, requestId?}; see docs/API.md."},
		"paths": paths,
		"components": map[string]any{
			"schemas": g.schemas,
			"securitySchemes": map[string]any{
				"session": map[string]any{"type": "apiKey", "in": "cookie", "name": sessionCookie,
					"description": "The browser session from POST /api/login."},
				"bearer": map[string]any{"type": "http", "scheme": "bearer", "bearerFormat": "JWT",
					"description": "An access token from POST /api/auth/login."},
				"apiKey": map[string]any{"type": "http", "scheme": "bearer", "bearerFormat": "kmr_…",
					"description": "An institution's API key (docs/API.md, API keys); only routes with x-kormeer-access.apiKeyScope accept it."},
			},
		},
	}
}

// routeTag groups operations by their first path segment after /api.
func routeTag(path string) string {
	segs := strings.Split(strings.TrimPrefix(strings.TrimPrefix(path, "/"), "api/"), "/")
	return segs[0]
}

func operationID(pattern string) string {
	var b strings.Builder
	for _, f := range strings.FieldsFunc(strings.ToLower(pattern), func(r rune) bool { return !('a' <= r && r <= 'z' || '0' <= r && r <= '9') }) {
		b.WriteString(strings.ToUpper(f[:1]) + f[1:])
	}
	return b.String()
}

func accessRoles(a access) []string {
	out := make([]string, len(a.roles))
	for i, r := range a.roles {
		out[i] = string(r)
	}
	return out
}

// accessExtension is the route's rule as data, for tools: x-kormeer-access.
func accessExtension(a access) map[string]any {
	ext := map[string]any{"public": a.public}
	if !a.public {
		ext["roles"] = accessRoles(a)
		ext["guests"] = map[guestRule]string{guestDenied: "denied", guestAllowed: "allowed", guestMetered: "metered"}[a.guest]
	}
	if a.scope != "" {
		ext["apiKeyScope"] = a.scope
	}
	if a.throttle != 0 {
		ext["rateLimited"] = true
	}
	return ext
}

// accessText is the same rule in words, for the reference page and other readers.
func accessText(a access) string {
	var s string
	if a.public {
		s = "Public: anyone may call it."
	} else {
		s = "Roles: " + strings.Join(accessRoles(a), ", ") + "."
		switch a.guest {
		case guestAllowed:
			s += " Guests may call it."
		case guestMetered:
			s += " Guests may call it, one unit per call."
		}
	}
	if a.scope != "" {
		s += " API keys with the " + a.scope + " scope may call it."
	}
	if a.throttle != 0 {
		s += " Rate-limited per client address."
	}
	return s
}

func security(a access) []any {
	if a.public {
		return nil
	}
	sec := []any{map[string]any{"session": []string{}}, map[string]any{"bearer": []string{}}}
	if a.scope != "" {
		sec = append(sec, map[string]any{"apiKey": []string{a.scope}})
	}
	return sec
}

var errorResponse = map[string]any{"description": "Error", "content": map[string]any{
	"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/Error"}}}}

// responses are the success answer and the 4xx answers the route can give.
func (g *schemaGen) responses(rt route, d routeDoc) map[string]any {
	status := d.status
	if status == 0 {
		status = http.StatusOK
	}
	ok := map[string]any{"description": http.StatusText(status)}
	if d.response != nil {
		ok["content"] = map[string]any{"application/json": map[string]any{"schema": g.schema(reflect.TypeOf(d.response))}}
	}
	if d.paged {
		headers := map[string]any{
			"X-Next-Cursor": map[string]any{"description": "The cursor of the next page; absent on the last.", "schema": map[string]any{"type": "string"}},
		}
		if !d.uncounted {
			headers["X-Total-Count"] = map[string]any{"description": `The number of matches, on the first page only ("1000+" when capped).`, "schema": map[string]any{"type": "string"}}
		}
		ok["headers"] = headers
	}
	out := map[string]any{itoa(status): ok, "400": errorResponse}
	if !rt.access.public {
		out["401"], out["403"] = errorResponse, errorResponse
	}
	if strings.Contains(rt.pattern, "{") {
		out["404"] = errorResponse
	}
	if rt.access.throttle != 0 {
		out["429"] = errorResponse
	}
	return out
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// schemaGen makes JSON Schemas (2020-12, as OpenAPI 3.1 uses) from Go types; named structs go
// into components/schemas and are referenced.
type schemaGen struct {
	schemas map[string]any
	types   map[string]reflect.Type
}

var timeType = reflect.TypeOf(time.Time{})

func (g *schemaGen) schema(t reflect.Type) map[string]any {
	switch {
	case t == timeType:
		return map[string]any{"type": "string", "format": "date-time"}
	case t == reflect.TypeOf(json.RawMessage{}):
		return map[string]any{}
	}
	switch t.Kind() {
	case reflect.Pointer:
		return nullable(g.schema(t.Elem()))
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return map[string]any{"type": "string", "contentEncoding": "base64"}
		}
		// encoding/json answers a nil slice as null.
		return map[string]any{"type": []string{"array", "null"}, "items": g.schema(t.Elem())}
	case reflect.Map:
		if t.Elem().Kind() == reflect.Interface {
			return map[string]any{"type": []string{"object", "null"}}
		}
		return map[string]any{"type": []string{"object", "null"}, "additionalProperties": g.schema(t.Elem())}
	case reflect.Struct:
		if t.Name() == "" {
			return g.object(t)
		}
		name := g.name(t)
		if _, done := g.schemas[name]; !done {
			g.schemas[name] = map[string]any{} // a placeholder against recursion
			g.schemas[name] = g.object(t)
		}
		return map[string]any{"$ref": "#/components/schemas/" + name}
	}
	return map[string]any{} // interfaces: any JSON value
}

// name is the struct's component name: its Go name without the JSON suffix of answer types
// and capitalised (transactionJSON: Transaction), with its package's name in front when two
// types would share one.
func (g *schemaGen) name(t reflect.Type) string {
	name := strings.TrimSuffix(t.Name(), "JSON")
	name = strings.ToUpper(name[:1]) + name[1:]
	if seen, ok := g.types[name]; ok && seen != t {
		name = pkgName(t) + name
	}
	g.types[name] = t
	return name
}

func pkgName(t reflect.Type) string {
	p := t.PkgPath()
	return p[strings.LastIndex(p, "/")+1:]
}

func nullable(s map[string]any) map[string]any {
	switch ty := s["type"].(type) {
	case string:
		out := map[string]any{}
		for k, v := range s {
			out[k] = v
		}
		out["type"] = []string{ty, "null"}
		return out
	case []string:
		return s // already nullable
	}
	if len(s) == 0 {
		return s
	}
	return map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
}

// object is a struct's schema as encoding/json writes it: json tags name the properties,
// omitempty makes them optional, embedded structs without a tag lend their fields.
func (g *schemaGen) object(t reflect.Type) map[string]any {
	props := map[string]any{}
	var required []string
	g.fields(t, props, &required)
	sort.Strings(required)
	s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

func (g *schemaGen) fields(t reflect.Type, props map[string]any, required *[]string) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				g.fields(ft, props, required)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		s := g.schema(f.Type)
		if strings.Contains(opts, "string") {
			s = map[string]any{"type": "string"}
		}
		props[name] = s
		if !strings.Contains(opts, "omitempty") {
			*required = append(*required, name)
		}
	}
}
