package iso20022

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse feeds the parser arbitrary documents: it must never panic, and it returns either
// messages or an *Error with at least one fault, never both.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.*")
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(`<Batch><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pacs.002.001.10"/></Batch>`))
	f.Add([]byte(`[{"MsgDefIdr":"pacs.002.001.12","Document":{"FIToFIPmtStsRpt":{}}}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		msgs, err := Parse(data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || len(e.Faults) == 0 || msgs != nil {
				t.Fatalf("error %v with %d messages", err, len(msgs))
			}
			return
		}
		for _, m := range msgs {
			for _, tr := range m.Transfers {
				if tr.EndToEndID == "" || tr.Amount < 1 || len(tr.Key()) > 64 {
					t.Fatalf("accepted transfer %+v", tr)
				}
			}
			for _, s := range m.Statuses {
				if s.Outcome() == "" || len(s.References()) == 0 {
					t.Fatalf("accepted status %+v", s)
				}
			}
		}
	})
}
