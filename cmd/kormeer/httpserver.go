package main

import (
	"log/slog"
	"net/http"

	"github.com/kormeer/kormeer/internal/auth"
	"github.com/kormeer/kormeer/internal/config"
	"github.com/kormeer/kormeer/internal/httpapi"
	"github.com/kormeer/kormeer/internal/limit"
)

// newHTTPServer is the portal's HTTP server with every timeout set (issue 14 finding 10: without
// them, connections trickling a body stay open indefinitely). A client that trickles headers or a
// body is cut off; the routes that legitimately take longer (uploads, batches, exports, the
// WebSocket) extend their own deadlines (httpapi/deadlines.go).
func newHTTPServer(h http.Handler, l config.Limits, log *slog.Logger) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: l.ReadHeaderTimeout, ReadTimeout: l.ReadTimeout,
		WriteTimeout: l.WriteTimeout, IdleTimeout: l.IdleTimeout, MaxHeaderBytes: 64 << 10,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
}

// applyLimits carries the flood settings into the server's options and the password hasher.
func applyLimits(opts *httpapi.Options, hasher *auth.Hasher, l config.Limits) {
	opts.Limits = httpapi.Limits{SignInPerAddress: l.SignInRate, SignInTotal: l.SignInTotal,
		SignUpPerAddress: l.SignUpRate, SignUpTotal: l.SignUpTotal,
		PublicReadPerAddress: l.PublicRate, PublicReadTotal: l.PublicTotal, TransfersPerCitizen: l.CitizenTransfers}
	if l.HashWorkers > 0 {
		opts.HashWorkers = l.HashWorkers
	}
	opts.HashQueue = l.HashQueue
	opts.MaxSocketsPerAccount = l.SocketsPerAccount
	hasher.Pool = limit.NewPool(opts.HashWorkers, opts.HashQueue)
}
