import { useEffect, useRef } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api, dataOf } from "@/api/api";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import type { CurrentUser } from "@/api/types";
import { toast } from "@/components/ui/use-toast";
import { sharedKeys } from "@/api/keys";
import { SUPPORTED_LANGUAGES, currentLanguage, languageRememberedAtLoad } from "@/i18n";
import type { LanguageCode } from "@/i18n";

function shipped(code: string | null | undefined): LanguageCode | null {
  return SUPPORTED_LANGUAGES.find((l) => l.code === code)?.code ?? null;
}

/**
 * Choosing a language, wherever the choice is offered (header, landing page, profile, demo page):
 * the interface switches at once, and for a signed-in person the choice is also kept on their
 * account (PATCH /api/profile), so that it follows them to another device and the server writes
 * their e-mails and alerts in it. Signed out, the browser alone remembers it.
 */
export function useChooseLanguage(): (code: LanguageCode) => void {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (language: LanguageCode) => dataOf(api.PATCH("/api/profile", { body: { language } })),
    onSuccess: (user) => queryClient.setQueryData(sharedKeys.authUser, user),
    onError: (err) =>
      toast({
        title: t("settings.language.failed"),
        description: err instanceof ApiError ? describeError(err, t) : undefined,
        variant: "destructive",
      }),
  });
  return (code) => {
    void i18n.changeLanguage(code);
    const user = queryClient.getQueryData<CurrentUser | null>(sharedKeys.authUser);
    if (user?.id && user.language !== code) save.mutate(code);
  };
}

/**
 * Puts the interface in the signed-in person's saved language once, when their account is first
 * known in a browser that has no language of its own yet (a sign-in on a new device). A browser
 * where a language was chosen keeps it: the choice made on this screen is the latest one.
 */
export function useAccountLanguage(user: CurrentUser, browserChose = languageRememberedAtLoad): void {
  const { i18n } = useTranslation();
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (browserChose || applied.current === user.id) return;
    applied.current = user.id;
    const saved = shipped(user.language);
    if (saved && saved !== currentLanguage()) void i18n.changeLanguage(saved);
  }, [user.id, user.language, i18n, browserChose]);
}
