import { useId, useState } from "react";
import type { ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { CheckCircle2, ImageUp, Loader2, Trash2 } from "lucide-react";
import { Button, buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { Progress } from "@/components/ui/progress";
import { IMAGE_TYPES, ImageUploadError } from "@/lib/imageUpload";
import { uploadLogo } from "@/features/applications/upload";
import type { TranslationKey } from "@/i18n/keys";

type UploadState =
  | { kind: "idle" }
  | { kind: "uploading"; percent: number }
  | { kind: "done" }
  | { kind: "error"; key: TranslationKey; serverMessage: string | null };

interface LogoUploadProps {
  /** The stored logo path (/objects/logos/...) or null. */
  value: string | null;
  onChange: (path: string | null) => void;
  /** Lets the form wait while an upload runs. */
  onBusyChange?: (busy: boolean) => void;
  /** A field error from the server (for example "Upload the logo again"). */
  fieldError?: string | undefined;
}

/** The optional company logo: one image, checked here and on the server, with progress and preview. */
export function LogoUpload({ value, onChange, onBusyChange, fieldError }: LogoUploadProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const statusId = `${inputId}-status`;
  const [state, setState] = useState<UploadState>({ kind: "idle" });

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    setState({ kind: "uploading", percent: 0 });
    onBusyChange?.(true);
    try {
      const path = await uploadLogo(file, (percent) => setState({ kind: "uploading", percent }));
      onChange(path);
      setState({ kind: "done" });
    } catch (err) {
      const key = err instanceof ImageUploadError ? err.key : "apply.logo.failed";
      const serverMessage = err instanceof ImageUploadError ? err.serverMessage : null;
      if (!(err instanceof ImageUploadError)) console.error("logo upload failed", err);
      onChange(null);
      setState({ kind: "error", key, serverMessage });
    } finally {
      onBusyChange?.(false);
    }
  }

  function remove() {
    onChange(null);
    setState({ kind: "idle" });
  }

  const error = state.kind === "error" ? state : null;
  return (
    <div className="space-y-2" data-testid="logo-upload">
      <label htmlFor={inputId} className="text-sm font-medium leading-none">
        {t("apply.logo.label")}
      </label>
      <p id={hintId} className="text-xs text-muted-foreground">
        {t("apply.logo.hint")}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <img
            src={value}
            alt={t("apply.logo.preview")}
            data-testid="logo-preview"
            className="h-16 w-16 rounded-md border bg-background object-contain p-1"
          />
        ) : null}
        <input
          id={inputId}
          type="file"
          accept={IMAGE_TYPES.join(",")}
          className="peer sr-only"
          data-testid="logo-input"
          aria-describedby={`${hintId} ${statusId}`}
          disabled={state.kind === "uploading"}
          onChange={(e) => void onFile(e)}
        />
        <label
          htmlFor={inputId}
          aria-hidden="true"
          className={cn(
            buttonVariants({ variant: "outline" }),
            "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
            state.kind === "uploading" && "pointer-events-none opacity-50",
          )}
        >
          {state.kind === "uploading" ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ImageUp aria-hidden="true" />}
          {t("apply.logo.choose")}
        </label>
        {value ? (
          <Button variant="ghost" onClick={remove} data-testid="logo-remove">
            <Trash2 aria-hidden="true" />
            {t("apply.logo.remove")}
          </Button>
        ) : null}
      </div>
      <div id={statusId} aria-live="polite">
        {state.kind === "uploading" ? (
          <div className="max-w-xs space-y-1" data-testid="logo-uploading">
            <p className="text-sm text-muted-foreground">{t("apply.logo.uploading", { percent: state.percent })}</p>
            <Progress value={state.percent} label={t("apply.logo.label")} />
          </div>
        ) : null}
        {state.kind === "done" && value ? (
          <p className="flex items-center gap-1.5 text-sm font-medium text-success" data-testid="logo-success">
            <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
            {t("apply.logo.uploaded")}
          </p>
        ) : null}
        {error ? (
          <div role="alert" data-testid="logo-error" className="text-sm text-destructive">
            <p className="font-medium">{t(error.key)}</p>
            {error.serverMessage ? <p>{error.serverMessage}</p> : null}
          </div>
        ) : null}
        {fieldError && !error ? (
          <p role="alert" className="text-sm text-destructive">
            {fieldError}
          </p>
        ) : null}
      </div>
    </div>
  );
}
