package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
)

// viteManifest is the part of Vite's build manifest (web/dist/.vite/manifest.json, written because
// web/vite.config.ts sets build.manifest) the shell uses: chunks keyed by source path, or by
// "_name" for shared chunks, with the chunks each imports statically.
type viteManifest map[string]struct {
	File    string   `json:"file"`
	Imports []string `json:"imports"`
}

// manifestPath is where Vite writes its manifest inside the built app.
const manifestPath = ".vite/manifest.json"

// readViteManifest reads the manifest; a build without one (tests' fixtures) has none.
func readViteManifest(web fs.FS) (viteManifest, error) {
	raw, err := fs.ReadFile(web, manifestPath)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var m viteManifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", manifestPath, err)
	}
	return m, nil
}

// closure answers the files of the given chunks and of every chunk they import statically,
// transitively: what the browser loads before those chunks run.
func (m viteManifest) closure(keys ...string) []string {
	seen := map[string]bool{}
	var files []string
	var visit func(string)
	visit = func(key string) {
		c, ok := m[key]
		if !ok || seen[key] {
			return
		}
		seen[key] = true
		files = append(files, c.File)
		for _, k := range c.Imports {
			visit(k)
		}
	}
	for _, k := range keys {
		visit(k)
	}
	return files
}

// modulePreloads answers <link rel="modulepreload"> tags for the files of chunks that the entry
// (index.html) does not load already, each once, so that the browser fetches them with the page
// instead of after the entry has run and asked for them (a round trip on a slow network).
func (m viteManifest) modulePreloads(chunks ...string) string {
	entry := m.closure("index.html")
	var b strings.Builder
	for _, f := range m.closure(chunks...) {
		if !slices.Contains(entry, f) && strings.HasSuffix(f, ".js") {
			fmt.Fprintf(&b, `<link rel="modulepreload" crossorigin href="/%s">`, f)
		}
	}
	return b.String()
}
