import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import i18n from "@/i18n";
import { englishMessage, validateTransfer } from "@/features/transfers/engine";
import type { TransferField, TransferInput, TransferInstitution } from "@/features/transfers/engine";
import { faultMessage } from "@/features/transfers/messages";

const file = path.resolve(__dirname, "../../../../testdata/transfers.json");
const vectors = JSON.parse(readFileSync(file, "utf8")) as {
  base: TransferInput;
  institutions: TransferInstitution[];
  cases: { name: string; change: Partial<TransferInput>; fields?: Record<string, string> }[];
};

describe("translated validation messages", () => {
  it("are the server's exact messages in English", async () => {
    await i18n.changeLanguage("en");
    const t = i18n.getFixedT("en");
    for (const c of vectors.cases.filter((v) => v.fields)) {
      const got = validateTransfer({ ...vectors.base, ...c.change }, vectors.institutions);
      if (got.ok) throw new Error(c.name);
      for (const [field, fault] of Object.entries(got.faults)) {
        const f = field as TransferField;
        expect(faultMessage(t, f, fault), c.name).toBe(englishMessage(f, fault));
        expect(faultMessage(t, f, fault), c.name).toBe(c.fields?.[field]);
      }
    }
  });

  it("are in Somali when Somali is chosen", () => {
    const t = i18n.getFixedT("so");
    expect(faultMessage(t, "senderNumber", { code: "walletFormat" })).toBe(
      "Lambarka Diraha: Qaabka boorsadu waa khalad. Isticmaal 1234567, +252 65 1234567, ama G1234567",
    );
    expect(faultMessage(t, "amount", { code: "amount" })).toBe("Qadarku waa inuu ka weynaadaa 0");
    expect(faultMessage(t, "receiverInstitution", { code: "notLicensed", params: { name: "Waafi", status: "suspended" } })).toBe(
      "Hay'adda Qaataha: Waafi lacag ma wareejin karo: shatigiisa waa la hakiyey",
    );
  });
});
