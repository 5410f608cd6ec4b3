import { describe, expect, it } from "vitest";
import { currentStep } from "@/features/transfers/steps";

const empty = { mode: "", currency: "", senderType: "", senderNumber: "", receiverType: "", receiverNumber: "", amount: "" };

describe("guided step counter", () => {
  it("advances one step per condition, in order", () => {
    expect(currentStep(empty, "form")).toBe(1);
    let s = { ...empty, mode: "online" };
    expect(currentStep(s, "form")).toBe(2);
    s = { ...s, currency: "USD" };
    expect(currentStep(s, "form")).toBe(3);
    s = { ...s, senderType: "wallet" };
    expect(currentStep(s, "form")).toBe(4);
    s = { ...s, senderNumber: "12345" };
    expect(currentStep(s, "form")).toBe(4); // must be longer than 5 characters
    s = { ...s, senderNumber: "+252 65 1234567" };
    expect(currentStep(s, "form")).toBe(5);
    s = { ...s, receiverType: "bank" };
    expect(currentStep(s, "form")).toBe(6);
    s = { ...s, receiverNumber: "123456" };
    expect(currentStep(s, "form")).toBe(7);
    s = { ...s, amount: "0" };
    expect(currentStep(s, "form")).toBe(7);
    s = { ...s, amount: "250.50" };
    expect(currentStep(s, "form")).toBe(8);
    expect(currentStep(s, "confirm")).toBe(9);
    expect(currentStep(s, "success")).toBe(10);
  });

  it("does not skip an unmet earlier condition", () => {
    expect(currentStep({ ...empty, mode: "online", senderType: "wallet", amount: "5" }, "form")).toBe(2);
  });
});
