import { describe, expect, it } from "vitest";
import { currentStep, STEP_KEYS } from "@/features/transfers/steps";

const empty = {
  mode: "",
  currency: "",
  senderType: "",
  senderInstitution: "",
  senderNumber: "",
  receiverType: "",
  receiverInstitution: "",
  receiverNumber: "",
  amount: "",
};

describe("transfer step counter", () => {
  it("counts the form's sections, then the review and the result: six steps", () => {
    expect(STEP_KEYS).toHaveLength(6);
    expect(currentStep(empty, "form")).toBe(1);
    let s = { ...empty, mode: "online" };
    expect(currentStep(s, "form")).toBe(1); // the currency is part of the first section
    s = { ...s, currency: "USD" };
    expect(currentStep(s, "form")).toBe(2);
    s = { ...s, senderType: "wallet", senderInstitution: "Premium-Wallet", senderNumber: "+252 65 12345" };
    expect(currentStep(s, "form")).toBe(2); // not a wallet number yet
    s = { ...s, senderNumber: "+252 65 1234567" };
    expect(currentStep(s, "form")).toBe(3);
    s = { ...s, receiverType: "bank", receiverInstitution: "Dahabshiil", receiverNumber: "12345" };
    expect(currentStep(s, "form")).toBe(4); // a five-digit account is complete
    s = { ...s, amount: "0" };
    expect(currentStep(s, "form")).toBe(4);
    s = { ...s, amount: "250.50" };
    expect(currentStep(s, "form")).toBe(5);
    expect(currentStep(s, "confirm")).toBe(5);
    expect(currentStep(s, "success")).toBe(6);
  });

  it("does not skip an unfinished earlier section", () => {
    expect(currentStep({ ...empty, mode: "online", currency: "SHS", amount: "5", receiverType: "bank", receiverInstitution: "Amal", receiverNumber: "12345" }, "form")).toBe(2);
    expect(currentStep({ ...empty, mode: "online", currency: "SHS", senderType: "wallet", senderNumber: "+252 65 1234567" }, "form")).toBe(2); // no operator chosen
  });
});
