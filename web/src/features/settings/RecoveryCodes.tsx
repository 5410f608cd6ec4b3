import { useTranslation } from "react-i18next";
import { Copy, Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";

/** The text a recovery-codes download holds: one code a line, after a short explanation. */
export function recoveryCodesText(codes: string[], account: string, heading: string): string {
  return [`${heading} (${account})`, "", ...codes, ""].join("\n");
}

/**
 * The recovery codes, shown once right after two-step verification is turned on: each signs in
 * once without the phone. The server keeps only their hashes, so this is the only chance to save them.
 */
export function RecoveryCodes({ codes, account, onDone }: { codes: string[]; account: string; onDone: () => void }) {
  const { t } = useTranslation();
  const text = recoveryCodesText(codes, account, t("settings.totp.recovery.fileHeading"));

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: t("settings.totp.recovery.copied") });
    } catch {
      toast({ title: t("settings.totp.recovery.copyFailed"), variant: "destructive" });
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "kormeer-recovery-codes.txt";
    a.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="space-y-4" data-testid="totp-recovery">
      <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
        <p className="font-medium">{t("settings.totp.recovery.title")}</p>
        <p>{t("settings.totp.recovery.description")}</p>
      </div>
      <ol className="grid grid-cols-1 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm min-[360px]:grid-cols-2" aria-label={t("settings.totp.recovery.title")}>
        {codes.map((c) => (
          <li key={c} className="text-center tabular-nums" data-testid="totp-recovery-code">
            {c}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t("settings.totp.recovery.copy")}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          {t("settings.totp.recovery.download")}
        </Button>
        <Button type="button" onClick={onDone} data-testid="totp-recovery-done">
          {t("settings.totp.recovery.done")}
        </Button>
      </div>
    </div>
  );
}
