package objects

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"runtime"
	"strconv"

	_ "golang.org/x/image/webp" // registers the WebP decoder

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/limit"
)

// Size limits: 10 MB for the generic upload helper and 5 MB for logos (spec 000 §5, §9).
const (
	MaxUploadBytes = 10 << 20
	MaxLogoBytes   = 5 << 20
	// MaxPixels bounds decoded images (4096 × 4096) so a small file cannot expand into gigabytes.
	MaxPixels = 4096 * 4096
	maxSide   = 8192
	// DefaultDecodeBudget is the most memory one image may take to decode and re-encode, judged
	// from its header before any pixel is decoded: an 8-bit 4096 × 4096 PNG fits, the same image
	// in 16 bits (128 MB) does not.
	DefaultDecodeBudget = 96 << 20
)

// Decoder checks and re-encodes uploaded images within a memory budget: each image's decoded
// size is bounded before decoding, at most a few images decode at once, and at most a few more
// uploads are held in memory at once (their bodies, up to MaxUploadBytes each), so the memory
// that uploads can take is at most Budget × the decode slots + MaxUploadBytes × the body slots,
// whatever the files claim to be and however many arrive together.
type Decoder struct {
	budget int64
	pool   *limit.Pool
	bodies *limit.Pool
}

// NewDecoder returns a decoder refusing images whose decoding would take more than budget bytes
// and decoding at most concurrent images at once (more wait, up to 4 × concurrent; beyond that
// the upload is refused with a 429). Zero values take the defaults: DefaultDecodeBudget and
// GOMAXPROCS.
func NewDecoder(budget int64, concurrent int) *Decoder {
	if budget <= 0 {
		budget = DefaultDecodeBudget
	}
	if concurrent <= 0 {
		concurrent = runtime.GOMAXPROCS(0)
	}
	return &Decoder{budget: budget, pool: limit.NewPool(concurrent, 4*concurrent),
		bodies: limit.NewPool(4*concurrent, 4*concurrent)}
}

// Pool is the decoder's concurrency limit, exposed so tests can check it is never exceeded.
func (d *Decoder) Pool() *limit.Pool { return d.pool }

// Bodies limits the uploads held in memory at once, exposed so tests can check it.
func (d *Decoder) Bodies() *limit.Pool { return d.bodies }

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
// PNG because Go has no WebP encoder. Reading the body and decoding each wait for a slot while
// ctx lives (a full queue is a 429).
func (d *Decoder) ProcessImage(ctx context.Context, r io.Reader, maxBytes int64) (out *Image, err error) {
	err = d.bodies.Do(ctx, func() error {
		out, err = d.process(ctx, r, maxBytes)
		return err
	})
	return out, err
}

func (d *Decoder) process(ctx context.Context, r io.Reader, maxBytes int64) (*Image, error) {
	raw, err := io.ReadAll(io.LimitReader(r, maxBytes+1))
	if err != nil {
		return nil, err
	}
	if int64(len(raw)) > maxBytes {
		return nil, domain.E(domain.ETOOLARGE, domain.CodeFileTooLarge, "megabytes", strconv.FormatInt(maxBytes>>20, 10))
	}
	if len(raw) == 0 {
		return nil, domain.E(domain.EINVALID, domain.CodeFileEmpty)
	}
	sniffed := http.DetectContentType(raw)
	switch sniffed {
	case "image/png", "image/jpeg", "image/webp":
	default:
		return nil, domain.E(domain.EUNSUPPORTED, imageTypeCode(sniffed))
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil {
		return nil, domain.E(domain.EINVALID, domain.CodeImageUnreadable)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > maxSide || cfg.Height > maxSide || cfg.Width*cfg.Height > MaxPixels {
		return nil, domain.E(domain.EINVALID, domain.CodeImagePixels, "width", strconv.Itoa(cfg.Width), "height", strconv.Itoa(cfg.Height))
	}
	if cost := decodeCost(raw, cfg, format); cost > d.budget {
		return nil, domain.E(domain.EINVALID, domain.CodeImageCost, "width", strconv.Itoa(cfg.Width), "height", strconv.Itoa(cfg.Height),
			"needed", strconv.FormatInt((cost+(1<<20)-1)>>20, 10), "allowed", strconv.FormatInt(d.budget>>20, 10))
	}
	out := &Image{Width: cfg.Width, Height: cfg.Height, OriginalBytes: int64(len(raw))}
	err = d.pool.Do(ctx, func() error { return reencode(raw, format, out) })
	if err != nil {
		return nil, err
	}
	return out, nil
}

// reencode decodes raw and encodes its pixels again into out.
func reencode(raw []byte, format string, out *Image) error {
	img, _, err := image.Decode(bytes.NewReader(raw))
	if err != nil {
		return domain.E(domain.EINVALID, domain.CodeImageUnreadable)
	}
	var buf bytes.Buffer
	if format == "jpeg" {
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90})
		out.ContentType, out.Ext = "image/jpeg", "jpg"
	} else {
		err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img)
		out.ContentType, out.Ext = "image/png", "png"
	}
	if err != nil {
		return fmt.Errorf("re-encode image: %w", err)
	}
	out.Data = buf.Bytes()
	return nil
}

// imageTypeCode is the catalogue code refusing a file of the sniffed content type, naming what
// it looks like where that helps the person pick the right file.
func imageTypeCode(ct string) string {
	switch {
	case ct == "text/xml; charset=utf-8" || bytes.HasPrefix([]byte(ct), []byte("text/")):
		return domain.CodeImageTypeText
	case ct == "application/pdf":
		return domain.CodeImageTypePDF
	case ct == "image/gif":
		return domain.CodeImageTypeGIF
	}
	return domain.CodeImageType
}
