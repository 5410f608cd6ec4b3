package domain

import (
	"encoding/json"
	"os"
	"testing"
)

// vectorCase is one case of a shared vector file in testdata/: a change to the file's valid
// input and either the expected field errors or, for the transfer engine, a result.
type vectorCase struct {
	Name   string            `json:"name"`
	Change map[string]any    `json:"change"`
	Fields map[string]string `json:"fields"`
	Result json.RawMessage   `json:"result"`
	// Input is the file's valid input with the change applied, as JSON.
	Input []byte `json:"-"`
}

// loadVectors reads testdata/<name>, whose valid input is under base (or "valid").
func loadVectors(t testing.TB, name, base string) []vectorCase {
	t.Helper()
	raw, err := os.ReadFile("../../testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var file map[string]json.RawMessage
	if err := json.Unmarshal(raw, &file); err != nil {
		t.Fatal(err)
	}
	var valid map[string]any
	var cases []vectorCase
	if err := json.Unmarshal(file[base], &valid); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(file["cases"], &cases); err != nil {
		t.Fatal(err)
	}
	for i := range cases {
		in := map[string]any{}
		for k, v := range valid {
			in[k] = v
		}
		for k, v := range cases[i].Change {
			in[k] = v
		}
		cases[i].Input, _ = json.Marshal(in)
	}
	return cases
}

// vectorInstitutions is the licence registry of testdata/transfers.json that the transfer
// vectors run against.
func vectorInstitutions(t testing.TB) Institutions {
	t.Helper()
	raw, err := os.ReadFile("../../testdata/transfers.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct{ Institutions Institutions }
	if err := json.Unmarshal(raw, &file); err != nil || len(file.Institutions) == 0 {
		t.Fatalf("transfers.json institutions: %v", err)
	}
	return file.Institutions
}

// expectFields checks that err carries exactly the expected field errors (none when want is empty).
func expectFields(t *testing.T, err error, want map[string]string) {
	t.Helper()
	got := map[string]string{}
	if e, ok := err.(*Error); ok {
		for k, f := range e.Fields {
			got[k] = f.Message
		}
	} else if err != nil {
		t.Fatalf("unexpected error %v", err)
	}
	if len(got) != len(want) {
		t.Fatalf("fields %v, want %v", got, want)
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s = %q, want %q", k, got[k], w)
		}
	}
}
