package objects

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"net/http"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
)

var fuzzDecoder = NewDecoder(0, 0)

// processForFuzz is the one call of the upload pipeline the fuzz target makes (kept in one place
// so a change of ProcessImage's signature touches one line).
func processForFuzz(raw []byte) (*Image, error) {
	return fuzzDecoder.ProcessImage(context.Background(), bytes.NewReader(raw), MaxLogoBytes)
}

// fuzzMaxPixels keeps each fuzzed decode small (a 4096 × 4096 header would make every run decode
// 64 MB); larger images are the decode budget's tests' concern, not the sniffing's.
const fuzzMaxPixels = 512 * 512

// FuzzProcessImage: whatever bytes are uploaded, the checks never panic and refuse only with a
// 4xx application error; sniffing never accepts what the decoder then refuses, so an accepted
// upload is always a PNG or JPEG that decodes again, sniffs as the type it is served with, has
// the dimensions reported, and is accepted unchanged in size when uploaded again.
func FuzzProcessImage(f *testing.F) {
	img := image.NewNRGBA(image.Rect(0, 0, 3, 2))
	img.Set(1, 1, color.NRGBA{R: 200, A: 128})
	var p, j bytes.Buffer
	_ = png.Encode(&p, img)
	_ = jpeg.Encode(&j, img, nil)
	for _, seed := range [][]byte{p.Bytes(), j.Bytes(), append(p.Bytes(), "<script>alert(1)</script>"...),
		[]byte("<svg xmlns=\"http://www.w3.org/2000/svg\"/>"), []byte("GIF89a"), []byte("%PDF-1.7"),
		[]byte("RIFF\x00\x00\x00\x00WEBPVP8 "), p.Bytes()[:40], []byte("\x89PNG\r\n\x1a\n"), []byte("\xff\xd8\xff\xe0")} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(raw)); err == nil && cfg.Width*cfg.Height > fuzzMaxPixels {
			return
		}
		out, err := processForFuzz(raw)
		if err != nil {
			var e *domain.Error
			if !errors.As(err, &e) || e.Code == domain.EINTERNAL {
				t.Fatalf("refused with a server error: %v", err)
			}
			return
		}
		if out.ContentType != "image/png" && out.ContentType != "image/jpeg" {
			t.Fatalf("accepted as %q", out.ContentType)
		}
		if sniffed := http.DetectContentType(out.Data); sniffed != out.ContentType {
			t.Fatalf("served as %s but sniffs as %s", out.ContentType, sniffed)
		}
		decoded, format, err := image.Decode(bytes.NewReader(out.Data))
		if err != nil || "image/"+format != out.ContentType {
			t.Fatalf("the re-encoded image does not decode: %s %v", format, err)
		}
		if b := decoded.Bounds(); b.Dx() != out.Width || b.Dy() != out.Height || out.Width*out.Height > MaxPixels {
			t.Fatalf("%d × %d reported, %v decoded", out.Width, out.Height, b)
		}
		again, err := processForFuzz(out.Data)
		if err != nil || again.Width != out.Width || again.Height != out.Height || again.ContentType != out.ContentType {
			t.Fatalf("the accepted image is refused when uploaded again: %v", err)
		}
	})
}
