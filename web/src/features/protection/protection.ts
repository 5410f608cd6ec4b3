/**
 * Client security measures (spec 000 §9). They deter casual copying on a shared screen; they are
 * not a security boundary (the server enforces access), so every measure fails quietly.
 */

/** Paths containing any of these words are left unprotected (sign-in and developer pages). */
const EXCLUDED = ["jwt-test", "register", "login"];

export function isProtectedPath(path: string): boolean {
  const p = path.toLowerCase();
  return !EXCLUDED.some((word) => p.includes(word));
}

export const CLIPBOARD_CLEAR_MS = 30_000;
export const MARK_DELAY_MS = 1_000;
export const DEVTOOLS_THRESHOLD_PX = 160;
export const DEVTOOLS_CHECK_MS = 1_000;

/** Class added to the root element while the window is not focused (blurs the page). */
export const BLUR_CLASS = "kormeer-window-blurred";
/** Class marking sensitive elements (no selection). */
export const SENSITIVE_CLASS = "kormeer-sensitive";

/**
 * Sensitive content: amounts, balances, accounts, transactions and user information. Screens mark
 * such cells with data-sensitive; figures rendered with tabular-nums are money or counts too.
 */
export const SENSITIVE_SELECTOR = [
  "[data-sensitive]",
  ".tabular-nums",
  '[class*="amount" i]',
  '[class*="balance" i]',
  '[class*="account" i]',
  '[data-testid*="amount" i]',
  '[data-testid*="balance" i]',
  '[data-testid*="account" i]',
  '[data-testid*="transaction" i]',
  '[data-testid*="user-info" i]',
  '[data-testid="user-menu"]',
].join(", ");

/** True for the blocked shortcuts: F12, Ctrl/Cmd+Shift+I/J/C, Ctrl/Cmd+U, S and P. */
export function isBlockedShortcut(e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "shiftKey" | "altKey">): boolean {
  if (e.key === "F12") return true;
  const mod = e.ctrlKey || e.metaKey;
  if (!mod || e.altKey) return false;
  const key = e.key.toLowerCase();
  if (e.shiftKey) return key === "i" || key === "j" || key === "c";
  return key === "u" || key === "s" || key === "p";
}

/** True when the element is where the user types (selection stays allowed there). */
function isEditable(el: Element | null): boolean {
  if (!el) return false;
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  return el instanceof HTMLElement && el.isContentEditable;
}

function elementOf(target: EventTarget | null): Element | null {
  if (target instanceof Element) return target;
  if (target instanceof Node) return target.parentElement;
  return null;
}

/** Marks the sensitive elements present now; returns how many were marked. */
export function markSensitive(root: ParentNode = document): number {
  let n = 0;
  root.querySelectorAll(SENSITIVE_SELECTOR).forEach((el) => {
    if (!el.classList.contains(SENSITIVE_CLASS)) {
      el.classList.add(SENSITIVE_CLASS);
      n += 1;
    }
  });
  return n;
}

/** Whether the window looks like it has docked developer tools (outer − inner beyond the threshold). */
export function devtoolsLikelyOpen(win: Pick<Window, "outerWidth" | "innerWidth" | "outerHeight" | "innerHeight"> = window): boolean {
  // Headless browsers report 0 outer sizes; never count those.
  if (!win.outerWidth || !win.outerHeight) return false;
  return win.outerWidth - win.innerWidth > DEVTOOLS_THRESHOLD_PX || win.outerHeight - win.innerHeight > DEVTOOLS_THRESHOLD_PX;
}

/** Installs every measure; returns the function that removes them all. */
export function installProtections(doc: Document = document, win: Window = window): () => void {
  const root = doc.documentElement;
  const prevent = (e: Event) => e.preventDefault();
  const onDrop = (e: Event) => {
    const el = elementOf(e.target);
    if (el instanceof HTMLInputElement && el.type === "file") return;
    e.preventDefault();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (isBlockedShortcut(e)) {
      e.preventDefault();
      e.stopPropagation();
    }
  };
  const onSelectStart = (e: Event) => {
    const el = elementOf(e.target);
    if (!el || isEditable(el) || el.closest("[data-allow-select]")) return;
    if (el.closest(`${SENSITIVE_SELECTOR}, .${SENSITIVE_CLASS}`)) e.preventDefault();
  };
  const onBlur = () => root.classList.add(BLUR_CLASS);
  const onFocus = () => root.classList.remove(BLUR_CLASS);

  doc.addEventListener("contextmenu", prevent);
  doc.addEventListener("dragstart", prevent);
  doc.addEventListener("drop", onDrop);
  doc.addEventListener("keydown", onKeyDown, true);
  doc.addEventListener("selectstart", onSelectStart);
  win.addEventListener("blur", onBlur);
  win.addEventListener("focus", onFocus);

  const clipboard = win.setInterval(() => {
    try {
      const cb = win.navigator.clipboard;
      // Writing needs a focused document; elsewhere it would only reject.
      if (cb?.writeText && doc.hasFocus()) void cb.writeText("").catch(() => undefined);
    } catch {
      // No clipboard access: nothing to clear.
    }
  }, CLIPBOARD_CLEAR_MS);

  const mark = win.setTimeout(() => markSensitive(doc), MARK_DELAY_MS);

  let devtoolsOpen = false;
  const devtools = win.setInterval(() => {
    const open = devtoolsLikelyOpen(win);
    if (open && !devtoolsOpen) console.warn("[security] Developer tools appear to be open.");
    devtoolsOpen = open;
  }, DEVTOOLS_CHECK_MS);

  return () => {
    doc.removeEventListener("contextmenu", prevent);
    doc.removeEventListener("dragstart", prevent);
    doc.removeEventListener("drop", onDrop);
    doc.removeEventListener("keydown", onKeyDown, true);
    doc.removeEventListener("selectstart", onSelectStart);
    win.removeEventListener("blur", onBlur);
    win.removeEventListener("focus", onFocus);
    win.clearInterval(clipboard);
    win.clearTimeout(mark);
    win.clearInterval(devtools);
    root.classList.remove(BLUR_CLASS);
  };
}
