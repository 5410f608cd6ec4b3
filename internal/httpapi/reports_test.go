package httpapi

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

func TestComplianceReports(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		officer := e.mustUser("o@example.so", domain.RoleCBSLOfficer, nil)
		citizen := e.mustUser("c@example.so", domain.RoleCitizen, nil)
		for _, amount := range []string{"10", "20", "30"} {
			e.do(nil, "POST", "/api/transfer", transferBody(amount), "Authorization", "Bearer "+e.token(citizen))
		}
		o := e.client()
		e.signIn(o, officer.Email)
		period := time.Now().UTC().Format("2006-01")
		for _, bad := range []map[string]any{{"reportType": "monthly_transaction", "period": "2026-13"},
			{"reportType": "gossip", "period": period}, {"reportType": "monthly_transaction", "period": period, "status": "published"}} {
			if res := e.do(o, "POST", "/api/compliance-reports", bad); res.status != 400 {
				t.Fatalf("%v: %d", bad, res.status)
			}
		}
		res := e.do(o, "POST", "/api/compliance-reports", map[string]any{"title": "Monthly Compliance Report - " + period,
			"reportType": "monthly_transaction", "period": period, "institutionId": "CBSL-MAIN", "institutionType": "central_bank",
			"institutionName": "x", "reportData": map[string]any{"transactionCount": 999999}, "metrics": map[string]any{}, "status": "draft"})
		rep := res.json(t)
		data, _ := rep["reportData"].(map[string]any)
		if res.status != 201 || rep["status"] != "draft" || data["transactionCount"] != float64(3) || rep["institutionId"] != "CENTRAL-BANK" {
			t.Fatalf("create: %d %s", res.status, res.body)
		}
		id := rep["id"].(string)
		// A guest sees published reports only.
		guestTok := e.token(e.mustUser("g@example.so", domain.RoleCitizen, func(u *domain.User) { u.IsGuest, u.GuestUnitsRemaining = true, 10 }))
		var list []any
		json.Unmarshal(e.do(nil, "GET", "/api/compliance-reports", nil, "Authorization", "Bearer "+guestTok).body, &list)
		if len(list) != 0 {
			t.Fatalf("guest sees a draft: %v", list)
		}
		if res := e.do(o, "POST", "/api/compliance-reports/"+id+"/publish", nil); res.status != 200 || res.json(t)["status"] != "published" {
			t.Fatalf("publish: %d %s", res.status, res.body)
		}
		if res := e.do(o, "POST", "/api/compliance-reports/"+id+"/publish", nil); res.status != 409 {
			t.Fatalf("publish twice: %d", res.status)
		}
		json.Unmarshal(e.do(nil, "GET", "/api/compliance-reports", nil, "Authorization", "Bearer "+guestTok).body, &list)
		if len(list) != 1 {
			t.Fatalf("guest after publishing: %v", list)
		}
		pdf := e.do(o, "GET", "/api/compliance-reports/"+id+"/pdf", nil)
		if pdf.status != 200 || pdf.header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(string(pdf.body), "%PDF-") {
			t.Fatalf("pdf: %d %v", pdf.status, pdf.header)
		}
		if path, err := exec.LookPath("pdftotext"); err == nil {
			f := filepath.Join(t.TempDir(), "r.pdf")
			os.WriteFile(f, pdf.body, 0o600)
			out, err := exec.Command(path, f, "-").Output()
			if err != nil || !strings.Contains(string(out), "Transactions") || !strings.Contains(string(out), "3 transactions") {
				t.Fatalf("pdf text: %s %v", out, err)
			}
			// Its headings are in the reader's language: here the officer's stored Somali.
			if res := e.do(o, "PATCH", "/api/profile", map[string]string{"language": "so"}); res.status != 200 {
				t.Fatalf("language: %d %s", res.status, res.body)
			}
			os.WriteFile(f, e.do(o, "GET", "/api/compliance-reports/"+id+"/pdf", nil).body, 0o600)
			out, err = exec.Command(path, f, "-").Output()
			if err != nil || !strings.Contains(string(out), "Lacag-dhaqaaqyada") || !strings.Contains(string(out), "Qiimaha") ||
				strings.Contains(string(out), "Value") {
				t.Fatalf("Somali pdf text: %s %v", out, err)
			}
		}
		csvRes := e.do(o, "GET", "/api/compliance-reports/"+id+"/csv", nil)
		if csvRes.status != 200 || !strings.Contains(string(csvRes.body), "Transactions,3") {
			t.Fatalf("csv: %d %s", csvRes.status, csvRes.body)
		}
		if e.auditCount("report.create") != 1 || e.auditCount("report.publish") != 1 {
			t.Fatal("report audit rows missing")
		}
	})
}
