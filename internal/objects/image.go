package objects

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"

	_ "golang.org/x/image/webp" // registers the WebP decoder

	"github.com/kormeer/kormeer/internal/domain"
)

// Size limits: 10 MB for the generic upload helper and 5 MB for logos (spec 000 §5, §9).
const (
	MaxUploadBytes = 10 << 20
	MaxLogoBytes   = 5 << 20
	// MaxPixels bounds decoded images (4096 × 4096) so a small file cannot expand into gigabytes.
	MaxPixels = 4096 * 4096
	maxSide   = 8192
)

// Image is an upload after checking and re-encoding.
type Image struct {
	Data          []byte
	ContentType   string // image/png or image/jpeg
	Ext           string // png or jpg
	Width, Height int
	OriginalBytes int64
}

// ProcessImage reads at most maxBytes from r, accepts PNG, JPEG or WebP judged by content (never
// by name or declared type), bounds the decoded size, and re-encodes the pixels, which drops
// anything else the file carried (metadata, trailing payloads, polyglots). WebP is re-encoded as
// PNG because Go has no WebP encoder.
func ProcessImage(r io.Reader, maxBytes int64) (*Image, error) {
	raw, err := io.ReadAll(io.LimitReader(r, maxBytes+1))
	if err != nil {
		return nil, err
	}
	if int64(len(raw)) > maxBytes {
		return nil, domain.Errorf(domain.ETOOLARGE, "File size must be less than %dMB.", maxBytes>>20)
	}
	if len(raw) == 0 {
		return nil, domain.Errorf(domain.EINVALID, "The file is empty.")
	}
	sniffed := http.DetectContentType(raw)
	switch sniffed {
	case "image/png", "image/jpeg", "image/webp":
	default:
		return nil, domain.Errorf(domain.EUNSUPPORTED, "Only PNG, JPEG or WebP images are accepted (this file looks like %s). SVG is not accepted.", describe(sniffed))
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil {
		return nil, domain.Errorf(domain.EINVALID, "The image could not be read; it may be damaged.")
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > maxSide || cfg.Height > maxSide || cfg.Width*cfg.Height > MaxPixels {
		return nil, domain.Errorf(domain.EINVALID, "The image is %d × %d pixels; at most 4096 × 4096 is accepted.", cfg.Width, cfg.Height)
	}
	img, _, err := image.Decode(bytes.NewReader(raw))
	if err != nil {
		return nil, domain.Errorf(domain.EINVALID, "The image could not be read; it may be damaged.")
	}
	out := &Image{Width: cfg.Width, Height: cfg.Height, OriginalBytes: int64(len(raw))}
	var buf bytes.Buffer
	if format == "jpeg" {
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90})
		out.ContentType, out.Ext = "image/jpeg", "jpg"
	} else {
		err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img)
		out.ContentType, out.Ext = "image/png", "png"
	}
	if err != nil {
		return nil, fmt.Errorf("re-encode image: %w", err)
	}
	out.Data = buf.Bytes()
	return out, nil
}

func describe(ct string) string {
	switch {
	case ct == "text/xml; charset=utf-8" || bytes.HasPrefix([]byte(ct), []byte("text/")):
		return "text or SVG"
	case ct == "application/pdf":
		return "a PDF"
	case ct == "image/gif":
		return "a GIF"
	}
	return "another kind of file"
}
