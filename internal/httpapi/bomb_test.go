package httpapi

import (
	"bytes"
	"image"
	"image/png"
	"net/http"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// TestImageBombUploadRefused is issue 14 finding 1 over HTTP: a self-registered citizen uploads a
// 4096 × 4096 16-bit PNG (about 130 KB, 128 MB decoded) and then tries to use it as a logo and as
// a profile image. The upload is refused with a JSON 400 and nothing is stored.
func TestImageBombUploadRefused(t *testing.T) {
	img := image.NewNRGBA64(image.Rect(0, 0, 4096, 4096))
	var bomb bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&bomb, img); err != nil {
		t.Fatal(err)
	}
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		e.mustUser("bomber@example.so", domain.RoleCitizen, nil)
		c := e.client()
		e.signIn(c, "bomber@example.so")
		uploadURL, res := e.upload(c, bomb.Bytes(), "image/png")
		if res.status != http.StatusBadRequest || !strings.Contains(res.json(t)["message"].(string), "MB") {
			t.Fatalf("bomb upload: %d %s", res.status, res.body)
		}
		if got := e.auditCount("object.upload"); got != 0 {
			t.Fatalf("the refused upload wrote %d audit rows", got)
		}
		for path, body := range map[string]map[string]string{
			"/api/institution-logos": {"logoURL": uploadURL},
			"/api/profile-images":    {"imageURL": uploadURL},
		} {
			if res := e.do(c, "PUT", path, body); res.status != http.StatusBadRequest {
				t.Errorf("%s with the refused upload: %d %s", path, res.status, res.body)
			}
		}
	})
}
