import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { InstitutionApplication } from "@/api/types";
import { ReviewDialog } from "@/features/applications/ReviewDialog";
import { renderWithProviders, sentRequest } from "@/test/render";

afterEach(() => {
  vi.unstubAllGlobals();
});

const app = {
  id: "app-1",
  institutionName: "Berbera Pay",
  institutionType: "psp",
  status: "pending",
} as InstitutionApplication;

describe("ReviewDialog", () => {
  it("refuses a rejection without a reason before calling the API", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<ReviewDialog application={app} decision="reject" onOpenChange={() => {}} />);
    expect(screen.getByRole("dialog", { name: "Reject application" })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Reason for rejection/), { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    expect(screen.getByRole("alert")).toHaveTextContent("A reason must be provided to reject an application.");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("rejects with trimmed notes, shows Processing, then the success toast", async () => {
    let resolve: (r: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((r) => (resolve = r)));
    vi.stubGlobal("fetch", fetch);
    const onOpenChange = vi.fn();
    renderWithProviders(<ReviewDialog application={app} decision="reject" onOpenChange={onOpenChange} />);
    fireEvent.change(screen.getByLabelText(/Reason for rejection/), { target: { value: "  Missing licence documents  " } });
    fireEvent.click(screen.getByRole("button", { name: "Reject" }));
    expect(await screen.findByRole("button", { name: "Processing..." })).toBeDisabled();
    const sent = await sentRequest(fetch.mock.calls[0]);
    expect(sent.path).toBe("/api/institution-applications/app-1/reject");
    expect(sent.body).toEqual({ notes: "Missing licence documents" });
    resolve(new Response(JSON.stringify({ ...app, status: "rejected" }), { status: 200 }));
    expect(await screen.findByText("Application rejected successfully")).toBeInTheDocument();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it("approves with empty notes omitted, and reports a failure", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: "Only pending applications can be reviewed." }), { status: 409 }));
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<ReviewDialog application={app} decision="approve" onOpenChange={() => {}} />);
    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Failed to approve application. Please try again.")).toBeInTheDocument();
    const sent = await sentRequest(fetch.mock.calls[0]);
    expect(sent.path).toBe("/api/institution-applications/app-1/approve");
    expect(sent.body).toEqual({});
  });
});
