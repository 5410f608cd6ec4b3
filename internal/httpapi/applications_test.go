package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

func validApplication(license string) map[string]any {
	return map[string]any{"institutionName": "Berbera Pay", "institutionType": "psp", "licenseNumber": license,
		"contactEmail": "licensing@berberapay.so", "contactPhone": "+252 63 4123456", "contactPerson": "Ayaan Duale",
		"address": "Road 1, Berbera", "businessDescription": "Merchant payments", "logoUrl": nil, "status": "pending"}
}

// noisePNG returns a PNG of random pixels, which does not compress: w*h*4 bytes and a little more.
func noisePNG(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	r := rand.New(rand.NewPCG(1, 2))
	for i := range img.Pix {
		img.Pix[i] = byte(r.Uint32())
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.NoCompression}).Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// upload runs the browser's upload flow and answers the upload URL and the PUT's response.
func (e *testEnv) upload(c *http.Client, data []byte, contentType string) (string, response) {
	e.t.Helper()
	res := e.do(c, "POST", "/api/objects/upload", nil)
	if res.status != 200 {
		e.t.Fatalf("request upload: %d %s", res.status, res.body)
	}
	m := res.json(e.t)
	uploadURL, _ := m["uploadURL"].(string)
	if m["method"] != "PUT" || !strings.HasPrefix(uploadURL, "/api/objects/upload/") {
		e.t.Fatalf("upload parameters %v", m)
	}
	return uploadURL, e.do(c, "PUT", uploadURL, string(data), "Content-Type", contentType)
}

func TestLogoUploadAndApplication(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		e.mustUser("applicant@example.so", domain.RoleCitizen, nil)
		c := e.client()
		e.signIn(c, "applicant@example.so")

		uploadURL, res := e.upload(c, noisePNG(t, 40, 20), "image/png")
		if res.status != 200 || res.json(t)["width"] != float64(40) {
			t.Fatalf("upload: %d %s", res.status, res.body)
		}
		// Not a logo yet, so an application may not use it.
		app := validApplication("PSP-2026-001")
		app["logoUrl"] = res.json(t)["objectPath"]
		if res := e.do(c, "POST", "/api/institution-applications", app); res.status != 400 {
			t.Fatalf("application with a plain upload: %d %s", res.status, res.body)
		}
		res = e.do(c, "PUT", "/api/institution-logos", map[string]string{"logoURL": uploadURL})
		logo, _ := res.json(t)["objectPath"].(string)
		if res.status != 200 || !strings.HasPrefix(logo, "/objects/logos/") {
			t.Fatalf("normalize logo: %d %s", res.status, res.body)
		}
		// The logo is served to anyone, as the image it was checked to be.
		img := e.do(nil, "GET", logo, nil)
		if img.status != 200 || img.header.Get("Content-Type") != "image/png" || img.header.Get("X-Content-Type-Options") != "nosniff" {
			t.Fatalf("logo served: %d %v", img.status, img.header)
		}
		if _, err := png.Decode(bytes.NewReader(img.body)); err != nil {
			t.Fatalf("served logo is not a PNG: %v", err)
		}
		// Someone else cannot claim it.
		e.mustUser("other@example.so", domain.RoleCitizen, nil)
		other := e.client()
		e.signIn(other, "other@example.so")
		if res := e.do(other, "PUT", "/api/institution-logos", map[string]string{"logoURL": logo}); res.status != 400 {
			t.Fatalf("another user's logo accepted: %d", res.status)
		}
		if res := e.do(other, "PUT", uploadURL, string(noisePNG(t, 4, 4)), "Content-Type", "image/png"); res.status != 403 {
			t.Fatalf("another user's upload URL accepted: %d", res.status)
		}

		app["logoUrl"] = logo
		res = e.do(c, "POST", "/api/institution-applications", app)
		if res.status != 201 {
			t.Fatalf("submit: %d %s", res.status, res.body)
		}
		got := res.json(t)
		if got["status"] != "pending" || got["logoUrl"] != logo || got["submittedBy"] == nil || got["licenseNumber"] != "PSP-2026-001" {
			t.Fatalf("stored application %v", got)
		}
		if n := e.auditCount("application.submit"); n != 1 {
			t.Fatalf("application.submit audit rows = %d", n)
		}
	})
}

func TestUploadRefusals(t *testing.T) {
	e := newEnv(t, storetest.Backends()[0], nil)
	e.mustUser("a@example.so", domain.RoleCitizen, nil)
	c := e.client()
	e.signIn(c, "a@example.so")
	svg := `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`
	if _, res := e.upload(c, []byte(svg), "image/png"); res.status != 415 || !strings.Contains(res.json(t)["message"].(string), "SVG") {
		t.Fatalf("svg: %d %s", res.status, res.body)
	}
	if _, res := e.upload(c, bytes.Repeat([]byte{0x89}, 10<<20+1), "image/png"); res.status != 413 {
		t.Fatalf("over 10 MB: %d %s", res.status, res.body)
	}
	// Between 5 and 10 MB: a fine upload, but too large for a logo.
	uploadURL, res := e.upload(c, noisePNG(t, 1200, 1200), "image/png")
	if res.status != 200 {
		t.Fatalf("6 MB image: %d %s", res.status, res.body)
	}
	if res := e.do(c, "PUT", "/api/institution-logos", map[string]string{"logoURL": uploadURL}); res.status != 413 || !strings.Contains(string(res.body), "5MB") {
		t.Fatalf("6 MB logo: %d %s", res.status, res.body)
	}
	if res := e.do(c, "PUT", uploadURL, string(noisePNG(t, 4, 4)), "Content-Type", "image/png"); res.status != 409 {
		t.Fatalf("upload URL reused: %d", res.status)
	}
	if n := e.auditCount("object.upload"); n != 1 {
		t.Fatalf("object.upload audit rows = %d, want 1 (refusals write nothing)", n)
	}
	if res := e.do(nil, "GET", "/objects/uploads/"+store.NewID()+".png", nil); res.status != 404 {
		t.Fatalf("unknown object: %d", res.status)
	}
}

func TestApplicationValidationAndScope(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		e.mustUser("a@example.so", domain.RoleCitizen, nil)
		e.mustUser("b@example.so", domain.RoleCitizen, nil)
		e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		a, bc, officer := e.client(), e.client(), e.client()
		e.signIn(a, "a@example.so")
		e.signIn(bc, "b@example.so")
		e.signIn(officer, "officer@example.so")

		bad := validApplication("PSP-1")
		bad["institutionType"] = "bank"
		bad["contactEmail"] = "nope"
		res := e.do(a, "POST", "/api/institution-applications", bad)
		fields, _ := res.json(t)["fields"].(map[string]any)
		if res.status != 400 || fields["institutionType"] == nil || fields["contactEmail"] == nil {
			t.Fatalf("invalid application: %d %s", res.status, res.body)
		}
		if res := e.do(a, "POST", "/api/institution-applications", map[string]any{"institutionName": 7}); res.status != 400 {
			t.Fatalf("wrong type: %d", res.status)
		}
		first := e.do(a, "POST", "/api/institution-applications", validApplication("psp-1")).json(t)
		if first["licenseNumber"] != "PSP-1" {
			t.Fatalf("licence number not normalised: %v", first["licenseNumber"])
		}
		res = e.do(bc, "POST", "/api/institution-applications", validApplication("PSP-1"))
		if res.status != 409 || !strings.Contains(string(res.body), "licenseNumber") {
			t.Fatalf("duplicate licence number: %d %s", res.status, res.body)
		}
		e.do(bc, "POST", "/api/institution-applications", validApplication("PSP-2"))

		count := func(c *http.Client) int {
			var list []any
			res := e.do(c, "GET", "/api/institution-applications", nil)
			if err := json.Unmarshal(res.body, &list); err != nil {
				t.Fatal(err)
			}
			return len(list)
		}
		if count(a) != 1 || count(bc) != 1 || count(officer) != 2 {
			t.Fatalf("scopes: a %d, b %d, officer %d", count(a), count(bc), count(officer))
		}
		id := first["id"].(string)
		if res := e.do(bc, "GET", "/api/institution-applications/"+id, nil); res.status != 404 {
			t.Fatalf("another applicant read an application: %d", res.status)
		}
		if res := e.do(officer, "GET", "/api/institution-applications/"+id, nil); res.status != 200 {
			t.Fatalf("officer read: %d", res.status)
		}
		for _, bad := range []string{"not-a-uuid", store.NewID()} {
			if res := e.do(officer, "POST", "/api/institution-applications/"+bad+"/approve", nil); res.status != 404 {
				t.Fatalf("approve unknown id %s: %d %s", bad, res.status, res.body)
			}
		}
	})
}

func TestReviewIssuesLicence(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		applicant := e.mustUser("a@example.so", domain.RoleCitizen, nil)
		e.mustUser("admin@example.so", domain.RoleCBSLAdmin, nil)
		a, admin := e.client(), e.client()
		e.signIn(a, applicant.Email)
		e.signIn(admin, "admin@example.so")
		id := e.do(a, "POST", "/api/institution-applications", validApplication("PSP-9")).json(t)["id"].(string)

		// Rejecting requires a reason, and a refused request changes nothing.
		for _, body := range []any{nil, map[string]any{"notes": "   "}} {
			res := e.do(admin, "POST", "/api/institution-applications/"+id+"/reject", body)
			if res.status != 400 || !strings.Contains(string(res.body), "reason") {
				t.Fatalf("reject without reason: %d %s", res.status, res.body)
			}
		}
		res := e.do(admin, "POST", "/api/institution-applications/"+id+"/approve", map[string]any{"notes": "  Documents verified.  "})
		got := res.json(t)
		if res.status != 200 || got["status"] != "approved" || got["reviewNotes"] != "Documents verified." || got["reviewedAt"] == nil || got["institutionId"] == nil {
			t.Fatalf("approve: %d %s", res.status, res.body)
		}
		if res := e.do(admin, "POST", "/api/institution-applications/"+id+"/reject", map[string]any{"notes": "late"}); res.status != 409 {
			t.Fatalf("reject after approval: %d", res.status)
		}
		me := e.do(a, "GET", "/api/auth/user", nil).json(t)
		if me["role"] != "psp_admin" || me["institution"] != got["institutionId"] {
			t.Fatalf("applicant after approval: %v", me)
		}
		var psps []map[string]any
		json.Unmarshal(e.do(a, "GET", "/api/psps", nil).body, &psps)
		if len(psps) != 1 || psps[0]["licenseNumber"] != "PSP-9" || psps[0]["licenseStatus"] != "active" || psps[0]["licenseExpiresAt"] == nil {
			t.Fatalf("the new PSP as its staff sees it: %v", psps)
		}
		var register []map[string]any
		json.Unmarshal(e.do(nil, "GET", "/api/public/register", nil).body, &register)
		if !slices.ContainsFunc(register, func(r map[string]any) bool { return r["name"] == "Berbera Pay" }) {
			t.Fatalf("public register: %v", register)
		}
		for action, n := range map[string]int{"application.approve": 1, "institution.license_issue": 1, "user.role_change": 1} {
			if got := e.auditCount(action); got != n {
				t.Errorf("%s audit rows = %d, want %d", action, got, n)
			}
		}
	})
}

// TestConcurrentReviewsHaveOneWinner: 50 concurrent approve and reject calls on one application
// give exactly one success, 409 for the rest, and exactly one audit row for the transition.
func TestConcurrentReviewsHaveOneWinner(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		e.mustUser("a@example.so", domain.RoleCitizen, nil)
		officer := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		a := e.client()
		e.signIn(a, "a@example.so")
		id := e.do(a, "POST", "/api/institution-applications", validApplication("MNO-50")).json(t)["id"].(string)
		tok := e.token(officer)
		var mu sync.Mutex
		statuses := map[int]int{}
		var wg sync.WaitGroup
		for i := 0; i < 50; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				path := "/api/institution-applications/" + id + "/approve"
				if i%2 == 1 {
					path = "/api/institution-applications/" + id + "/reject"
				}
				res := e.do(nil, "POST", path, map[string]any{"notes": fmt.Sprintf("decision %d", i)}, "Authorization", "Bearer "+tok)
				mu.Lock()
				statuses[res.status]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if statuses[200] != 1 || statuses[409] != 49 {
			t.Fatalf("statuses %v, want one 200 and 49 409", statuses)
		}
		if n := e.auditCount("application.approve") + e.auditCount("application.reject"); n != 1 {
			t.Fatalf("transition audit rows = %d, want 1", n)
		}
	})
}

func TestOnboardingEndpoints(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		e.mustUser("a@example.so", domain.RoleCitizen, nil)
		e.mustUser("admin@example.so", domain.RoleCBSLAdmin, nil)
		a, admin := e.client(), e.client()
		e.signIn(a, "a@example.so")
		e.signIn(admin, "admin@example.so")
		mno := validApplication("MNO-7")
		mno["institutionType"] = "mno"
		id := e.do(a, "POST", "/api/institution-applications", mno).json(t)["id"].(string)
		var items []map[string]any
		json.Unmarshal(e.do(admin, "GET", "/api/onboarding", nil).body, &items)
		if len(items) != 1 || items[0]["type"] != "MNO" || items[0]["name"] != "Berbera Pay" || items[0]["status"] != "pending" {
			t.Fatalf("onboarding list %v", items)
		}
		for body, want := range map[string]int{`{"status":"under_review"}`: 400, `{"status":"rejected"}`: 400, `{"status":"approved","extra":1}`: 400} {
			if res := e.do(admin, "PATCH", "/api/onboarding/"+id+"/status", body); res.status != want {
				t.Fatalf("%s: %d, want %d (%s)", body, res.status, want, res.body)
			}
		}
		if res := e.do(admin, "PATCH", "/api/onboarding/"+id+"/status", map[string]any{"status": "rejected", "notes": "Incomplete capital documents"}); res.status != 200 {
			t.Fatalf("reject via onboarding: %d %s", res.status, res.body)
		}
		json.Unmarshal(e.do(admin, "GET", "/api/onboarding", nil).body, &items)
		if len(items) != 0 {
			t.Fatalf("rejected item still pending: %v", items)
		}
		app := e.do(a, "GET", "/api/institution-applications/"+id, nil).json(t)
		if app["status"] != "rejected" || app["reviewNotes"] != "Incomplete capital documents" {
			t.Fatalf("applicant sees %v", app)
		}
		if me := e.do(a, "GET", "/api/auth/user", nil).json(t); me["role"] != "citizen" {
			t.Fatalf("rejection changed the role: %v", me["role"])
		}
	})
}

func TestLicenceActions(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		pspID := e.seeded("psp", "Premium-Wallet")
		e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		e.mustUser("staff@example.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = pspID })
		e.mustUser("other@example.so", domain.RoleMNOAdmin, func(u *domain.User) { u.Institution = store.NewID() })
		officer := e.client()
		e.signIn(officer, "officer@example.so")
		change := func(action, reason string) response {
			return e.do(officer, "PATCH", "/api/psps/"+pspID+"/license", map[string]string{"action": action, "reason": reason})
		}
		registerLen := func() int {
			var list []any
			json.Unmarshal(e.do(nil, "GET", "/api/public/register", nil).body, &list)
			return len(list)
		}
		registered := registerLen()
		if registered == 0 {
			t.Fatal("active PSP missing from the public register")
		}
		steps := []struct {
			action, reason string
			status         int
			license        string
		}{
			{"suspend", "", 400, ""},
			{"archive", "x", 400, ""},
			{"reinstate", "not suspended", 409, ""},
			{"suspend", "Late AML reports", 200, "suspended"},
			{"suspend", "again", 409, ""},
			{"reinstate", "Reports filed", 200, "active"},
			{"revoke", "Licence conditions breached", 200, "revoked"},
			{"reinstate", "appeal", 409, ""},
		}
		for _, s := range steps {
			res := change(s.action, s.reason)
			if res.status != s.status {
				t.Fatalf("%s: %d %s, want %d", s.action, res.status, res.body, s.status)
			}
			if s.license != "" && res.json(t)["licenseStatus"] != s.license {
				t.Fatalf("%s: licence %v", s.action, res.json(t)["licenseStatus"])
			}
		}
		if registerLen() != registered-1 {
			t.Fatal("a revoked PSP is still on the public register")
		}
		if n := e.auditCount("institution.license_suspend") + e.auditCount("institution.license_reinstate") + e.auditCount("institution.license_revoke"); n != 3 {
			t.Fatalf("licence audit rows = %d, want 3", n)
		}
		// Registry scopes and filters.
		var list []map[string]any
		json.Unmarshal(e.do(officer, "GET", "/api/psps?q=premium&status=revoked", nil).body, &list)
		if len(list) != 1 {
			t.Fatalf("officer search: %v", list)
		}
		if res := e.do(officer, "GET", "/api/psps?status=sleeping", nil); res.status != 400 {
			t.Fatalf("bad status filter: %d", res.status)
		}
		staff, other := e.client(), e.client()
		e.signIn(staff, "staff@example.so")
		e.signIn(other, "other@example.so")
		json.Unmarshal(e.do(staff, "GET", "/api/psps", nil).body, &list)
		if len(list) != 1 {
			t.Fatalf("staff see their own PSP: %v", list)
		}
		json.Unmarshal(e.do(other, "GET", "/api/psps", nil).body, &list)
		if len(list) != 0 {
			t.Fatalf("another institution's staff see %v", list)
		}
		if res := e.do(officer, "PATCH", "/api/mnos/"+pspID+"/license", map[string]string{"action": "suspend", "reason": "x"}); res.status != 404 {
			t.Fatalf("a PSP id on the MNO route: %d", res.status)
		}
	})
}
