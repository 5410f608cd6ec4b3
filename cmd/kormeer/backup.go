package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"
)

// backup is `kormeer backup --out FILE`: a consistent copy of a SQLite portal, running or not,
// uploads included (store.Backup). Restoring is starting a portal on the copy
// (docs/DEPLOYMENT.md, Backup and restore).
func backup(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var out string
	e, err := open(ctx, "backup", args, getenv, stdout, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&out, "out", "", "the file to write (it must not exist)")
	})
	if err != nil {
		return err
	}
	defer e.store.Close()
	if out == "" {
		return errors.New("backup: --out FILE is required")
	}
	start := time.Now()
	if err := e.store.Backup(ctx, out); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backed up %s to %s in %s\n", describeDB(e.cfg.DatabaseURL), out, time.Since(start).Round(time.Millisecond))
	return nil
}
