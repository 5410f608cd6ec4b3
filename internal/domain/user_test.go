package domain

import "testing"

func TestNewAccountValidate(t *testing.T) {
	ok := func() NewAccount {
		return NewAccount{Email: " Amina@Example.SO ", Password: "correct horse", FirstName: "Amina", LastName: "Warsame"}
	}
	tests := []struct {
		name   string
		edit   func(*NewAccount)
		fields []string
	}{
		{"valid defaults to citizen", func(*NewAccount) {}, nil},
		{"missing email", func(a *NewAccount) { a.Email = "" }, []string{"email"}},
		{"bad email", func(a *NewAccount) { a.Email = "amina@" }, []string{"email"}},
		{"display-name email refused", func(a *NewAccount) { a.Email = "Amina <a@b.so>" }, []string{"email"}},
		{"short password", func(a *NewAccount) { a.Password = "short" }, []string{"password"}},
		{"missing names", func(a *NewAccount) { a.FirstName, a.LastName = " ", "" }, []string{"firstName", "lastName"}},
		{"unknown role", func(a *NewAccount) { a.Role = "root" }, []string{"role"}},
		{"psp staff need an institution", func(a *NewAccount) { a.Role = RolePSPAdmin }, []string{"institution"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := ok()
			tt.edit(&a)
			err := a.Validate()
			if tt.fields == nil {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				if a.Email != "amina@example.so" || a.Role != RoleCitizen {
					t.Fatalf("not normalised: %+v", a)
				}
				return
			}
			e, isErr := err.(*Error)
			if !isErr || e.Code != EINVALID {
				t.Fatalf("want EINVALID, got %v", err)
			}
			if len(e.Fields) != len(tt.fields) {
				t.Fatalf("fields %v, want %v", e.Fields, tt.fields)
			}
			for _, f := range tt.fields {
				if e.Fields[f].Message == "" {
					t.Errorf("field %q not reported: %v", f, e.Fields)
				}
			}
		})
	}
}

func TestRoleLabel(t *testing.T) {
	for in, want := range map[Role]string{RoleCBSLOfficer: "CBSL OFFICER", RoleCitizen: "CITIZEN", "": "User"} {
		if got := in.Label(); got != want {
			t.Errorf("%q.Label() = %q, want %q", in, got, want)
		}
	}
}
