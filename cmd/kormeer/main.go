// Command kormeer is the central bank's payment-system oversight portal: one binary serving the
// JSON API and the embedded web app, on SQLite by default or PostgreSQL in production. Its
// subcommands are listed in commands below; `kormeer --help` prints them.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
)

// version, commit and buildDate are set at build time with -ldflags "-X main.version=..." (the
// Makefile does); commit and buildDate otherwise come from the VCS stamp Go records in the binary.
var (
	version   = "dev"
	commit    = ""
	buildDate = ""
)

// stdin is where `kormeer users create --password-stdin` reads the password; tests replace it.
var stdin io.Reader = os.Stdin

// gcPercent is the garbage collector's target when the environment sets no GOGC. A transfer leaves
// short-lived garbage behind (JSON, SQL arguments, the driver's buffers); at Go's default of 100
// the portal spent 386 µs of CPU per transfer on SQLite, at 400 it spends 343 µs, for some 30 MB
// more at the heap's peak (docs/PERFORMANCE.md, "Transfers end to end"). GOGC, and GOMEMLIMIT
// under a container's memory limit, still decide when given.
const gcPercent = 400

func main() {
	tuneRuntime(os.Getenv)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(Run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
}

// tuneRuntime sets the collector's target (gcPercent) unless the environment sets GOGC.
func tuneRuntime(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
}

// command is one subcommand. Run dispatches on this table and the usage text lists it, so a new
// subcommand cannot be left out of --help.
type command struct {
	name     string
	synopsis string
	summary  string
	run      func(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error
}

// commands is filled by init: the commands' own usage messages read it (verb), which a variable's
// initializer may not refer back to.
var commands []command

func init() {
	commands = []command{
		{"serve", "[flags]", "start the portal (the default command)", serve},
		{"migrate", "[status] [flags]", "apply the database migrations and exit, or list applied and pending ones", migrate},
		{"users", "create [flags]", "create an account (the first administrator, or a second one)", users},
		{"audit", "verify [--anchor SEQ:HASH]... [--json]", "check the audit trail's hash chains; exit 1 when damaged", audit},
		{"sanctions", "import --file F --list un|domestic [flags]", "load a sanctions list file as the list's next version", sanctionsCmd},
		{"backup", "--out FILE [flags]", "write a consistent copy of a SQLite portal, running or not, uploads included", backup},
		{"keys", "list | rotate NAME [flags]", "show or rotate the server keys stored in the database (docs/SECURITY.md)", keys},
		{"loadgen", "[flags]", "measure transfers per second, reads or live alerts against a running portal", func(ctx context.Context, args []string, _ func(string) string, stdout, stderr io.Writer) error {
			return loadgen(ctx, args, stdout, stderr)
		}},
		{"datagen", "[flags]", "fill a database with realistic transactions for benchmarks", datagen},
		{"switchsim", "[flags]", "play the national switch: publish ISO 20022 pacs.008 and pacs.002 to JetStream (or post them) and measure ingest", switchsim},
		{"healthcheck", "[--url U]", "exit 0 when a running portal answers ready (the container's HEALTHCHECK)", healthcheck},
		{"openapi", "", "print the API's OpenAPI 3.1 document (api/openapi.json, docs/API.md)", printOpenAPI},
		{"version", "", "print the version, commit and build date", func(_ context.Context, _ []string, _ func(string) string, stdout, _ io.Writer) error {
			fmt.Fprintln(stdout, versionLine())
			return nil
		}},
	}
}

// Run runs one subcommand and returns the process exit code: 0 on success and for --help, 1 when
// the command failed, 2 for an unknown command. Tests call it directly.
func Run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	name := "serve"
	if len(args) > 0 && isHelp(args[0]) {
		fmt.Fprint(stdout, usage())
		return 0
	}
	if len(args) > 0 && (args[0] == "" || args[0][0] != '-') {
		name, args = args[0], args[1:]
	}
	if name == "help" {
		fmt.Fprint(stdout, usage())
		return 0
	}
	for _, c := range commands {
		if c.name != name {
			continue
		}
		err := c.run(ctx, args, getenv, stdout, stderr)
		switch {
		case err == nil, errors.Is(err, flag.ErrHelp):
			return 0
		case errors.Is(err, errAuditBroken):
			return 1 // the findings are printed already
		default:
			fmt.Fprintln(stderr, "kormeer:", err)
			return 1
		}
	}
	fmt.Fprintf(stderr, "kormeer: unknown command %q\n\n%s", name, usage())
	return 2
}

func isHelp(arg string) bool { return arg == "-h" || arg == "-help" || arg == "--help" }

func usage() string {
	var b strings.Builder
	b.WriteString("Usage: kormeer COMMAND [arguments]\n\nCommands:\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-11s %s\n", c.name, c.summary)
	}
	b.WriteString("\nRun \"kormeer COMMAND --help\" for a command's arguments; every flag also reads a KORMEER_*\n" +
		"variable (README, Configuration).\n")
	return b.String()
}

// verb reads the first argument of a command that takes one (users create, audit verify, keys
// list): --help prints the command's usage and ends it successfully, anything but the verbs
// allowed is an error that shows the usage.
func verb(name string, args []string, stdout io.Writer, verbs ...string) (string, []string, error) {
	c := lookup(name)
	text := fmt.Sprintf("Usage: kormeer %s %s\n  %s\n", c.name, c.synopsis, c.summary)
	switch {
	case len(args) > 0 && isHelp(args[0]):
		fmt.Fprint(stdout, text)
		return "", nil, flag.ErrHelp
	case len(args) == 0:
		return "", nil, errors.New(strings.TrimSpace(text))
	}
	for _, v := range verbs {
		if args[0] == v {
			return v, args[1:], nil
		}
	}
	return "", nil, fmt.Errorf("unknown %s command %q\n%s", name, args[0], strings.TrimSpace(text))
}

func lookup(name string) command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	panic("kormeer: no command " + name)
}

// newFlagSet is a subcommand's flag set: errors go to stderr with the flags; --help prints the
// flags to stdout and Run exits 0.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("kormeer "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	return fs
}

// parsed finishes a flag set's parse: after --help or a bad flag it prints the flags, to stdout
// or stderr.
func parsed(fs *flag.FlagSet, err error, stdout io.Writer) error {
	if err == nil {
		return nil
	}
	out := fs.Output()
	if errors.Is(err, flag.ErrHelp) {
		out = stdout
	}
	fmt.Fprintf(out, "Usage of %s:\n", fs.Name())
	fs.SetOutput(out)
	fs.PrintDefaults()
	return err
}

// versionLine is `kormeer version`: the version, the commit and the build date, each taken from
// the link flags or, when built without them, from Go's VCS stamp.
func versionLine() string {
	c, d := commit, buildDate
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			switch {
			case s.Key == "vcs.revision" && c == "":
				c = s.Value
			case s.Key == "vcs.time" && d == "":
				d = s.Value
			}
		}
	}
	if c == "" {
		c = "unknown"
	}
	if d == "" {
		d = "unknown"
	}
	return fmt.Sprintf("kormeer %s (commit %s, built %s)", version, c, d)
}
