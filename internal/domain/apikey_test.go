package domain

import "testing"

func TestParseAPIKey(t *testing.T) {
	for key, want := range map[string][2]string{
		"kmr_0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b_ABCDEF234567": {"0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", "ABCDEF234567"},
		"kmr_id_secret_with_underscores":                        {"id", "secret_with_underscores"},
		"kmr_":                                                  {},
		"kmr_id_":                                               {},
		"kmr__secret":                                           {},
		"eyJhbGciOiJIUzI1NiJ9.e30.x":                            {},
		"KMR_id_secret":                                         {},
	} {
		id, secret, ok := ParseAPIKey(key)
		if ok != (want[0] != "") || id != want[0] || secret != want[1] {
			t.Errorf("ParseAPIKey(%q) = %q, %q, %v; want %q, %q", key, id, secret, ok, want[0], want[1])
		}
	}
	if id, secret, ok := ParseAPIKey(FormatAPIKey("a", "b")); !ok || id != "a" || secret != "b" {
		t.Fatal("FormatAPIKey does not parse back")
	}
}

func TestNewAPIKeyValidate(t *testing.T) {
	cases := []struct {
		in    NewAPIKey
		field string
	}{
		{NewAPIKey{Name: "  Core feed  ", Scopes: []string{ScopeReadTransactions, ScopeSubmitTransactions}}, ""},
		{NewAPIKey{Name: "ab", Scopes: []string{ScopeReadTransactions}}, "name"},
		{NewAPIKey{Name: "Core feed"}, "scopes"},
		{NewAPIKey{Name: "Core feed", Scopes: []string{"admin"}}, "scopes"},
		{NewAPIKey{Name: "Core feed", Scopes: []string{ScopeReadTransactions, ScopeReadTransactions}}, "scopes"},
	}
	for _, c := range cases {
		err := c.in.Validate()
		if c.field == "" {
			if err != nil || c.in.Name != "Core feed" || c.in.Scopes[0] != ScopeReadTransactions {
				t.Errorf("%+v: %v", c.in, err)
			}
			continue
		}
		if e, ok := err.(*Error); !ok || e.Fields[c.field].Message == "" {
			t.Errorf("%+v: %v, want an error on %s", c.in, err, c.field)
		}
	}
}
