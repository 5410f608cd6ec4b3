// Command kormeer is the central bank's payment-system oversight portal: one binary serving the
// JSON API and the embedded web app, on SQLite by default or PostgreSQL in production.
//
//	kormeer [serve] [flags]     start the portal (the default)
//	kormeer migrate [flags]     bring the database schema up to date and exit
//	kormeer users create ...    create an account
//	kormeer audit verify        check the audit trail's hash chain (exit 1 when damaged)
//	kormeer keys list|rotate    show or rotate the server keys stored in the database
//	kormeer loadgen [flags]     measure transfers per second against a running portal
//	kormeer datagen [flags]     fill a database with realistic transactions for benchmarks
//	kormeer version             print the version
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(Run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
}

// Run runs one subcommand and returns the process exit code. Tests call it directly.
func Run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	cmd := "serve"
	if len(args) > 0 && (args[0] == "" || args[0][0] != '-') {
		cmd, args = args[0], args[1:]
	}
	var err error
	switch cmd {
	case "serve":
		err = serve(ctx, args, getenv, stdout, stderr)
	case "migrate":
		err = migrate(ctx, args, getenv, stdout, stderr)
	case "users":
		err = users(ctx, args, getenv, stdout, stderr)
	case "audit":
		err = audit(ctx, args, getenv, stdout, stderr)
	case "keys":
		err = keys(ctx, args, getenv, stdout, stderr)
	case "loadgen":
		err = loadgen(ctx, args, stdout, stderr)
	case "datagen":
		err = datagen(ctx, args, getenv, stdout, stderr)
	case "version":
		fmt.Fprintln(stdout, "kormeer", version)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
	default:
		fmt.Fprintf(stderr, "kormeer: unknown command %q\n\n%s", cmd, usage)
		return 2
	}
	if errors.Is(err, errAuditBroken) {
		return 1 // the findings are printed already
	}
	if err != nil {
		fmt.Fprintln(stderr, "kormeer:", err)
		return 1
	}
	return 0
}

const usage = `Usage:
  kormeer [serve] [flags]   start the portal (default)
  kormeer migrate [flags]   apply database migrations and exit
  kormeer users create --email E --password P --role R --first-name F --last-name L [--institution I] [--guest]
  kormeer audit verify [--anchor SEQ:HASH]... [--json]   check the audit trail's hash chain; exit 1 when damaged
  kormeer keys list         show where each server key comes from and its stored versions
  kormeer keys rotate NAME [--activate-in 2m] [--grace D]
                            rotate a server key stored in the database (docs/SECURITY.md)
  kormeer version           print the version

Run "kormeer serve -h" for the flags; every flag also reads a KORMEER_* variable.
`
