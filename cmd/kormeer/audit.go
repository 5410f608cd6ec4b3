package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/store"
)

// anchorInterval is how often a running portal writes the audit chains' heads to its log. The log
// goes to a store outside the database (journald, a SIEM), so a chain rewritten in the database
// no longer matches the heads logged before the rewrite.
const anchorInterval = time.Hour

// errAuditBroken makes `kormeer audit verify` exit non-zero after it has printed what it found.
var errAuditBroken = errors.New("the audit trail does not verify")

// audit handles `kormeer audit verify`: it walks the hash chains of the audit trail and names every
// row that does not match. Run it daily (docs/SECURITY.md); it exits 1 when the trail is damaged.
func audit(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	_, args, err := verb("audit", args, stdout, "verify")
	if err != nil {
		return err
	}
	var anchors anchorList
	var asJSON bool
	e, err := setup(ctx, "audit verify", args, getenv, stdout, stderr, func(fs *flag.FlagSet) {
		fs.Var(&anchors, "anchor", "a head logged earlier (the anchor of an \"audit chain head\" line: seq:hash); repeatable")
		fs.BoolVar(&asJSON, "json", false, "print the result as JSON")
	})
	if err != nil {
		return err
	}
	defer e.store.Close()
	v, err := e.store.VerifyAuditChain(ctx, anchors)
	if err != nil {
		return err
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(v); err != nil {
			return err
		}
	} else {
		for _, p := range v.Problems {
			fmt.Fprintf(stdout, "%-10s %s\n", p.Kind, p.Message)
		}
		if v.Truncated {
			fmt.Fprintln(stdout, "more problems were found than are listed")
		}
		state := "intact"
		if !v.OK {
			state = fmt.Sprintf("DAMAGED (%d problems listed)", len(v.Problems))
		}
		fmt.Fprintf(stdout, "audit trail %s: %d rows, head %d %s\n", state, v.Rows, v.Head.Seq, v.Head.Hash)
		if len(v.Heads) > 1 {
			for _, h := range v.Heads {
				if h.Seq > 0 { // a chain without rows has nothing to anchor
					fmt.Fprintf(stdout, "chain %d head %d:%s\n", h.Chain, h.Seq, h.Hash)
				}
			}
		}
	}
	if !v.OK {
		return errAuditBroken
	}
	return nil
}

// anchorList collects --anchor SEQ:HASH flags.
type anchorList []store.AuditHead

func (a *anchorList) String() string { return fmt.Sprint(*a) }

func (a *anchorList) Set(v string) error {
	seq, hash, ok := strings.Cut(v, ":")
	n, err := strconv.ParseInt(seq, 10, 64)
	if !ok || err != nil || n < 1 || len(hash) != 64 {
		return errors.New("an anchor is SEQ:HASH, as the portal logs it (e.g. 1234:9f86d0…, 64 hex digits)")
	}
	*a = append(*a, store.AuditHead{Seq: n, Hash: strings.ToLower(hash)})
	return nil
}

// logAuditAnchors writes every audit chain's head to the log at start, every anchorInterval and
// at shutdown.
func logAuditAnchors(ctx context.Context, st *store.Store, log *slog.Logger) {
	logHeads := func(ctx context.Context) {
		heads, err := st.AuditChainHeads(ctx)
		if err != nil {
			log.Warn("audit chain head unavailable", "err", err)
			return
		}
		for _, h := range heads {
			if h.Seq == 0 {
				continue // a chain without rows (a transfer chain no group has taken yet) has nothing to anchor
			}
			log.Info("audit chain head", "chain", h.Chain, "seq", h.Seq, "hash", h.Hash, "anchor", fmt.Sprintf("%d:%s", h.Seq, h.Hash))
		}
	}
	logHeads(ctx)
	every(ctx, anchorInterval, func() { logHeads(ctx) })
	logHeads(context.WithoutCancel(ctx))
}
