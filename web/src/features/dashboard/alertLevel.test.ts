import { describe, expect, it } from "vitest";
import { AlertCircle, AlertTriangle, Info } from "lucide-react";
import { ALERT_LEVEL_STYLE, alertLevel } from "@/features/dashboard/alertLevel";

describe("alert level", () => {
  it("picks the icon by alertType, then severity; info is the default", () => {
    expect(alertLevel({ alertType: "critical", severity: "medium" })).toBe("critical");
    expect(alertLevel({ alertType: "warning", severity: "low" })).toBe("warning");
    expect(alertLevel({ alertType: "info", severity: "medium" })).toBe("info");
    expect(alertLevel({ alertType: "aml", severity: "critical" })).toBe("critical");
    expect(alertLevel({ alertType: "aml", severity: "high" })).toBe("warning");
    expect(alertLevel({ alertType: "aml", severity: "low" })).toBe("info");
    expect(alertLevel({ alertType: "something", severity: "unknown" })).toBe("info");
    expect(ALERT_LEVEL_STYLE.critical.icon).toBe(AlertCircle);
    expect(ALERT_LEVEL_STYLE.warning.icon).toBe(AlertTriangle);
    expect(ALERT_LEVEL_STYLE.info.icon).toBe(Info);
  });
});
