import { useId } from "react";
import type { ComponentProps, FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Loader2 } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { TextareaField } from "@/components/TextareaField";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/**
 * The dialog that confirms a decision with a written reason: an application review, a licence
 * action, a second administrator's approval. It draws the title, the reason field with its error,
 * and Cancel and confirm; the feature owns the reason text, its checks and the request.
 */
export function ReasonDialog({
  open,
  onClose,
  onSubmit,
  pending,
  testId,
  title,
  description,
  reason,
  confirm,
}: {
  open: boolean;
  /** Called by Cancel, Escape and the close button (not while the request is pending). */
  onClose: () => void;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  testId: string;
  title: ReactNode;
  description: ReactNode;
  /** The reason field: everything a TextareaField takes but its id. */
  reason: Omit<ComponentProps<typeof TextareaField>, "id">;
  confirm: { label: string; icon?: LucideIcon; variant: "default" | "destructive"; testId: string };
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const Icon = confirm.icon;
  return (
    <Dialog open={open} onOpenChange={(next) => (next || pending ? undefined : onClose())}>
      <DialogContent data-testid={testId}>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <TextareaField id={reasonId} {...reason} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" variant={confirm.variant} disabled={pending} data-testid={confirm.testId}>
              {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : Icon ? <Icon aria-hidden="true" /> : null}
              {pending ? t("common.processing") : confirm.label}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
