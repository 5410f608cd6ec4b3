import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { DesktopAlertsButton } from "@/features/realtime/DesktopAlertsButton";
import { desktopNotify, notificationState, requestNotifications } from "@/features/realtime/notifications";
import type { NotificationApi } from "@/features/realtime/notifications";
import { renderWithProviders } from "@/test/render";

/** A fake Notification: records what was shown and answers the permission request with `answer`. */
function fakeNotifications(permission: NotificationPermission, answer: NotificationPermission = "granted") {
  const shown: { title: string; options?: NotificationOptions; instance: { onclick: (() => void) | null; close: () => void } }[] = [];
  const request = vi.fn(async () => {
    Fake.permission = answer;
    return answer;
  });
  class Fake {
    static permission: NotificationPermission = permission;
    static requestPermission = request;
    onclick: (() => void) | null = null;
    close = vi.fn();
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, options, instance: this });
    }
  }
  return { api: Fake as unknown as NotificationApi, shown, request };
}

afterEach(() => vi.restoreAllMocks());

describe("desktop notifications", () => {
  it("reads the permission, or unsupported without the API", () => {
    expect(notificationState(undefined)).toBe("unsupported");
    expect(notificationState(fakeNotifications("denied").api)).toBe("denied");
  });

  it("asks only while undecided", async () => {
    const undecided = fakeNotifications("default", "granted");
    await expect(requestNotifications(undecided.api)).resolves.toBe("granted");
    expect(undecided.request).toHaveBeenCalledTimes(1);
    const denied = fakeNotifications("denied");
    await expect(requestNotifications(denied.api)).resolves.toBe("denied");
    expect(denied.request).not.toHaveBeenCalled();
    await expect(requestNotifications(undefined)).resolves.toBe("unsupported");
  });

  it("shows a granted alert that opens it on click, and nothing otherwise", () => {
    const focus = vi.spyOn(window, "focus").mockImplementation(() => {});
    const open = vi.fn();
    const granted = fakeNotifications("granted");
    desktopNotify({ id: "alert-7", title: "Structuring", body: "Ten transfers under the limit" }, open, granted.api);
    expect(granted.shown).toHaveLength(1);
    const [n] = granted.shown;
    expect(n!.title).toBe("Structuring");
    expect(n!.options).toMatchObject({ body: "Ten transfers under the limit", requireInteraction: true, tag: "kormeer-alert-alert-7" });
    expect(open).not.toHaveBeenCalled();
    n!.instance.onclick?.();
    expect(focus).toHaveBeenCalled();
    expect(open).toHaveBeenCalledWith("alert-7");
    expect(n!.instance.close).toHaveBeenCalled();

    for (const permission of ["default", "denied"] as const) {
      const f = fakeNotifications(permission);
      desktopNotify({ id: "x", title: "t", body: "b" }, open, f.api);
      expect(f.shown).toHaveLength(0);
    }
    desktopNotify({ id: "x", title: "t", body: "b" }, open, undefined);
  });

  it("the button asks on click, never on render, and says what was decided", async () => {
    const f = fakeNotifications("default", "granted");
    renderWithProviders(<DesktopAlertsButton api={f.api} />);
    expect(f.request).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByTestId("desktop-alerts-enable"));
    });
    expect(f.request).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId("desktop-alerts-state")).toHaveTextContent(/on/i);

    const blocked = fakeNotifications("denied");
    renderWithProviders(<DesktopAlertsButton api={blocked.api} />);
    expect(screen.getAllByTestId("desktop-alerts-state")[1]).toHaveTextContent(/blocked/i);
  });
});
