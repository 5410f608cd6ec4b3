package httpapi

import (
	"bytes"
	"errors"
	"io/fs"
	"net/http"
	"strings"
)

// appShell is index.html, the web app's one HTML page, told what the server already knows about the
// request so that a phone on a slow network spends no round trip finding it out
// (docs/PERFORMANCE.md, "Web app on a slow phone"):
//
//   - whether the request carries a session cookie (<meta name="kormeer-session">): without one
//     nobody can be signed in, so the app shows the landing page at once instead of asking
//     /api/auth/user first. The cookie is HttpOnly, so only the server can tell.
//   - the app's scripts (<link rel="modulepreload">, from Vite's manifest) on every page but the
//     landing page: the entry loads them only after it has run (web/src/main.tsx), a round trip
//     later. The landing page, at "/" without a session, is the entry itself and runs without them
//     (web/src/landingMain.tsx): a slow phone gets it usable with half the JavaScript.
//   - with a session cookie, the signed-in app's scripts too, and /api/auth/user (sessionData): the
//     browser fetches them with the entry instead of after the scripts have run.
//   - for "/" without a session cookie, the landing page itself, pre-rendered at build time
//     (web/scripts/prerender.ts) into #root: the phone draws it, and can follow its links, before
//     any script has arrived; React then renders over it.
//   - the reader's language (shellLanguage): the pre-rendered markup's, <html lang>, and for
//     Somali or French a preload of its translations, which the app waits for before its first render.
//   - in development mode (--dev) only, <meta name="kormeer-mode" content="development">: the app
//     then offers the token test page's link and the roles the server accepts only in that mode
//     (web/src/features/auth/mode.ts).
//
// The variants are built, and gzipped, once from the embedded files; a request only picks one.
type appShell struct {
	pages map[shellVariant]shellPage
}

// shellPage is one variant of the page, as it is and gzipped (nil when that does not pay).
type shellPage struct {
	plain, gzip []byte
}

// shellVariant is what a page depends on.
type shellVariant struct {
	session  bool   // the request carries a session cookie
	landing  bool   // "/" without a session: the pre-rendered landing page goes in #root
	language string // one of shellLanguages
}

// shellLanguages are the languages the app ships (web/src/i18n), English first: the default.
var shellLanguages = []string{"en", "so", "fr"}

// translationChunks are the translations of the languages other than English, each loaded only
// for its reader (web/src/i18n): the shell preloads the reader's with the page.
var translationChunks = map[string]string{"so": "src/i18n/so.json", "fr": "src/i18n/fr.json"}

// Keys of Vite's manifest the shell preloads (web/src).
const (
	// appChunk is the app (its libraries, router and public pages), which the entry imports
	// lazily (web/src/main.tsx) on every page but the landing page's first load.
	// web/scripts/bundleBudget.ts measures the routes through the same key.
	appChunk = "src/appMain.tsx"
	// signedInChunk is the signed-in app (the shell and the dashboard), which the entry imports
	// lazily (web/src/App.tsx). web/scripts/bundleBudget.ts measures the dashboard through the
	// same key and fails when the manifest lacks it.
	signedInChunk = "src/features/shell/AuthenticatedApp.tsx"
)

// landingData asks the browser for the landing page's figures with the page: the app asks for them
// only once its scripts have run, a round trip later (web/src/features/landing: useSummaryMetrics,
// PublicRegister). fetch() with credentials "include" takes the preloaded answer.
const landingData = `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/public/summary">` +
	`<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/public/register">`

// sessionData asks the browser, with a page that came with a session cookie, for who is signed in:
// the app asks /api/auth/user before it draws anything (web/src/features/auth/useAuth.ts), once its
// scripts have run, and on a slow network that request then queued behind the app's chunks for a
// free connection (docs/PERFORMANCE.md, "Web app on a slow phone"). fetch() with credentials "include" takes the
// preloaded answer.
const sessionData = `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/user">`

// prerendered is where web/scripts/prerender.ts writes the landing page's markup per language.
func prerendered(language string) string { return ".prerender/landing." + language + ".html" }

// newAppShell builds the variants from the built app; an error means it is not built, or built
// wrong (an unreadable manifest).
func newAppShell(web fs.FS, dev bool) (*appShell, error) {
	index, err := fs.ReadFile(web, "index.html")
	if err != nil {
		return nil, err
	}
	manifest, err := readViteManifest(web)
	if err != nil {
		return nil, err
	}
	sh := &appShell{pages: map[shellVariant]shellPage{}}
	for _, language := range shellLanguages {
		markup, err := fs.ReadFile(web, prerendered(language))
		if errors.Is(err, fs.ErrNotExist) {
			markup = nil // a build without the pre-render (tests' fixtures): the app draws it
		} else if err != nil {
			return nil, err
		}
		for _, v := range []shellVariant{{false, false, language}, {false, true, language}, {true, false, language}} {
			// The app reads the meta in web/src/features/auth/sessionHint.ts.
			head := `<meta name="kormeer-session" content="none">`
			if v.session {
				head = `<meta name="kormeer-session" content="present">` + sessionData + manifest.modulePreloads(appChunk, signedInChunk)
			} else if !v.landing {
				head += manifest.modulePreloads(appChunk)
			}
			if chunk, ok := translationChunks[language]; ok {
				head += manifest.modulePreloads(chunk)
			}
			if dev {
				head += `<meta name="kormeer-mode" content="development">`
			}
			page := intoHead(index, head)
			page = bytes.Replace(page, []byte(`<html lang="en">`), []byte(`<html lang="`+language+`">`), 1)
			if v.landing {
				page = intoHead(page, landingData)
				page = bytes.Replace(page, []byte(`<div id="root"></div>`), append(append([]byte(`<div id="root">`), markup...), "</div>"...), 1)
			}
			sh.pages[v] = shellPage{plain: page, gzip: gzipped(page)}
		}
	}
	return sh, nil
}

// intoHead answers a copy of page with tags inserted just before </head> (page unchanged when it has
// none: the app then behaves as if a session may exist, as it did before the hint).
func intoHead(page []byte, tags string) []byte {
	i := bytes.Index(page, []byte("</head>"))
	if i < 0 {
		return page
	}
	out := make([]byte, 0, len(page)+len(tags))
	out = append(out, page[:i]...)
	out = append(out, tags...)
	return append(out, page[i:]...)
}

// hasSessionCookie reports whether the request carries a (non-empty) browser session cookie.
func hasSessionCookie(r *http.Request) bool {
	c, err := r.Cookie(sessionCookie)
	return err == nil && c.Value != ""
}

// languageCookie is the cookie in which the app's language detector keeps the reader's choice
// (web/src/i18n, the same name as its localStorage key).
const languageCookie = "kormeer-language"

// shellLanguage answers the language the app will choose, as its detector does (web/src/i18n):
// the remembered choice, else the browser's preferred language among those shipped, else English.
func shellLanguage(r *http.Request) string {
	if c, err := r.Cookie(languageCookie); err == nil {
		if l := shippedLanguage(c.Value); l != "" {
			return l
		}
	}
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.ReplaceAll(params, " ", "") == "q=0" {
			continue
		}
		if l := shippedLanguage(tag); l != "" {
			return l
		}
	}
	return shellLanguages[0]
}

// shippedLanguage answers the shipped language of a tag ("so-SO" → "so"), or "" for another.
func shippedLanguage(tag string) string {
	base, _, _ := strings.Cut(strings.TrimSpace(tag), "-")
	for _, l := range shellLanguages {
		if strings.EqualFold(base, l) {
			return l
		}
	}
	return ""
}

// serve writes the variant of index.html for the request, gzipped when the client takes it.
func (sh *appShell) serve(w http.ResponseWriter, r *http.Request) {
	session := hasSessionCookie(r)
	page := sh.pages[shellVariant{session: session, landing: !session && r.URL.Path == "/", language: shellLanguage(r)}]
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	// The page depends on the session and language cookies and the languages asked for.
	h.Set("Vary", "Cookie, Accept-Language, Accept-Encoding")
	if page.gzip != nil && accepts(r, "gzip") {
		h.Set("Content-Encoding", "gzip")
		w.Write(page.gzip)
		return
	}
	w.Write(page.plain)
}
