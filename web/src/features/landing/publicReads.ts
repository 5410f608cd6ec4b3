import { startTransition, useEffect, useState } from "react";
import { useLandingHost } from "@/features/landing/host";

/**
 * One public read of the landing page: fetched when the page shows it, kept for the page's next
 * showing while fresh, refetched every refetchMs while shown. A small cache of the landing page's
 * own instead of TanStack Query, which its first load runs without
 * (src/landingMain.tsx); it answers as useQuery did for these two reads (isLoading until the first
 * answer, isError when the last read failed).
 */
export interface PublicRead<T> {
  key: string;
  fetch: (signal?: AbortSignal) => Promise<T>;
  /** How long an answer stays fresh for the page's next showing (default: for good). */
  staleMs?: number;
  /** Refetched this often while the page shows it. */
  refetchMs?: number;
  /**
   * Below the fold: when React takes over the pre-rendered page, its answer is drawn once the
   * browser is idle, after the figures above it, so that a slow phone styles and lays out the two
   * in separate tasks instead of one long one.
   */
  belowTheFold?: boolean;
}

/** The last answer to a read (or its failure) and when it came. */
interface Settled {
  data: unknown;
  error: unknown;
  at: number;
}

const settled = new Map<string, Settled>();
const inFlight = new Map<string, Promise<void>>();
const listeners = new Map<string, Set<() => void>>();

/** Fetches a read now (joining a fetch already in flight) and tells those showing it. */
export function loadPublicRead<T>(read: PublicRead<T>): Promise<void> {
  let running = inFlight.get(read.key);
  if (!running) {
    running = read.fetch().then(
      (data) => {
        settled.set(read.key, { data, error: null, at: Date.now() });
      },
      (error: unknown) => {
        settled.set(read.key, { data: settled.get(read.key)?.data, error: error ?? new Error("read failed"), at: Date.now() });
      },
    );
    running = running.finally(() => {
      inFlight.delete(read.key);
      listeners.get(read.key)?.forEach((tell) => tell());
    });
    inFlight.set(read.key, running);
  }
  return running;
}

/** Drops every answer (the tests start each from nothing). */
export function clearPublicReads(): void {
  settled.clear();
}

export interface PublicReadState<T> {
  data: T | undefined;
  isLoading: boolean;
  isError: boolean;
}

function stateOf<T>(key: string): PublicReadState<T> {
  const s = settled.get(key);
  return { data: s?.data as T | undefined, isLoading: !s, isError: Boolean(s?.error) };
}

function same<T>(a: PublicReadState<T>, b: PublicReadState<T>): boolean {
  return a.data === b.data && a.isLoading === b.isLoading && a.isError === b.isError;
}

/**
 * A public read as the landing page shows it. While React takes over the pre-rendered page
 * (host.hydrating) the first render shows the loading state, as the server's markup does, and the
 * answer right after.
 */
export function usePublicRead<T>(read: PublicRead<T>): PublicReadState<T> {
  const { hydrating } = useLandingHost();
  const [state, setState] = useState<PublicReadState<T>>(() =>
    hydrating ? { data: undefined, isLoading: true, isError: false } : stateOf<T>(read.key),
  );
  const { key, staleMs, refetchMs } = read;
  useEffect(() => {
    // A transition: React draws the answer in slices, so that a slow phone's main thread is
    // never held long by the figures or the register landing.
    const tell = () =>
      startTransition(() =>
        setState((was) => {
          const now = stateOf<T>(key);
          return same(was, now) ? was : now;
        }),
      );
    let mine = listeners.get(key);
    if (!mine) listeners.set(key, (mine = new Set()));
    mine.add(tell);
    let idle: number | undefined;
    if (hydrating && read.belowTheFold && typeof requestIdleCallback === "function") idle = requestIdleCallback(tell, { timeout: 1000 });
    else tell();
    const s = settled.get(key);
    if (!s || s.error || (staleMs !== undefined && Date.now() - s.at > staleMs)) void loadPublicRead(read);
    const timer = refetchMs ? setInterval(() => void loadPublicRead(read), refetchMs) : undefined;
    return () => {
      mine.delete(tell);
      if (timer) clearInterval(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
    // read is a module constant (landingReads); its key stands for it. hydrating is the host's
    // for good (the first render's).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, staleMs, refetchMs]);
  return state;
}
