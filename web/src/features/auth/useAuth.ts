import { useQuery } from "@tanstack/react-query";
import type { CurrentUser } from "@/api/types";
import { sharedKeys } from "@/api/keys";
import { readCurrentUser } from "@/features/auth/api";
import { noSessionAtLoad } from "@/features/auth/sessionHint";

/**
 * Who is signed in. A 401 means "nobody", not an error, and the call is never
 * retried. When the page came without a session cookie the answer is known
 * ("nobody", and never stale: see queryClient) and the call is not made, so the
 * landing page appears at once; signing in reloads the page or invalidates this
 * query, which then asks.
 */
export function useAuth() {
  const { data, isLoading } = useQuery<CurrentUser | null>({
    queryKey: sharedKeys.authUser,
    queryFn: ({ signal }) => readCurrentUser(signal),
    retry: false,
    initialData: () => (noSessionAtLoad() ? null : undefined),
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null && Boolean(user.id) };
}
