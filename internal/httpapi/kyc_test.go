package httpapi

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

func kycBody() map[string]string {
	return map[string]string{"fullName": "Fadumo Hassan", "nationalId": "SL12345678", "phoneNumber": "+252 63 4123456",
		"email": "fadumo@mail.so", "address": "Jigjiga Yar, Hargeisa", "documentType": "national_id", "documentNumber": "D1234567"}
}

func TestKYC(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		e.mustUser("c@example.so", domain.RoleCitizen, nil)
		e.mustUser("o@example.so", domain.RoleCBSLOfficer, nil)
		c, o := e.client(), e.client()
		e.signIn(c, "c@example.so")
		e.signIn(o, "o@example.so")
		bad := kycBody()
		bad["phoneNumber"], bad["email"] = "123", "nope"
		res := e.do(c, "POST", "/api/kyc", bad)
		if res.status != 400 || res.fieldMessage(t, "phoneNumber") != "Valid phone number is required" || res.fieldMessage(t, "email") != "Valid email is required" {
			t.Fatalf("invalid KYC: %d %s", res.status, res.body)
		}
		res = e.do(c, "POST", "/api/kyc", kycBody())
		if res.status != 201 || res.json(t)["status"] != "under_review" || res.json(t)["nationalId"] != "••••••5678" {
			t.Fatalf("submit: %d %s", res.status, res.body)
		}
		id := res.json(t)["id"].(string)
		var list []map[string]any
		json.Unmarshal(e.do(o, "GET", "/api/kyc-applications", nil).body, &list)
		if len(list) != 1 || list[0]["nationalId"] != "SL12345678" {
			t.Fatalf("officer list: %v", list)
		}
		json.Unmarshal(e.do(c, "GET", "/api/kyc", nil).body, &list)
		if len(list) != 1 || !strings.HasPrefix(list[0]["nationalId"].(string), "•") {
			t.Fatalf("applicant list: %v", list)
		}
		if res := e.do(o, "PATCH", "/api/kyc-applications/"+id+"/review", map[string]string{"decision": "reject"}); res.status != 400 {
			t.Fatalf("reject without reason: %d", res.status)
		}
		res = e.do(o, "PATCH", "/api/kyc-applications/"+id+"/review", map[string]string{"decision": "approve", "notes": " Documents match. "})
		if res.status != 200 || res.json(t)["status"] != "compliant" || res.json(t)["reviewNotes"] != "Documents match." {
			t.Fatalf("approve: %d %s", res.status, res.body)
		}
		if res := e.do(o, "PATCH", "/api/kyc-applications/"+id+"/review", map[string]string{"decision": "reject", "notes": "x"}); res.status != 409 {
			t.Fatalf("second decision: %d", res.status)
		}
		if e.auditCount("kyc.submit") != 1 || e.auditCount("kyc.approve") != 1 {
			t.Fatal("KYC audit rows missing")
		}
		if m := e.do(o, "GET", "/api/metrics", nil).json(t); m["complianceScore"] != float64(100) {
			t.Fatalf("compliance score after one compliant application: %v", m)
		}
	})
}
