package main

import (
	"context"
	"io"

	"github.com/kormeer/kormeer/internal/httpapi"
)

// printOpenAPI is `kormeer openapi`: the contract the server serves at /api/openapi.json, made
// from the route table without a database, so `make openapi` can write api/openapi.json and the
// web app's types from it.
func printOpenAPI(_ context.Context, args []string, _ func(string) string, stdout, stderr io.Writer) error {
	fs := newFlagSet("openapi", stderr)
	if err := parsed(fs, fs.Parse(args), stdout); err != nil {
		return err
	}
	doc, err := httpapi.OpenAPI()
	if err != nil {
		return err
	}
	_, err = stdout.Write(doc)
	return err
}
