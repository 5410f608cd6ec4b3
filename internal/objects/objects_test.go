package objects

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	img.Set(0, 0, color.RGBA{200, 10, 10, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// A 1 × 1 lossless WebP.
const webp1x1 = "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="

func TestProcessImage(t *testing.T) {
	var jpg bytes.Buffer
	jpeg.Encode(&jpg, image.NewRGBA(image.Rect(0, 0, 8, 8)), nil)
	webp, _ := base64.StdEncoding.DecodeString(webp1x1)
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)
	gif := []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;")
	// A PNG with a script appended: re-encoding must drop the trailer.
	polyglot := append(pngOf(t, 4, 4), []byte("<script>alert(1)</script>")...)

	tests := []struct {
		name     string
		data     []byte
		max      int64
		code     string
		wantType string
	}{
		{"png", pngOf(t, 64, 32), MaxLogoBytes, "", "image/png"},
		{"jpeg", jpg.Bytes(), MaxLogoBytes, "", "image/jpeg"},
		{"webp becomes png", webp, MaxLogoBytes, "", "image/png"},
		{"polyglot is cleaned", polyglot, MaxLogoBytes, "", "image/png"},
		{"svg refused", svg, MaxLogoBytes, domain.EUNSUPPORTED, ""},
		{"gif refused", gif, MaxLogoBytes, domain.EUNSUPPORTED, ""},
		{"empty", nil, MaxLogoBytes, domain.EINVALID, ""},
		{"too large", pngOf(t, 64, 64), 100, domain.ETOOLARGE, ""},
		{"too many pixels", pngOf(t, 5000, 4000), MaxUploadBytes, domain.EINVALID, ""},
		{"truncated", pngOf(t, 64, 64)[:60], MaxLogoBytes, domain.EINVALID, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, err := NewDecoder(0, 0).ProcessImage(t.Context(), bytes.NewReader(tt.data), tt.max)
			if tt.code != "" {
				if domain.ErrorCode(err) != tt.code {
					t.Fatalf("error %v, want code %s", err, tt.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if img.ContentType != tt.wantType || img.OriginalBytes != int64(len(tt.data)) {
				t.Fatalf("got %s %d bytes", img.ContentType, img.OriginalBytes)
			}
			if bytes.Contains(img.Data, []byte("<script>")) {
				t.Fatal("re-encoded image still carries the script")
			}
			if _, _, err := image.Decode(bytes.NewReader(img.Data)); err != nil {
				t.Fatalf("stored bytes are not an image: %v", err)
			}
		})
	}
	if _, err := NewDecoder(0, 0).ProcessImage(t.Context(), bytes.NewReader(svg), MaxLogoBytes); !strings.Contains(domain.ErrorMessage(err), "SVG") {
		t.Errorf("SVG refusal does not say so: %v", err)
	}
}

func TestSigner(t *testing.T) {
	now := time.Now()
	s := NewSigner([]byte("k"), 10*time.Minute, func() time.Time { return now })
	tok := s.Sign("obj-1", "user-1")
	if id, err := s.Verify(tok, "user-1"); err != nil || id != "obj-1" {
		t.Fatalf("Verify = %q, %v", id, err)
	}
	if _, err := s.Verify(tok, "user-2"); err == nil {
		t.Fatal("token accepted for another user")
	}
	// Change the first character of the payload, all of whose six bits are data.
	first := byte('a')
	if tok[0] == 'a' {
		first = 'b'
	}
	if _, err := s.Verify(string(first)+tok[1:], "user-1"); err == nil {
		t.Fatal("tampered token accepted")
	}
	now = now.Add(11 * time.Minute)
	if _, err := s.Verify(tok, "user-1"); err == nil {
		t.Fatal("expired token accepted")
	}
}
