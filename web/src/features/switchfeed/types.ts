/** The switch feed's API shapes (internal/store/iso20022.go, deadletters.go; internal/httpapi/iso20022.go). */
import type { components } from "@/api/schema";
import type { Narrow } from "@/api/types";

type S = components["schemas"];

/** One status report received for a switch transaction; applied is false when it came out of order. */
export type IsoStatusEntry = Narrow<S["ISOStatusEntry"], { outcome: "pending" | "accepted" | "settled" | "rejected" }>;

/** GET /api/transactions/{id}/iso20022. */
export type IsoDetail = Narrow<S["ISODetail"], { history: IsoStatusEntry[] }>;

/** One entry of GET /api/switch-feed/dead-letters. */
export type DeadLetter = Narrow<
  S["DeadLetter"],
  { faults: Array<{ path: string; message: string }>; status: "open" | "retried" | "discarded" }
>;

/** system.switchFeed of GET /metrics-system. */
export type SwitchFeedState = S["SwitchFeed"];
