import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkAmount, englishMessage, findInstitution, institutionsFor, mobileBridgeFees, networkOperator, numberExample, prefixOf, sanitizeAmountInput, scoreBand, selectRoutes, ussdCodeFor, validateTransfer } from "@/features/transfers/engine";
import { parseAmount } from "@/lib/money";
import type { TransferField, TransferInput, TransferInstitution } from "@/features/transfers/engine";

interface Vector {
  name: string;
  change: Partial<TransferInput>;
  fields?: Record<string, string>;
  result?: { fee: number; total: number; flowType: string; settlementMode: string; ussdCode: string; route: string };
}

const file = path.resolve(__dirname, "../../../../testdata/transfers.json");
const vectors = JSON.parse(readFileSync(file, "utf8")) as {
  base: TransferInput;
  institutions: TransferInstitution[];
  cases: Vector[];
};
const registry = vectors.institutions;

describe("transfer engine against testdata/transfers.json (the server's vectors)", () => {
  it("has vectors and the registry they run against", () => {
    expect(vectors.cases.length).toBeGreaterThan(20);
    expect(registry.some((i) => i.licenseStatus !== "active")).toBe(true);
  });

  for (const c of vectors.cases) {
    it(c.name, () => {
      const got = validateTransfer({ ...vectors.base, ...c.change }, registry);
      if (c.fields) {
        expect(got.ok).toBe(false);
        if (got.ok) return;
        const messages = Object.fromEntries(
          Object.entries(got.faults).map(([field, fault]) => [field, englishMessage(field as TransferField, fault)]),
        );
        expect(messages).toEqual(c.fields);
      } else {
        expect(got.ok).toBe(true);
        if (!got.ok) return;
        const t = got.transfer;
        // The fee and total are the server's alone (GET /api/transfer/quote); the rest is the engine's.
        const { flowType, settlementMode, ussdCode, route } = c.result ?? {};
        expect({
          flowType: t.flowType,
          settlementMode: t.settlementMode,
          ussdCode: t.ussdCode,
          route: t.route.id,
        }).toEqual({ flowType, settlementMode, ussdCode, route });
      }
    });
  }
});

const amounts = JSON.parse(
  readFileSync(path.resolve(__dirname, "../../../../testdata/amounts.json"), "utf8"),
) as { accepted: Record<string, number>; refused: Record<string, "format" | "positive" | "tooLarge"> };

describe("amounts against testdata/amounts.json (the server's grammar)", () => {
  const codes = { format: "amountFormat", positive: "amount", tooLarge: "amountTooLarge" } as const;
  for (const [text, minor] of Object.entries(amounts.accepted)) {
    if (minor < 1) continue;
    it(`accepts ${JSON.stringify(text)}`, () => expect(checkAmount(text)).toEqual({ amount: minor }));
  }
  for (const [text, reason] of Object.entries(amounts.refused)) {
    it(`refuses ${JSON.stringify(text)} (${reason})`, () => expect(checkAmount(text)).toEqual({ fault: { code: codes[reason] } }));
  }
});

describe("engine helpers", () => {
  it("parses amounts exactly into minor units", () => {
    expect(parseAmount("250.50")).toBe(25050);
    expect(parseAmount("0.1")).toBe(10);
    expect(parseAmount("1.000")).toBe(100);
    expect(parseAmount("1.005")).toBeNull();
    expect(parseAmount("1e3")).toBeNull();
    expect(parseAmount("")).toBeNull();
    expect(parseAmount("-5")).toBe(-500);
  });

  it("strips leading zeros unless the amount starts with 0.", () => {
    expect(sanitizeAmountInput("00250")).toBe("250");
    expect(sanitizeAmountInput("0.50")).toBe("0.50");
    expect(sanitizeAmountInput("00.5")).toBe("0.5");
    expect(sanitizeAmountInput("0")).toBe("0");
    expect(sanitizeAmountInput("1a2.3.4")).toBe("12.34");
  });

  it("fills the USSD code from the registry only for an offline wallet sender", () => {
    expect(ussdCodeFor(registry, "offline", "wallet", "Premium-Wallet")).toBe("*770#");
    expect(ussdCodeFor(registry, "offline", "wallet", "zaad")).toBe("*712#");
    expect(ussdCodeFor(registry, "online", "wallet", "Premium-Wallet")).toBe("");
    expect(ussdCodeFor(registry, "offline", "bank", "Amal")).toBe("");
    expect(ussdCodeFor([], "offline", "wallet", "Premium-Wallet")).toBe("");
  });

  it("offers the registry's institutions of a type that serve a mode, with their prefixes", () => {
    expect(institutionsFor(registry, "wallet", "offline").map((i) => i.name)).toEqual(["Premium-Wallet", "E-Dahab", "Zaad", "Sahal-Pay"]);
    expect(institutionsFor(registry, "bank", "offline").map((i) => i.name)).not.toContain("Shabelle");
    expect(institutionsFor(registry, "wallet", "").length).toBe(5);
    const edited: TransferInstitution = { id: "x", type: "wallet", name: "Dual", modes: ["online"], numberPrefixes: ["+252 65", "+252 66"], licenseStatus: "active" };
    expect(prefixOf(edited)).toBe("+252 65, +252 66");
    expect(prefixOf(findInstitution(registry, "bank", "DAHABSHIIL"))).toBe("DBI-");
    expect(prefixOf(undefined)).toBe("");
    const got = validateTransfer({ ...vectors.base, senderInstitution: "Dual", senderNumber: "+252 66 1234567" }, [...registry, edited]);
    expect(got.ok).toBe(true);
  });

  it("filters routes by mode and amount and sorts them by score", () => {
    expect(selectRoutes("B2B", "online", 100_000_00).map((r) => r.id)).toEqual(["b2b-swift", "b2b-clearing"]);
    expect(selectRoutes("B2B", "offline", 100_000_00).map((r) => r.id)).toEqual(["b2b-clearing"]);
    expect(selectRoutes("P2B", "online", 5_00)).toEqual([]);
  });

  it("colours scores", () => {
    expect([95, 90, 89, 75, 74].map(scoreBand)).toEqual(["green", "green", "yellow", "yellow", "red"]);
  });

  it("computes mobile bridge fees and maps network operators", () => {
    expect(mobileBridgeFees(25050)).toEqual({ processingFee: 25, routingFee: 50, settlementFee: 25, totalFee: 100 });
    expect(mobileBridgeFees(10_000_000).processingFee).toBe(500);
    expect(networkOperator("+252 63 1234567")).toBe("Telesom");
    expect(networkOperator("+252651234567")).toBe("Somtel");
    expect(networkOperator("+252 68 1234567")).toBe("Hormuud");
    expect(networkOperator("12345")).toBe("");
  });
});

describe("numberExample", () => {
  const registry: TransferInstitution[] = [
    { id: "p", type: "wallet", name: "Premium-Wallet", modes: ["online", "offline"], numberPrefixes: ["+252 65"], licenseStatus: "active" },
    { id: "e", type: "wallet", name: "E-Dahab", modes: ["online", "offline"], numberPrefixes: ["+252 64"], licenseStatus: "active" },
  ];
  it("follows the chosen operator's prefix, and gives banks their five digits", () => {
    expect(numberExample("wallet", registry[1], registry)).toBe("+252 64 1234567");
    expect(numberExample("wallet", undefined, registry)).toBe("+252 65 1234567");
    expect(numberExample("bank", undefined, registry)).toBe("12345");
    expect(numberExample("", undefined, [])).toBe("+252 65 1234567");
  });
});
