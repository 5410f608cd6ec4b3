import { describe, expect, it } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { AlertStatusPanel } from "@/features/realtime/AlertStatusPanel";
import { RealtimeProvider } from "@/features/realtime/RealtimeContext";
import type { SocketLike } from "@/features/realtime/socket";
import { renderWithProviders } from "@/test/render";

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  sent: string[] = [];
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
}

describe("RealtimeProvider + AlertStatusPanel", () => {
  it("opens no socket without a user", () => {
    const sockets: FakeSocket[] = [];
    renderWithProviders(
      <RealtimeProvider userId={null} createSocket={() => sockets[sockets.push(new FakeSocket()) - 1]!}>
        <AlertStatusPanel />
      </RealtimeProvider>,
    );
    expect(sockets).toHaveLength(0);
    expect(screen.getByTestId("alert-status-panel")).toHaveTextContent("Disconnected");
  });

  it("shows active when open, offers Reconnect when closed, and toasts alerts", async () => {
    const sockets: FakeSocket[] = [];
    const factory = () => sockets[sockets.push(new FakeSocket()) - 1]!;
    renderWithProviders(
      <RealtimeProvider userId="u-9" createSocket={factory}>
        <AlertStatusPanel />
      </RealtimeProvider>,
    );
    expect(sockets).toHaveLength(1);
    act(() => sockets[0]!.onopen?.(new Event("open")));
    expect(JSON.parse(sockets[0]!.sent[0]!)).toEqual({ type: "auth", userId: "u-9" });
    const panel = screen.getByTestId("alert-status-panel");
    expect(panel).toHaveTextContent("Real-time Alerts Active");
    expect(screen.queryByRole("button", { name: /Reconnect/ })).not.toBeInTheDocument();

    act(() =>
      sockets[0]!.onmessage?.({
        data: JSON.stringify({
          type: "compliance_alert",
          data: { severity: "high", title: "Structuring suspected", description: "Five transfers under threshold" },
        }),
      } as MessageEvent),
    );
    expect(await screen.findByText(/Structuring suspected/)).toBeInTheDocument();

    act(() => sockets[0]!.onclose?.({ code: 1000 } as CloseEvent));
    expect(panel).toHaveTextContent("Disconnected");
    fireEvent.click(screen.getByRole("button", { name: /Reconnect/ }));
    expect(sockets).toHaveLength(2);
  });
});
