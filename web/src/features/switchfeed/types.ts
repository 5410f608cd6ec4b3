/** The switch feed's API shapes (internal/store/iso20022.go, deadletters.go; internal/httpapi/iso20022.go). */

/** One status report received for a switch transaction. */
export interface IsoStatusEntry {
  msgId: string;
  statusCode: string;
  outcome: "pending" | "accepted" | "settled" | "rejected";
  reasonCode?: string;
  info?: string;
  /** False: received out of order, the transaction's status stayed. */
  applied: boolean;
  reportedAt: string;
  receivedAt: string;
}

/** GET /api/transactions/{id}/iso20022. */
export interface IsoDetail {
  messageType: string;
  msgId: string;
  instrId?: string;
  endToEndId: string;
  txId?: string;
  uetr?: string;
  debtorAgent?: string;
  creditorAgent?: string;
  settlementDate?: string;
  history: IsoStatusEntry[];
}

/** One entry of GET /api/switch-feed/dead-letters. */
export interface DeadLetter {
  id: string;
  stream: string;
  subject: string;
  streamSeq: number;
  payload: string;
  reason: string;
  faults: Array<{ path: string; message: string }>;
  status: "open" | "retried" | "discarded";
  attempts: number;
  createdAt: string;
  updatedAt: string;
}

/** system.switchFeed of GET /metrics-system. */
export interface SwitchFeedState {
  enabled: boolean;
  connected: boolean;
  consumed: number;
  duplicates: number;
  deadLettered: number;
  lag: number;
  openDeadLetters: number;
}
