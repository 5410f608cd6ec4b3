package httpapi

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// Two instances on one database behind a load balancer: an image uploaded through one is served
// by the other (issue 18): files live in the shared database or object store, never on one
// instance's disk.
func TestUploadsAreSharedByInstances(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		url := b.URL(t)
		one, two := newEnvAt(t, url, testHasher, nil), newEnvAt(t, url, testHasher, nil)
		one.mustUser("applicant@example.so", domain.RoleCitizen, nil)
		c1, c2 := one.client(), two.client()
		one.signIn(c1, "applicant@example.so")
		two.signIn(c2, "applicant@example.so")
		uploadURL, res := one.upload(c1, noisePNG(t, 30, 10), "image/png")
		if res.status != 200 {
			t.Fatalf("upload through the first: %d %s", res.status, res.body)
		}
		// The second instance makes it a logo and serves it, to the owner and to anyone.
		res = two.do(c2, "PUT", "/api/institution-logos", map[string]string{"logoURL": uploadURL})
		logo, _ := res.json(t)["objectPath"].(string)
		if res.status != 200 || !strings.HasPrefix(logo, "/objects/logos/") {
			t.Fatalf("logo through the second: %d %s", res.status, res.body)
		}
		for name, e := range map[string]*testEnv{"first": one, "second": two} {
			img := e.do(nil, "GET", logo, nil)
			if img.status != 200 || img.header.Get("Content-Type") != "image/png" {
				t.Fatalf("logo from the %s instance: %d", name, img.status)
			}
			if cfg, err := png.DecodeConfig(bytes.NewReader(img.body)); err != nil || cfg.Width != 30 {
				t.Fatalf("logo from the %s instance: %v %+v", name, err, cfg)
			}
		}
	})
}
