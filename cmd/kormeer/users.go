package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/kormeer/kormeer/internal/auth"
	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// users handles `kormeer users create`, the way to make accounts before anyone can sign in, and
// the way a sole administrator gets a second one: whoever runs it on the server is trusted with
// the database already, so it creates cbsl_admin and cbsl_officer accounts without a proposal.
func users(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		return errors.New(`usage: kormeer users create --email E --password P --role R --first-name F --last-name L [--institution I] [--guest] [--username U]`)
	}
	var acct domain.NewAccount
	var role, username string
	var guest bool
	e, err := setup(ctx, "users create", args[1:], getenv, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&acct.Email, "email", "", "email address (required)")
		fs.StringVar(&acct.Password, "password", "", "password, at least 8 characters (required)")
		fs.StringVar(&role, "role", "citizen", "cbsl_admin, cbsl_officer, psp_admin, mno_admin or citizen")
		fs.StringVar(&acct.FirstName, "first-name", "", "first name (required)")
		fs.StringVar(&acct.LastName, "last-name", "", "last name (required)")
		fs.StringVar(&acct.Institution, "institution", "", "institution id, required for psp_admin and mno_admin")
		fs.BoolVar(&guest, "guest", false, "make a guest account with 10 read units")
		fs.StringVar(&username, "username", "", "username for signing in (guests sign in with it)")
	})
	if err != nil {
		return err
	}
	defer e.store.Close()
	acct.Role = domain.Role(role)
	if err := acct.Validate(); err != nil {
		return errors.New(describeFields(err))
	}
	hash, err := (auth.Hasher{Params: auth.DefaultParams}).Hash(acct.Password)
	if err != nil {
		return err
	}
	u := &domain.User{Email: acct.Email, Username: username, FirstName: acct.FirstName, LastName: acct.LastName,
		PasswordHash: hash, Role: acct.Role, Institution: acct.Institution, IsActive: true, IsGuest: guest}
	if guest {
		u.GuestUnitsRemaining = domain.DefaultGuestUnits
	}
	// The server's operator bypasses dual control: this is how an installation with one
	// administrator gets its second (README, docs/DECISIONS.md). The audit row says so.
	if err := e.store.CreateUser(ctx, u, store.Audit{Action: "user.create_cli", Resource: "user",
		Details: map[string]any{"email": u.Email, "role": u.Role, "guest": guest, "bootstrap": true}}); err != nil {
		return errors.New(domain.ErrorMessage(err))
	}
	fmt.Fprintf(stdout, "created %s (%s) id %s\n", u.Email, u.Role, u.ID)
	return nil
}
