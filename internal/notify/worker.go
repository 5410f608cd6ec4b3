package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/wneessen/go-mail"

	"github.com/kormeer/kormeer/internal/store"
)

// SMTPConfig configures e-mail; an empty Host means e-mail is not configured.
type SMTPConfig struct {
	Host, Username, Password, From string
	Port                           int
	// TLS: "starttls" (default, required), "tls" (implicit) or "none" (local relays and tests).
	TLS string
}

// SMSConfig configures the SMS gateway: a POST of {to, message} as JSON with a Bearer token; an
// empty URL means SMS is not configured.
type SMSConfig struct{ URL, Token string }

// MaxAttempts bounds retries; attempt n waits 2^n × RetryBase before the next.
const (
	MaxAttempts = 5
	RetryBase   = 30 * time.Second
)

// Worker delivers due outbox messages.
type Worker struct {
	Store  *store.Store
	Sealer *Sealer
	SMTP   SMTPConfig
	SMS    SMSConfig
	Log    *slog.Logger
	HTTP   *http.Client
	// Outcome, when set, is told each delivery's channel and outcome (for Prometheus).
	Outcome func(channel, outcome string)
}

func (w *Worker) outcome(channel, outcome string) {
	if w.Outcome != nil {
		w.Outcome(channel, outcome)
	}
}

// Run delivers due messages every interval until ctx ends.
func (w *Worker) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if err := w.RunOnce(ctx); err != nil && ctx.Err() == nil {
			w.Log.Warn("outbox", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// deliveryLease is how long a claimed message is kept from other workers: longer than a round
// of up to 100 deliveries at their 15 s timeouts takes in practice, short enough that a message
// whose worker stopped mid-round goes out soon after.
const deliveryLease = 5 * time.Minute

// RunOnce delivers every message due now that no other worker has claimed.
func (w *Worker) RunOnce(ctx context.Context) error {
	due, err := w.Store.ClaimDueNotifications(ctx, 100, deliveryLease)
	if err != nil {
		return err
	}
	for _, n := range due {
		body, err := w.Sealer.Open(n.SealedBody)
		if err != nil {
			if err := w.Store.MarkAttemptFailed(ctx, n.ID, err.Error(), time.Now(), true); err != nil {
				return err
			}
			continue
		}
		status, err := w.deliver(ctx, n, body)
		if err == nil {
			if err := w.Store.MarkDelivered(ctx, n.ID, status); err != nil {
				return err
			}
			w.outcome(n.Channel, status)
			continue
		}
		attempt := n.Attempts + 1
		final := attempt >= MaxAttempts
		w.outcome(n.Channel, map[bool]string{true: "failed", false: "retry"}[final])
		next := time.Now().Add(RetryBase << attempt)
		w.Log.Warn("delivery failed", "channel", n.Channel, "purpose", n.Purpose, "attempt", attempt, "final", final, "err", err)
		if err := w.Store.MarkAttemptFailed(ctx, n.ID, err.Error(), next, final); err != nil {
			return err
		}
	}
	return nil
}

// deliver sends one message; with no transport configured it logs the delivery (without its
// body, which may hold a code) and reports "logged", so a demo works end to end.
func (w *Worker) deliver(ctx context.Context, n *store.Notification, body string) (string, error) {
	switch n.Channel {
	case "email":
		if w.SMTP.Host == "" {
			w.Log.Info("e-mail not configured: delivery logged", "to", n.Recipient, "subject", n.Subject, "purpose", n.Purpose)
			return "logged", nil
		}
		return "sent", w.sendMail(ctx, n, body)
	case "sms":
		if w.SMS.URL == "" {
			w.Log.Info("SMS not configured: delivery logged", "to", n.Recipient, "purpose", n.Purpose)
			return "logged", nil
		}
		return "sent", w.sendSMS(ctx, n, body)
	}
	return "", fmt.Errorf("unknown channel %q", n.Channel)
}

func (w *Worker) sendMail(ctx context.Context, n *store.Notification, body string) error {
	m := mail.NewMsg()
	if err := m.From(w.SMTP.From); err != nil {
		return err
	}
	if err := m.To(n.Recipient); err != nil {
		return err
	}
	m.Subject(n.Subject)
	m.SetBodyString(mail.TypeTextPlain, body)
	opts := []mail.Option{mail.WithPort(w.SMTP.Port), mail.WithTimeout(15 * time.Second)}
	switch w.SMTP.TLS {
	case "none":
		opts = append(opts, mail.WithTLSPolicy(mail.NoTLS))
	case "tls":
		opts = append(opts, mail.WithSSL())
	default:
		opts = append(opts, mail.WithTLSPolicy(mail.TLSMandatory))
	}
	if w.SMTP.Username != "" {
		opts = append(opts, mail.WithSMTPAuth(mail.SMTPAuthAutoDiscover), mail.WithUsername(w.SMTP.Username), mail.WithPassword(w.SMTP.Password))
	}
	c, err := mail.NewClient(w.SMTP.Host, opts...)
	if err != nil {
		return err
	}
	return c.DialAndSendWithContext(ctx, m)
}

func (w *Worker) sendSMS(ctx context.Context, n *store.Notification, body string) error {
	payload, _ := json.Marshal(map[string]string{"to": n.Recipient, "message": body})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.SMS.URL, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if w.SMS.Token != "" {
		req.Header.Set("Authorization", "Bearer "+w.SMS.Token)
	}
	client := w.HTTP
	if client == nil {
		client = &http.Client{Timeout: 15 * time.Second}
	}
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	res.Body.Close()
	if res.StatusCode >= 300 {
		return errors.New("SMS gateway answered " + res.Status)
	}
	return nil
}
