import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import english from "virtual:kormeer-en-landing";
import { clearPublicReads } from "@/features/landing/publicReads";
import { StandaloneLanding, loadLanguage } from "@/features/landing/StandaloneLanding";
import { currentLanguage, detectLanguage, setCurrentLanguage } from "@/i18n/languages";
import { makePublicSummary } from "@/test/fixtures";
import { routeFetch } from "@/test/render";

afterEach(() => {
  vi.unstubAllGlobals();
  clearPublicReads();
  localStorage.clear();
  setCurrentLanguage("en");
  document.documentElement.lang = "en";
});

const summary = makePublicSummary();
const register = Array.from({ length: 12 }, (_, i) => ({
  id: `i${i}`,
  name: `Institution ${i}`,
  type: i % 2 ? "psp" : "central",
  licenseNumber: `CB-${i}`,
  licenseExpiresAt: "2027-11-24T00:00:00Z",
  complianceStatus: "compliant",
  logoUrl: null,
}));

function stubReads() {
  vi.stubGlobal(
    "fetch",
    vi.fn(routeFetch({ "GET /api/public/summary": { status: 200, body: summary }, "GET /api/public/register": { status: 200, body: register } })),
  );
}

describe("the landing page on its own host (the first load without the app)", () => {
  it("draws the page with its figures and register, every text from the landing page's strings", async () => {
    stubReads();
    const { container } = render(<StandaloneLanding initial={{ language: "en", strings: undefined }} navigate={() => undefined} />);
    expect((await screen.findAllByText("1,589")).length).toBeGreaterThan(0);
    expect(await screen.findAllByTestId("public-register-row")).toHaveLength(10);
    expect(screen.getByRole("heading", { name: "Public register of licensed institutions" })).toBeInTheDocument();
    // No raw key: a string missing from virtual:kormeer-en-landing would show as its key.
    const keyLike = /\b(landing|carousel|publicRegister|registry|language|app|protection)\.[a-zA-Z.]+/;
    expect(container.textContent).not.toMatch(keyLike);
    expect(english).toBeDefined();
  });

  it("follows its links through navigate, and switches to Somali with the Somali translations", async () => {
    stubReads();
    const navigate = vi.fn();
    const prepare = vi.fn();
    render(<StandaloneLanding initial={{ language: "en", strings: undefined }} navigate={navigate} prepare={prepare} />);
    fireEvent.pointerEnter(screen.getByTestId("apply-button"));
    expect(prepare).toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("apply-button"));
    expect(navigate).toHaveBeenCalledWith("/apply");
    fireEvent.click(screen.getByTestId("tour-button"));
    expect(navigate).toHaveBeenCalledWith("/onboarding");
    expect(screen.getByTestId("login-button")).toHaveAttribute("href", "/api/login");

    await act(async () => {
      fireEvent.change(screen.getByTestId("language-switcher"), { target: { value: "so" } });
    });
    await waitFor(() => expect(screen.getByTestId("login-button")).toHaveTextContent("Gal madalka"));
    expect(document.documentElement.lang).toBe("so");
    expect(currentLanguage()).toBe("so");
    expect(localStorage.getItem("kormeer-language")).toBe("so");
    expect(document.cookie).toContain("kormeer-language=so");
  });

  it("chooses the language as the app's detector does: remembered, else the browser's, else English", async () => {
    localStorage.setItem("kormeer-language", "fr");
    expect(detectLanguage()).toBe("fr");
    localStorage.setItem("kormeer-language", "de");
    vi.stubGlobal("navigator", { ...navigator, languages: ["de-DE", "so-SO"] });
    expect(detectLanguage()).toBe("so");
    vi.stubGlobal("navigator", { ...navigator, languages: ["de-DE"] });
    expect(detectLanguage()).toBe("en");
    expect((await loadLanguage("so")).strings).toBeDefined();
  });
});
