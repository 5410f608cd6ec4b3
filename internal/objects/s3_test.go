package objects

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The signature of AWS's worked example ("GET Object" with a Range header, in the S3 API
// reference's Signature Version 4 examples): a signer that reproduces it signs as S3 checks.
func TestSignV4MatchesAWSExample(t *testing.T) {
	req, err := http.NewRequest(http.MethodGet, "https://examplebucket.s3.amazonaws.com/test.txt", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Range", "bytes=0-9")
	signV4(req, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		time.Date(2013, 5, 24, 0, 0, 0, 0, time.UTC), "us-east-1", "AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
	want := "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
		"SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
		"Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
	if got := req.Header.Get("Authorization"); got != want {
		t.Fatalf("Authorization:\n got %s\nwant %s", got, want)
	}
}

// fakeS3 is an S3-compatible service in memory: it checks each request's signature by signing
// the same request again (the signer itself is checked against AWS's example above), keeps
// PUT bodies and answers GET with them, or 404.
type fakeS3 struct {
	mu      sync.Mutex
	objects map[string][]byte
	secret  string
}

func (f *fakeS3) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	again, _ := http.NewRequest(r.Method, "http://"+r.Host+r.URL.RequestURI(), nil)
	at, err := time.Parse("20060102T150405Z", r.Header.Get("x-amz-date"))
	sum := sha256.Sum256(body)
	if err != nil || r.Header.Get("x-amz-content-sha256") != hex.EncodeToString(sum[:]) {
		http.Error(w, "bad date or payload hash", http.StatusForbidden)
		return
	}
	signV4(again, hex.EncodeToString(sum[:]), at, "eu-west-1", "AKIDKORMEER", f.secret)
	if again.Header.Get("Authorization") != r.Header.Get("Authorization") {
		http.Error(w, "SignatureDoesNotMatch", http.StatusForbidden)
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	switch r.Method {
	case http.MethodPut:
		f.objects[r.URL.Path] = body
	case http.MethodGet:
		b, ok := f.objects[r.URL.Path]
		if !ok {
			http.Error(w, "NoSuchKey", http.StatusNotFound)
			return
		}
		w.Write(b)
	default:
		http.Error(w, "method", http.StatusMethodNotAllowed)
	}
}

func TestS3StoreRoundTrip(t *testing.T) {
	fake := &fakeS3{objects: map[string][]byte{}, secret: "s3cret/KEY"}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")
	s, err := NewS3Store("s3://AKIDKORMEER@"+host+"/uploads?region=eu-west-1&insecure=1", "s3cret/KEY")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := s.Put(ctx, "logos/a b.png", []byte("logo bytes")); err != nil {
		t.Fatal(err)
	}
	f, err := s.Open(ctx, "logos/a b.png")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(f)
	f.Close()
	if string(got) != "logo bytes" || fake.objects["/uploads/logos/a b.png"] == nil {
		t.Fatalf("read %q; stored %v", got, fake.objects)
	}
	if _, err := s.Open(ctx, "logos/missing.png"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("missing object: %v", err)
	}
	wrong, _ := NewS3Store("s3://AKIDKORMEER@"+host+"/uploads?region=eu-west-1&insecure=1", "another secret")
	if err := wrong.Put(ctx, "x.png", []byte("x")); err == nil || !strings.Contains(err.Error(), "403") {
		t.Fatalf("a wrong secret: %v", err)
	}
	// Files on disk are copied into the bucket once.
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "profiles"), 0o755)
	os.WriteFile(filepath.Join(dir, "profiles", "p.jpg"), []byte("jpeg"), 0o644)
	os.WriteFile(filepath.Join(dir, "logos", "a b.png"), []byte("older"), 0o644) // no logos dir: not written
	if n, err := ImportDir(ctx, dir, s); err != nil || n != 1 {
		t.Fatalf("import: %d %v", n, err)
	}
	if n, err := ImportDir(ctx, dir, s); err != nil || n != 0 {
		t.Fatalf("second import: %d %v", n, err)
	}
	for _, bad := range []string{"https://host/bucket", "s3://host/bucket", "s3://KEY@host/", "s3://KEY@host/a/b", "::"} {
		if _, err := NewS3Store(bad, "secret"); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if _, err := NewS3Store("s3://KEY@host/bucket", ""); err == nil {
		t.Error("no secret accepted")
	}
}
