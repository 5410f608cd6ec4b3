package objects

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"sync"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// bomb16 is the attack of issue 14 finding 1: a 4096 × 4096 16-bit PNG that compresses to about
// 100 KB and decodes to 128 MB.
func bomb16(t testing.TB) []byte {
	t.Helper()
	img := image.NewNRGBA64(image.Rect(0, 0, 4096, 4096))
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// jpegWithFrame is a small real JPEG whose frame header claims w × h and the given SOF marker
// (0xC0 baseline, 0xC2 progressive): decoding it would allocate for the claimed size.
func jpegWithFrame(t testing.TB, w, h int, sof byte) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewRGBA(image.Rect(0, 0, 16, 16)), nil); err != nil {
		t.Fatal(err)
	}
	raw := b.Bytes()
	i := bytes.Index(raw, []byte{0xFF, 0xC0})
	if i < 0 {
		t.Fatal("no SOF0 in the encoded JPEG")
	}
	raw[i+1] = sof
	binary.BigEndian.PutUint16(raw[i+5:], uint16(h))
	binary.BigEndian.PutUint16(raw[i+7:], uint16(w))
	return raw
}

// webpLossless is a lossless WebP header claiming w × h (at most 16384 a side).
func webpLossless(w, h int) []byte {
	bits := uint32(w-1) | uint32(h-1)<<14 | 1<<28 // alpha
	payload := append([]byte{0x2f}, binary.LittleEndian.AppendUint32(nil, bits)...)
	payload = append(payload, make([]byte, 64)...)
	chunk := append([]byte("VP8L"), binary.LittleEndian.AppendUint32(nil, uint32(len(payload)))...)
	chunk = append(chunk, payload...)
	riff := append([]byte("RIFF"), binary.LittleEndian.AppendUint32(nil, uint32(4+len(chunk)))...)
	return append(append(riff, "WEBP"...), chunk...)
}

func TestDecompressionBombsRefusedBeforeDecoding(t *testing.T) {
	d := NewDecoder(0, 2)
	bomb := bomb16(t)
	if len(bomb) > 1<<20 {
		t.Fatalf("the bomb is %d bytes; it should be small", len(bomb))
	}
	tests := []struct {
		name string
		data []byte
	}{
		{"16-bit 4096 × 4096 PNG (128 MB decoded)", bomb},
		{"JPEG claiming 65535 × 65535", jpegWithFrame(t, 65535, 65535, 0xC0)},
		{"progressive JPEG claiming 4096 × 4096", jpegWithFrame(t, 4096, 4096, 0xC2)},
		{"lossless WebP claiming 16384 × 16384", webpLossless(16384, 16384)},
		{"lossless WebP claiming 4096 × 4096", webpLossless(4096, 4096)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := d.ProcessImage(t.Context(), bytes.NewReader(tt.data), MaxUploadBytes)
			if code := domain.ErrorCode(err); code != domain.EINVALID {
				t.Fatalf("%d bytes: err %v, want a 400 refusal", len(tt.data), err)
			}
			if d.Pool().Peak() != 0 {
				t.Fatal("the refused image was decoded")
			}
		})
	}
	// What phones and scanners send still passes: an 8-bit 4096 × 4096 PNG, a baseline JPEG frame.
	if cost := decodeCost(pngOf(t, 64, 64), image.Config{Width: 4096, Height: 4096, ColorModel: image.NewNRGBA(image.Rect(0, 0, 1, 1)).ColorModel()}, "png"); cost > DefaultDecodeBudget {
		t.Errorf("an 8-bit 4096 × 4096 PNG costs %d MB, over the budget", cost>>20)
	}
	if cost := jpegCost(jpegWithFrame(t, 4032, 3024, 0xC0), 4032*3024); cost > DefaultDecodeBudget {
		t.Errorf("a 12-megapixel baseline JPEG costs %d MB, over the budget", cost>>20)
	}
}

func TestParallelDecodesNeverExceedTheLimit(t *testing.T) {
	d := NewDecoder(0, 2)
	data := pngOf(t, 512, 512)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if _, err := d.ProcessImage(t.Context(), bytes.NewReader(data), MaxUploadBytes); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if p := d.Pool().Peak(); p < 1 || p > 2 {
		t.Fatalf("peak concurrent decodes %d, want 1 or 2", p)
	}
}

// TestUploadsHeldInMemoryAreBounded: uploads arriving together are read into memory a few at a
// time (here 4 for a decoder of 1 slot); the others wait, or get a 429 once the queue is full,
// so bodies of up to 10 MB cannot pile up in memory.
func TestUploadsHeldInMemoryAreBounded(t *testing.T) {
	d := NewDecoder(0, 1)
	data := pngOf(t, 256, 256)
	var wg sync.WaitGroup
	for range 12 {
		wg.Go(func() {
			_, err := d.ProcessImage(t.Context(), &slowReader{r: bytes.NewReader(data)}, MaxUploadBytes)
			if err != nil && domain.ErrorCode(err) != domain.ETOOMANY {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if p := d.Bodies().Peak(); p < 1 || p > 4 {
		t.Fatalf("peak uploads in memory %d, want 1 to 4", p)
	}
}

// slowReader hands out a body a kilobyte at a time, as a slow client sends it.
type slowReader struct{ r io.Reader }

func (s *slowReader) Read(p []byte) (int, error) {
	time.Sleep(time.Millisecond)
	return s.r.Read(p[:min(len(p), 1024)])
}
