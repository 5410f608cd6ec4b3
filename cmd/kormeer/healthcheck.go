package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"
)

// healthcheck is `kormeer healthcheck`: it asks a running portal whether it is ready and exits 0
// only on 200. It is the container image's HEALTHCHECK, which has no shell or curl to do it.
func healthcheck(ctx context.Context, args []string, _ func(string) string, stdout, stderr io.Writer) error {
	fs := newFlagSet("healthcheck", stderr)
	url := fs.String("url", "http://127.0.0.1:8080/readyz", "the address to ask (/readyz: ready for requests, /livez: the process answers)")
	timeout := fs.Duration("timeout", 3*time.Second, "how long to wait for the answer")
	if err := parsed(fs, fs.Parse(args), stdout); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, *url, nil)
	if err != nil {
		return fmt.Errorf("--url: %w", err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("%s: %w", *url, err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 4096))
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%s answered %s: %s", *url, res.Status, body)
	}
	fmt.Fprintf(stdout, "%s", body)
	return nil
}
