/// <reference types="node" />
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import type { AlertParams } from "@/api/types";
import i18n from "@/i18n";
import { alertDescription, alertTitle, reasonText } from "@/lib/alertText";
import { handleRealtimeMessage } from "@/features/realtime/alerts";

interface Case {
  name: string;
  code: string;
  params: AlertParams;
  title: string;
  description: string;
}

// The same file the Go tests read (internal/domain), so the web app's English and the stored
// English never disagree.
const cases = (
  JSON.parse(readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../testdata/alert_texts.json"), "utf8")) as {
    cases: Case[];
  }
).cases;

const server = { title: "High-risk transaction TXN-1", description: "Rules fired: large_value (…)", message: "" };

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("alert text (shared vectors)", () => {
  it.each(cases.map((c) => [c.name, c] as const))("%s in English", (_name, c) => {
    const t = i18n.getFixedT("en");
    const alert = { ...server, code: c.code, params: c.params };
    expect(alertTitle(alert, t)).toBe(c.title);
    expect(alertDescription(alert, t)).toBe(c.description);
  });
});

describe("alert text in Somali", () => {
  it("says a large transfer from a new wallet with Somali words and formatted evidence", async () => {
    await i18n.changeLanguage("so");
    const c = cases.find((x) => x.name === "large value from a new wallet")!;
    const alert = { ...server, code: c.code, params: c.params };
    expect(alertTitle(alert, i18n.t)).toBe("Wareejin weyn: 14,791.00 USD, oo ka timid boorsad markii ugu horreysay la arkay 3 saacadood ka hor");
    expect(alertDescription(alert, i18n.t)).toBe(
      "Qaddarku wuu la mid yahay ama ka badan yahay xadka qiimaha weyn ee 10,000.00 USD. " +
        "14,791.00 USD ayaa muddo 24 saacadood ah gudaheed ka dhaqaaqay boorsad markii ugu horreysay la arkay 3 saacadood ka hor.",
    );
  });

  it("has a Somali sentence for every code of the vectors, none left in English", async () => {
    await i18n.changeLanguage("so");
    for (const c of cases) {
      const alert = { ...server, code: c.code, params: c.params };
      expect(alertTitle(alert, i18n.t)).not.toBe(c.title);
      expect(alertDescription(alert, i18n.t)).not.toBe(c.description);
    }
  });
});

describe("alert text fallbacks", () => {
  const t = i18n.getFixedT("en");

  it("says the rules of an alert raised before codes by their names", () => {
    const alert = {
      ...server,
      code: "large_value",
      params: { amountMinor: 1_500_000, currency: "USD", rules: [{ code: "large_value", params: {} }, { code: "new_wallet_volume", params: {} }] },
    };
    expect(alertTitle(alert, t)).toBe("Large transfer: 15,000.00 USD from a new wallet");
    expect(alertDescription(alert, t)).toBe("Rule that fired: Large value. Rule that fired: New wallet volume.");
  });

  it("keeps the server's text for a system notice and for a code it does not know", () => {
    const notice = { title: "Settlement batch delayed", description: "Ran 40 minutes late.", message: "Ran 40 minutes late." };
    expect(alertTitle(notice, t)).toBe("Settlement batch delayed");
    expect(alertDescription(notice, t)).toBe("Ran 40 minutes late.");
    const unknown = { ...server, code: "something_new", params: {} };
    expect(alertTitle(unknown, t)).toBe(server.title);
    expect(alertDescription(unknown, t)).toBe(server.description);
  });
});

describe("transaction reasons", () => {
  it("says why a transaction was held or failed, in the reader's language", async () => {
    const en = i18n.getFixedT("en");
    expect(reasonText("aml_hold", { score: 70, rules: [{ code: "large_value", params: {} }] }, en)).toBe(
      "Held for AML review: risk score 70 of 100 (Large value).",
    );
    expect(reasonText("insufficient_funds", null, en)).toBe("The sender's balance was too low.");
    expect(reasonText("not_stated", {}, en)).toBe("The institution did not say why.");
    expect(reasonText("something_new", {}, en)).toBe("Reason given: something_new");
    await i18n.changeLanguage("so");
    expect(reasonText("insufficient_funds", null, i18n.t)).toBe("Haraaga diraha ayaa ku yaraa.");
  });
});

describe("real-time toast", () => {
  it("toasts an alert in the reader's language from the event's code and params", async () => {
    await i18n.changeLanguage("so");
    const c = cases.find((x) => x.name === "structuring")!;
    const toasts: { title?: unknown; description?: unknown }[] = [];
    const notified: { title: string; body: string }[] = [];
    handleRealtimeMessage(
      { type: "compliance_alert", data: { id: "a1", severity: "critical", title: c.title, description: c.description, code: c.code, params: c.params } },
      {
        queryClient: { invalidateQueries: () => Promise.resolve() },
        toast: (x) => toasts.push(x),
        translate: i18n.t,
        notify: (a) => notified.push(a),
      },
    );
    expect(toasts[0]?.title).toBe("Degdeg · Qaybin laga shakiyo: 9,500.00 USD oo wax yar ka hooseeya xadka warbixinta");
    expect(notified[0]?.body).toContain("3 wareejin");
  });
});
