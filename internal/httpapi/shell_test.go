package httpapi

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

// builtIndex is the shape of the index.html Vite writes (web/dist).
const builtIndex = `<!doctype html><html lang="en"><head><title>Kormeer</title>` +
	`<script type="module" crossorigin src="/assets/index-1234.js"></script></head>` +
	`<body><div id="root"></div></body></html>`

// getPage asks the app's handler for path with the given cookies and answers the response.
func getPage(t *testing.T, h http.Handler, path string, cookies ...*http.Cookie) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for _, c := range cookies {
		req.AddCookie(c)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("%s: %d %q, want the app's page", path, rec.Code, rec.Header().Get("Content-Type"))
	}
	return rec
}

// TestShellSaysWhetherASessionMayExist: index.html tells the app, in its head, whether the request
// carried a session cookie, so that a visitor without one sees the landing page without waiting for
// /api/auth/user, and one with a cookie (valid or not) is asked about first.
func TestShellSaysWhetherASessionMayExist(t *testing.T) {
	s := &Server{web: fstest.MapFS{"index.html": {Data: []byte(builtIndex)}}}
	h := s.spa()
	none := `<meta name="kormeer-session" content="none">`
	present := `<meta name="kormeer-session" content="present">`
	for _, c := range []struct {
		name    string
		cookies []*http.Cookie
		want    string
	}{
		{"no cookie", nil, none},
		{"another cookie", []*http.Cookie{{Name: "theme", Value: "dark"}}, none},
		{"an empty session cookie", []*http.Cookie{{Name: sessionCookie, Value: ""}}, none},
		{"a session cookie", []*http.Cookie{{Name: sessionCookie, Value: "abcdef0123456789"}}, present},
	} {
		for _, path := range []string{"/", "/transactions", "/index.html"} {
			rec := getPage(t, h, path, c.cookies...)
			body := rec.Body.String()
			if i := strings.Index(body, c.want); i < 0 || i > strings.Index(body, "</head>") || strings.Count(body, "kormeer-session") != 1 {
				t.Errorf("%s, %s: want exactly %q in the head of\n%s", c.name, path, c.want, body)
			}
			if !strings.Contains(rec.Header().Get("Vary"), "Cookie") {
				t.Errorf("%s, %s: Vary %q, want Cookie (the page depends on it)", c.name, path, rec.Header().Get("Vary"))
			}
		}
	}
}

// TestShellPreloadsTheSignedInAppWithASession: every page but the landing page asks the browser
// for the app's scripts at once, and with a session cookie for the signed-in app's too (from Vite's
// manifest), each once and leaving out those the entry loads already; the landing page ("/"
// without a session) runs on the entry alone and preloads nothing more, and the manifest itself is
// not served.
func TestShellPreloadsTheSignedInAppWithASession(t *testing.T) {
	manifest := `{
	  "index.html": {"file": "assets/index-1.js", "isEntry": true, "imports": ["_react-2.js"],
	                 "dynamicImports": ["src/appMain.tsx"]},
	  "_react-2.js": {"file": "assets/react-2.js"},
	  "src/appMain.tsx": {"file": "assets/appMain-6.js", "isDynamicEntry": true, "imports": ["_react-2.js", "_vendor-7.js"],
	                 "dynamicImports": ["src/features/shell/AuthenticatedApp.tsx"]},
	  "_vendor-7.js": {"file": "assets/vendor-7.js", "imports": ["_react-2.js"]},
	  "_shared-3.js": {"file": "assets/shared-3.js", "imports": ["_react-2.js", "_vendor-7.js"]},
	  "src/features/shell/AuthenticatedApp.tsx": {"file": "assets/AuthenticatedApp-4.js", "isDynamicEntry": true,
	                 "imports": ["_react-2.js", "_vendor-7.js", "_shared-3.js"], "dynamicImports": ["src/features/analytics/AnalyticsPage.tsx"]},
	  "src/features/analytics/AnalyticsPage.tsx": {"file": "assets/AnalyticsPage-5.js", "isDynamicEntry": true}
	}`
	s := &Server{web: fstest.MapFS{
		"index.html":          {Data: []byte(builtIndex)},
		".vite/manifest.json": {Data: []byte(manifest)},
	}}
	h := s.spa()
	preload := func(file string) string { return `<link rel="modulepreload" crossorigin href="/assets/` + file + `">` }

	signedIn := getPage(t, h, "/", &http.Cookie{Name: sessionCookie, Value: "abcdef0123456789"}).Body.String()
	want := `content="present">` + sessionData + preload("appMain-6.js") + preload("vendor-7.js") + preload("AuthenticatedApp-4.js") + preload("shared-3.js") + `</head>`
	if !strings.Contains(signedIn, want) {
		t.Errorf("with a session: want %s in\n%s", want, signedIn)
	}
	for _, f := range []string{"react-2.js", "AnalyticsPage-5.js"} { // the entry's, and a lazy page
		if strings.Contains(signedIn, preload(f)) {
			t.Errorf("with a session: %s preloaded", f)
		}
	}
	signedOutApp := getPage(t, h, "/apply").Body.String()
	if want := `content="none">` + preload("appMain-6.js") + preload("vendor-7.js") + `</head>`; !strings.Contains(signedOutApp, want) {
		t.Errorf("another page without a session: want %s in\n%s", want, signedOutApp)
	}
	if signedOut := getPage(t, h, "/").Body.String(); strings.Contains(signedOut, "modulepreload") {
		t.Errorf("the landing page: preloads in\n%s", signedOut)
	}
	if body := getPage(t, h, "/.vite/manifest.json").Body.String(); strings.Contains(body, "AuthenticatedApp") {
		t.Errorf("the manifest is served: %s", body)
	}

	broken := &Server{web: fstest.MapFS{"index.html": {Data: []byte(builtIndex)}, ".vite/manifest.json": {Data: []byte("{")}}}
	rec := httptest.NewRecorder()
	broken.spa().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	if rec.Code != http.StatusNotFound || !strings.Contains(rec.Body.String(), "manifest.json") {
		t.Errorf("a broken manifest: %d %q, want 404 naming it", rec.Code, rec.Body.String())
	}
}

// TestShellSendsTheLandingPagePrerendered: "/" without a session comes with the landing page's
// markup in #root, in the reader's language (the app's cookie, else Accept-Language, else
// English), with <html lang> to match, its figures preloaded and, for Somali or French, its translations
// preloaded; any other page,
// or a visitor with a session, gets an empty #root for the app to fill.
func TestShellSendsTheLandingPagePrerendered(t *testing.T) {
	manifest := `{"index.html": {"file": "assets/index-1.js", "isEntry": true, "dynamicImports": ["src/i18n/so.json", "src/i18n/fr.json"]},
	              "src/i18n/so.json": {"file": "assets/so-2.js", "isDynamicEntry": true},
	              "src/i18n/fr.json": {"file": "assets/fr-3.js", "isDynamicEntry": true}}`
	s := &Server{web: fstest.MapFS{
		"index.html":                 {Data: []byte(builtIndex)},
		".vite/manifest.json":        {Data: []byte(manifest)},
		".prerender/landing.en.html": {Data: []byte(`<main><a href="/api/login">Login to Portal</a></main>`)},
		".prerender/landing.so.html": {Data: []byte(`<main><a href="/api/login">Gal madalka</a></main>`)},
		".prerender/landing.fr.html": {Data: []byte(`<main><a href="/api/login">Se connecter au portail</a></main>`)},
	}}
	h := s.spa()
	session := &http.Cookie{Name: sessionCookie, Value: "abcdef0123456789"}
	somali := &http.Cookie{Name: languageCookie, Value: "so"}
	english := `<div id="root"><main><a href="/api/login">Login to Portal</a></main></div>`
	soomaali := `<div id="root"><main><a href="/api/login">Gal madalka</a></main></div>`
	empty := `<div id="root"></div>`
	francais := `<div id="root"><main><a href="/api/login">Se connecter au portail</a></main></div>`
	french := &http.Cookie{Name: languageCookie, Value: "fr"}
	soPreload := `<link rel="modulepreload" crossorigin href="/assets/so-2.js">`
	frPreload := `<link rel="modulepreload" crossorigin href="/assets/fr-3.js">`
	for _, c := range []struct {
		name, path, acceptLanguage string
		cookies                    []*http.Cookie
		root, lang                 string
	}{
		{"a new visitor", "/", "", nil, english, "en"},
		{"an English browser", "/", "en-GB,en;q=0.9", nil, english, "en"},
		{"a Somali browser", "/", "so-SO,so;q=0.9,en;q=0.5", nil, soomaali, "so"},
		{"Somali after an unshipped language", "/", "de-DE, so;q=0.5", nil, soomaali, "so"},
		{"a French browser", "/", "fr-FR,fr;q=0.9", nil, francais, "fr"},
		{"French chosen in the app", "/", "so", []*http.Cookie{french}, francais, "fr"},
		{"Somali refused", "/", "so;q=0, en", nil, english, "en"},
		{"Somali chosen in the app", "/", "en", []*http.Cookie{somali}, soomaali, "so"},
		{"an unknown language cookie", "/", "", []*http.Cookie{{Name: languageCookie, Value: "xx"}}, english, "en"},
		{"a session", "/", "", []*http.Cookie{session}, empty, "en"},
		{"a session, Somali", "/", "", []*http.Cookie{session, somali}, empty, "so"},
		{"another page", "/transactions", "", nil, empty, "en"},
		{"another page, Somali", "/apply", "", []*http.Cookie{somali}, empty, "so"},
		{"the markup's own path", "/.prerender/landing.en.html", "", nil, empty, "en"},
	} {
		req := httptest.NewRequest(http.MethodGet, c.path, nil)
		req.Header.Set("Accept-Language", c.acceptLanguage)
		for _, ck := range c.cookies {
			req.AddCookie(ck)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		body := rec.Body.String()
		if rec.Code != 200 || !strings.Contains(body, c.root) || !strings.Contains(body, `<html lang="`+c.lang+`">`) {
			t.Errorf("%s: %d, want %s and lang %s in\n%s", c.name, rec.Code, c.root, c.lang, body)
		}
		if strings.Contains(body, soPreload) != (c.lang == "so") {
			t.Errorf("%s: Somali preload %v, want %v", c.name, strings.Contains(body, soPreload), c.lang == "so")
		}
		if strings.Contains(body, frPreload) != (c.lang == "fr") {
			t.Errorf("%s: French preload %v, want %v", c.name, strings.Contains(body, frPreload), c.lang == "fr")
		}
		if landing := c.root != empty; strings.Contains(body, `rel="preload" as="fetch" crossorigin="use-credentials" href="/api/public/summary"`) != landing ||
			strings.Contains(body, `href="/api/public/register"`) != landing {
			t.Errorf("%s: the landing page's data should be preloaded with it, and only with it:\n%s", c.name, body)
		}
		if !strings.Contains(rec.Header().Get("Vary"), "Accept-Language") {
			t.Errorf("%s: Vary %q", c.name, rec.Header().Get("Vary"))
		}
	}
}

// TestShellIsGzipped: the page (the landing page's is ~14 KB with its markup) goes out gzipped to
// a client that takes gzip, and as it is to one that does not.
func TestShellIsGzipped(t *testing.T) {
	markup := "<main>" + strings.Repeat(`<p class="mt-4 text-base text-muted-foreground">Kormeer</p>`, 100) + "</main>"
	s := &Server{web: fstest.MapFS{
		"index.html":                 {Data: []byte(builtIndex)},
		".prerender/landing.en.html": {Data: []byte(markup)},
	}}
	h := s.spa()
	get := func(acceptEncoding string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.Header.Set("Accept-Encoding", acceptEncoding)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	plain := get("").Body.String()
	if !strings.Contains(plain, markup) {
		t.Fatalf("no markup in the plain page:\n%s", plain)
	}
	rec := get("gzip, deflate, br")
	if rec.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") {
		t.Fatalf("headers %v, want gzip and Vary: Accept-Encoding", rec.Header())
	}
	size := rec.Body.Len()
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := io.ReadAll(zr); err != nil || string(got) != plain {
		t.Fatalf("gunzipped page differs from the plain one (%v)", err)
	}
	if size >= len(plain)/4 {
		t.Errorf("%d gzipped bytes for %d", size, len(plain))
	}
	if rec := get("gzip;q=0"); rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != plain {
		t.Errorf("gzip refused: encoding %q", rec.Header().Get("Content-Encoding"))
	}
}

// Only a development portal (--dev) tells the app so: the token test page's link and the roles
// registration accepts only in development follow that meta.
func TestShellSaysDevelopmentModeOnlyInDevelopment(t *testing.T) {
	dev := `<meta name="kormeer-mode" content="development">`
	for _, on := range []bool{false, true} {
		s := &Server{web: fstest.MapFS{"index.html": {Data: []byte(builtIndex)}}, opts: Options{Dev: on}}
		for _, path := range []string{"/", "/jwt-test"} {
			body := getPage(t, s.spa(), path).Body.String()
			if strings.Contains(body, dev) != on {
				t.Errorf("dev %v, %s: development meta present %v", on, path, !on)
			}
		}
	}
}
