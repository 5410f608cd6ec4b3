package httpapi

import (
	"net/http"
	"time"
)

// The server's read and write timeouts (cmd/kormeer: 30 s and 60 s by default) cut off clients
// that trickle a body or never read an answer (issue 14 finding 10). The few routes that
// legitimately take longer give themselves more time, and only themselves.
const (
	// slowBody is how long an upload or a batch may take to arrive (10 MB over a slow link).
	slowBody = 2 * time.Minute
	// slowAnswer is how long a large answer (an export, a batch's results) may take to send;
	// streamed exports renew it for each page.
	slowAnswer = 5 * time.Minute
)

// extendDeadlines gives this request until now+read to finish sending its body and until
// now+write to receive its answer (zero: leave that deadline alone). It must be called before
// the body is read: a deadline already passed cannot be moved.
func extendDeadlines(w http.ResponseWriter, read, write time.Duration) {
	rc := http.NewResponseController(w)
	now := time.Now()
	if read > 0 {
		_ = rc.SetReadDeadline(now.Add(read)) // a writer without deadlines (tests' recorders) keeps none
	}
	if write > 0 {
		_ = rc.SetWriteDeadline(now.Add(write))
	}
}
