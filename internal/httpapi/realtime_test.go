package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// dialWS opens /ws as the account behind token and completes the auth exchange.
func (e *testEnv) dialWS(t *testing.T, token, userID string) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(e.srv.URL, "http") + "/ws"
	c, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + token}}})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { c.CloseNow() })
	write := func(s string) {
		if err := c.Write(ctx, websocket.MessageText, []byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	read := func() map[string]any {
		_, b, err := c.Read(ctx)
		if err != nil {
			t.Fatalf("read: %v", err)
		}
		var m map[string]any
		json.Unmarshal(b, &m)
		return m
	}
	write("not json")
	if m := read(); m["type"] != "error" {
		t.Fatalf("malformed message answered %v", m)
	}
	write(`{"type":"auth","userId":"someone-else"}`)
	if m := read(); m["type"] != "error" {
		t.Fatalf("wrong userId answered %v", m)
	}
	write(`{"type":"auth","userId":"` + userID + `"}`)
	if m := read(); m["type"] != "auth_success" {
		t.Fatalf("auth answered %v", m)
	}
	return c
}

// expectAlert waits up to two seconds for a compliance_alert on c.
func expectAlert(t *testing.T, c *websocket.Conn) map[string]any {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_, b, err := c.Read(ctx)
	if err != nil {
		t.Fatalf("no alert within 2 s: %v", err)
	}
	var m map[string]any
	json.Unmarshal(b, &m)
	if m["type"] != "compliance_alert" {
		t.Fatalf("got %s", b)
	}
	data, _ := m["data"].(map[string]any)
	if data["severity"] == nil || data["title"] == nil || data["description"] == nil {
		t.Fatalf("alert without severity, title or description: %s", b)
	}
	// The web app says the alert in the reader's language from its code and params.
	if params, _ := data["params"].(map[string]any); data["code"] == nil || params["amountMinor"] == nil ||
		data["relatedTransactionNumber"] == nil {
		t.Fatalf("alert without code, params or TXN number: %s", b)
	}
	return data
}

func expectSilence(t *testing.T, c *websocket.Conn) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if _, b, err := c.Read(ctx); err == nil {
		t.Fatalf("unexpected message %s", b)
	}
}

// raiseAlert makes a high-risk transfer (a structuring pattern) through the API.
func (e *testEnv) raiseAlert(t *testing.T, token string) {
	t.Helper()
	for _, amount := range []string{"9400.10", "9350.20", "9600.30"} {
		body := transferBody(amount)
		body["receiverType"], body["receiverNumber"], body["receiverInstitution"] = "wallet", "+252 64 7654321", "E-Dahab"
		if res := e.do(nil, "POST", "/api/transfer", body, "Authorization", "Bearer "+token); res.status != 201 {
			t.Fatalf("transfer: %d %s", res.status, res.body)
		}
	}
}

func TestRealtimeAlerts(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		officer := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		staff := e.mustUser("staff@example.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = e.mustPSP("other") })
		citizen := e.mustUser("citizen@example.so", domain.RoleCitizen, nil)
		oc := e.dialWS(t, e.token(officer), officer.ID)
		sc := e.dialWS(t, e.token(staff), staff.ID)
		<-e.store.AlertsReady()
		e.raiseAlert(t, e.token(citizen))
		if a := expectAlert(t, oc); a["severity"] != "high" && a["severity"] != "critical" {
			t.Fatalf("alert %v", a)
		}
		expectSilence(t, sc) // another institution's staff see nothing
	})
}

// TestAlertsReachOtherInstances: with PostgreSQL, an alert committed through one of three
// instances reaches a browser connected to each of them, the one that stored it included.
func TestAlertsReachOtherInstances(t *testing.T) {
	backends := storetest.Backends()
	if len(backends) < 2 {
		t.Log("PostgreSQL not configured (KORMEER_TEST_POSTGRES_URL); the cross-instance path runs in CI")
		return
	}
	url := backends[1].URL(t)
	instances := []*testEnv{newEnvAt(t, url, testHasher, nil), newEnvAt(t, url, testHasher, nil), newEnvAt(t, url, testHasher, nil)}
	a := instances[0]
	officer := a.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
	citizen := a.mustUser("citizen@example.so", domain.RoleCitizen, nil)
	var conns []*websocket.Conn
	for _, e := range instances {
		conns = append(conns, e.dialWS(t, e.token(officer), officer.ID))
		<-e.store.AlertsReady()
	}
	a.raiseAlert(t, a.token(citizen))
	for _, c := range conns {
		expectAlert(t, c)
	}
}

func TestSocketRefusesCrossOrigin(t *testing.T) {
	e := newEnv(t, storetest.Backends()[0], nil)
	u := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, res, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(e.srv.URL, "http")+"/ws", &websocket.DialOptions{
		HTTPHeader: http.Header{"Authorization": {"Bearer " + e.token(u)}, "Origin": {"https://evil.example"}}})
	if err == nil || res == nil || res.StatusCode != http.StatusForbidden {
		t.Fatalf("cross-origin handshake: %v %v", res, err)
	}
	if _, res, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(e.srv.URL, "http")+"/ws", nil); err == nil || res.StatusCode != 401 {
		t.Fatalf("anonymous handshake: %v", err)
	}
}
