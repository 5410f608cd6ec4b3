import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import i18n from "@/i18n";
import { formatDuration } from "@/lib/duration";
import { formatDate, formatDateTime, formatNumber, somaliDateFormat } from "@/lib/format";
import { formatMoney } from "@/lib/money";

afterEach(async () => {
  await i18n.changeLanguage("en");
});

// 00:57 UTC, so that a 12-hour clock would show "12:57 AM". Node applies a changed TZ at once.
const at = "2026-11-24T00:57:09Z";
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "UTC";
});
afterAll(() => {
  process.env.TZ = zone;
});

describe("format", () => {
  it("shows one date-time format per language, on a 24-hour clock", async () => {
    expect(formatDateTime(at)).toBe("Nov 24, 2026, 00:57");
    expect(formatDateTime(at, { seconds: true })).toBe("Nov 24, 2026, 00:57:09");
    await i18n.changeLanguage("fr");
    expect(formatDateTime(at)).toBe("24 nov. 2026, 00:57");
    expect(formatDate(at)).toBe("24 nov. 2026");
    expect(formatDateTime(null)).toBe("—");
    expect(formatDateTime("not a date")).toBe("—");
  });

  it("writes numbers and money in the reader's language", async () => {
    expect(formatNumber(1234567.5)).toBe("1,234,567.5");
    expect(formatMoney(1479100, "USD")).toBe("14,791.00 USD");
    await i18n.changeLanguage("fr");
    // French groups with a narrow no-break space and uses a decimal comma.
    expect(formatNumber(1234567.5)).toBe("1\u202f234\u202f567,5");
    expect(formatMoney(1479100, "USD")).toBe("14\u202f791,00 USD");
  });

  it("says spans in minutes, hours or days, exactly for a configured window", async () => {
    const minute = 60_000;
    expect(formatDuration(1440 * minute, { exact: true })).toBe("24 hours");
    expect(formatDuration(10080 * minute, { exact: true })).toBe("7 days");
    expect(formatDuration(90 * minute, { exact: true })).toBe("90 minutes");
    expect(formatDuration(90 * minute)).toBe("1 hour");
    await i18n.changeLanguage("so");
    expect(formatDuration(1440 * minute, { exact: true })).toBe(i18n.t("alerts.queue.span.hours", { count: 24, n: "24" }));
    await i18n.changeLanguage("fr");
    expect(formatDuration(1440 * minute, { exact: true })).toBe("24 heures");
    expect(formatDuration(3 * 1440 * minute)).toBe("3 jours");
  });

  it("writes Somali months even where the browser's Intl has no Somali (Chromium)", () => {
    const dateTime = somaliDateFormat({ year: "numeric", month: "short", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "UTC" });
    expect(dateTime.format(new Date(at))).toBe("24 Nof 2026, 00:57");
    const days = somaliDateFormat({ year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
    expect(days.formatRange(new Date("2026-08-01T00:00:00Z"), new Date("2026-09-24T00:00:00Z"))).toMatch(/^1 Ogs\s–\s24 Seb 2026$/u);
    expect(days.format(new Date("2026-12-05T00:00:00Z"))).toBe("5 Dis 2026");
  });
});
