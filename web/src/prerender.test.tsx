import { afterAll, describe, expect, it } from "vitest";
import { setCurrentLanguage } from "@/i18n/languages";
import { renderLanding } from "@/prerender";

afterAll(() => setCurrentLanguage("en"));

describe("the pre-rendered landing page (scripts/prerender.ts)", () => {
  it("is the landing page in English, its calls to action plain links", async () => {
    const html = await renderLanding("en");
    expect(html).toContain("Oversight of the national payment system");
    expect(html).toMatch(/<a href="\/api\/login"[^>]*data-testid="login-button"/);
    expect(html).toMatch(/<a data-testid="apply-button" href="\/apply"/);
    expect(html).not.toContain("Loading Kormeer");
  });

  it("is the landing page in Somali", async () => {
    const html = await renderLanding("so");
    expect(html).toContain("Gal madalka");
    expect(html).not.toContain("Login to Portal");
    expect(html).toMatch(/<option value="so" lang="so" selected="">Soomaali<\/option>/);
  });
});
