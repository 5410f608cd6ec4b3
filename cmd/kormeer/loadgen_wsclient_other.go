//go:build !linux

package main

import (
	"context"
	"errors"
	"sync/atomic"
)

// socketClient would be one WebSocket connection of the load; its clients read their sockets
// with Linux's epoll (loadgen_wsclient_linux.go), so `loadgen --sockets` runs on Linux only.
type socketClient struct {
	arrivals []socketArrival
}

var errSocketsNeedLinux = errors.New("loadgen --sockets runs on Linux only (its clients read their sockets with epoll)")

func dialSocket(context.Context, string, string, string) (*socketClient, error) {
	return nil, errSocketsNeedLinux
}

func (c *socketClient) close() {}

func readSockets(context.Context, []*socketClient, *atomic.Int64, func(error)) error {
	return errSocketsNeedLinux
}
