import { describe, expect, it } from "vitest";
import { THRESHOLD_KEYS, canonicalAmount, changedKeys, fromForm, normalizeFieldKey, serverFieldErrors, toForm } from "@/features/settings/thresholds";
import type { Thresholds } from "@/features/settings/types";

/** The demo's version 1 as GET /api/settings/aml sends it. */
export const defaults: Thresholds = {
  largeValueUsd: "10000.00",
  largeValueShs: "115000000.00",
  structuringCount: 3,
  structuringWindowMinutes: 1440,
  structuringFloorPct: 80,
  velocityCount: 10,
  velocityWindowMinutes: 60,
  roundUnitUsd: "1000.00",
  roundUnitShs: "1000000.00",
  passThroughWindowMinutes: 15,
  passThroughPct: 80,
  passThroughMinUsd: "500.00",
  offlineHighValueUsd: "1000.00",
  newWalletAgeMinutes: 1440,
  newWalletVolumeUsd: "5000.00",
  weights: {
    large_value: 40,
    structuring: 70,
    velocity: 25,
    round_amount: 10,
    rapid_pass_through: 30,
    offline_high_value: 20,
    new_wallet_volume: 20,
  },
  mediumAt: 40,
  highAt: 70,
  criticalAt: 90,
};

describe("threshold form ↔ JSON", () => {
  it("round-trips every value exactly (money stays a decimal string)", () => {
    const form = toForm(defaults);
    expect(Object.keys(form).sort()).toEqual([...THRESHOLD_KEYS].sort());
    expect(form.largeValueUsd).toBe("10000.00");
    expect(form["weights.structuring"]).toBe("70");
    const { thresholds, errors } = fromForm(form);
    expect(errors).toEqual({});
    expect(thresholds).toEqual(defaults);
  });

  it("sends edited values with the right types", () => {
    const form = { ...toForm(defaults), largeValueUsd: " 5000 ", velocityCount: "12", "weights.velocity": "30" };
    const { thresholds, errors } = fromForm(form);
    expect(errors).toEqual({});
    expect(thresholds.largeValueUsd).toBe("5000");
    expect(thresholds.velocityCount).toBe(12);
    expect(thresholds.weights.velocity).toBe(30);
    expect(changedKeys(toForm(defaults), form).sort()).toEqual(["largeValueUsd", "velocityCount", "weights.velocity"]);
  });

  it("refuses what is not a number before calling the server", () => {
    const form = { ...toForm(defaults), largeValueShs: "1,000", structuringCount: "2.5", "weights.large_value": "" };
    const { errors } = fromForm(form);
    expect(errors).toEqual({
      largeValueShs: "amlSettings.errors.amount",
      structuringCount: "amlSettings.errors.whole",
      "weights.large_value": "amlSettings.errors.whole",
    });
  });

  it("does not count an equal amount written differently as a change", () => {
    expect(canonicalAmount("010000")).toBe("10000.00");
    expect(changedKeys(toForm(defaults), { ...toForm(defaults), largeValueUsd: "10000", roundUnitUsd: "1000.0" })).toEqual([]);
  });

  it("maps the server's field names onto the form's inputs", () => {
    expect(normalizeFieldKey("largeValueUSD")).toBe("largeValueUsd");
    expect(normalizeFieldKey("roundUnitSHS")).toBe("roundUnitShs");
    expect(normalizeFieldKey("structuringWindow")).toBe("structuringWindowMinutes");
    expect(normalizeFieldKey("newWalletAge")).toBe("newWalletAgeMinutes");
    expect(normalizeFieldKey("weights.velocity")).toBe("weights.velocity");
    expect(normalizeFieldKey("largeValueUsd")).toBe("largeValueUsd");
    expect(serverFieldErrors({ levels: "Need 0 < medium < high ≤ critical ≤ 100", velocityWindow: "From 1 minute to 7 days" })).toEqual({
      levels: "Need 0 < medium < high ≤ critical ≤ 100",
      velocityWindowMinutes: "From 1 minute to 7 days",
    });
  });
});
