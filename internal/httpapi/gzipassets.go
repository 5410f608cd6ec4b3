package httpapi

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"
)

// gzipAssets holds compressed copies of the web app's text assets. The JavaScript a phone loads
// first is about a third of its size gzipped, which on a slow link is seconds of waiting
// (docs/PERFORMANCE.md, "Web app on a slow phone").
// Brotli copies (<file>.br, smaller again) are made at build time (web/scripts/brotli.ts:
// brotli's best quality is too slow per request) and sent to browsers that accept br; gzip copies
// are made once per file on first request, for the others. Assets are immutable (hashed names), so a
// copy never goes stale.
type gzipAssets struct {
	files fs.FS
	cache sync.Map // name → []byte, gzip (nil when compressing does not pay)
	br    sync.Map // name → []byte, the build's .br copy (nil when it has none)
}

// gzipMinSize is the size under which a file is sent as it is: the gzip header and a round of
// compression buy nothing for a few hundred bytes.
const gzipMinSize = 1024

// compressible reports whether a file's type is text that gzip shrinks (not images or fonts,
// which are compressed already).
func compressible(name string) bool {
	switch path.Ext(name) {
	case ".js", ".mjs", ".css", ".html", ".svg", ".json":
		return true
	}
	return false
}

// accepts reports whether the request's Accept-Encoding lists coding without refusing it (q=0).
func accepts(r *http.Request, coding string) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), coding) {
			q := strings.ReplaceAll(params, " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}

// get answers the gzipped copy of name, or nil when the file should be sent as it is.
func (g *gzipAssets) get(name string) []byte {
	if v, ok := g.cache.Load(name); ok {
		return v.([]byte)
	}
	var out []byte
	if raw, err := fs.ReadFile(g.files, name); err == nil {
		out = gzipped(raw)
	}
	v, _ := g.cache.LoadOrStore(name, out)
	return v.([]byte)
}

// gzipped answers raw gzipped at the best level, or nil when that does not pay (small or
// incompressible content).
func gzipped(raw []byte) []byte {
	if len(raw) < gzipMinSize {
		return nil
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // a valid level: cannot fail
	if _, err := zw.Write(raw); err != nil || zw.Close() != nil || buf.Len() >= len(raw) {
		return nil
	}
	return buf.Bytes()
}

// getBrotli answers the build's brotli copy of name, or nil when it has none.
func (g *gzipAssets) getBrotli(name string) []byte {
	if v, ok := g.br.Load(name); ok {
		return v.([]byte)
	}
	out, err := fs.ReadFile(g.files, name+".br")
	if err != nil {
		out = nil
	}
	v, _ := g.br.LoadOrStore(name, out)
	return v.([]byte)
}

// serve writes the brotli or gzipped copy of name when the client takes that coding and the file
// is worth it, and reports whether it did; otherwise the caller serves the file as it is.
func (g *gzipAssets) serve(w http.ResponseWriter, r *http.Request, name string) bool {
	w.Header().Add("Vary", "Accept-Encoding")
	if !compressible(name) {
		return false
	}
	coding, body := "br", []byte(nil)
	if accepts(r, "br") {
		body = g.getBrotli(name)
	}
	if body == nil && accepts(r, "gzip") {
		coding, body = "gzip", g.get(name)
	}
	if body == nil {
		return false
	}
	w.Header().Set("Content-Encoding", coding)
	// The type of the file, not of the compressed bytes (all compressible types are in Go's table).
	w.Header().Set("Content-Type", mime.TypeByExtension(path.Ext(name)))
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(body))
	return true
}
