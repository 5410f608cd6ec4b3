import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PublicRegister, REGISTER_PAGE } from "@/features/landing/PublicRegister";
import { clearPublicReads } from "@/features/landing/publicReads";
import { renderInHost } from "@/features/landing/testing";
import { routeFetch } from "@/test/render";

afterEach(() => {
  vi.unstubAllGlobals();
  clearPublicReads();
});

const entry = (i: number) => ({
  id: `i${i}`,
  name: `Institution ${i}`,
  type: "psp",
  licenseNumber: `CB-${i}`,
  licenseExpiresAt: "2027-11-24T00:00:00Z",
  complianceStatus: "compliant",
  logoUrl: null,
});

describe("PublicRegister", () => {
  it("shows the register a page at a time instead of hiding rows in a box", async () => {
    const all = Array.from({ length: 23 }, (_, i) => entry(i));
    vi.stubGlobal("fetch", vi.fn(routeFetch({ "GET /api/public/register": { status: 200, body: all } })));
    renderInHost(<PublicRegister />);
    expect(await screen.findAllByTestId("public-register-row")).toHaveLength(REGISTER_PAGE);
    expect(screen.getByTestId("public-register-shown")).toHaveTextContent("10 of 23 institutions");
    fireEvent.click(screen.getByTestId("public-register-more"));
    expect(screen.getAllByTestId("public-register-row")).toHaveLength(20);
    expect(screen.getByTestId("public-register-more")).toHaveTextContent("Show 3 more");
    fireEvent.click(screen.getByTestId("public-register-more"));
    expect(screen.getAllByTestId("public-register-row")).toHaveLength(23);
    expect(screen.queryByTestId("public-register-more")).not.toBeInTheDocument();
  });
});
