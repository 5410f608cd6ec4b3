package httpapi

import (
	"bytes"
	"io/fs"
	"net/http"
)

// appShell is index.html, the web app's one HTML page, told what the server already knows about the
// request so that a phone on a slow network spends no round trip finding it out
// (docs/PERFORMANCE.md, "Web app on a slow phone"):
//
//   - whether the request carries a session cookie (<meta name="kormeer-session">): without one
//     nobody can be signed in, so the app shows the landing page at once instead of asking
//     /api/auth/user first. The cookie is HttpOnly, so only the server can tell.
//   - with a session cookie, the signed-in app's scripts (<link rel="modulepreload">, from Vite's
//     manifest): the browser fetches them with the entry instead of after /api/auth/user answers.
//     The landing page is part of the entry, whose scripts index.html already preloads.
//
// The variants are built once from the embedded file; a request only picks one.
type appShell struct {
	signedOut []byte // no session cookie
	session   []byte // a session cookie, valid or not: the app asks who it is
}

// newAppShell reads index.html from the built app; an error means the app is not built.
func newAppShell(web fs.FS) (*appShell, error) {
	index, err := fs.ReadFile(web, "index.html")
	if err != nil {
		return nil, err
	}
	manifest, err := readViteManifest(web)
	if err != nil {
		return nil, err
	}
	// The app reads the meta in web/src/features/auth/sessionHint.ts.
	return &appShell{
		signedOut: intoHead(index, []byte(`<meta name="kormeer-session" content="none">`)),
		session: intoHead(index, []byte(`<meta name="kormeer-session" content="present">`+
			manifest.modulePreloads(signedInChunk))),
	}, nil
}

// intoHead answers a copy of page with tags inserted just before </head> (page unchanged when it has
// none: the app then behaves as if a session may exist, as it did before the hint).
func intoHead(page, tags []byte) []byte {
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

// page answers the variant of index.html for the request.
func (sh *appShell) page(r *http.Request) []byte {
	if hasSessionCookie(r) {
		return sh.session
	}
	return sh.signedOut
}
