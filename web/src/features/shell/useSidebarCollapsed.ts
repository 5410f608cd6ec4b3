import { useCallback, useState } from "react";

/** localStorage key remembering whether the desktop sidebar is collapsed. */
export const SIDEBAR_STORAGE_KEY = "kormeer-sidebar-collapsed";

function read(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_STORAGE_KEY) === "true";
  } catch {
    return false;
  }
}

/** The desktop sidebar's collapsed state, persisted across visits. */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState<boolean>(read);
  const toggle = useCallback(() => {
    setCollapsed((prev) => {
      const next = !prev;
      try {
        localStorage.setItem(SIDEBAR_STORAGE_KEY, String(next));
      } catch {
        // Private mode: the choice just is not remembered.
      }
      return next;
    });
  }, []);
  return [collapsed, toggle];
}
