package httpapi

import (
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/objects"
	"github.com/kormeer/kormeer/internal/store"
)

// Object URLs: /objects/<kind>s/<id>.<ext>. The id names the objects row, which decides what the
// file is and who may read it; the rest of the path is never trusted.
const uploadPathPrefix = "/api/objects/upload/"

var kindOfDir = map[string]string{"uploads": "upload", "logos": "logo", "profiles": "profile"}

func objectPath(o *store.Object) string {
	ext := "png"
	if o.ContentType == "image/jpeg" {
		ext = "jpg"
	}
	return "/objects/" + o.Kind + "s/" + o.ID + "." + ext
}

// uploadTicket is where and how the browser sends a file.
type uploadTicket struct {
	UploadURL string `json:"uploadURL"`
	Method    string `json:"method"`
	MaxBytes  int    `json:"maxBytes"`
}

// requestUpload answers POST /api/objects/upload with a short-lived URL the browser PUTs the
// file to (000 §7). The server chooses the object's id.
func (s *Server) requestUpload(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	token := s.uploads.Sign(store.NewID(), u.ID)
	writeJSON(w, http.StatusOK, uploadTicket{UploadURL: uploadPathPrefix + token, Method: http.MethodPut,
		MaxBytes: objects.MaxUploadBytes})
	return nil
}

// uploadedObject is a stored, re-encoded image.
type uploadedObject struct {
	ObjectPath  string `json:"objectPath"`
	ContentType string `json:"contentType"`
	Width       int    `json:"width"`
	Height      int    `json:"height"`
}

// receiveUpload is the signed upload URL: it checks the token, reads at most 10 MB, accepts PNG,
// JPEG or WebP by content, re-encodes and stores the image, and records it with an audit row.
func (s *Server) receiveUpload(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	extendDeadlines(w, slowBody, slowBody)
	id, err := s.uploads.Verify(r.PathValue("token"), u.ID)
	if err != nil {
		return err
	}
	if r.ContentLength > objects.MaxUploadBytes {
		return domain.E(domain.ETOOLARGE, domain.CodeFileTooLarge, "megabytes", strconv.Itoa(objects.MaxUploadBytes>>20))
	}
	if _, err := s.store.ObjectByID(r.Context(), id); err == nil {
		return domain.E(domain.ECONFLICT, CodeUploadLinkUsed)
	}
	img, err := s.images.ProcessImage(r.Context(), http.MaxBytesReader(w, r.Body, objects.MaxUploadBytes+1), objects.MaxUploadBytes)
	if err != nil {
		return err
	}
	o := &store.Object{ID: id, Key: "uploads/" + id + "." + img.Ext, OwnerID: u.ID, Kind: "upload",
		ContentType: img.ContentType, SizeBytes: int64(len(img.Data)), OriginalBytes: img.OriginalBytes,
		Width: img.Width, Height: img.Height}
	if err := s.objects.Put(r.Context(), o.Key, img.Data); err != nil {
		return err
	}
	a := s.audit(r, "object.upload", "object")
	a.Details = map[string]any{"contentType": o.ContentType, "bytes": o.OriginalBytes, "width": o.Width, "height": o.Height}
	if err := s.store.InsertObject(r.Context(), o, a); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, uploadedObject{ObjectPath: objectPath(o), ContentType: o.ContentType,
		Width: o.Width, Height: o.Height})
	return nil
}

// objectFromURL finds the object a client names by its upload URL or its object path, and
// checks that the caller uploaded it.
func (s *Server) objectFromURL(r *http.Request, raw string) (*store.Object, error) {
	u := principalFrom(r.Context())
	p := raw
	if i := strings.Index(p, "://"); i >= 0 { // an absolute URL: keep its path
		if j := strings.IndexByte(p[i+3:], '/'); j >= 0 {
			p = p[i+3+j:]
		}
	}
	var id string
	if token, ok := strings.CutPrefix(p, uploadPathPrefix); ok {
		var err error
		if id, err = s.uploads.Verify(token, u.ID); err != nil {
			return nil, err
		}
	} else if dir, file, ok := strings.Cut(strings.TrimPrefix(p, "/objects/"), "/"); ok && kindOfDir[dir] != "" {
		id = strings.TrimSuffix(file, path.Ext(file))
	}
	bad := domain.Invalid(CodeUploadFileAgain, map[string]domain.Fault{"logoURL": domain.F(CodeNotUploaded)})
	if id == "" {
		return nil, bad
	}
	o, err := s.store.ObjectByID(r.Context(), id)
	if domain.ErrorCode(err) == domain.ENOTFOUND || (err == nil && o.OwnerID != u.ID) {
		return nil, bad
	}
	return o, err
}

// logoInput is the request body of normalizeLogo.
type logoInput struct {
	LogoURL string `json:"logoURL"`
}

// normalizeLogo is PUT /api/institution-logos {logoURL}: it turns an upload into a logo, whose
// stable path the application stores, and enforces the logo's own 5 MB limit.
func (s *Server) normalizeLogo(w http.ResponseWriter, r *http.Request) error {
	var in logoInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	return s.promoteUpload(w, r, in.LogoURL, "logo", CodeLogoTooLarge)
}

// objectRef is where an upload turned logo or profile image is served.
type objectRef struct {
	ObjectPath string `json:"objectPath"`
}

// promoteUpload turns the caller's upload into an object of another kind (a logo, a profile
// image), with the 5 MB limit those have (tooLarge is the catalogue code saying so, with
// {megabytes}), and answers its stable path.
func (s *Server) promoteUpload(w http.ResponseWriter, r *http.Request, rawURL, kind, tooLarge string) error {
	o, err := s.objectFromURL(r, strings.TrimSpace(rawURL))
	if err != nil {
		return err
	}
	if o.OriginalBytes > objects.MaxLogoBytes {
		return domain.E(domain.ETOOLARGE, tooLarge, "megabytes", strconv.Itoa(objects.MaxLogoBytes>>20))
	}
	if o.Kind != kind {
		if err := s.store.SetObjectKind(r.Context(), o.ID, kind, s.audit(r, "object."+kind, "object")); err != nil {
			return err
		}
		o.Kind = kind
	}
	writeJSON(w, http.StatusOK, objectRef{ObjectPath: objectPath(o)})
	return nil
}

// serveObject serves a stored file. Logos are public (they appear on the public register);
// other uploads only to their owner and to regulators. nosniff and the stored content type mean
// the browser only ever treats the bytes as the image they were checked to be.
func (s *Server) serveObject(w http.ResponseWriter, r *http.Request) error {
	kind := kindOfDir[r.PathValue("kind")]
	file := r.PathValue("file")
	id := strings.TrimSuffix(file, path.Ext(file))
	missing := domain.E(domain.ENOTFOUND, domain.CodeFileNotFound)
	if kind == "" {
		return missing
	}
	o, err := s.store.ObjectByID(r.Context(), id)
	if err != nil || o.Kind != kind || objectPath(o) != r.URL.Path {
		return missing
	}
	if kind != "logo" {
		u := principalFrom(r.Context())
		if u == nil || (u.ID != o.OwnerID && !u.Role.IsRegulator()) {
			return missing
		}
	}
	f, err := s.objects.Open(r.Context(), o.Key)
	if err != nil {
		return missing
	}
	defer f.Close()
	w.Header().Set("Content-Type", o.ContentType)
	w.Header().Set("Content-Disposition", "inline")
	w.Header().Set("Cache-Control", "private, max-age=3600")
	if kind == "logo" {
		w.Header().Set("Cache-Control", "public, max-age=86400")
	}
	http.ServeContent(w, r, "", o.CreatedAt, f)
	return nil
}
