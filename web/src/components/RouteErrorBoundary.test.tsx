import { lazy, Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { RouteErrorBoundary, isChunkLoadError } from "@/components/RouteErrorBoundary";
import i18n from "@/i18n";
import { renderWithProviders } from "@/test/render";

/** A screen whose code cannot be fetched, as after a deployment removed its chunk. */
const MissingChunk = lazy(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module: https://kormeer.so/assets/AuditPage-1a2b3c.js")));

let broken = true;
function Flaky() {
  if (broken) throw new Error("boom");
  return <p>the screen</p>;
}

afterEach(async () => {
  vi.restoreAllMocks();
  broken = true;
  await act(() => i18n.changeLanguage("en"));
});

describe("isChunkLoadError", () => {
  it("recognises each browser's wording of a chunk that could not be loaded, and nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error("Loading chunk 42 failed."), { name: "ChunkLoadError" }))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });
});

describe("RouteErrorBoundary", () => {
  it("offers a reload, in the reader's language, when a screen's code is gone after a new version", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await act(() => i18n.changeLanguage("fr"));
    renderWithProviders(
      <RouteErrorBoundary>
        <Suspense fallback={<p>loading</p>}>
          <MissingChunk />
        </Suspense>
      </RouteErrorBoundary>,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent("Une nouvelle version de Kormeer est disponible");
    expect(screen.getByTestId("route-error-reload")).toHaveTextContent("Recharger");
    expect(screen.queryByTestId("route-error-retry")).toBeNull();
  });

  it("shows a clear message instead of a blank page when a screen fails, and tries it again on request", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderWithProviders(
      <RouteErrorBoundary>
        <Flaky />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("This page could not be shown");
    expect(screen.queryByTestId("route-error-reload")).toBeNull();
    broken = false;
    fireEvent.click(screen.getByTestId("route-error-retry"));
    expect(screen.getByText("the screen")).toBeInTheDocument();
  });

  it("leaves the failed screen when the reader goes elsewhere", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { location } = renderWithProviders(
      <RouteErrorBoundary>
        <Flaky />
      </RouteErrorBoundary>,
      { path: "/audit" },
    );
    expect(screen.getByTestId("route-error")).toBeInTheDocument();
    broken = false;
    act(() => location.navigate("/sanctions"));
    expect(await screen.findByText("the screen")).toBeInTheDocument();
    expect(screen.queryByTestId("route-error")).toBeNull();
  });
});
