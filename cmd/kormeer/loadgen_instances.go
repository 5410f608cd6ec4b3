package main

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync/atomic"
	"time"
)

// Several --url are several instances of one portal on one database, as behind a round-robin
// load balancer: each transfer goes to the next instance in turn, request by request as such a
// balancer does, over one HTTP client that keeps connections to each instance. (A client pinned
// per worker would leave the instances unevenly loaded whenever --concurrency is not a multiple
// of their number, and would hide an instance that stops from all but its own workers.) The
// token signed in on the first instance works on every one: tokens are records in the database.
// With --idempotency a transfer that an instance could not answer (unreachable, 5xx, or 409 for a
// key still in flight) is sent again with its key to the next instance, as a client retrying
// safely would; the portal stores it once.

// answerGrace is how long after a window the transfers under way may take to be answered.
const answerGrace = 10 * time.Second

// errUnreachable marks a transfer that got no HTTP answer from its instance.
var errUnreachable = errors.New("instance unreachable")

// instance is one --url and what its transfers got.
type instance struct {
	url              string
	answered, failed atomic.Int64
}

func newTransferRun(urls []string, token string, conc int, rate float64, idem bool) *transferRun {
	r := &transferRun{token: token, conc: conc, rate: rate, idem: idem,
		client: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conc * 2, MaxConnsPerHost: conc * 2}}}
	for _, u := range urls {
		r.instances = append(r.instances, &instance{url: u})
	}
	return r
}

// checkInstances makes sure, before any load, that every instance answers the signed-in token,
// and returns the rows the portal holds.
func (r *transferRun) checkInstances(ctx context.Context) (int64, error) {
	var rows int64
	for i, in := range r.instances {
		n, err := portalRows(ctx, in.url, r.token)
		if err != nil {
			return 0, fmt.Errorf("--url %s (instance %d of %d) before the run: %w", in.url, i+1, len(r.instances), err)
		}
		if i == 0 {
			rows = n
		}
	}
	return rows, nil
}

// rows is the rows the portal holds, read from the first instance that answers (the error of
// the first that does not names its address).
func (r *transferRun) rows(ctx context.Context) (int64, error) {
	var first error
	for _, in := range r.instances {
		n, err := portalRows(ctx, in.url, r.token)
		if err == nil {
			return n, nil
		}
		first = cmp.Or(first, err)
	}
	return 0, first
}

// transfer posts one transfer to the next instance in turn, and with a key to the following
// ones while they cannot answer it.
func (r *transferRun) transfer(ctx context.Context, body []byte, key string) error {
	n := uint64(len(r.instances))
	turn, attempts := r.turn.Add(1), uint64(1)
	if key != "" {
		attempts = n
	}
	var err error
	for a := range attempts {
		in := r.instances[(turn+a)%n]
		var replayed bool
		replayed, err = r.post(ctx, in, body, key)
		if err == nil {
			in.answered.Add(1)
			r.answered.Add(1)
			if replayed {
				r.replayed.Add(1)
			}
			return nil
		}
		in.failed.Add(1)
		var st *statusError
		if ctx.Err() != nil || (!errors.Is(err, errUnreachable) && (!errors.As(err, &st) || (st.code < 500 && st.code != http.StatusConflict))) {
			break
		}
	}
	r.failed.Add(1)
	return err
}

// statusError is an answer other than 201.
type statusError struct {
	url  string
	code int
	body []byte
}

func (e *statusError) Error() string { return fmt.Sprintf("%s: %d %s", e.url, e.code, e.body) }

// post sends one transfer to in and reports whether the answer replayed an earlier one.
func (r *transferRun) post(ctx context.Context, in *instance, body []byte, key string) (bool, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, in.url+"/api/transfer", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+r.token)
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	res, err := r.client.Do(req)
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return false, fmt.Errorf("%s: no answer within %s after the window ended", in.url, answerGrace)
		}
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		return false, fmt.Errorf("%w: %w", errUnreachable, err)
	}
	msg, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		return false, &statusError{url: in.url, code: res.StatusCode, body: msg}
	}
	return res.Header.Get("Idempotent-Replayed") == "true", nil
}

// report prints what each instance answered and checks that the portal's rows grew by the
// transfers it answered 201 (less replays): more would be duplicates, fewer lost transfers.
// A transfer that failed may still have been stored (its answer was lost), so the rows may grow
// by up to the failures more; with --idempotency its retry learns the answer instead.
func (r *transferRun) report(stdout io.Writer, before, after int64) error {
	if len(r.instances) > 1 {
		for _, in := range r.instances {
			fmt.Fprintf(stdout, "instance %s: %d answered, %d failed\n", in.url, in.answered.Load(), in.failed.Load())
		}
	}
	made, failed := r.answered.Load()-r.replayed.Load(), r.failed.Load()
	grew := after - before
	fmt.Fprintf(stdout, "rows %d before, %d after: +%d for %d transfers answered 201 (%d replays) and %d failed: ",
		before, after, grew, r.answered.Load(), r.replayed.Load(), failed)
	switch {
	case grew == made:
		fmt.Fprintln(stdout, "nothing lost or duplicated")
	case grew < made:
		fmt.Fprintln(stdout, "LOST")
		return fmt.Errorf("%d transfers answered 201 are not in the database", made-grew)
	case grew > made+failed:
		fmt.Fprintln(stdout, "DUPLICATED")
		return fmt.Errorf("the database holds %d transfers more than were sent (duplicates, or another writer on it)", grew-made-failed)
	default:
		fmt.Fprintf(stdout, "%d failed transfers were stored all the same (their answers were lost)\n", grew-made)
	}
	return nil
}
