import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { ApplicationForm } from "@/features/applications/ApplicationForm";
import { renderWithProviders, sentRequest } from "@/test/render";

afterEach(() => {
  vi.unstubAllGlobals();
});

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValid() {
  fill(/Institution name/, "Berbera Pay");
  fireEvent.click(screen.getByTestId("type-psp"));
  fill(/License number/, "psp-2026-001");
  fill(/Contact person/, "Ayaan Duale");
  fill(/Contact email/, "Licensing@BerberaPay.so");
  fill(/Contact phone/, "+252 63 4123456");
  fill(/Business address/, "Road 1, Berbera");
  fill(/Website/, "https://berberapay.so");
}

describe("ApplicationForm", () => {
  it("shows every required-field error next to its field and sends nothing", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<ApplicationForm prefillType={null} prefillVersion={0} />);
    fireEvent.click(screen.getByRole("button", { name: "Submit Application" }));
    for (const msg of [
      "Institution name is required",
      "Choose PSP or MNO",
      "License number is required",
      "Contact email is required",
      "Contact phone is required",
      "Contact person is required",
      "Business address is required",
    ]) {
      expect(screen.getByText(msg)).toBeInTheDocument();
    }
    expect(screen.getByLabelText(/Institution name/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText(/Institution name/)).toHaveAccessibleDescription("Institution name is required");
    expect(screen.getByLabelText(/Institution name/)).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("posts the payload (website not sent), shows Submitting..., then the toast and a reset form", async () => {
    let resolve: (r: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((r) => (resolve = r)));
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<ApplicationForm prefillType="psp" prefillVersion={1} />);
    expect(screen.getByTestId("type-psp")).toBeChecked();
    fillValid();
    fill(/Business description/, "  Merchant payments  ");
    fireEvent.click(screen.getByRole("button", { name: "Submit Application" }));
    expect(await screen.findByRole("button", { name: "Submitting..." })).toBeDisabled();
    const sent = await sentRequest(fetch.mock.calls[0]);
    expect(sent.path).toBe("/api/institution-applications");
    expect(sent.method).toBe("POST");
    expect(sent.body).toEqual({
      institutionName: "Berbera Pay",
      institutionType: "psp",
      licenseNumber: "psp-2026-001",
      contactEmail: "Licensing@BerberaPay.so",
      contactPhone: "+252 63 4123456",
      contactPerson: "Ayaan Duale",
      address: "Road 1, Berbera",
      businessDescription: "Merchant payments",
      logoUrl: null,
      status: "pending",
    });
    resolve(new Response(JSON.stringify({ id: "a1", status: "pending" }), { status: 201 }));
    expect((await screen.findAllByText("Your application has been submitted successfully")).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByLabelText(/Institution name/)).toHaveValue(""));
    expect(screen.getByLabelText(/Website/)).toHaveValue("");
  });

  it("shows the server's field errors and the failure toast", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        new Response(
          // The server's codes are read, not its words: its message here is in another language.
          JSON.stringify({
            code: "license_taken",
            message: "Lambarka shatiga waa la haystaa.",
            fields: { licenseNumber: { code: "license_in_use", message: "Lambarkan shatiga horay ayaa loo isticmaalay" } },
          }),
          { status: 409, headers: { "Content-Language": "so" } },
        ),
      ),
    );
    renderWithProviders(<ApplicationForm prefillType="mno" prefillVersion={1} />);
    fillValid();
    fireEvent.click(screen.getByRole("button", { name: "Submit Application" }));
    expect(await screen.findByText("Failed to submit application. Please try again.")).toBeInTheDocument();
    expect(screen.getByLabelText(/License number/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByTestId("error-licenseNumber")).toHaveTextContent("This license number is already in use");
    expect(screen.getByLabelText(/Institution name/)).toHaveValue("Berbera Pay");
  });

  it("refuses an SVG or an oversized logo before uploading", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<ApplicationForm prefillType={null} prefillVersion={0} />);
    const input = screen.getByTestId("logo-input");
    fireEvent.change(input, { target: { files: [new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" })] } });
    expect(await screen.findByTestId("logo-error")).toHaveTextContent("Only PNG, JPEG or WebP images are accepted.");
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [big] } });
    await waitFor(() => expect(screen.getByTestId("logo-error")).toHaveTextContent("File size must be less than 5MB."));
    expect(fetch).not.toHaveBeenCalled();
  });
});
