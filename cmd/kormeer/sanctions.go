package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/screening"
	"github.com/kormeer/kormeer/internal/store"
)

// sanctionsCmd handles `kormeer sanctions import --file F --list un|domestic`: a list loaded from the
// server's shell becomes the list's next version, exactly as an administrator's upload does (a
// refused file leaves the version in force). Running instances pick it up within a second.
func sanctionsCmd(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	_, args, err := verb("sanctions", args, stdout, "import")
	if err != nil {
		return err
	}
	var file, list string
	e, err := setup(ctx, "sanctions import", args, getenv, stdout, stderr, func(fs *flag.FlagSet) {
		fs.StringVar(&file, "file", "", "the list file (required): the UN consolidated list XML or the domestic CSV")
		fs.StringVar(&list, "list", "", "which list the file is: un or domestic (required)")
	})
	if err != nil {
		return err
	}
	defer e.store.Close()
	if file == "" {
		return errors.New("--file is required")
	}
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	l, err := screening.ParseList(list, f)
	if err != nil {
		return errors.New(domain.ErrorMessage(err))
	}
	v, _, err := e.store.ImportSanctionsList(ctx, l, filepath.Base(file), "", store.Audit{Details: map[string]any{"via": "cli"}})
	if err != nil {
		return errors.New(domain.ErrorMessage(err))
	}
	fmt.Fprintf(stdout, "imported %s list version %d (%d entries: %d added, %d changed, %d removed) id %s\n",
		v.Source, v.Version, v.Entries, v.Added, v.Changed, v.Removed, v.ID)
	return nil
}
