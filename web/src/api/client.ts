import type { QueryFunction } from "@tanstack/react-query";
import type { ApiErrorBody } from "@/api/types";

/**
 * The one error type the web app throws for a non-OK response. Its message
 * follows the specification's convention, `${status}: ${body or statusText}`,
 * so existing checks such as "starts with 401:" keep working, while status and
 * the parsed `{message, fields}` body are available for friendlier display.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.bodyText = bodyText;
    this.body = parseErrorBody(bodyText);
  }

  /** The server's human message when it sent one, else the raw message. */
  get serverMessage(): string {
    return this.body?.message ?? this.message;
  }

  /** Per-field validation messages, keyed by field name. */
  get fields(): Record<string, string> {
    return this.body?.fields ?? {};
  }
}

function parseErrorBody(text: string): ApiErrorBody | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") {
      const obj = parsed as Record<string, unknown>;
      const body: ApiErrorBody = {};
      if (typeof obj.message === "string") body.message = obj.message;
      if (obj.fields && typeof obj.fields === "object") {
        body.fields = Object.fromEntries(
          Object.entries(obj.fields as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
        );
      }
      return body;
    }
  } catch {
    // Not JSON: the raw text is already in the message.
  }
  return null;
}

/** Who is told the units a guest has left after a metered read (createQueryClient registers it). */
let guestUnitsListener: ((units: number) => void) | null = null;

/**
 * Registers the function told the guest units a metered read left (X-Guest-Units-Remaining), so
 * that the sidebar's count follows each read instead of the next reload.
 */
export function onGuestUnits(listener: ((units: number) => void) | null): void {
  guestUnitsListener = listener;
}

/** Throws ApiError when the response is not OK; reads the body once. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  const units = res.headers?.get("X-Guest-Units-Remaining");
  if (units && guestUnitsListener && /^\d+$/.test(units)) guestUnitsListener(Number(units));
  if (!res.ok) {
    const text = (await res.text().catch(() => "")) || "";
    throw new ApiError(res.status, res.statusText, text);
  }
}

/**
 * Sends a request with the session cookie and, when a body is given, a JSON
 * body. Resolves with the Response so callers choose how to read it.
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const init: RequestInit = {
    method,
    credentials: "include",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  const res = await fetch(url, init);
  await throwIfResNotOk(res);
  return res;
}

/** Like apiRequest, then parses JSON (or returns null for an empty body). */
export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/**
 * The default query function: GET the query key joined by "/". With
 * on401 "returnNull" an unauthenticated response resolves to null instead of
 * failing, which is how "is anyone signed in?" is asked.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKey.join("/"), { credentials: "include", signal });
    if (on401 === "returnNull" && res.status === 401) {
      // Drain the body so the browser can finish the request (an unread body
      // keeps it pending, which also stalls "network idle" in browser tests).
      await res.text().catch(() => "");
      return null;
    }
    await throwIfResNotOk(res);
    const text = await res.text();
    return (text ? JSON.parse(text) : null) as T;
  };
}
