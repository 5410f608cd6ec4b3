package httpapi

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

// TestAssetsAreGzipped: the web app's scripts and styles go out gzipped to a client that takes
// gzip (a phone on slow 4G downloads a third of the bytes), as they are to one that does not, and
// small or already-compressed files are never wrapped.
func TestAssetsAreGzipped(t *testing.T) {
	js := strings.Repeat("export const answer = 42;\n", 400)
	png := strings.Repeat("\x89PNG", 600)
	s := &Server{web: fstest.MapFS{
		"index.html":            {Data: []byte("<!doctype html><title>Kormeer</title>")},
		"assets/app-1234.js":    {Data: []byte(js)},
		"assets/tiny-1234.js":   {Data: []byte("console.log(1)")},
		"assets/logo-1234.png":  {Data: []byte(png)},
		"assets/style-1234.css": {Data: []byte(strings.Repeat("body{margin:0}\n", 200))},
	}}
	h := s.spa()
	get := func(path, acceptEncoding string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		if acceptEncoding != "" {
			req.Header.Set("Accept-Encoding", acceptEncoding)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	gunzip := func(t *testing.T, b []byte) string {
		t.Helper()
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("not gzip: %v", err)
		}
		out, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}

	for _, c := range []struct{ path, want, ctype string }{
		{"/assets/app-1234.js", js, "text/javascript; charset=utf-8"},
		{"/assets/style-1234.css", strings.Repeat("body{margin:0}\n", 200), "text/css; charset=utf-8"},
	} {
		for range 2 { // the second request is answered from the cache
			rec := get(c.path, "br, gzip;q=0.8, deflate")
			if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" {
				t.Fatalf("%s: %d encoding %q, want gzip", c.path, rec.Code, rec.Header().Get("Content-Encoding"))
			}
			if got := gunzip(t, rec.Body.Bytes()); got != c.want {
				t.Fatalf("%s: gunzipped body differs from the file", c.path)
			}
			if rec.Header().Get("Content-Type") != c.ctype || !strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") ||
				!strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
				t.Fatalf("%s: headers %v", c.path, rec.Header())
			}
			if rec.Body.Len() >= len(c.want)/4 {
				t.Fatalf("%s: %d gzipped bytes for %d, want much smaller", c.path, rec.Body.Len(), len(c.want))
			}
		}
	}

	// Refused or not offered: the file as it is.
	for _, ae := range []string{"", "identity", "gzip;q=0", "br"} {
		rec := get("/assets/app-1234.js", ae)
		if rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != js {
			t.Errorf("Accept-Encoding %q: encoding %q, %d bytes; want the plain file", ae, rec.Header().Get("Content-Encoding"), rec.Body.Len())
		}
	}
	// Too small to gain, or a compressed format: never wrapped.
	for _, p := range []string{"/assets/tiny-1234.js", "/assets/logo-1234.png"} {
		if rec := get(p, "gzip"); rec.Code != 200 || rec.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s: %d encoding %q, want none", p, rec.Code, rec.Header().Get("Content-Encoding"))
		}
	}
	// A range of a gzipped asset is a range of the gzip bytes (what Content-Encoding means).
	req := httptest.NewRequest(http.MethodGet, "/assets/app-1234.js", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	req.Header.Set("Range", "bytes=0-1")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusPartialContent || !bytes.Equal(rec.Body.Bytes(), []byte{0x1f, 0x8b}) {
		t.Errorf("range: %d %x, want 206 and the gzip magic", rec.Code, rec.Body.Bytes())
	}
}

// TestAssetsAreBrotliWhenTheBuildMadeIt: a browser that accepts br gets the build's .br copy of a
// script (web/scripts/brotli.ts), byte for byte; one that refuses br or does not offer it gets gzip,
// and a file the build left without a .br copy falls back to gzip.
func TestAssetsAreBrotliWhenTheBuildMadeIt(t *testing.T) {
	js := strings.Repeat("export const answer = 42;\n", 400)
	br := "brotli bytes as the build wrote them"
	s := &Server{web: fstest.MapFS{
		"index.html":            {Data: []byte("<!doctype html><title>Kormeer</title>")},
		"assets/app-1234.js":    {Data: []byte(js)},
		"assets/app-1234.js.br": {Data: []byte(br)},
		"assets/other-1234.js":  {Data: []byte(js)},
	}}
	h := s.spa()
	for _, c := range []struct{ path, acceptEncoding, want string }{
		{"/assets/app-1234.js", "gzip, deflate, br, zstd", "br"},
		{"/assets/app-1234.js", "br", "br"},
		{"/assets/app-1234.js", "br;q=0, gzip", "gzip"},
		{"/assets/app-1234.js", "gzip", "gzip"},
		{"/assets/other-1234.js", "br, gzip", "gzip"},
		{"/assets/other-1234.js", "br", ""},
	} {
		for range 2 { // the second request is answered from the cache
			req := httptest.NewRequest(http.MethodGet, c.path, nil)
			req.Header.Set("Accept-Encoding", c.acceptEncoding)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			got := rec.Header().Get("Content-Encoding")
			if rec.Code != 200 || got != c.want || !strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") ||
				rec.Header().Get("Content-Type") != "text/javascript; charset=utf-8" {
				t.Fatalf("%s with %q: %d, encoding %q (want %q), headers %v", c.path, c.acceptEncoding, rec.Code, got, c.want, rec.Header())
			}
			if c.want == "br" && rec.Body.String() != br {
				t.Fatalf("%s with %q: body %q, want the .br file", c.path, c.acceptEncoding, rec.Body.String())
			}
			if c.want == "" && rec.Body.String() != js {
				t.Fatalf("%s with %q: want the plain file", c.path, c.acceptEncoding)
			}
		}
	}
}
