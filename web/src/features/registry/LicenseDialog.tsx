import { useId, useState } from "react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Loader2 } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import type { LicenseAction, RegistryEntry } from "@/api/types";
import { TextareaField } from "@/components/TextareaField";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { useLicenseAction } from "@/features/registry/api";
import type { RegistryKind } from "@/features/registry/registry";

interface LicenseDialogProps {
  kind: RegistryKind;
  target: { entry: RegistryEntry; action: LicenseAction } | null;
  onOpenChange: (open: boolean) => void;
}

/** Suspend, reinstate or revoke a licence; a reason is required (and audited by the server). */
export function LicenseDialog({ kind, target, onOpenChange }: LicenseDialogProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const action = target?.action ?? "suspend";

  const mutation = useLicenseAction(kind, {
    onSuccess: () => {
      toast({ title: t(`registry.done.${action}`), description: target?.entry.name });
      close();
    },
    onError: (err) => {
      const message = err instanceof ApiError ? describeError(err, t) : null;
      setError(message ?? t("registry.failed"));
      toast({ title: t("registry.failed"), description: message ?? undefined, variant: "destructive" });
    },
  });

  function close() {
    setReason("");
    setError(null);
    mutation.reset();
    onOpenChange(false);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!target) return;
    const trimmed = reason.trim();
    if (!trimmed) {
      setError(t("registry.dialog.reasonRequired"));
      return;
    }
    setError(null);
    mutation.mutate({ id: target.entry.id, body: { action, reason: trimmed } });
  }

  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent data-testid="license-dialog">
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t(`registry.dialog.${action}.title`)}</DialogTitle>
            <DialogDescription>{t(`registry.dialog.${action}.description`, { name: target?.entry.name ?? "" })}</DialogDescription>
          </DialogHeader>
          <TextareaField
            id={reasonId}
            label={t("registry.dialog.reason")}
            required
            rows={3}
            value={reason}
            onChange={(value) => {
              setReason(value);
              if (error) setError(null);
            }}
            error={error}
            testId="license-reason"
          />
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={mutation.isPending}>
              {t("common.cancel")}
            </Button>
            <Button
              type="submit"
              variant={action === "reinstate" ? "default" : "destructive"}
              disabled={mutation.isPending}
              data-testid="license-confirm"
            >
              {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {mutation.isPending ? t("common.processing") : t(`registry.actions.${action}`)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
