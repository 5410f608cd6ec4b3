package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kormeer/kormeer/internal/auth"
	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// users handles `kormeer users create`, the way to make accounts before anyone can sign in, and
// the way a sole administrator gets a second one: whoever runs it on the server is trusted with
// the database already, so it creates cbsl_admin and cbsl_officer accounts without a proposal.
func users(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	_, args, err := verb("users", args, stdout, "create")
	if err != nil {
		return err
	}
	var acct domain.NewAccount
	var role, username, passwordFile string
	var guest, passwordStdin bool
	e, err := setup(ctx, "users create", args, getenv, stdout, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&acct.Email, "email", "", "email address (required)")
		fs.StringVar(&acct.Password, "password", "", "password, at least 8 characters (visible to other users of the machine: prefer --password-file or --password-stdin)")
		fs.StringVar(&passwordFile, "password-file", "", "read the password from this file (its first line)")
		fs.BoolVar(&passwordStdin, "password-stdin", false, "read the password from standard input (its first line)")
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
	if acct.Password, err = password(acct.Password, passwordFile, passwordStdin); err != nil {
		return err
	}
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

// password is the new account's password from exactly one of --password, --password-file and
// --password-stdin; a file or standard input gives its first line, without the line ending.
func password(flagValue, file string, fromStdin bool) (string, error) {
	given := 0
	for _, set := range []bool{flagValue != "", file != "", fromStdin} {
		if set {
			given++
		}
	}
	if given > 1 {
		return "", errors.New("give the password once: --password, --password-file or --password-stdin")
	}
	var r io.Reader
	switch {
	case file != "":
		f, err := os.Open(file)
		if err != nil {
			return "", fmt.Errorf("--password-file: %w", err)
		}
		defer f.Close()
		r = f
	case fromStdin:
		r = stdin
	default:
		return flagValue, nil
	}
	line, err := bufio.NewReader(io.LimitReader(r, 4096)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("read the password: %w", err)
	}
	return strings.TrimRight(line, "\r\n"), nil
}
