import { useTranslation } from "react-i18next";
import { Loader2, ShieldAlert, ShieldCheck } from "lucide-react";
import { ApiError } from "@/api/client";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import type { useVerify } from "@/features/audit/api";
import { formatNumber } from "@/lib/format";

/**
 * The "Verify integrity" button and its result (cbsl_admin only; the server refuses others).
 * Verification walks the whole log, which takes a while on a large one, so the button turns into a
 * spinner with a live status until the answer comes.
 */
export function VerifyButton({ verify }: { verify: ReturnType<typeof useVerify> }) {
  const { t } = useTranslation();
  return (
    <Button variant="outline" onClick={() => verify.mutate()} disabled={verify.isPending} data-testid="audit-verify">
      {verify.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
      {verify.isPending ? t("auditTrail.verify.running") : t("auditTrail.verify.button")}
    </Button>
  );
}

/** The progress, the verdict (row count, the latest head and, with several chains, each chain's head) or the list of broken rows. */
export function VerifyResultPanel({ verify }: { verify: ReturnType<typeof useVerify> }) {
  const { t } = useTranslation();
  if (verify.isIdle) return null;
  if (verify.isPending) {
    return (
      <Card>
        <CardContent className="flex items-center gap-3 p-4 text-sm" role="status" data-testid="audit-verify-progress">
          <Loader2 className="h-5 w-5 shrink-0 animate-spin text-muted-foreground" aria-hidden="true" />
          {t("auditTrail.verify.progress")}
        </CardContent>
      </Card>
    );
  }
  if (verify.isError) {
    const forbidden = verify.error instanceof ApiError && verify.error.status === 403;
    return (
      <Card className="border-destructive/40">
        <CardContent className="p-4 text-sm text-destructive" role="alert" data-testid="audit-verify-error">
          {forbidden ? t("auditTrail.verify.forbidden") : t("auditTrail.verify.failed")}
        </CardContent>
      </Card>
    );
  }
  const result = verify.data;
  if (!result) return null;
  const problems = result.problems ?? [];
  const head = result.head;
  // PostgreSQL keeps a chain per writer lane; each head is an anchor of its own.
  const heads = result.heads ?? [];
  if (result.ok) {
    return (
      <Card className="border-success/40 bg-success/5">
        <CardContent className="flex items-start gap-3 p-4 text-sm" role="status" data-testid="audit-verify-ok">
          <ShieldCheck className="h-5 w-5 shrink-0 text-success" aria-hidden="true" />
          <div className="min-w-0 space-y-1">
            <p className="font-semibold">{t("auditTrail.verify.intact", { count: result.rows, formatted: formatNumber(result.rows) })}</p>
            {head ? (
              <p className="text-muted-foreground">
                {t("auditTrail.verify.head", { seq: formatNumber(head.seq) })}{" "}
                <code className="break-all font-mono text-xs text-foreground" data-testid="audit-verify-head">
                  {head.hash}
                </code>
              </p>
            ) : null}
            {heads.length > 1 ? (
              <details className="text-muted-foreground" data-testid="audit-verify-heads">
                <summary className="cursor-pointer">{t("auditTrail.verify.headsSummary", { formatted: formatNumber(heads.length) })}</summary>
                <ul className="mt-1 space-y-1">
                  {heads.map((h) => (
                    <li key={h.chain}>
                      {h.seq > 0 ? (
                        <>
                          {t("auditTrail.verify.chainHead", { chain: h.chain, seq: formatNumber(h.seq) })}{" "}
                          <code className="break-all font-mono text-xs text-foreground">{h.hash}</code>
                        </>
                      ) : (
                        t("auditTrail.verify.chainEmpty", { chain: h.chain })
                      )}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </div>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card className="border-destructive/50">
      <CardContent className="space-y-3 p-4 text-sm" role="alert" data-testid="audit-verify-broken">
        <p className="flex items-start gap-3 font-semibold text-destructive">
          <ShieldAlert className="h-5 w-5 shrink-0" aria-hidden="true" />
          {t("auditTrail.verify.broken", { count: problems.length, formatted: formatNumber(problems.length), rows: formatNumber(result.rows) })}
        </p>
        <p className="text-muted-foreground">{t("auditTrail.verify.brokenHint")}</p>
        <ul className="divide-y rounded-md border">
          {problems.map((p, i) => (
            <li key={`${p.seq}-${p.kind}-${i}`} className="space-y-1 px-3 py-2" data-testid="audit-verify-problem" data-kind={p.kind}>
              <p className="flex flex-wrap items-center gap-2">
                <span className="rounded bg-destructive/10 px-1.5 py-0.5 text-xs font-semibold text-destructive">
                  {t(`auditTrail.verify.kinds.${p.kind}`, { defaultValue: p.kind })}
                </span>
                <span className="font-mono text-xs">{t("auditTrail.verify.row", { seq: formatNumber(p.seq) })}</span>
                {p.id ? <span className="break-all font-mono text-xs text-muted-foreground">{p.id}</span> : null}
              </p>
              <p>{p.message}</p>
            </li>
          ))}
        </ul>
        {result.truncated ? (
          <p className="text-muted-foreground" data-testid="audit-verify-truncated">
            {t("auditTrail.verify.truncated")}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
