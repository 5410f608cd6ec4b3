import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { CurrentUser, InstitutionApplication } from "@/api/types";
import { ApplicationsPage } from "@/features/applications/ApplicationsPage";
import { renderWithProviders, routeFetch, calledPath } from "@/test/render";

afterEach(() => vi.unstubAllGlobals());

const officer = { id: "o1", role: "cbsl_officer", isGuest: false } as CurrentUser;
const citizen = { id: "c1", role: "citizen", isGuest: false } as CurrentUser;

function app(n: number, status = "pending"): InstitutionApplication {
  return {
    id: `a${n}`,
    institutionName: `Institution ${n}`,
    institutionType: n % 2 ? "psp" : "mno",
    licenseNumber: `LIC-${n}`,
    contactEmail: `c${n}@example.so`,
    status,
    createdAt: "2026-11-20T10:00:00Z",
  } as InstitutionApplication;
}

/** A one-row first page whose X-Total-Count is the server's count: what the counters read. */
const counted = (total: string) => ({ status: 200, body: [], headers: { "X-Total-Count": total } });

describe("ApplicationsPage", () => {
  it("counts on the server, loads more on demand and filters from a counter", async () => {
    const fetch = vi.fn(
      routeFetch({
        "GET /api/institution-applications": {
          status: 200,
          body: [app(1), app(2, "approved")],
          headers: { "X-Next-Cursor": "next", "X-Total-Count": "1000+" },
        },
        "GET /api/institution-applications?cursor=next": { status: 200, body: [app(3, "rejected")] },
        "GET /api/institution-applications?limit=1": counted("1000+"),
        "GET /api/institution-applications?status=pending&limit=1": counted("640"),
        "GET /api/institution-applications?status=approved&limit=1": counted("250"),
        "GET /api/institution-applications?status=rejected&limit=1": counted("120"),
        "GET /api/institution-applications?status=pending": { status: 200, body: [app(1)], headers: { "X-Total-Count": "640" } },
      }),
    );
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<ApplicationsPage user={officer} />);
    expect(await screen.findAllByTestId("application-row")).toHaveLength(2);
    // The counters are the server's over every application, not the two rows loaded.
    await waitFor(() => expect(screen.getByTestId("count-pending")).toHaveTextContent("640"));
    expect(screen.getByTestId("count-total")).toHaveTextContent("1,000+");
    expect(screen.getByTestId("count-approved")).toHaveTextContent("250");
    expect(screen.getByTestId("applications-count")).toHaveTextContent("Showing 2 of 1,000+ applications");

    fireEvent.click(screen.getByTestId("applications-load-more"));
    await waitFor(() => expect(screen.getAllByTestId("application-row")).toHaveLength(3));
    expect(screen.queryByTestId("applications-load-more")).toBeNull();

    fireEvent.click(screen.getByTestId("filter-pending"));
    expect(screen.getByTestId("filter-pending")).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(screen.getAllByTestId("application-row")).toHaveLength(1));
    expect(fetch.mock.calls.some((c) => calledPath(c) === "/api/institution-applications?status=pending")).toBe(true);
  });

  it("lets an applicant load more of their own applications", async () => {
    vi.stubGlobal(
      "fetch",
      routeFetch({
        "GET /api/institution-applications": { status: 200, body: [app(1)], headers: { "X-Next-Cursor": "more" } },
        "GET /api/institution-applications?cursor=more": { status: 200, body: [app(2, "approved")] },
      }),
    );
    renderWithProviders(<ApplicationsPage user={citizen} />);
    expect(await screen.findAllByTestId("my-application")).toHaveLength(1);
    fireEvent.click(screen.getByTestId("my-applications-load-more"));
    await waitFor(() => expect(screen.getAllByTestId("my-application")).toHaveLength(2));
    expect(screen.queryByTestId("my-applications-load-more")).toBeNull();
  });
});
