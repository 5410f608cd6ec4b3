package httpapi

import (
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// spa serves the embedded web app: real files (gzipped when the client takes it; hashed assets
// cached for a year), and index.html for every other path so that the app's router decides,
// including its 404 screen. index.html is adapted to the request (appShell).
func (s *Server) spa() http.Handler {
	if s.web == nil {
		return http.NotFoundHandler()
	}
	files := http.FileServerFS(s.web)
	gz := &gzipAssets{files: s.web}
	shell, shellErr := newAppShell(s.web)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeJSON(w, http.StatusMethodNotAllowed, errorBody{Message: "Method not allowed.", RequestID: requestIDOf(r.Context())})
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		// Dot files (Vite's manifest, the pre-rendered landing page) are the server's, not the browser's.
		if name != "" && name != "index.html" && !strings.HasPrefix(name, ".") {
			if st, err := fs.Stat(s.web, name); err == nil && !st.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				}
				if !gz.serve(w, r, name) {
					files.ServeHTTP(w, r)
				}
				return
			}
		}
		if shellErr != nil {
			http.Error(w, "The web app is not built: run `make build` ("+shellErr.Error()+").", http.StatusNotFound)
			return
		}
		shell.serve(w, r)
	})
}
