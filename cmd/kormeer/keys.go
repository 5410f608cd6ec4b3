package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/kormeer/kormeer/internal/config"
	"github.com/kormeer/kormeer/internal/secrets"
	"github.com/kormeer/kormeer/internal/store"
)

// keysUsage names every key of secrets.Specs.
func keysUsage() string {
	names := make([]string, len(secrets.Specs))
	for i, s := range secrets.Specs {
		names[i] = s.Name
	}
	return "usage: kormeer keys list\n       kormeer keys rotate NAME [--activate-in 2m] [--grace D]   (NAME: " +
		strings.Join(names, ", ") + ")"
}

// keyOptions are the server keys' options from the configuration: the keys given from outside
// and the master key.
func keyOptions(cfg *config.Config, log *slog.Logger) (secrets.Options, error) {
	master, err := secrets.NewMaster(cfg.MasterKey, cfg.MasterKeyPrevious)
	return secrets.Options{External: cfg.Keys, Master: master, Log: log}, err
}

// serverKeys loads the server keys for `kormeer serve` (internal/secrets explains where each
// comes from).
func serverKeys(ctx context.Context, st *store.Store, cfg *config.Config, log *slog.Logger) (*secrets.Keys, error) {
	opts, err := keyOptions(cfg, log)
	if err != nil {
		return nil, err
	}
	return secrets.Open(ctx, st, opts)
}

// keys handles `kormeer keys list` and `kormeer keys rotate NAME`, run with the configuration of
// the servers (the same database and master key).
func keys(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cmd, rest, err := verb("keys", args, stdout, "list", "rotate")
	if err != nil {
		return err
	}
	var name string
	if cmd == "rotate" {
		if len(rest) == 0 || rest[0] == "" || rest[0][0] == '-' {
			if len(rest) > 0 && isHelp(rest[0]) {
				fmt.Fprintln(stdout, keysUsage())
				return flag.ErrHelp
			}
			return errors.New(keysUsage())
		}
		name, rest = rest[0], rest[1:]
	}
	var activateIn, grace time.Duration
	e, err := setup(ctx, "keys "+cmd, rest, getenv, stdout, stderr, func(fs *flag.FlagSet) {
		if cmd == "rotate" {
			fs.DurationVar(&activateIn, "activate-in", 2*time.Minute,
				"when the new version starts to sign: longer than the servers' reload interval (30s), so all accept it first")
			fs.DurationVar(&grace, "grace", -1, "how long the replaced version keeps verifying after that (default: per key, see docs/SECURITY.md)")
		}
	})
	if err != nil {
		return err
	}
	defer e.store.Close()
	if cmd == "list" {
		return listKeys(ctx, e.store, e.cfg, stdout)
	}
	if spec, ok := secrets.SpecFor(name); ok && spec.Fixed {
		return fmt.Errorf("the key %s is not rotated: what it seals would no longer open (docs/SECURITY.md)", name)
	}
	if spec, ok := secrets.SpecFor(name); ok && grace < 0 {
		grace = defaultGrace(spec, e.cfg)
	}
	opts, err := keyOptions(e.cfg, e.log)
	if err != nil {
		return err
	}
	v, err := secrets.Rotate(ctx, e.store, opts, name, activateIn, grace)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s version %d signs from %s; the versions it replaces verify until %s\n",
		name, v.Seq, v.ActiveFrom.Format(time.RFC3339), v.ActiveFrom.Add(grace).Format(time.RFC3339))
	return nil
}

// defaultGrace keeps a replaced version as long as what it signed may still be presented: the
// configured token and access-code lifetimes when they exceed the key's default.
func defaultGrace(spec secrets.Spec, cfg *config.Config) time.Duration {
	lifetime := map[string]time.Duration{secrets.Token: cfg.TokenTTL, secrets.AccessCode: cfg.AccessCodeTTL}[spec.Name]
	return max(spec.Grace, lifetime+time.Hour)
}

// listKeys prints where each key comes from and its stored versions; never a key.
func listKeys(ctx context.Context, st *store.Store, cfg *config.Config, stdout io.Writer) error {
	stored, err := st.ServerKeys(ctx)
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "KEY\tSOURCE\tVERSION\tSTORED\tSIGNS FROM\tVERIFIES UNTIL")
	for _, spec := range secrets.Specs {
		if _, ok := cfg.Keys[spec.Name]; ok {
			fmt.Fprintf(w, "%s\t%s\t-\t-\t-\t-\n", spec.Name, spec.Env)
		}
		for _, s := range stored {
			if s.Name != spec.Name {
				continue
			}
			form, until := "in clear", "-"
			if s.Sealed() {
				form = "sealed"
			}
			if !s.RetireAt.IsZero() {
				until = s.RetireAt.Format(time.RFC3339)
			}
			fmt.Fprintf(w, "%s\tdatabase\t%d\t%s\t%s\t%s\n", s.Name, s.Seq, form, s.ActiveFrom.Format(time.RFC3339), until)
		}
	}
	return w.Flush()
}
