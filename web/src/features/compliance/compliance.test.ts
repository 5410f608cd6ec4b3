/// <reference types="node" />
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { KycSubmission } from "@/api/types";
import i18n from "@/i18n";
import { canResolve } from "@/features/compliance/alertDisplay";
import { monthStart, periodOf, reportPayload, validPeriod } from "@/features/compliance/compliance";
import { KYC_FIELDS, validateKyc } from "@/features/compliance/kyc";
import { ApiError } from "@/api/client";
import { kycFaultText } from "@/features/compliance/KycFormDialog";

interface Vectors {
  valid: KycSubmission;
  cases: { name: string; change: Partial<Record<keyof KycSubmission, unknown>>; fields: Record<string, string> }[];
}

// The same file the Go tests read (internal/domain), so browser and server never disagree.
const vectors = JSON.parse(
  readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../testdata/kyc.json"), "utf8"),
) as Vectors;

describe("KYC validation (shared vectors, 001 §5)", () => {
  it.each(vectors.cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const errors = validateKyc({ ...vectors.valid, ...c.change } as KycSubmission);
    const english = Object.fromEntries(Object.entries(errors).map(([f, key]) => [f, i18n.getFixedT("en")(key)]));
    expect(english).toEqual(c.fields);
  });

  it("trims before checking and bounds the lengths like the server", () => {
    expect(validateKyc({ ...vectors.valid, fullName: "  F  " })).toEqual({ fullName: "kyc.validation.fullName" });
    expect(validateKyc({ ...vectors.valid, fullName: "x".repeat(201) })).toEqual({ fullName: "kyc.validation.fullName" });
    expect(validateKyc({ ...vectors.valid, email: " Fadumo@Mail.SO " })).toEqual({});
  });

  it("maps the server's field codes, never its text, to keys with a Somali text for each", () => {
    const codes: Record<string, string> = {
      fullName: "kyc_full_name", nationalId: "kyc_national_id", phoneNumber: "kyc_phone", email: "kyc_email",
      address: "kyc_address", documentType: "kyc_document_type", documentNumber: "kyc_document_number",
    };
    const fields = Object.fromEntries(KYC_FIELDS.map((f) => [f, { code: codes[f], message: "whatever the server wrote" }]));
    const err = new ApiError(400, "", JSON.stringify({ code: "invalid", message: "x", fields }), "en");
    const en = i18n.getFixedT("en");
    for (const field of KYC_FIELDS) {
      const key = `kyc.validation.${field}` as const;
      expect(kycFaultText(err, field, err.faults[field]!, en)).toBe(key);
      expect(i18n.getFixedT("so")(key)).not.toBe(en(key));
    }
    // A code this build does not know: the server's message in the reader's language, else a generic one.
    const other = { code: "kyc_new_rule", message: "A new rule" };
    expect(kycFaultText(err, "fullName", other, en)).toBe("A new rule");
    expect(kycFaultText(new ApiError(400, "", "{}", "so"), "fullName", other, en)).toContain("kyc_new_rule");
  });
});

describe("compliance figures (001 §9)", () => {
  it("this month starts at local midnight on the 1st", () => {
    expect(monthStart(new Date(2026, 10, 22, 12))).toBe(new Date(2026, 10, 1).toISOString());
    expect(monthStart(new Date(2026, 0, 1, 0, 0))).toBe(new Date(2026, 0, 1).toISOString());
    expect(monthStart(new Date(2026, 11, 31, 23, 59))).toBe(new Date(2026, 11, 1).toISOString());
  });

  it("periods are YYYY-MM", () => {
    expect(periodOf(new Date(2026, 0, 5))).toBe("2026-01");
    expect(validPeriod("2026-11")).toBe(true);
    expect(validPeriod("2026-13")).toBe(false);
    expect(validPeriod("2026-1")).toBe(false);
  });

  it("builds the monthly report request of 001 §7", () => {
    const body = reportPayload("monthly_transaction", "2026-11", { totalTransactions: 12, activePsps: 4, complianceScore: 43, transactionVolume: "$1.2M" });
    expect(body).toMatchObject({
      title: "Monthly Compliance Report - 2026-11",
      reportType: "monthly_transaction",
      period: "2026-11",
      institutionId: "CENTRAL-BANK",
      institutionType: "central_bank",
      institutionName: "Kormeer Central Bank Supervision",
      metrics: { totalTransactions: 12, activePsps: 4, complianceScore: 43 },
      status: "draft",
    });
    expect(body.reportData.transactionCount).toBe(12);
    expect(reportPayload("aml_cft", "2026-10", null).title).toBe("AML/CFT Compliance Report - 2026-10");
  });
});

describe("alert display", () => {
  it("offers resolve only on open AML alerts", () => {
    expect(canResolve({ status: "open", kind: "aml" })).toBe(true);
    for (const status of ["investigating", "resolved", "false_positive"]) expect(canResolve({ status, kind: "aml" })).toBe(false);
    expect(canResolve({ status: "open", kind: "system" })).toBe(false);
  });
});
