import { useToast } from "@/components/ui/use-toast";
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from "@/components/ui/toast";
import { useTranslation } from "react-i18next";

/** Renders the single live toast; mounted once at the root. */
export function Toaster() {
  const { toasts } = useToast();
  const { t } = useTranslation();
  return (
    <ToastProvider label={t("common.notification")}>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose aria-label={t("common.close")} />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
