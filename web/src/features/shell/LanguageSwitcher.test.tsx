import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { CurrentUser } from "@/api/types";
import { sharedKeys } from "@/api/keys";
import { useAccountLanguage } from "@/lib/languageChoice";
import { LanguageSwitcher } from "@/features/shell/LanguageSwitcher";
import i18n, { SUPPORTED_LANGUAGES } from "@/i18n";
import { renderWithProviders, routeFetch } from "@/test/render";

afterEach(() => {
  vi.unstubAllGlobals();
});

const person = { id: "u1", role: "psp_admin", isGuest: false, language: "en" } as CurrentUser;

describe("choosing a language", () => {
  it("offers English, Somali and French by their own names", () => {
    renderWithProviders(<LanguageSwitcher />);
    const names = Array.from(screen.getByTestId("language-switcher").querySelectorAll("option")).map((o) => o.textContent);
    expect(names).toEqual(["English", "Soomaali", "Français"]);
    expect(SUPPORTED_LANGUAGES.map((l) => l.code)).toEqual(["en", "so", "fr"]);
  });

  it("switches at once and keeps a signed-in person's choice on their account", async () => {
    const patches: unknown[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      patches.push(input instanceof Request ? await input.clone().json() : JSON.parse(String(init?.body)));
      return routeFetch({ "PATCH /api/profile": { status: 200, body: { ...person, language: "fr" } } })(input, init);
    });
    const { queryClient } = renderWithProviders(<LanguageSwitcher />);
    queryClient.setQueryData(sharedKeys.authUser, person);
    fireEvent.change(screen.getByTestId("language-switcher"), { target: { value: "fr" } });
    expect(i18n.language).toBe("fr");
    await waitFor(() => expect(queryClient.getQueryData<CurrentUser>(sharedKeys.authUser)?.language).toBe("fr"));
    expect(patches).toEqual([{ language: "fr" }]);
  });

  it("signed out, only the browser remembers it", () => {
    const fetchFn = vi.fn();
    vi.stubGlobal("fetch", fetchFn);
    const { queryClient } = renderWithProviders(<LanguageSwitcher />);
    queryClient.setQueryData(sharedKeys.authUser, null);
    fireEvent.change(screen.getByTestId("language-switcher"), { target: { value: "so" } });
    expect(i18n.language).toBe("so");
    expect(localStorage.getItem("kormeer-language")).toBe("so");
    expect(fetchFn).not.toHaveBeenCalled();
  });

  function Probe({ user, browserChose }: { user: CurrentUser; browserChose: boolean }) {
    useAccountLanguage(user, browserChose);
    return null;
  }

  it("puts a new browser in the account's saved language at sign-in", async () => {
    renderWithProviders(<Probe user={{ ...person, language: "fr" }} browserChose={false} />);
    await waitFor(() => expect(i18n.language).toBe("fr"));
  });

  it("keeps the language a browser chose over the account's", async () => {
    renderWithProviders(<Probe user={{ ...person, language: "fr" }} browserChose={true} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(i18n.language).toBe("en");
  });
});
