import type { ReactElement, ReactNode } from "react";
import { render } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { createQueryClient } from "@/api/queryClient";
import { Toaster } from "@/components/ui/toaster";

/** Renders with a fresh QueryClient, an in-memory router at `path` and the toaster. */
export function renderWithProviders(ui: ReactElement, { path = "/" }: { path?: string } = {}) {
  const queryClient = createQueryClient();
  const location = memoryLocation({ path, record: true });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <Router hook={location.hook}>
          {children}
          <Toaster />
        </Router>
      </QueryClientProvider>
    );
  }
  return { ...render(ui, { wrapper: Wrapper }), queryClient, location };
}

/** One stubbed answer: a status, a JSON body and extra headers (X-Next-Cursor, X-Total-Count). */
type StubAnswer = { status: number; body?: unknown; headers?: Record<string, string> };

/** A fetch stub answering by "METHOD path" (with the query string) with a status, JSON body and headers. */
export function routeFetch(routes: Record<string, StubAnswer | (() => StubAnswer)>) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    // The typed client (openapi-fetch) passes a Request, which carries its own method.
    const method = (input instanceof Request ? input.method : (init?.method ?? "GET")).toUpperCase();
    const path = url.replace(/^https?:\/\/[^/]+/, "");
    const entry = routes[`${method} ${path}`];
    if (!entry) return new Response('{"message":"Not Found"}', { status: 404 });
    const { status, body, headers } = typeof entry === "function" ? entry() : entry;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      // Our server says the language it wrote its messages in; these stubs write English.
      headers: { "Content-Type": "application/json", "Content-Language": "en", ...headers },
    });
  };
}

/** The path with its query string of a stubbed fetch's call: the typed client passes a Request. */
export function calledPath(call: readonly unknown[] | undefined): string {
  const input = call?.[0];
  const url = input instanceof Request ? input.url : String(input);
  return url.replace(/^https?:\/\/[^/]+/, "");
}

/** What the typed client sent in a stubbed fetch's call: its path and query, method, headers and JSON body. */
export async function sentRequest(call: readonly unknown[] | undefined) {
  const input = call?.[0];
  if (!(input instanceof Request)) throw new Error(`not a Request: ${String(input)}`);
  const text = await input.clone().text();
  return { path: calledPath(call), method: input.method, headers: input.headers, body: text ? (JSON.parse(text) as unknown) : undefined };
}
