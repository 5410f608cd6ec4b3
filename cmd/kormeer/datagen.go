package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/kormeer/kormeer/internal/auth"
	"github.com/kormeer/kormeer/internal/demo"
	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// datagen fills a database with realistic transactions for benchmarks: 100,000 wallets across
// the operators, log-normal amounts in both currencies, a year of timestamps, the usual mix of
// statuses, modes and flows, and risk scores drawn from the mix the AML rules produce. It loads
// the demo's institutions and accounts first so the data has owners.
func datagen(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	var n, chunk, cacheMiB int
	var days int
	var deferIndexes bool
	e, err := setup(ctx, "datagen", args, getenv, stdout, stderr, func(fs *flag.FlagSet) {
		fs.IntVar(&n, "transactions", 1_000_000, "how many transactions to add")
		fs.IntVar(&chunk, "chunk", 20_000, "transactions per database transaction")
		fs.IntVar(&days, "days", 365, "spread over this many days before now")
		fs.IntVar(&cacheMiB, "cache-mib", 4096, "SQLite page cache while loading, in MiB (ignored on PostgreSQL)")
		fs.BoolVar(&deferIndexes, "defer-indexes", false, "drop the search indexes while loading and rebuild them at the end (for millions of rows)")
	})
	if err != nil {
		return err
	}
	defer e.store.Close()
	if err := e.store.SetWriteCache(ctx, cacheMiB); err != nil {
		return err
	}
	if _, err := demo.Load(ctx, e.store, auth.Hasher{Params: auth.DefaultParams}, 0); err != nil {
		return err
	}
	market, err := e.store.TransferInstitutions(ctx)
	if err != nil {
		return err
	}
	var ops, banks []domain.TransferInstitution
	for _, in := range market {
		switch {
		case in.Type == domain.AccountWallet && len(in.NumberPrefixes) > 0:
			ops = append(ops, in)
		case in.Type == domain.AccountBank:
			banks = append(banks, in)
		}
	}
	if len(ops) == 0 || len(banks) == 0 {
		return fmt.Errorf("datagen: the registry has no wallet operator or no bank that takes transfers")
	}
	var deferred *store.DeferredIndexes
	if deferIndexes {
		if deferred, err = e.store.DeferTransactionIndexes(ctx); err != nil {
			return err
		}
	}
	rnd := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	now := time.Now().UTC()
	start := time.Now()
	for done := 0; done < n; {
		size := min(chunk, n-done)
		rows := make([]*store.NewTransaction, size)
		for i := range rows {
			rows[i] = generated(rnd, now, days, ops, banks)
		}
		if err := e.store.BulkLoad(ctx, rows); err != nil {
			return err
		}
		done += size
		rate := float64(done) / time.Since(start).Seconds()
		fmt.Fprintf(stdout, "\r%d / %d transactions (%.0f/s)", done, n, rate)
	}
	loaded := time.Since(start)
	if deferred != nil {
		fmt.Fprintf(stdout, "\nloaded in %s; rebuilding %d search indexes", loaded.Round(time.Second), len(deferred.Names))
		if err := deferred.Restore(ctx); err != nil {
			return err
		}
	} else if err := e.store.AnalyzeTransactions(ctx); err != nil {
		return err
	}
	// Each chunk's statistics went to a bucket of their own on PostgreSQL; fold them together.
	if err := e.store.CompactAggregates(ctx, now.AddDate(0, 0, 1)); err != nil {
		return err
	}
	if err := e.store.RepackAggregates(ctx); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\ndone in %s\n", time.Since(start).Round(time.Second))
	return nil
}

// generated is one transaction between the registry's wallet operators (ops), sometimes to one
// of its banks, recorded under the sender's operator.
func generated(rnd *rand.Rand, now time.Time, days int, ops, banks []domain.TransferInstitution) *store.NewTransaction {
	op := ops[rnd.IntN(len(ops))]
	to := ops[rnd.IntN(len(ops))]
	t := &store.NewTransaction{}
	at := now.Add(-time.Duration(rnd.Int64N(int64(days) * int64(24*time.Hour)))).Truncate(time.Millisecond)
	t.CreatedAt = at
	t.TransactionID = domain.NewTransactionID(at)
	t.NPSSReference = domain.NewNPSSReference(at)
	t.Currency = domain.USD
	// Log-normal amounts: a median near $60 with a long tail.
	usd := math.Exp(4.1 + 1.3*rnd.NormFloat64())
	t.Amount = domain.Minor(math.Max(1, usd*100))
	if rnd.IntN(3) == 0 {
		t.Currency = domain.SHS
		t.Amount *= domain.SHSPerUSD
	}
	t.Fee = domain.TransferFee(t.Amount, t.Currency)
	t.Status = []string{"completed", "completed", "completed", "completed", "completed", "completed", "completed", "pending", "processing", "failed"}[rnd.IntN(10)]
	t.Type = []string{"transfer", "transfer", "payment", "npss_transfer", "withdrawal", "deposit"}[rnd.IntN(6)]
	t.TransferMode = domain.ModeOnline
	if !slices.Contains(op.Modes, domain.ModeOnline) || rnd.IntN(8) == 0 {
		t.TransferMode, t.USSDCode = []string{domain.ModeOffline, "ussd"}[rnd.IntN(2)], op.USSDCode
	}
	t.SettlementMode = domain.SettlementMode(t.TransferMode)
	t.FlowType = "P2P"
	t.Sender = domain.NormalizeAccount(fmt.Sprintf("%s%07d", op.NumberPrefixes[0], rnd.IntN(100_000)))
	t.Recipient = domain.NormalizeAccount(fmt.Sprintf("%s%07d", to.NumberPrefixes[0], rnd.IntN(100_000)))
	t.SenderInstitution, t.ReceiverInstitution = op.Name, to.Name
	if rnd.IntN(5) == 0 {
		b := banks[rnd.IntN(len(banks))]
		t.FlowType, t.Recipient, t.ReceiverInstitution = "P2B", fmt.Sprintf("%05d", rnd.IntN(100_000)), b.Name
	}
	t.InstitutionID, t.PSPID, t.InstitutionType = op.ID, op.ID, "psp"
	switch r := rnd.IntN(100); {
	case r < 2:
		t.AMLScore, t.RiskLevel, t.IsHighRisk = 70+rnd.IntN(31), "high", true
	case r < 10:
		t.AMLScore, t.RiskLevel = 40+rnd.IntN(30), "medium"
	default:
		t.AMLScore, t.RiskLevel = rnd.IntN(40), "low"
	}
	return t
}
