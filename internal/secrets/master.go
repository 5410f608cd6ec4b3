package secrets

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
)

// Master seals the keys stored in the database. It is derived (HKDF-SHA256) from the master key
// given from outside, KORMEER_MASTER_KEY, and optionally the previous master key, whose sealed
// values still open and are sealed again under the current one.
type Master struct {
	keys []masterKey // the current one first
}

type masterKey struct {
	id   string
	aead cipher.AEAD
}

// NewMaster returns the master of the current and (optionally) previous master keys; with no
// current key it returns nil: stored keys then stay in clear.
func NewMaster(current, previous string) (*Master, error) {
	if err := CheckExternal(MasterEnv, current, previous); err != nil || current == "" {
		return nil, err
	}
	m := &Master{}
	for _, text := range []string{current, previous} {
		if text == "" {
			continue
		}
		key, err := hkdf.Key(sha256.New, []byte(text), nil, "kormeer master key", 32)
		if err != nil {
			return nil, err
		}
		block, err := aes.NewCipher(key)
		if err != nil {
			return nil, err
		}
		aead, err := cipher.NewGCM(block)
		if err != nil {
			return nil, err
		}
		m.keys = append(m.keys, masterKey{id: KeyID(key), aead: aead})
	}
	return m, nil
}

// A stored value is "plain:<key>" or "sealed:<master id>:<base64 of nonce and ciphertext>".
const (
	plainPrefix  = "plain:"
	sealedPrefix = "sealed:"
)

// label binds a sealed value to its row, so a value copied to another name or version does not
// open there.
func label(name string, seq int) []byte { return []byte(name + "#" + strconv.Itoa(seq)) }

// seal returns the stored form of secret: sealed under the current master key, or in clear
// when there is no master.
func (m *Master) seal(name string, seq int, secret []byte) string {
	if m == nil {
		return plainPrefix + string(secret)
	}
	k := m.keys[0]
	nonce := make([]byte, k.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		panic("secrets: crypto/rand failed: " + err.Error())
	}
	return sealedPrefix + k.id + ":" + base64.RawStdEncoding.EncodeToString(k.aead.Seal(nonce, nonce, secret, label(name, seq)))
}

// errWrongMaster and errNoMaster are the start-up failures an operator must act on; they never
// lead to new keys, which would void every token, code and sealed message.
var (
	errNoMaster    = errors.New("is sealed by a master key, but " + MasterEnv + " is not set")
	errWrongMaster = errors.New("does not open with " + MasterEnv + " (or " + MasterEnv + "_PREVIOUS): is it the wrong master key?")
)

// open returns the secret of a stored value, and whether it should be stored again (in clear
// while a master key is configured, or sealed under the previous master key).
func (m *Master) open(name string, seq int, value string) (secret []byte, reseal bool, err error) {
	if plain, ok := strings.CutPrefix(value, plainPrefix); ok {
		return []byte(plain), m != nil, nil
	}
	rest, ok := strings.CutPrefix(value, sealedPrefix)
	id, body, ok2 := strings.Cut(rest, ":")
	if !ok || !ok2 {
		return nil, false, errors.New("is not in a known stored form")
	}
	if m == nil {
		return nil, false, errNoMaster
	}
	b, err := base64.RawStdEncoding.DecodeString(body)
	if err != nil {
		return nil, false, errors.New("is not in a known stored form")
	}
	for i, k := range m.keys {
		if k.id != id || len(b) < k.aead.NonceSize() {
			continue
		}
		n := k.aead.NonceSize()
		if secret, err := k.aead.Open(nil, b[:n], b[n:], label(name, seq)); err == nil {
			return secret, i > 0, nil
		}
	}
	return nil, false, errWrongMaster
}
