import { QueryClient } from '@tanstack/react-query';
import { subscribeSession, getSession, type Session } from './auth';

/**
 * The console's one cache of server reads (TanStack Query), given to React by app/providers.tsx and
 * used directly where a read starts before React renders (a route chunk's prefetch).
 *
 * - staleTime 10 s: a read started by a route chunk while the layout renders is taken by the screen
 *   that mounts a moment later, not asked again; writes invalidate or update what they change.
 * - No retry, no refetch on window focus: a failed read shows its reason with a Reload button, as
 *   before, and a plan being typed into is never replaced because the window got the focus back.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 10_000, retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/**
 * Whom the cached answers were read for: the signed-in profile (user, company, permissions, account
 * access). Another profile, a changed one, or nobody must not see them; a token refresh keeps it.
 */
const profileOf = (s: Session | null) => s?.profile ?? null;
let cachedFor = profileOf(getSession());
subscribeSession(() => {
  const now = profileOf(getSession());
  if (now === cachedFor) return;
  cachedFor = now;
  queryClient.clear();
});
