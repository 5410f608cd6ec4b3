package httpapi

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// trustedHops is how many reverse proxies in front of the server wrote forwarding headers, or
// 0 when the server is reached directly and believes none of them.
func (s *Server) trustedHops() int {
	switch {
	case !s.opts.TrustProxy:
		return 0
	case s.opts.TrustedProxies < 1:
		return 1
	}
	return s.opts.TrustedProxies
}

// clientIP is the caller's address, used for sign-in limits, sessions and audit rows. Directly
// reached, it is the connection's peer. Behind N trusted proxies it is the Nth X-Forwarded-For
// entry from the right: each proxy appends the address it saw, so the entries right of that one
// were written by our own proxies and everything left of it is whatever the client sent. The
// leftmost entry is never believed. A malformed chosen entry, or fewer entries than proxies
// (a proxy that did not append, or a request that went round one), fall back to the peer.
// Addresses are normalised (port and zone dropped, IPv4-mapped IPv6 as IPv4) so that one client
// cannot count as several by spelling its address differently.
func (s *Server) clientIP(r *http.Request) string {
	peer := r.RemoteAddr
	if host, _, err := net.SplitHostPort(peer); err == nil {
		peer = host
	}
	if ip, ok := parseForwardedAddr(peer); ok {
		peer = ip
	}
	hops := s.trustedHops()
	if hops == 0 {
		return peer
	}
	entry, ok := fromRight(r.Header.Values("X-Forwarded-For"), hops)
	if !ok {
		return peer
	}
	if ip, ok := parseForwardedAddr(entry); ok {
		return ip
	}
	return peer
}

// isTLS reports whether the browser reached us over HTTPS: directly, or as the outermost trusted
// proxy reports in X-Forwarded-Proto (the value at the same place from the right as the client's
// address in X-Forwarded-For, or the one value a proxy that overwrites the header leaves).
func (s *Server) isTLS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	hops := s.trustedHops()
	if hops == 0 {
		return false
	}
	values := forwardedList(r.Header.Values("X-Forwarded-Proto"))
	if len(values) == 0 {
		return false
	}
	proto := values[len(values)-1]
	if len(values) >= hops {
		proto = values[len(values)-hops]
	}
	return strings.EqualFold(proto, "https")
}

// forwardedList joins every line of a comma-separated forwarding header into one list, in the
// order the hops wrote it.
func forwardedList(lines []string) []string {
	var out []string
	for _, line := range lines {
		for part := range strings.SplitSeq(line, ",") {
			out = append(out, strings.TrimSpace(part))
		}
	}
	return out
}

// fromRight returns the nth entry from the right of the forwarding header's list.
func fromRight(lines []string, n int) (string, bool) {
	list := forwardedList(lines)
	if n < 1 || len(list) < n {
		return "", false
	}
	return list[len(list)-n], true
}

// parseForwardedAddr reads an address as proxies write it ("1.2.3.4", "1.2.3.4:80",
// "2001:db8::1", "[2001:db8::1]:443") and returns it normalised, or false when it is none.
func parseForwardedAddr(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return normalAddr(ap.Addr()), true
	}
	if a, err := netip.ParseAddr(strings.Trim(s, "[]")); err == nil {
		return normalAddr(a), true
	}
	return "", false
}

func normalAddr(a netip.Addr) string { return a.Unmap().WithZone("").String() }
