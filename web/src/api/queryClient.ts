import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { onGuestUnits } from "@/api/client";
import { sharedKeys } from "@/api/keys";
import type { CurrentUser } from "@/api/types";
import { handleUnauthorized, isUnauthorizedError } from "@/lib/auth-utils";

/**
 * Builds the app's QueryClient with the specification's fetching policy:
 * data never goes stale, no refetch on focus, no polling and no retries.
 * An unauthorised failure anywhere sends the user back to sign in. There is no default query
 * function: every read names its own, through the typed client (src/api/api.ts).
 */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorizedError(error)) handleUnauthorized();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthorizedError(error)) handleUnauthorized();
      },
    }),
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  // A guest's metered reads say how many units are left: the signed-in user (/api/auth/user,
  // features/auth/useAuth.ts) follows without asking again.
  onGuestUnits((units) =>
    client.setQueryData<CurrentUser | null>(sharedKeys.authUser, (u) => (u ? { ...u, guestUnitsRemaining: units } : u)),
  );
  return client;
}

/** The app-wide client. */
export const queryClient = createQueryClient();
