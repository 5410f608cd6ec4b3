//go:build linux

package main

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"
)

// serverFrame is a final, unmasked frame as the portal sends it.
func serverFrame(op byte, payload []byte) []byte {
	f := []byte{0x80 | op}
	switch n := len(payload); {
	case n < 126:
		f = append(f, byte(n))
	case n <= 0xffff:
		f = append(f, 126)
		f = binary.BigEndian.AppendUint16(f, uint16(n))
	default:
		f = append(f, 127)
		f = binary.BigEndian.AppendUint64(f, uint64(n))
	}
	return append(f, payload...)
}

// The load's frame reader takes complete frames of every length form, waits for the rest of an
// incomplete one wherever the bytes stop, and refuses what a server may not send.
func TestEachFrame(t *testing.T) {
	small, medium := []byte(`{"type":"auth_success"}`), bytes.Repeat([]byte("a"), 600)
	stream := append(append(serverFrame(opText, small), serverFrame(opText, medium)...), serverFrame(opPing, []byte("p"))...)
	for cut := 0; cut <= len(stream); cut++ {
		var got [][]byte
		used, err := eachFrame(stream[:cut], func(op byte, p []byte) error {
			got = append(got, append([]byte{op}, p...))
			return nil
		})
		if err != nil {
			t.Fatalf("cut %d: %v", cut, err)
		}
		// Frames end at these offsets; a cut takes the frames that end at or before it.
		ends := []int{len(serverFrame(opText, small)), len(serverFrame(opText, small)) + len(serverFrame(opText, medium)), len(stream)}
		want := 0
		for _, e := range ends {
			if e <= cut {
				want++
			}
		}
		if len(got) != want || (want > 0 && used != ends[want-1]) || (want == 0 && used != 0) {
			t.Fatalf("cut %d: %d frames using %d bytes, want %d", cut, len(got), used, want)
		}
	}
	for name, c := range map[string]struct {
		frame []byte
		want  string
	}{
		"masked":         {append([]byte{0x81, 0x80 | 1, 1, 2, 3, 4}, 'x'), "masked"},
		"too large, 127": {serverFrame(opText, bytes.Repeat([]byte("a"), maxSocketFrame+1)), "a frame of"},
	} {
		if _, err := eachFrame(c.frame, func(byte, []byte) error { return nil }); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}

// A client frame is masked, and unmasking it gives the payload back.
func TestClientFrameMasked(t *testing.T) {
	payload := []byte(`{"type":"auth","userId":"u-1"}`)
	f := clientFrame(opText, payload)
	if f[0] != 0x80|opText || f[1] != 0x80|byte(len(payload)) {
		t.Fatalf("header %x", f[:2])
	}
	mask, body := f[2:6], f[6:]
	got := make([]byte, len(body))
	for i := range body {
		got[i] = body[i] ^ mask[i%4]
	}
	if !bytes.Equal(got, payload) {
		t.Fatalf("unmasked %q", got)
	}
}

func TestAlertID(t *testing.T) {
	if id, ok := alertID([]byte(`{"type":"compliance_alert","data":{"id":"a","relatedTransactionId":"t-42","x":1}}`)); !ok || id != "t-42" {
		t.Errorf("got %q %v", id, ok)
	}
	for _, msg := range []string{`{"type":"auth_success"}`, `{"relatedTransactionId":"unterminated`} {
		if _, ok := alertID([]byte(msg)); ok {
			t.Errorf("%s: an id found", msg)
		}
	}
}
