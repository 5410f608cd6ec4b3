package notify

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// smtpServer is a minimal SMTP server for the test: it accepts every message and keeps it.
type smtpServer struct {
	ln   net.Listener
	mu   sync.Mutex
	msgs []string
}

func startSMTP(t *testing.T) *smtpServer {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &smtpServer{ln: ln}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(c)
		}
	}()
	return s
}

func (s *smtpServer) serve(c net.Conn) {
	defer c.Close()
	r := bufio.NewReader(c)
	say := func(line string) { io.WriteString(c, line+"\r\n") }
	say("220 test ESMTP")
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		cmd := strings.ToUpper(strings.TrimSpace(line))
		switch {
		case strings.HasPrefix(cmd, "EHLO"), strings.HasPrefix(cmd, "HELO"):
			say("250-test")
			say("250 8BITMIME")
		case strings.HasPrefix(cmd, "DATA"):
			say("354 go ahead")
			var b strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				b.WriteString(l)
			}
			s.mu.Lock()
			s.msgs = append(s.msgs, b.String())
			s.mu.Unlock()
			say("250 queued")
		case strings.HasPrefix(cmd, "QUIT"):
			say("221 bye")
			return
		default:
			say("250 ok")
		}
	}
}

func TestWorkerDeliversAndRetries(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		st := storetest.MustOpen(t, b)
		sealer, _ := NewSealer([]byte(strings.Repeat("k", 32)))
		smtp := startSMTP(t)
		gatewayCalls := 0
		gateway := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			gatewayCalls++
			http.Error(w, "down", http.StatusBadGateway)
		}))
		defer gateway.Close()
		_, port, _ := net.SplitHostPort(smtp.ln.Addr().String())
		p, _ := strconv.Atoi(port)
		w := &Worker{Store: st, Sealer: sealer, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
			SMTP: SMTPConfig{Host: "127.0.0.1", Port: p, From: "kormeer@bank.so", TLS: "none"},
			SMS:  SMSConfig{URL: gateway.URL}}
		err := st.Write(ctx, func(tx *store.Tx) error {
			if err := tx.Enqueue(ctx, &store.Notification{Channel: "email", Recipient: "officer@bank.so", Subject: "Code",
				Purpose: "access_code", SealedBody: sealer.Seal("Your code is ABCD2345")}); err != nil {
				return err
			}
			return tx.Enqueue(ctx, &store.Notification{Channel: "sms", Recipient: "+252634123456", Purpose: "access_code",
				SealedBody: sealer.Seal("Your code is ABCD2345")})
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.RunOnce(ctx); err != nil {
			t.Fatal(err)
		}
		smtp.mu.Lock()
		got := strings.Join(smtp.msgs, "\n")
		smtp.mu.Unlock()
		if !strings.Contains(got, "ABCD2345") || !strings.Contains(got, "officer@bank.so") {
			t.Fatalf("mail received: %q", got)
		}
		list, err := st.NotificationsPage(ctx, store.NotificationFilter{}, nil, 10)
		if err != nil {
			t.Fatal(err)
		}
		byChannel := map[string]*store.Notification{}
		for _, n := range list.Items {
			byChannel[n.Channel] = n
		}
		if byChannel["email"].Status != "sent" || byChannel["sms"].Status != "pending" || byChannel["sms"].Attempts != 1 ||
			!strings.Contains(byChannel["sms"].LastError, "502") || gatewayCalls != 1 {
			t.Fatalf("after one round: email %+v sms %+v calls %d", byChannel["email"], byChannel["sms"], gatewayCalls)
		}
		// The retry is scheduled later, so an immediate second round does not call the gateway.
		w.RunOnce(ctx)
		if gatewayCalls != 1 {
			t.Fatal("retried before the backoff elapsed")
		}
		var leftover int
		st.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM notifications WHERE status = 'sent' AND sealed_body IS NOT NULL`).Scan(&leftover)
		if leftover != 0 {
			t.Fatal("a delivered body was kept")
		}
	})
}

func TestSealer(t *testing.T) {
	s, _ := NewSealer([]byte(strings.Repeat("k", 32)))
	sealed := s.Seal("secret 1234")
	if strings.Contains(sealed, "1234") {
		t.Fatal("sealed text shows the secret")
	}
	if plain, err := s.Open(sealed); err != nil || plain != "secret 1234" {
		t.Fatalf("open: %q %v", plain, err)
	}
	other, _ := NewSealer([]byte(strings.Repeat("o", 32)))
	if _, err := other.Open(sealed); err == nil {
		t.Fatal("opened with another key")
	}
	if _, err := NewSealer([]byte("short")); err == nil {
		t.Fatal("short key accepted")
	}
}

// TestWorkersDeliverEachMessageOnce: the workers of two instances (on SQLite, two workers of one
// process) running at once deliver each due message once, not once each.
func TestWorkersDeliverEachMessageOnce(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		url := b.URL(t)
		stores := []*store.Store{storetest.MustOpenURL(t, url), storetest.MustOpenURL(t, url)}
		if b.Name == "sqlite" {
			stores[1] = stores[0] // SQLite is one instance
		}
		sealer, _ := NewSealer([]byte(strings.Repeat("k", 32)))
		var mu sync.Mutex
		calls := map[string]int{}
		gateway := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			b, _ := io.ReadAll(r.Body)
			time.Sleep(2 * time.Millisecond) // a gateway takes a moment: the workers' rounds overlap
			mu.Lock()
			calls[string(b)]++
			mu.Unlock()
		}))
		defer gateway.Close()
		const n = 30
		err := stores[0].Write(ctx, func(tx *store.Tx) error {
			for i := range n {
				if err := tx.Enqueue(ctx, &store.Notification{Channel: "sms", Recipient: "+252634123456", Purpose: "access_code",
					SealedBody: sealer.Seal(fmt.Sprintf("Your code is %04d", i))}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for _, st := range stores {
			w := &Worker{Store: st, Sealer: sealer, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), SMS: SMSConfig{URL: gateway.URL}}
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := w.RunOnce(ctx); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if len(calls) != n {
			t.Fatalf("%d of %d messages delivered", len(calls), n)
		}
		for body, c := range calls {
			if c != 1 {
				t.Errorf("%s delivered %d times", body, c)
			}
		}
	})
}
