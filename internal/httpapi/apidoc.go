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
	"github.com/kormeer/kormeer/internal/iso20022"
	"github.com/kormeer/kormeer/internal/store"
)

// routeDoc documents one route of routes() for the OpenAPI document. It is keyed by the same
// pattern as the route table, and TestOpenAPICoversRoutes fails when the two differ, so the
// document cannot drift from the routes the server really has.
type routeDoc struct {
	summary string
	// request and response are zero values of the Go types the handler decodes and answers;
	// their JSON Schemas are made by reflection from the json tags. nil: not described.
	request, response any
	// optionalBody: the handler reads its request body only when there is one.
	optionalBody bool
	// media is the success answer's content type when it is not JSON (a file, a page); its body
	// is then described by the type alone.
	media string
	// requestMedia are the request body types the handler reads besides JSON (an image, NDJSON, a
	// list file); each is described by the type alone.
	requestMedia []string
	// status is the success status; 0 means 200.
	status int
	// also are the route's other answers with a body of their own, by status: a zero value of the
	// answer's type, or a list of them when the status has several shapes (an error status keeps
	// the Error shape beside them).
	also map[int]any
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

// routeDocs documents every route of routes(): its summary, the Go types of its request body and
// answer (their JSON Schemas are made by reflection), its statuses and query parameters.
var routeDocs = map[string]routeDoc{
	"GET /api/login":                                     {summary: "Login page (redirects to the web app)", status: http.StatusFound},
	"POST /api/login":                                    {summary: "Login", request: credentials{}, response: signedIn{}, also: map[int]any{401: totpChallenge{}}},
	"POST /api/login/totp":                               {summary: "Login TOTP", request: secondFactorInput{}, response: signedIn{}},
	"POST /api/logout":                                   {summary: "Logout", response: messageJSON{}},
	"GET /api/auth/user":                                 {summary: "Current user", response: userJSON{}},
	"POST /api/auth/register":                            {summary: "Register", request: domain.NewAccount{}, response: tokenAnswer{}, status: http.StatusCreated, also: map[int]any{http.StatusAccepted: []any{emailMessage{}, pendingApprovalJSON{}}}},
	"POST /api/auth/confirm-email":                       {summary: "Confirm email", request: emailConfirmation{}, response: emailMessage{}},
	"POST /api/auth/login":                               {summary: "Token login", request: credentials{}, response: tokenAnswer{}, also: map[int]any{401: totpChallenge{}}},
	"POST /api/auth/login/totp":                          {summary: "Token login TOTP", request: secondFactorInput{}, response: tokenAnswer{}},
	"POST /api/auth/guest-login":                         {summary: "Guest login", request: guestCredentials{}, response: tokenAnswer{}, also: map[int]any{401: totpChallenge{}}},
	"POST /api/auth/logout":                              {summary: "Logout", response: messageJSON{}},
	"GET /api/auth/profile":                              {summary: "Profile", response: accessGranted{}},
	"GET /api/auth/admin-only":                           {summary: "Profile (administrators only)", response: accessGranted{}},
	"GET /api/auth/cbsl-only":                            {summary: "Profile (regulators only)", response: accessGranted{}},
	"GET /api/auth/psp-only":                             {summary: "Profile (PSP administrators only)", response: accessGranted{}},
	"GET /api/auth/mno-only":                             {summary: "Profile (MNO administrators only)", response: accessGranted{}},
	"GET /api/alerts":                                    {summary: "List alerts", response: []alertJSON{}, paged: true, query: alertParams},
	"GET /api/alerts/summary":                            {summary: "Alert summary", response: alertSummaryJSON{}, query: alertFilterParams},
	"GET /api/alerts/{id}":                               {summary: "Get alert", response: alertDetailJSON{}},
	"PATCH /api/alerts/{id}/read":                        {summary: "Read alert", status: http.StatusNoContent},
	"PATCH /api/alerts/{id}/resolve":                     {summary: "Resolve alert", request: resolveInput{}, optionalBody: true, response: alertDetailJSON{}},
	"POST /api/alerts/{id}/actions":                      {summary: "Alert action", request: alertActionInput{}, response: alertDetailJSON{}},
	"GET /ws":                                            {summary: "Real-time WebSocket", status: http.StatusSwitchingProtocols, also: map[int]any{http.StatusUpgradeRequired: media("text/plain")}},
	"POST /api/compliance-reports":                       {summary: "Create report", request: reportInput{}, response: reportJSON{}, status: http.StatusCreated},
	"GET /api/compliance-reports":                        {summary: "List reports", response: []reportJSON{}, paged: true, query: reportParams},
	"POST /api/compliance-reports/{id}/publish":          {summary: "Publish report", response: reportJSON{}},
	"GET /api/compliance-reports/{id}/pdf":               {summary: "Report PDF", media: "application/pdf"},
	"GET /api/compliance-reports/{id}/csv":               {summary: "Report CSV", media: "text/csv"},
	"POST /api/compliance-audits":                        {summary: "Schedule audit", request: auditScheduleInput{}, response: scheduledAuditJSON{}, status: http.StatusCreated},
	"GET /api/compliance-audits":                         {summary: "List audits", response: []auditJSON{}, paged: true, query: auditParams},
	"POST /api/compliance-audits/{id}/complete":          {summary: "Complete audit", request: auditCompletionInput{}, response: auditJSON{}},
	"GET /api/compliance/export":                         {summary: "Export compliance", media: "text/csv"},
	"GET /api/mobile/users":                              {summary: "List mobile users", response: []mobileUserJSON{}, paged: true, query: statusParams},
	"POST /api/mobile/users":                             {summary: "Register mobile user", request: domain.MobileUserInput{}, response: mobileUserJSON{}, status: http.StatusCreated},
	"PATCH /api/mobile/users/{id}/status":                {summary: "Set mobile user status", request: mobileStatusInput{}, response: mobileUserJSON{}},
	"POST /api/admin/mobile-access/generate":             {summary: "Generate access code", request: accessCodeRequest{}, response: accessCodeIssued{}, status: http.StatusCreated},
	"GET /api/admin/mobile-access/codes":                 {summary: "List access codes", response: []accessCodeJSON{}, paged: true, query: statusParams},
	"POST /api/admin/mobile-access/expire":               {summary: "Expire access code", request: accessCodeExpiry{}, response: messageJSON{}},
	"GET /api/admin/notifications":                       {summary: "List notifications", response: []notificationJSON{}, paged: true, query: notificationParams},
	"POST /api/mobile/access/redeem":                     {summary: "Redeem access code", request: redemptionInput{}, response: mobileSession{}},
	"POST /api/kyc":                                      {summary: "Submit KYC", request: domain.KYCInput{}, response: kycJSON{}, status: http.StatusCreated},
	"GET /api/kyc":                                       {summary: "List KYC", response: []kycJSON{}, paged: true, query: kycParams},
	"GET /api/kyc/summary":                               {summary: "KYC summary", response: kycSummaryJSON{}, query: kycSummaryParams},
	"GET /api/kyc-applications/summary":                  {summary: "KYC summary", response: kycSummaryJSON{}, query: kycSummaryParams},
	"GET /api/kyc-applications":                          {summary: "List KYC applications", response: []kycJSON{}, paged: true, query: kycParams},
	"PATCH /api/kyc-applications/{id}/review":            {summary: "Review KYC", request: kycReviewInput{}, response: kycJSON{}},
	"GET /api/users":                                     {summary: "List users", response: []accountJSON{}, paged: true, query: userParams},
	"POST /api/users":                                    {summary: "Create user", request: newUserInput{}, response: accountJSON{}, status: http.StatusCreated, also: map[int]any{http.StatusAccepted: pendingApprovalJSON{}}},
	"PATCH /api/users/{id}":                              {summary: "Update user", request: userUpdateInput{}, response: accountJSON{}, also: map[int]any{http.StatusAccepted: pendingApprovalJSON{}}},
	"POST /api/users/{id}/reset-password":                {summary: "Reset password", request: passwordResetInput{}, response: accountJSON{}},
	"PATCH /api/profile":                                 {summary: "Update profile", request: profileInput{}, response: accountJSON{}},
	"PUT /api/profile-images":                            {summary: "Set profile image", request: profileImageInput{}, response: objectRef{}},
	"POST /api/profile/password":                         {summary: "Change password", request: passwordChangeInput{}, response: messageJSON{}},
	"GET /api/profile/sessions":                          {summary: "List sessions", response: []sessionJSON{}},
	"DELETE /api/profile/sessions/{id}":                  {summary: "End session", status: http.StatusNoContent},
	"GET /api/profile/tokens":                            {summary: "List tokens", response: []tokenJSON{}},
	"DELETE /api/profile/tokens/{id}":                    {summary: "Revoke token", status: http.StatusNoContent},
	"GET /api/api-keys":                                  {summary: "List API keys", response: []apiKeyJSON{}, query: map[string]bool{"institution": true}},
	"POST /api/api-keys":                                 {summary: "Create API key", request: domain.NewAPIKey{}, response: apiKeyJSON{}, status: http.StatusCreated},
	"DELETE /api/api-keys/{id}":                          {summary: "Revoke API key", status: http.StatusNoContent},
	"GET /api/approvals":                                 {summary: "List approvals", response: []approvalJSON{}, paged: true, uncounted: true, query: listParams("status")},
	"POST /api/approvals/{id}/approve":                   {summary: "Approve a pending change", request: approvalDecisionInput{}, optionalBody: true, response: approvalJSON{}},
	"POST /api/approvals/{id}/reject":                    {summary: "Reject a pending change", request: approvalDecisionInput{}, optionalBody: true, response: approvalJSON{}},
	"GET /api/profile/totp":                              {summary: "TOTP status", response: totpStatusJSON{}},
	"POST /api/profile/totp":                             {summary: "Start TOTP", response: totpSetup{}},
	"POST /api/profile/totp/confirm":                     {summary: "Confirm TOTP", request: totpConfirmation{}, response: totpEnabled{}},
	"DELETE /api/profile/totp":                           {summary: "Disable TOTP", request: totpDisableInput{}, response: messageJSON{}},
	"GET /api/settings/aml":                              {summary: "AML settings", response: amlSettingsJSON{}},
	"POST /api/settings/aml/proposals":                   {summary: "Propose rules", request: ruleProposalInput{}, response: ruleSetJSON{}, status: http.StatusCreated},
	"GET /api/settings/aml/proposals/{version}/backtest": {summary: "Backtest rules", response: backtestJSON{}},
	"POST /api/settings/aml/proposals/{version}/approve": {summary: "Approve rules", request: ruleDecisionInput{}, optionalBody: true, response: ruleSetJSON{}},
	"POST /api/settings/aml/proposals/{version}/reject":  {summary: "Reject rules", request: ruleDecisionInput{}, optionalBody: true, response: ruleSetJSON{}},
	"GET /api/audit":                                     {summary: "List audit trail", response: []auditEntryJSON{}, paged: true, uncounted: true, query: auditFilterParams},
	"GET /api/audit/export":                              {summary: "Export audit", media: "text/csv", query: auditFilterParams},
	"GET /api/audit/verify":                              {summary: "Verify audit", response: store.AuditVerification{}},
	"GET /api/analytics":                                 {summary: "Analytics", response: analyticsData{}, query: analyticsParams},
	"GET /api/analytics/export":                          {summary: "Analytics export", media: "text/csv", query: analyticsExportParams},
	"GET /health":                                        {summary: "Health", response: healthJSON{}, also: map[int]any{http.StatusServiceUnavailable: healthJSON{}}},
	"GET /livez":                                         {summary: "Liveness", response: probeJSON{}},
	"GET /readyz":                                        {summary: "Readiness", response: probeJSON{}, also: map[int]any{http.StatusServiceUnavailable: probeJSON{}}},
	"GET /metrics-system":                                {summary: "System metrics", response: systemMetricsJSON{}},
	"GET /api/metrics":                                   {summary: "Summary metrics", response: summaryMetricsJSON{}},
	"GET /api/public/summary":                            {summary: "Public summary", response: publicSummaryJSON{}},
	"POST /api/transfer":                                 {summary: "Create transfer", request: domain.TransferRequest{}, response: transferResponse{}, status: http.StatusCreated},
	"GET /api/transfer/institutions":                     {summary: "Transfer institutions", response: []domain.TransferInstitution{}},
	"POST /api/transactions/batch":                       {summary: "Submit batch", request: []batchItem{}, requestMedia: []string{"application/x-ndjson"}, response: batchAnswer{}},
	"GET /api/transactions":                              {summary: "List transactions", response: []transactionJSON{}, paged: true, uncounted: true},
	"GET /api/transactions/search":                       {summary: "Search transactions", response: []transactionJSON{}, paged: true, query: txFilterParams},
	"GET /api/transactions/export":                       {summary: "Export transactions", media: "text/csv", query: txFilterParams},
	"GET /api/transactions/{id}":                         {summary: "Get transaction", response: transactionDetailJSON{}},
	"POST /api/objects/upload":                           {summary: "Request upload", response: uploadTicket{}},
	"PUT /api/objects/upload/{token}":                    {summary: "Receive upload", requestMedia: []string{"*/*"}, response: uploadedObject{}},
	"PUT /api/institution-logos":                         {summary: "Set institution logo", request: logoInput{}, response: objectRef{}},
	"GET /objects/{kind}/{file}":                         {summary: "Get uploaded object", media: "image/*"},
	"POST /api/institution-applications":                 {summary: "Submit application", request: domain.ApplicationInput{}, response: applicationJSON{}, status: http.StatusCreated},
	"GET /api/institution-applications":                  {summary: "List applications", response: []applicationJSON{}, paged: true, query: applicationParams},
	"GET /api/institution-applications/{id}":             {summary: "Get application", response: applicationJSON{}},
	"POST /api/institution-applications/{id}/approve":    {summary: "Approve application", request: reviewInput{}, optionalBody: true, response: applicationJSON{}},
	"POST /api/institution-applications/{id}/reject":     {summary: "Reject application", request: reviewInput{}, optionalBody: true, response: applicationJSON{}},
	"GET /api/onboarding":                                {summary: "List onboarding", response: []onboardingItem{}, paged: true, query: onboardingParams},
	"PATCH /api/onboarding/{id}/status":                  {summary: "Set onboarding status", request: onboardingStatusInput{}, response: applicationJSON{}},
	"GET /api/psps":                                      {summary: "List PSPs", response: []registryJSON{}, paged: true, query: registryParams},
	"GET /api/mnos":                                      {summary: "List MNOs", response: []registryJSON{}, paged: true, query: registryParams},
	"PATCH /api/psps/{id}/license":                       {summary: "Change PSP license", request: licenseChangeInput{}, response: registryJSON{}},
	"PATCH /api/mnos/{id}/license":                       {summary: "Change MNO license", request: licenseChangeInput{}, response: registryJSON{}},
	"PATCH /api/psps/{id}/compliance":                    {summary: "Change compliance", request: complianceChangeInput{}, response: registryJSON{}},
	"PATCH /api/mnos/{id}/compliance":                    {summary: "Change compliance", request: complianceChangeInput{}, response: registryJSON{}},
	"GET /api/psps/{id}/compliance":                      {summary: "Compliance detail", response: complianceDetailJSON{}},
	"GET /api/mnos/{id}/compliance":                      {summary: "Compliance detail", response: complianceDetailJSON{}},
	"POST /api/psps/{id}/compliance/proposal/confirm":    {summary: "Confirm proposal", request: proposalDecision{}, response: registryJSON{}},
	"POST /api/mnos/{id}/compliance/proposal/confirm":    {summary: "Confirm proposal", request: proposalDecision{}, response: registryJSON{}},
	"POST /api/psps/{id}/compliance/proposal/dismiss":    {summary: "Dismiss proposal", request: proposalDecision{}, status: http.StatusNoContent},
	"POST /api/mnos/{id}/compliance/proposal/dismiss":    {summary: "Dismiss proposal", request: proposalDecision{}, status: http.StatusNoContent},
	"GET /api/banks":                                     {summary: "List banks", response: []registryJSON{}, paged: true, query: registryParams},
	"PATCH /api/banks/{id}/license":                      {summary: "Change bank license", request: licenseChangeInput{}, response: registryJSON{}},
	"PATCH /api/psps/{id}/routing":                       {summary: "Change PSP routing", request: domain.Routing{}, response: registryJSON{}},
	"PATCH /api/banks/{id}/routing":                      {summary: "Change bank routing", request: domain.Routing{}, response: registryJSON{}},
	"GET /api/public/register":                           {summary: "Public register", response: []registerEntryJSON{}},
	"GET /api/openapi.json":                              {summary: "This OpenAPI 3.1 document", media: "application/json"},
	"GET /api/docs":                                      {summary: "API reference page", media: "text/html"},
	"GET /api/docs/viewer.js":                            {summary: "API reference page script", media: "text/javascript"},
	"POST /api/iso20022":                                 {summary: "Submit ISO 20022 pacs.008 and pacs.002 documents (XML or JSON form)", response: isoIngestResponse{}},
	"GET /api/transactions/{id}/iso20022":                {summary: "ISO 20022 identifiers and status history of a switch transaction", response: isoDetailJSON{}},
	"GET /api/switch-feed/dead-letters":                  {summary: "Switch feed dead letters", response: []deadLetterJSON{}, query: deadLetterParams},
	"POST /api/switch-feed/dead-letters/{id}/retry":      {summary: "Retry a dead letter", response: isoIngestResponse{}},
	"POST /api/switch-feed/dead-letters/{id}/discard":    {summary: "Discard a dead letter", status: 204},
	"POST /api/sanctions/lists/{list}":                   {summary: "Import a sanctions list version (body: the UN XML or domestic CSV file)", requestMedia: listBodyTypes, response: sanctionsVersionDetail{}, status: 201, query: sanctionsImportParams},
	"GET /api/sanctions/versions":                        {summary: "Sanctions list versions", response: sanctionsVersionList{}},
	"GET /api/sanctions/versions/{id}":                   {summary: "A sanctions list version and its changes", response: sanctionsVersionDetail{}},
	"GET /api/sanctions/matches":                         {summary: "Sanctions review queue", response: sanctionsMatchList{}, query: sanctionsMatchParams},
	"POST /api/sanctions/matches/{id}/decision":          {summary: "Confirm a sanctions match or dismiss it as a false positive", request: sanctionsDecision{}, response: sanctionsMatchJSON{}},
	"GET /api/sanctions/search":                          {summary: "Check a name against the sanctions lists", response: sanctionsSearchResult{}, query: sanctionsSearchParams},
	"GET /api/transfer/quote":                            {summary: "Transfer fee quote", response: transferQuoteJSON{}, query: transferQuoteParams},
	"GET /api/transactions/{id}/sanctions":               {summary: "Sanctions matches of one transaction (every review status)", response: sanctionsMatchList{}},
}

// openAPIDoc is built once, on first use: the route table does not change while running.
var openAPIDoc struct {
	once sync.Once
	json []byte
	err  error
}

// OpenAPI is the API's OpenAPI 3.1 document as JSON, indented and with sorted keys so that the
// checked-in api/openapi.json (`kormeer openapi`, `make openapi`) is byte for byte what the
// server serves, and its diffs are readable.
func OpenAPI() ([]byte, error) {
	openAPIDoc.once.Do(func() {
		b, err := json.MarshalIndent(buildOpenAPI((&Server{}).routes()), "", "  ")
		openAPIDoc.json, openAPIDoc.err = append(b, '\n'), err
	})
	return openAPIDoc.json, openAPIDoc.err
}

// serveOpenAPI is GET /api/openapi.json: the API's OpenAPI 3.1 contract.
func (s *Server) serveOpenAPI(w http.ResponseWriter, r *http.Request) error {
	doc, err := OpenAPI()
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/json")
	_, err = w.Write(doc)
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
		if d.request != nil || len(d.requestMedia) > 0 {
			content := map[string]any{}
			if d.request != nil {
				content["application/json"] = map[string]any{"schema": g.inputSchema(reflect.TypeOf(d.request))}
			}
			for _, m := range d.requestMedia {
				content[m] = map[string]any{}
			}
			op["requestBody"] = map[string]any{"required": !d.optionalBody, "content": content}
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
			"responses": map[string]any{"Error": map[string]any{"description": "Error", "content": map[string]any{
				"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/Error"}}}}},
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

// errorResponse is every error answer: one shared response of the Error schema.
var errorResponse = map[string]any{"$ref": "#/components/responses/Error"}

// responses are the success answer and the 4xx answers the route can give.
func (g *schemaGen) responses(rt route, d routeDoc) map[string]any {
	status := d.status
	if status == 0 {
		status = http.StatusOK
	}
	ok := map[string]any{"description": http.StatusText(status)}
	switch {
	case d.media != "":
		ok["content"] = map[string]any{d.media: map[string]any{}}
	case d.response != nil:
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
	// Any route can fail inside (500, the generic error answer); a request with a body can be too
	// large (413), not JSON (415), in conflict with the data (409) or refused by a rule (422).
	// Every route may refuse a caller (401, 403: also the cross-origin check and sign-ins) and fail
	// inside (500, the generic error answer); a request with a body may be too large (413), not
	// JSON (415), name something that does not exist (404), be in conflict with the data (409) or
	// be refused by a rule (422).
	out := map[string]any{itoa(status): ok, "400": errorResponse, "401": errorResponse, "403": errorResponse, "500": errorResponse}
	method, _, _ := strings.Cut(rt.pattern, " ")
	if method != http.MethodGet {
		out["404"], out["409"], out["413"], out["415"], out["422"] = errorResponse, errorResponse, errorResponse, errorResponse, errorResponse
	}
	if strings.Contains(rt.pattern, "{") {
		out["404"] = errorResponse
	}
	if rt.access.throttle != 0 {
		out["429"] = errorResponse
	}
	for _, st := range slices.Sorted(maps.Keys(d.also)) {
		var alts []any
		if _, isError := out[itoa(st)]; isError {
			alts = append(alts, map[string]any{"$ref": "#/components/schemas/Error"})
		}
		if m, ok := d.also[st].(media); ok {
			out[itoa(st)] = map[string]any{"description": http.StatusText(st), "content": map[string]any{string(m): map[string]any{}}}
			continue
		}
		list, ok := d.also[st].([]any)
		if !ok {
			list = []any{d.also[st]}
		}
		for _, v := range list {
			alts = append(alts, g.schema(reflect.TypeOf(v)))
		}
		schema := alts[0].(map[string]any)
		if len(alts) > 1 {
			schema = map[string]any{"anyOf": alts}
		}
		out[itoa(st)] = map[string]any{"description": http.StatusText(st), "content": map[string]any{
			"application/json": map[string]any{"schema": schema}}}
	}
	return out
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// schemaGen makes JSON Schemas (2020-12, as OpenAPI 3.1 uses) from Go types; named structs go
// into components/schemas and are referenced.
type schemaGen struct {
	schemas map[string]any
	types   map[string]reflect.Type
	// input is set while describing a request body: encoding/json fills what is there and leaves
	// the rest, so no property is required, and the component is named with an Input suffix.
	input bool
}

// inputSchema is t's schema as a request body.
func (g *schemaGen) inputSchema(t reflect.Type) map[string]any {
	g.input = true
	defer func() { g.input = false }()
	return g.schema(t)
}

var timeType = reflect.TypeOf(time.Time{})

// ownJSON is the schema of a type that reads or writes JSON its own way (or whose Go type says
// less than what it holds): what it accepts and writes; false for every other type.
func (g *schemaGen) ownJSON(t reflect.Type) (map[string]any, bool) {
	switch t {
	case reflect.TypeOf(domain.DecimalString("")):
		// An amount is a decimal string; a JSON number is read exactly too (domain/amount.go).
		return map[string]any{"type": []string{"string", "number"}}, true
	case reflect.TypeOf(poolEntry{}):
		return map[string]any{"type": "array", "minItems": 2, "maxItems": 2, "items": false,
			"prefixItems": []any{map[string]any{"type": "string"}, g.schema(reflect.TypeOf(poolJSON{}))}}, true
	case reflect.TypeOf(analyticsData{}):
		return g.analyticsSchema(t), true
	case reflect.TypeOf(reportFigures(nil)):
		return map[string]any{"type": "object", "properties": map[string]any{
			"summary":           map[string]any{"type": "string"},
			"transactionCount":  map[string]any{"type": "integer"},
			"transactionVolume": map[string]any{"type": "string"},
			"volumeByCurrency":  map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"}},
			"highRiskCount":     map[string]any{"type": "integer"},
			"alertsBySeverity":  map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "integer"}},
			"openAlerts":        map[string]any{"type": "integer"},
			"complianceScore":   map[string]any{"type": "integer"},
			"generatedAt":       map[string]any{"type": "string", "format": "date-time"},
		}}, true
	case reflect.TypeOf(reportMetrics(nil)):
		return map[string]any{"type": "object", "properties": map[string]any{
			"totalTransactions": map[string]any{"type": "integer"},
			"activePsps":        map[string]any{"type": "integer"},
			"complianceScore":   map[string]any{"type": "integer"},
		}}, true
	}
	return nil, false
}

// analyticsSchema is GET /api/analytics' answer: its sections' rows are maps, because the CSV
// export reads them by the column names of analyticsSections; the schema is made from the same
// table (count is an integer, every other column a string).
func (g *schemaGen) analyticsSchema(t reflect.Type) map[string]any {
	props := map[string]any{"from": map[string]any{"type": "string"}, "to": map[string]any{"type": "string"}}
	for section, cols := range analyticsSections {
		row := map[string]any{}
		for _, c := range cols {
			row[c] = map[string]any{"type": "string"}
			if c == "count" {
				row[c] = map[string]any{"type": "integer"}
			}
		}
		props[section] = map[string]any{"type": "array", "items": map[string]any{
			"type": "object", "properties": row, "required": cols, "additionalProperties": false}}
	}
	name := g.name(t)
	g.schemas[name] = map[string]any{"type": "object", "properties": props,
		"required": slices.Sorted(maps.Keys(props)), "additionalProperties": false}
	return map[string]any{"$ref": "#/components/schemas/" + name}
}

// media is an answer of `also` that is not JSON: its content type.
type media string

func (g *schemaGen) schema(t reflect.Type) map[string]any {
	if own, ok := g.ownJSON(t); ok {
		return own
	}
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
		return g.orNull(map[string]any{"type": "array", "items": g.schema(t.Elem())})
	case reflect.Map:
		// A map of any JSON value says so (additionalProperties: {}), so that generated types read
		// it as a record of unknown values rather than an empty object.
		return g.orNull(map[string]any{"type": "object", "additionalProperties": g.schema(t.Elem())})
	case reflect.Struct:
		if t.Name() == "" {
			return g.object(t)
		}
		name := g.name(t)
		if _, done := g.schemas[name]; !done {
			g.schemas[name] = map[string]any{} // a placeholder against recursion
			obj := g.object(t)
			if t == reflect.TypeOf(store.DeadLetter{}) {
				// Its faults are kept as the JSON the feed wrote, a list of iso20022.Fault.
				obj["properties"].(map[string]any)["faults"] = g.schema(reflect.TypeOf([]iso20022.Fault{}))
			}
			g.schemas[name] = obj
		}
		return map[string]any{"$ref": "#/components/schemas/" + name}
	}
	return map[string]any{} // interfaces: any JSON value
}

// orNull is a slice's or map's schema. encoding/json writes a nil one as null, but the handlers
// answer made (empty) ones, and the contract tests hold them to it: a field that may really be
// nil says so with the tag openapi:"nullable". A request may send null for any of them.
func (g *schemaGen) orNull(s map[string]any) map[string]any {
	if g.input {
		return nullable(s)
	}
	return s
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
	if g.input {
		name += "Input"
	}
	return name
}

func pkgName(t reflect.Type) string {
	p := t.PkgPath()
	return p[strings.LastIndex(p, "/")+1:]
}

// enumSchema is the schema of a string field (or a list of them, or a nullable one) whose values
// are a closed set, named by the field's tag enum:"a,b,c": the generated web types are then a
// union of those values, so a screen's switch over them is checked, and the contract tests hold
// the server to them.
func enumSchema(t reflect.Type, values []string) map[string]any {
	switch t.Kind() {
	case reflect.Pointer:
		s := nullable(enumSchema(t.Elem(), values))
		s["enum"] = append(s["enum"].([]any), nil)
		return s
	case reflect.Slice:
		return map[string]any{"type": "array", "items": enumSchema(t.Elem(), values)}
	}
	vals := make([]any, len(values))
	for i, v := range values {
		vals[i] = v
	}
	return map[string]any{"type": "string", "enum": vals}
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
		// Answers only: a request may carry any string, which the handler refuses with its own
		// coded error (a schema enum would answer the validator's instead).
		if e := f.Tag.Get("enum"); e != "" && !g.input {
			s = enumSchema(f.Type, strings.Split(e, ","))
		}
		if f.Tag.Get("openapi") == "nullable" {
			s = nullable(s)
		}
		props[name] = s
		if !strings.Contains(opts, "omitempty") && !g.input {
			*required = append(*required, name)
		}
	}
}
