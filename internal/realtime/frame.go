package realtime

import "encoding/binary"

// Frame is payload as one unfragmented WebSocket text frame from a server (RFC 6455, section
// 5.2: FIN set, opcode 1, no mask, the length in 7, 7+16 or 7+64 bits). The hub frames an alert
// once and writes the same bytes to every client, instead of having the WebSocket library build
// a frame per client.
func Frame(payload []byte) []byte {
	const finText = 0x80 | 0x1
	var frame []byte
	switch n := len(payload); {
	case n < 126:
		frame = append(make([]byte, 0, 2+n), finText, byte(n))
	case n <= 0xFFFF:
		frame = append(make([]byte, 0, 4+n), finText, 126)
		frame = binary.BigEndian.AppendUint16(frame, uint16(n))
	default:
		frame = append(make([]byte, 0, 10+n), finText, 127)
		frame = binary.BigEndian.AppendUint64(frame, uint64(n))
	}
	return append(frame, payload...)
}
