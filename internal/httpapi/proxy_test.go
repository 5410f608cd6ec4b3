package httpapi

import (
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// A client behind one trusted proxy writes whatever it likes into X-Forwarded-For; the proxy
// appends the address it saw. Varying the leftmost entry must neither escape the per-address
// sign-in limit nor put a forged address in the audit log.
func TestSpoofedForwardedForCannotEscapeTheAddressLimit(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, func(o *Options) { o.TrustProxy = true; o.MaxFailuresPerIP = 3 })
		e.mustUser("known@example.so", domain.RoleCitizen, nil)
		attempt := func(i int) response {
			spoof := fmt.Sprintf("203.0.113.%d", i)
			return e.do(nil, "POST", "/api/login", map[string]string{"email": fmt.Sprintf("u%d@example.so", i), "password": "x"},
				"X-Forwarded-For", spoof+", 198.51.100.7")
		}
		for i := 0; i < 3; i++ {
			if res := attempt(i); res.status != 401 {
				t.Fatalf("failure %d: %d %s", i, res.status, res.body)
			}
		}
		if res := attempt(99); res.status != 429 || res.header.Get("Retry-After") == "" {
			t.Fatalf("4th failure from one real address with a new spoofed entry: %d %s", res.status, res.body)
		}
		rows, err := e.store.AuditLog(t.Context(), "auth.login_failed", 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 3 {
			t.Fatalf("%d login_failed rows, want 3", len(rows))
		}
		for _, a := range rows {
			if a.IPAddress != "198.51.100.7" {
				t.Errorf("audit row records %q, want the proxy-seen address 198.51.100.7", a.IPAddress)
			}
		}
		// The session of a successful sign-in records the real address too.
		c := e.client()
		res := e.do(c, "POST", "/api/login", map[string]string{"email": "known@example.so", "password": testPassword},
			"X-Forwarded-For", "10.0.0.1, 192.0.2.44")
		if res.status != 200 {
			t.Fatalf("sign-in from another address: %d %s", res.status, res.body)
		}
		list := e.do(c, "GET", "/api/profile/sessions", nil)
		if got := list.jsonList(t); len(got) != 1 || got[0]["ipAddress"] != "192.0.2.44" {
			t.Fatalf("session list: %s", list.body)
		}
	})
}

func TestClientAddressFromTrustedHops(t *testing.T) {
	cases := []struct {
		name    string
		trust   bool
		proxies int
		xff     []string // header lines, in order
		remote  string
		want    string
	}{
		{"no proxy trusted: the peer", false, 0, []string{"1.1.1.1"}, "10.0.0.9:5000", "10.0.0.9"},
		{"one proxy: the rightmost entry", true, 1, []string{"6.6.6.6, 1.1.1.1"}, "10.0.0.9:5000", "1.1.1.1"},
		{"default count is one", true, 0, []string{"6.6.6.6, 1.1.1.1"}, "10.0.0.9:5000", "1.1.1.1"},
		{"two proxies: the second from the right", true, 2, []string{"6.6.6.6, 1.1.1.1, 10.0.0.2"}, "10.0.0.9:5000", "1.1.1.1"},
		{"several header lines count as one list", true, 2, []string{"6.6.6.6, 1.1.1.1", "10.0.0.2"}, "10.0.0.9:5000", "1.1.1.1"},
		{"fewer entries than proxies: the peer", true, 3, []string{"1.1.1.1, 10.0.0.2"}, "10.0.0.9:5000", "10.0.0.9"},
		{"no header: the peer", true, 1, nil, "10.0.0.9:5000", "10.0.0.9"},
		{"malformed entry is never used", true, 1, []string{"1.1.1.1, not-an-ip"}, "10.0.0.9:5000", "10.0.0.9"},
		{"malformed entries left of the client are ignored", true, 1, []string{"<script>, ,1.1.1.1"}, "10.0.0.9:5000", "1.1.1.1"},
		{"an address with a port", true, 1, []string{"1.1.1.1:4711"}, "10.0.0.9:5000", "1.1.1.1"},
		{"IPv6 in brackets with a port", true, 1, []string{"[2001:db8::1]:443"}, "10.0.0.9:5000", "2001:db8::1"},
		{"IPv4-mapped IPv6 is the IPv4 address", true, 1, []string{"::ffff:1.1.1.1"}, "10.0.0.9:5000", "1.1.1.1"},
		{"zone ids are dropped", true, 1, []string{"fe80::1%eth0"}, "10.0.0.9:5000", "fe80::1"},
		{"the peer is normalised too", false, 0, nil, "[::ffff:10.0.0.9]:5000", "10.0.0.9"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := &Server{opts: Options{TrustProxy: c.trust, TrustedProxies: c.proxies}}
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = c.remote
			for _, v := range c.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			if got := s.clientIP(r); got != c.want {
				t.Fatalf("clientIP = %q, want %q", got, c.want)
			}
		})
	}
}

func TestForwardedProtoOnlyFromATrustedHop(t *testing.T) {
	cases := []struct {
		name    string
		trust   bool
		proxies int
		proto   []string
		want    bool
	}{
		{"not trusted", false, 0, []string{"https"}, false},
		{"set by the proxy", true, 1, []string{"https"}, true},
		{"client's https, proxy appended http", true, 1, []string{"https, http"}, false},
		{"client's https on its own line, proxy added http", true, 1, []string{"https", "http"}, false},
		{"two proxies, the outer saw https", true, 2, []string{"https, http"}, true},
		{"two proxies, a spoofed value left of them", true, 2, []string{"https, http, http"}, false},
		{"upper case", true, 1, []string{"HTTPS"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := &Server{opts: Options{TrustProxy: c.trust, TrustedProxies: c.proxies}}
			r := httptest.NewRequest("GET", "/", nil)
			for _, v := range c.proto {
				r.Header.Add("X-Forwarded-Proto", v)
			}
			if got := s.isTLS(r); got != c.want {
				t.Fatalf("isTLS = %v, want %v", got, c.want)
			}
		})
	}
}
