/// <reference types="node" />
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ApplicationPayload } from "@/api/types";
import i18n from "@/i18n";
import { validateApplication } from "@/features/applications/validation";

interface Vectors {
  valid: ApplicationPayload;
  cases: { name: string; change: Partial<Record<keyof ApplicationPayload, unknown>>; fields: Record<string, string> }[];
}

// The same file the Go tests read (internal/domain), so browser and server never disagree.
const vectors = JSON.parse(
  readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../testdata/institution_application.json"), "utf8"),
) as Vectors;

describe("institution application validation (shared vectors)", () => {
  it.each(vectors.cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const input = { ...vectors.valid, ...c.change } as ApplicationPayload;
    const errors = validateApplication(input);
    const english = Object.fromEntries(
      Object.entries(errors).map(([field, key]) => [field, i18n.getFixedT("en")(key)]),
    );
    expect(english).toEqual(c.fields);
  });

  it("has a Somali message for every rule", () => {
    const all = validateApplication({
      ...vectors.valid,
      institutionName: "",
      institutionType: "bank",
      licenseNumber: "x y",
      contactEmail: "a@",
      contactPhone: "1",
      contactPerson: "",
      address: "a",
      status: "approved" as "pending",
      logoUrl: "http://x",
    });
    for (const key of Object.values(all)) {
      expect(i18n.getFixedT("so")(key)).not.toBe(key);
    }
  });
});
