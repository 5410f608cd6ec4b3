import { useState } from "react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import type { LicenseAction, RegistryEntry } from "@/api/types";
import { ReasonDialog } from "@/components/ReasonDialog";
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
    <ReasonDialog
      open={target !== null}
      onClose={close}
      onSubmit={onSubmit}
      pending={mutation.isPending}
      testId="license-dialog"
      title={t(`registry.dialog.${action}.title`)}
      description={t(`registry.dialog.${action}.description`, { name: target?.entry.name ?? "" })}
      reason={{
        label: t("registry.dialog.reason"),
        required: true,
        rows: 3,
        value: reason,
        onChange: (value) => {
          setReason(value);
          if (error) setError(null);
        },
        error,
        testId: "license-reason",
      }}
      confirm={{ label: t(`registry.actions.${action}`), variant: action === "reinstate" ? "default" : "destructive", testId: "license-confirm" }}
    />
  );
}
