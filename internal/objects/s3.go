package objects

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"
)

// S3Store keeps objects in a bucket of an S3-compatible service (AWS S3, MinIO, Ceph, a cloud
// provider's object storage), for deployments whose uploads should not live in the database. It
// speaks the two calls it needs, PUT and GET of one object, signed with AWS Signature Version 4,
// and addresses the bucket in the path (https://endpoint/bucket/key), which every S3-compatible
// service accepts.
type S3Store struct {
	Endpoint  string // https://s3.eu-west-1.amazonaws.com or http://minio:9000
	Bucket    string
	Region    string // us-east-1 when the service has none
	AccessKey string
	SecretKey string
	Client    *http.Client
	now       func() time.Time
}

// NewS3Store parses s3://ACCESS_KEY@host[:port]/bucket?region=R&insecure=1 style settings into a
// store: the endpoint is https unless insecure=1 (a service on a private network).
func NewS3Store(rawURL, secretKey string) (*S3Store, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme != "s3" || u.Host == "" || u.User == nil || u.User.Username() == "" {
		return nil, fmt.Errorf("objects: want s3://ACCESS_KEY@host/bucket?region=R, got %q", rawURL)
	}
	bucket := strings.Trim(u.Path, "/")
	if bucket == "" || strings.Contains(bucket, "/") {
		return nil, fmt.Errorf("objects: the S3 URL must name one bucket as its path, got %q", u.Path)
	}
	if secretKey == "" {
		return nil, fmt.Errorf("objects: an S3 secret key is required")
	}
	scheme := "https"
	if u.Query().Get("insecure") == "1" {
		scheme = "http"
	}
	region := u.Query().Get("region")
	if region == "" {
		region = "us-east-1"
	}
	return &S3Store{Endpoint: scheme + "://" + u.Host, Bucket: bucket, Region: region, AccessKey: u.User.Username(),
		SecretKey: secretKey, Client: &http.Client{Timeout: 30 * time.Second}}, nil
}

func (s *S3Store) objectURL(key string) string {
	return s.Endpoint + "/" + s.Bucket + "/" + (&url.URL{Path: key}).EscapedPath()
}

// Put stores data under key.
func (s *S3Store) Put(ctx context.Context, key string, data []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, s.objectURL(key), bytes.NewReader(data))
	if err != nil {
		return err
	}
	req.ContentLength = int64(len(data))
	s.sign(req, data)
	res, err := s.Client.Do(req)
	if err != nil {
		return fmt.Errorf("objects: put %s: %w", key, err)
	}
	defer res.Body.Close()
	if res.StatusCode/100 != 2 {
		msg, _ := io.ReadAll(io.LimitReader(res.Body, 512))
		return fmt.Errorf("objects: put %s: %s %s", key, res.Status, msg)
	}
	return nil
}

// Open returns the object's bytes (objects are small images, read whole).
func (s *S3Store) Open(ctx context.Context, key string) (io.ReadSeekCloser, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.objectURL(key), nil)
	if err != nil {
		return nil, err
	}
	s.sign(req, nil)
	res, err := s.Client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("objects: get %s: %w", key, err)
	}
	defer res.Body.Close()
	if res.StatusCode == http.StatusNotFound {
		return nil, ErrNotFound
	}
	if res.StatusCode != http.StatusOK {
		msg, _ := io.ReadAll(io.LimitReader(res.Body, 512))
		return nil, fmt.Errorf("objects: get %s: %s %s", key, res.Status, msg)
	}
	data, err := io.ReadAll(io.LimitReader(res.Body, MaxUploadBytes+1))
	if err != nil {
		return nil, err
	}
	return readSeekNopCloser{bytes.NewReader(data)}, nil
}

type readSeekNopCloser struct{ *bytes.Reader }

func (readSeekNopCloser) Close() error { return nil }

// sign adds AWS Signature Version 4 headers for the S3 service to req, whose body is payload.
func (s *S3Store) sign(req *http.Request, payload []byte) {
	now := time.Now
	if s.now != nil {
		now = s.now
	}
	t := now().UTC()
	sum := sha256.Sum256(payload)
	signV4(req, hex.EncodeToString(sum[:]), t, s.Region, s.AccessKey, s.SecretKey)
}

// signV4 signs req for service s3 at time t (docs.aws.amazon.com, "Signature Version 4 signing
// process"): every header set on req before the call is signed, with host, x-amz-date and
// x-amz-content-sha256.
func signV4(req *http.Request, payloadHash string, t time.Time, region, accessKey, secretKey string) {
	amzDate := t.Format("20060102T150405Z")
	day := t.Format("20060102")
	req.Header.Set("x-amz-date", amzDate)
	req.Header.Set("x-amz-content-sha256", payloadHash)
	headers := map[string]string{"host": req.URL.Host}
	for k, v := range req.Header {
		headers[strings.ToLower(k)] = strings.Join(v, ",")
	}
	names := make([]string, 0, len(headers))
	for k := range headers {
		names = append(names, k)
	}
	sort.Strings(names)
	var canonHeaders strings.Builder
	for _, k := range names {
		canonHeaders.WriteString(k + ":" + strings.TrimSpace(headers[k]) + "\n")
	}
	signed := strings.Join(names, ";")
	path := req.URL.EscapedPath()
	if path == "" {
		path = "/"
	}
	canonical := strings.Join([]string{req.Method, path, canonicalQuery(req.URL.Query()), canonHeaders.String(), signed, payloadHash}, "\n")
	scope := day + "/" + region + "/s3/aws4_request"
	h := sha256.Sum256([]byte(canonical))
	toSign := "AWS4-HMAC-SHA256\n" + amzDate + "\n" + scope + "\n" + hex.EncodeToString(h[:])
	key := hmacSHA256([]byte("AWS4"+secretKey), day)
	key = hmacSHA256(key, region)
	key = hmacSHA256(key, "s3")
	key = hmacSHA256(key, "aws4_request")
	sig := hex.EncodeToString(hmacSHA256(key, toSign))
	req.Header.Set("Authorization", "AWS4-HMAC-SHA256 Credential="+accessKey+"/"+scope+", SignedHeaders="+signed+", Signature="+sig)
}

func canonicalQuery(q url.Values) string {
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		vals := append([]string(nil), q[k]...)
		sort.Strings(vals)
		for _, v := range vals {
			parts = append(parts, awsEscape(k)+"="+awsEscape(v))
		}
	}
	return strings.Join(parts, "&")
}

// awsEscape is URI encoding as SigV4 wants it: every byte but unreserved characters escaped.
func awsEscape(s string) string {
	return strings.ReplaceAll(url.QueryEscape(s), "+", "%20")
}

func hmacSHA256(key []byte, data string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(data))
	return m.Sum(nil)
}
