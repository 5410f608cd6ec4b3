import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { CurrentUser } from "@/api/types";
import { AuthenticatedApp } from "@/features/shell/AuthenticatedApp";
import { TwoStepCard, disableBody } from "@/features/settings/TwoStepCard";
import { recoveryCodesText } from "@/features/settings/RecoveryCodes";
import { renderWithProviders, routeFetch } from "@/test/render";
import { makeUser } from "@/test/fixtures";

afterEach(() => vi.unstubAllGlobals());

const user: CurrentUser = makeUser({ id: "u1", email: "officer@cbsl.so", role: "cbsl_officer" });
const codes = ["aaaaa-bbbbb", "ccccc-ddddd"];
const start = { status: 200, body: { secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", uri: "otpauth://totp/x", qrCode: "data:image/svg+xml;base64,PHN2Zy8+" } };

describe("two-step verification card", () => {
  it("sets up: QR and key, a checked code, then the recovery codes once", async () => {
    const confirm = vi.fn(() => ({ status: 200, body: { recoveryCodes: codes } }));
    vi.stubGlobal(
      "fetch",
      vi.fn(
        routeFetch({
          "GET /api/profile/totp": { status: 200, body: { enabled: false, pending: false, recoveryCodesLeft: 0, required: false } },
          "POST /api/profile/totp": start,
          "POST /api/profile/totp/confirm": confirm,
        }),
      ),
    );
    renderWithProviders(<TwoStepCard user={user} />);
    expect(await screen.findByTestId("totp-state")).toHaveTextContent("Off");
    fireEvent.click(screen.getByTestId("totp-setup"));
    fireEvent.click(screen.getByTestId("totp-start"));
    expect(await screen.findByAltText("QR code to scan with your authenticator app")).toHaveAttribute("src", start.body.qrCode);
    expect(screen.getByTestId("totp-secret")).toHaveTextContent("JBSW Y3DP EHPK 3PXP");
    fireEvent.change(screen.getByTestId("totp-code"), { target: { value: "12a" } });
    fireEvent.click(screen.getByTestId("totp-confirm"));
    expect(await screen.findByRole("alert")).toHaveTextContent("Enter the 6-digit code");
    expect(confirm).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId("totp-code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByTestId("totp-confirm"));
    await waitFor(() => expect(screen.getAllByTestId("totp-recovery-code")).toHaveLength(2));
    expect(screen.getByText("Save your recovery codes now")).toBeInTheDocument();
  });

  it("sends a 6-digit code as code and anything else as the password", () => {
    expect(disableBody("123 456")).toEqual({ code: "123456" });
    expect(disableBody("correct horse")).toEqual({ password: "correct horse" });
    expect(recoveryCodesText(codes, "a@b.so", "Kormeer recovery codes")).toBe("Kormeer recovery codes (a@b.so)\n\naaaaa-bbbbb\nccccc-ddddd\n");
  });

  it("holds a regulator on the set-up when the server requires it", async () => {
    vi.stubGlobal("fetch", vi.fn(routeFetch({ "POST /api/profile/totp": start })));
    renderWithProviders(<AuthenticatedApp user={{ ...user, mustEnrollTotp: true }} />, { path: "/transactions" });
    expect(await screen.findByTestId("forced-totp")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Set up two-step verification" })).toBeInTheDocument();
    expect(screen.queryByTestId("nav-dashboard")).not.toBeInTheDocument();
  });
});
