import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { ApiErrorBody, ApiFieldError } from "@/api/types";
import { currentLanguage } from "@/i18n/languages";

/**
 * The one error type the web app throws for a non-OK response. Its message
 * follows the specification's convention, `${status}: ${body or statusText}`,
 * so existing checks such as "starts with 401:" keep working, while status and
 * the parsed `{message, fields}` body are available for friendlier display.
 */
export class ApiError extends Error {
  readonly status: number;
  /** Partial: a proxy in front of the server may answer an error without code or message. */
  readonly body: Partial<ApiErrorBody> | null;
  readonly bodyText: string;
  /** The language the server wrote its messages in (Content-Language), "" when it did not say. */
  readonly language: string;

  constructor(status: number, statusText: string, bodyText: string, language = "") {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.bodyText = bodyText;
    this.body = parseErrorBody(bodyText);
    this.language = language;
  }

  /** The error's machine code, "" when the body had none (not from our API). */
  get code(): string {
    return this.body?.code ?? "";
  }

  /** Per-field faults with their codes, keyed by field name. */
  get faults(): Record<string, ApiFieldError> {
    return this.body?.fields ?? {};
  }

  /** The server's human message when it sent one, else the raw message. */
  get serverMessage(): string {
    return this.body?.message ?? this.message;
  }

  /** Per-field validation messages as the server wrote them, keyed by field name. */
  get fields(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.faults).map(([k, f]) => [k, f.message]));
  }
}

function parseErrorBody(text: string): Partial<ApiErrorBody> | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") {
      const obj = parsed as Record<string, unknown>;
      const body: Partial<ApiErrorBody> = {};
      if (typeof obj.code === "string") body.code = obj.code;
      if (typeof obj.message === "string") body.message = obj.message;
      if (isParams(obj.params)) body.params = obj.params;
      if (obj.fields && typeof obj.fields === "object") {
        body.fields = Object.fromEntries(
          Object.entries(obj.fields as Record<string, unknown>).map(([k, v]) => [k, parseFieldError(v)]),
        );
      }
      return body;
    }
  } catch {
    // Not JSON: the raw text is already in the message.
  }
  return null;
}

function isParams(v: unknown): v is Record<string, string> {
  return !!v && typeof v === "object" && Object.values(v).every((x) => typeof x === "string");
}

/** One field's fault; a bare string (an older server, another API) is a message without a code. */
function parseFieldError(v: unknown): ApiFieldError {
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    const fault: ApiFieldError = {
      code: typeof o.code === "string" ? o.code : "",
      message: typeof o.message === "string" ? o.message : "",
    };
    if (isParams(o.params)) fault.params = o.params;
    return fault;
  }
  return { code: "", message: String(v) };
}

/** The header that asks the server for its messages in the interface's language. */
export function languageHeaders(): Record<string, string> {
  return { "Accept-Language": currentLanguage() };
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
    throw new ApiError(res.status, res.statusText, text, res.headers?.get("Content-Language") ?? "");
  }
}

/**
 * What a screen adds to a feature's mutation hook: its own reaction to the outcome (a toast,
 * closing a dialog), run after the hook has refreshed the reads the change touched.
 */
export interface MutationCallbacks<TData, TVariables = void> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: Error, variables: TVariables) => void;
}

/**
 * A mutation's outcome handlers: refresh the reads a success (or a refusal) touched, then run the
 * screen's own callbacks.
 */
export function refreshThen<TData, TVariables>(
  queryClient: QueryClient,
  refresh: { onSuccess?: readonly QueryKey[]; onError?: readonly QueryKey[] },
  callbacks: MutationCallbacks<TData, TVariables>,
) {
  const invalidate = (keys: readonly QueryKey[] = []) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  return {
    onSuccess: (data: TData, variables: TVariables) => {
      invalidate(refresh.onSuccess);
      callbacks.onSuccess?.(data, variables);
    },
    onError: (err: Error, variables: TVariables) => {
      invalidate(refresh.onError);
      callbacks.onError?.(err, variables);
    },
  };
}
