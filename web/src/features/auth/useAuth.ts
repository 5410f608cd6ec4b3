import { useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/api/client";
import type { CurrentUser } from "@/api/types";

/** Query key for the current user; invalidate it after signing in or out. */
export const AUTH_USER_KEY = ["/api/auth/user"] as const;

/**
 * Who is signed in. A 401 means "nobody", not an error, and the call is never
 * retried, so the signed-out landing page appears at once.
 */
export function useAuth() {
  const { data, isLoading } = useQuery<CurrentUser | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn<CurrentUser>({ on401: "returnNull" }),
    retry: false,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null && Boolean(user.id) };
}
