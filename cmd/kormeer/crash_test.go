package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/store/storetest"
)

// childEnv marks the test binary started as a `kormeer serve` child process (see TestMain).
const childEnv = "KORMEER_TEST_SERVE_CHILD"

// TestMain lets the test binary play the portal: with childEnv set it runs `kormeer serve` with
// the environment it was given, so TestKeyedTransfersSurviveSIGKILL can kill a real process
// (the race detector and coverage included) without building the binary separately.
func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		os.Exit(Run(context.Background(), []string{"serve", "--listen", "127.0.0.1:0"}, os.Getenv, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// portalProcess is a `kormeer serve` child process and its address.
type portalProcess struct {
	cmd  *exec.Cmd
	base string
}

// startPortalProcess starts the child on env and waits until it listens.
func startPortalProcess(t *testing.T, env map[string]string) *portalProcess {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"=1")
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	addr := make(chan string, 1)
	go func() {
		re := regexp.MustCompile(`listening on (http://\S+)`)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
		close(addr)
	}()
	select {
	case base, ok := <-addr:
		if ok {
			return &portalProcess{cmd: cmd, base: base}
		}
	case <-time.After(60 * time.Second):
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	t.Fatalf("the portal did not start: %s", stderr.String())
	return nil
}

// kill ends the child with SIGKILL: no shutdown, no flush, whatever it was doing.
func (p *portalProcess) kill() {
	_ = p.cmd.Process.Kill()
	_ = p.cmd.Wait()
}

// keyedTransfer is one transfer with its idempotency key and, once the portal answered it, the
// transaction id it was acknowledged with.
type keyedTransfer struct {
	key, body string
	ack       string
}

// post sends the transfer once; ok is false when the portal gave no answer (it was killed);
// replayed says the portal answered from the key's stored first answer.
func (k *keyedTransfer) post(client *http.Client, base, token string) (status int, transactionID string, replayed, ok bool) {
	req, _ := http.NewRequest("POST", base+"/api/transfer", bytes.NewReader([]byte(k.body)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Idempotency-Key", k.key)
	res, err := client.Do(req)
	if err != nil {
		return 0, "", false, false
	}
	defer res.Body.Close()
	var out struct {
		TransactionID string `json:"transactionId"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil && !errors.Is(err, io.EOF) {
		return 0, "", false, false // cut off mid-answer: not acknowledged
	}
	return res.StatusCode, out.TransactionID, res.Header.Get("Idempotent-Replayed") == "true", true
}

// TestKeyedTransfersSurviveSIGKILL: four clients send transfers with Idempotency-Key while the
// portal is SIGKILLed four times mid-stream and restarted; every transfer the portal answered
// (201, first or replayed) is stored exactly once with the id it was acknowledged with, every key
// retried after a crash ends as one transfer, and none is stored twice. The attack of issue 14
// did this seven times; this keeps it proven, on SQLite and on PostgreSQL.
func TestKeyedTransfersSurviveSIGKILL(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		url := b.URL(t)
		env := map[string]string{"KORMEER_DATABASE_URL": url, "KORMEER_DATA_DIR": t.TempDir(),
			"KORMEER_ADMIN_EMAIL": "root@bank.so", "KORMEER_ADMIN_PASSWORD": "Crash-test-root-2026", "KORMEER_METRICS_ADDR": "127.0.0.1:0"}
		if b.Name == "sqlite" {
			env["KORMEER_DATABASE_URL"] = filepath.Join(t.TempDir(), "crash.db")
		}
		// Transfers come from an officer: the administrator does not originate them.
		if code, out, errOut := runCLI(t, env["KORMEER_DATABASE_URL"], "users", "create", "--email", "desk@bank.so", "--password", "Crash-test-desk-2026",
			"--role", "cbsl_officer", "--first-name", "Desk", "--last-name", "Officer"); code != 0 {
			t.Fatalf("users create: %d %s %s", code, out, errOut)
		}
		const clients, kills = 4, 4
		var mu sync.Mutex
		var all []*keyedTransfer
		retried, replayedOnRetry := map[string]bool{}, 0 // keys a crash left unanswered; those found already stored
		client := &http.Client{Timeout: 20 * time.Second}

		// round runs the clients against one life of the portal until it is killed: each
		// client first retries its unacknowledged keys, then sends new ones.
		round := func(p *portalProcess, token string, life time.Duration, final bool) {
			var wg sync.WaitGroup
			stop := make(chan struct{})
			for c := 0; c < clients; c++ {
				wg.Add(1)
				go func(c int) {
					defer wg.Done()
					for n := 0; ; n++ {
						mu.Lock()
						var k *keyedTransfer
						for _, x := range all {
							if x.ack == "" && x.key[1] == byte('0'+c) {
								k = x
								break
							}
						}
						if k == nil && !final {
							k = &keyedTransfer{key: fmt.Sprintf("c%d-%04d", c, len(all))}
							k.body = fmt.Sprintf(`{"senderNumber":"+252 65 1234567","receiverNumber":"+252 64 7654321","amount":"%d.%02d","currency":"USD","mode":"online","senderInstitution":"Premium-Wallet","receiverInstitution":"E-Dahab","senderType":"wallet","receiverType":"wallet","description":%q}`,
								10+len(all)%900, len(all)%100, k.key)
							all = append(all, k)
						}
						mu.Unlock()
						if k == nil {
							return // final round: nothing left to retry
						}
						status, id, replayed, answered := k.post(client, p.base, token)
						if !answered {
							mu.Lock()
							retried[k.key] = true
							mu.Unlock()
							select {
							case <-stop:
								return
							default:
							}
							if final {
								t.Errorf("no answer after the last restart for %s", k.key)
								return
							}
							time.Sleep(10 * time.Millisecond)
							continue
						}
						if status != http.StatusCreated || id == "" {
							t.Errorf("%s: status %d", k.key, status)
							return
						}
						mu.Lock()
						k.ack = id
						if replayed && retried[k.key] {
							replayedOnRetry++
						}
						mu.Unlock()
					}
				}(c)
			}
			if !final {
				time.Sleep(life)
				close(stop)
				p.kill()
			}
			wg.Wait()
		}

		for life := 0; life <= kills; life++ {
			p := startPortalProcess(t, env)
			token := signInToken(t, p.base, "desk@bank.so", "Crash-test-desk-2026")
			final := life == kills
			round(p, token, time.Duration(300+100*life)*time.Millisecond, final)
			if final {
				// Every acknowledged key answers again with the transaction it was acknowledged
				// with: the acknowledgement survived every crash.
				for _, k := range all {
					before := k.ack
					if status, id, replayed, ok := k.post(client, p.base, token); !ok || status != http.StatusCreated || !replayed || id != before {
						t.Errorf("%s acknowledged as %s; after the crashes %d %s (replayed %v)", k.key, before, status, id, replayed)
					}
				}
				p.kill()
			}
			if t.Failed() {
				return
			}
		}

		// Straight from the database: one transaction per key, none twice.
		st := storetest.MustOpenURL(t, env["KORMEER_DATABASE_URL"])
		rows, err := st.DB().QueryContext(context.Background(), `SELECT description, transaction_id FROM transactions`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		stored := map[string][]string{}
		for rows.Next() {
			var key, id string
			if err := rows.Scan(&key, &id); err != nil {
				t.Fatal(err)
			}
			stored[key] = append(stored[key], id)
		}
		for _, k := range all {
			if ids := stored[k.key]; len(ids) != 1 || ids[0] != k.ack {
				t.Errorf("%s acknowledged as %s, stored as %v", k.key, k.ack, ids)
			}
		}
		if len(stored) != len(all) {
			t.Errorf("%d keys sent, %d stored", len(all), len(stored))
		}
		if len(retried) == 0 {
			t.Errorf("no SIGKILL cut a request off: nothing was retried, so the test proved nothing")
		}
		t.Logf("%d keyed transfers across %d SIGKILLs; %d cut off and retried, %d of them found stored by their key",
			len(all), kills, len(retried), replayedOnRetry)
	})
}

// officerMetrics reads GET /api/metrics, the national figures only regulators read, as the demo
// officer.
func officerMetrics(t *testing.T, base string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"/api/metrics", nil)
	req.Header.Set("Authorization", "Bearer "+signInToken(t, base, "officer@kormeer.demo", "Officer-demo-2026"))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// signInToken signs in through POST /api/auth/login and returns the API token.
func signInToken(t *testing.T, base, email, password string) string {
	t.Helper()
	res, err := http.Post(base+"/api/auth/login", "application/json",
		bytes.NewReader([]byte(`{"email":"`+email+`","password":"`+password+`"}`)))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != 200 || out.AccessToken == "" {
		t.Fatalf("sign-in: %d %v", res.StatusCode, err)
	}
	return out.AccessToken
}
