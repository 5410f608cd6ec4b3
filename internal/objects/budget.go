package objects

import (
	"encoding/binary"
	"image"
	"image/color"
)

// decodeCost estimates, from the header alone, how many bytes decoding and re-encoding an image
// takes: the pixel buffer the decoder allocates for the file's colour model and bit depth (a
// 16-bit PNG takes 8 bytes a pixel, not 4), a second buffer for interlaced PNGs, the coefficient
// buffers of progressive JPEGs, and the file itself. Estimates err on the high side.
func decodeCost(raw []byte, cfg image.Config, format string) int64 {
	px := int64(cfg.Width) * int64(cfg.Height)
	var cost int64
	switch format {
	case "jpeg":
		cost = jpegCost(raw, px)
	default:
		cost = px * bytesPerPixel(cfg.ColorModel)
		if format == "png" && pngInterlaced(raw) {
			cost *= 2 // each pass is decoded into an image of its own before they are merged
		}
		if format == "webp" {
			cost *= 2 // the lossless decoder keeps its ARGB words beside the image
		}
	}
	return cost + int64(len(raw))
}

// bytesPerPixel is the size of one pixel in the image type Go's decoders produce for m.
func bytesPerPixel(m color.Model) int64 {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.YCbCrModel:
		return 3
	case color.RGBAModel, color.NRGBAModel, color.NYCbCrAModel, color.CMYKModel:
		return 4
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 8 // 16-bit RGBA and anything unknown: the largest
}

// pngInterlaced reads the interlace byte of a PNG's IHDR chunk.
func pngInterlaced(raw []byte) bool {
	return len(raw) > 28 && string(raw[12:16]) == "IHDR" && raw[28] != 0
}

// jpegCost walks the JPEG's markers to its frame header: one byte a sample for each component at
// its sampling factor, four more bytes a sample when the frame is progressive (the decoder keeps
// every coefficient until the last scan), and CMYK conversion for four components. A header it
// cannot read costs the most, 16 bytes a pixel.
func jpegCost(raw []byte, px int64) int64 {
	const worst = 16
	for i := 2; i+4 <= len(raw); {
		if raw[i] != 0xFF {
			return px * worst
		}
		marker := raw[i+1]
		if marker == 0xFF { // fill byte
			i++
			continue
		}
		n := int(binary.BigEndian.Uint16(raw[i+2:]))
		isSOF := marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
		if !isSOF {
			i += 2 + n
			continue
		}
		seg := raw[i+4 : min(len(raw), i+2+n)]
		if len(seg) < 6 {
			return px * worst
		}
		comps := int(seg[5])
		if comps < 1 || len(seg) < 6+3*comps {
			return px * worst
		}
		hmax, vmax := int64(1), int64(1)
		for c := range comps {
			f := seg[7+3*c]
			hmax, vmax = max(hmax, int64(f>>4)), max(vmax, int64(f&0x0F))
		}
		var samples int64 // per pixel, ×hmax×vmax
		for c := range comps {
			f := seg[7+3*c]
			samples += int64(f>>4) * int64(f&0x0F)
		}
		perPx := float64(samples) / float64(hmax*vmax)
		if progressive := marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE; progressive {
			perPx *= 5
		}
		if comps == 4 {
			perPx += 4
		}
		return int64(perPx*float64(px)) + px // plus one byte a pixel of headroom
	}
	return px * worst
}
