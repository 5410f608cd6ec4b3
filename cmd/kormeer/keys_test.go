package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/store/storetest"
)

// TestKeysCommandAndMasterKey: serve seals its generated keys with the master key; a start with
// the wrong master key fails with a clear message instead of making new keys; `keys list` shows
// where keys come from without showing any; `keys rotate` adds a version of a stored key and
// refuses a key given from outside.
func TestKeysCommandAndMasterKey(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		env := map[string]string{"KORMEER_DATABASE_URL": b.URL(t), "KORMEER_DATA_DIR": t.TempDir(), "KORMEER_METRICS_ADDR": "",
			"KORMEER_MASTER_KEY": strings.Repeat("m", 32)}
		startServe(t, env)

		wrong := map[string]string{}
		for k, v := range env {
			wrong[k] = v
		}
		wrong["KORMEER_MASTER_KEY"] = strings.Repeat("w", 32)
		var out, errOut bytes.Buffer
		if code := Run(ctx, []string{"serve", "--listen", "127.0.0.1:0"}, envFrom(wrong), &out, &errOut); code == 0 ||
			!strings.Contains(errOut.String(), "wrong master key") {
			t.Fatalf("serve with a wrong master key: exit %d, %s", code, errOut.String())
		}

		out.Reset()
		if code := Run(ctx, []string{"keys", "list"}, envFrom(env), &out, &errOut); code != 0 {
			t.Fatalf("keys list: %s", errOut.String())
		}
		if !strings.Contains(out.String(), "token_hs256       database  1") || !strings.Contains(out.String(), "sealed") ||
			strings.Contains(out.String(), "in clear") || strings.Contains(out.String(), "plain:") {
			t.Fatalf("keys list:\n%s", out.String())
		}
		out.Reset()
		if code := Run(ctx, []string{"keys", "rotate", "token_hs256", "--grace", "1h"}, envFrom(env), &out, &errOut); code != 0 ||
			!strings.Contains(out.String(), "token_hs256 version 2 signs from") {
			t.Fatalf("keys rotate: %s %s", out.String(), errOut.String())
		}
		env["KORMEER_UPLOAD_KEY"] = strings.Repeat("u", 32)
		errOut.Reset()
		if code := Run(ctx, []string{"keys", "rotate", "upload_hmac"}, envFrom(env), &out, &errOut); code == 0 ||
			!strings.Contains(errOut.String(), "given from outside") {
			t.Fatalf("rotating an external key: %d %s", code, errOut.String())
		}
		if code := Run(ctx, []string{"keys"}, envFrom(env), &out, &errOut); code == 0 {
			t.Fatal("keys without a command succeeded")
		}
	})
}
